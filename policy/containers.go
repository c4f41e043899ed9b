package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// composeNamesOnly are compose config's options that print only names
// (services, volumes, profiles, images, networks) or nothing, never the
// values of its variables.
var composeNamesOnly = []string{"--services", "--volumes", "--profiles", "--images", "--networks", "--quiet", "--hash"}

// docker judges container commands: reading state and building are
// routine; deleting containers, images and volumes asks (B8).
func (j *judgement) docker(c *shell.Command) {
	subj := c.String()
	j.compose(c)
	ops := operands(c, "-f", "--file", "-p", "--project-name", "--context", "-H", "--host", "-e", "--env", "-v", "--volume", "--name", "-w", "--workdir", "--network", "-u", "--user", "--entrypoint", "--platform", "-t", "--tag", "--env-file", "--mount", "-l", "--label")
	sub, sub2 := "", ""
	if len(ops) > 0 {
		sub = ops[0].Text
	}
	if len(ops) > 1 {
		sub2 = ops[1].Text
	}
	group := ""
	if sub == "compose" || sub == "container" || sub == "image" || sub == "volume" || sub == "network" || sub == "system" || sub == "builder" || sub == "buildx" {
		if sub2 == "rm" || sub2 == "prune" || sub2 == "remove" || sub2 == "down" && hasFlag(c, 'v', "--volumes") || sub == "volume" && sub2 == "rm" {
			j.fire(catalog.B8DockerDelete, subj)
			return
		}
		group, sub = sub, sub2
	}
	if _, ok := composeCommand(c); ok && sub == "config" && !hasFlag(c, 'q', composeNamesOnly...) {
		j.fireWith(catalog.B3SecretPrint, subj, "prints the compose configuration with its variables and .env values filled in, where its passwords and tokens are")
		return
	}
	switch sub {
	case "inspect":
		if group == "volume" || group == "network" {
			// A volume's or network's inspection holds its driver, mount
			// point and addresses, no environment.
			j.fireWith(catalog.D1ReadOnly, subj, "reads container state")
			return
		}
		// A container's inspection holds its environment, where its
		// passwords and tokens are (docker's ps e).
		if inspectFormatOnly(c) {
			j.fireWith(catalog.D1ReadOnly, subj, "prints the fields its --format picks, which hold no environment")
			return
		}
		if c.Program == "docker" || c.Program == "podman" {
			j.fireWith(catalog.B3SecretPrint, subj, "prints a container's configuration, with the environment variables that hold its secrets")
			return
		}
		j.fireWith(catalog.D1ReadOnly, subj, "reads container state")
	case "ps", "images", "logs", "version", "info", "top", "stats", "port", "diff", "history", "ls", "config", "events", "search", "context", "df":
		j.fireWith(catalog.D1ReadOnly, subj, "reads container state")
	case "build", "pull", "up", "start", "restart", "stop", "create", "tag", "compose", "bake", "cp", "wait", "pause", "unpause", "down":
		j.fireWith(catalog.D5Build, subj, "builds or runs the project's containers")
	case "rm", "rmi", "prune", "kill":
		j.fireWith(catalog.B8DockerDelete, subj, "deletes or kills containers, images or volumes")
	case "push", "login", "logout", "trust":
		j.fireWith(catalog.B10Publish, subj, "publishes an image or signs in to a registry")
	case "run", "exec":
		for _, a := range c.Args {
			t := a.Text
			if t == "--privileged" || strings.HasPrefix(t, "--pid=host") || strings.HasPrefix(t, "--net=host") || strings.HasPrefix(t, "--network=host") || strings.Contains(t, "/var/run/docker.sock") || strings.HasPrefix(t, "/:") || strings.HasPrefix(t, "--cap-add") || t == "--userns=host" {
				j.fire(catalog.B12PrivilegedContainer, subj)
				return
			}
		}
		if sub == "exec" && (hasFlag(c, 'i') && hasFlag(c, 't') || hasFlag(c, 0, "--interactive")) && len(ops) <= 3 {
			j.fireInstead(catalog.H8Interactive, subj, "an interactive container session hangs the agent", "pass the command to run: docker exec <container> <command>")
			return
		}
		j.fire(catalog.CContainerRun, subj)
	default:
		j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for "+c.Program+" "+sub)
	}
}
