package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// The devcontainer CLI starts a container from what the workspace's
// devcontainer.json says: initializeCommand runs on this machine before
// anything else, the container gets the settings, mounts and run
// arguments the file gives it, and the lifecycle commands run inside it.
// The file is read and judged as compose files are (compose.go): what
// runs on the host as the command it is, what reaches past the container
// (privileges, the host's namespaces, mounts of folders outside the
// project) as B12.

// devcontainerValueOptions are the CLI's options that take a value.
var devcontainerValueOptions = lazy.New(func() map[string]bool {
	return setOfWords("--workspace-folder", "--config", "--override-config", "--docker-path", "--docker-compose-path",
		"--log-level", "--log-format", "--terminal-columns", "--terminal-rows", "--id-label", "--remote-env", "--mount",
		"--additional-features", "--dotfiles-repository", "--dotfiles-install-command", "--dotfiles-target-path",
		"--user-data-folder", "--container-data-folder", "--container-system-data-folder", "--container-session-data-folder",
		"--secrets-file", "--cache-from", "--cache-to", "--image-name", "--platform", "--buildkit", "--output",
		"--default-user-env-probe", "--workspace-mount-consistency", "--gpu-availability", "--update-remote-user-uid-default",
		"--container-id")
})

// devcontainerSwitches are the CLI's options that take none.
var devcontainerSwitches = lazy.New(func() map[string]bool {
	return setOfWords("--remove-existing-container", "--build-no-cache", "--no-cache", "--expect-existing-container",
		"--skip-post-create", "--skip-post-attach", "--skip-non-blocking-commands", "--prebuild", "--push",
		"--include-configuration", "--include-merged-configuration", "--mount-workspace-git-root",
		"--skip-feature-auto-mapping", "--skip-persisting-customizations-from-features", "--omit-syntax-directive",
		"--stop-for-personalization", "--experimental-lockfile", "--experimental-frozen-lockfile", "--help", "--version")
})

// engines are the container engines the CLI may be told to use.
var engines = lazy.New(func() map[string]bool {
	return setOfWords("docker", "podman", "docker-compose", "podman-compose")
})

// devcontainerArgs are the words of one devcontainer command.
type devcontainerArgs struct {
	sub       string
	workspace string   // as given, "" for the folder it runs in
	config    string   // --config
	overrides []string // --override-config, read after it
	mounts    []string
	// program is a --docker-path or --docker-compose-path, dotfiles a
	// --dotfiles-repository or install command.
	program, dotfiles string
	dynamic           bool // an option's value is only known at run time
	unknown           string
}

// parseDevcontainerArgs reads the CLI's words up to the command exec runs.
func parseDevcontainerArgs(c *shell.Command) devcontainerArgs {
	var a devcontainerArgs
	for k := 0; k < len(c.Args); k++ {
		w := c.Args[k]
		if !strings.HasPrefix(w.Text, "--") {
			if a.sub != "" {
				break // exec's command, or an operand
			}
			a.sub = w.Text
			continue
		}
		name, value, inline := strings.Cut(w.Text, "=")
		switch {
		case devcontainerSwitches.Get()[name] && !inline:
			continue
		case !devcontainerValueOptions.Get()[name]:
			a.unknown = name
			return a
		case !inline && k+1 < len(c.Args):
			k++
			value, w = c.Args[k].Text, c.Args[k]
		case !inline:
			a.unknown = name
			return a
		}
		a.dynamic = a.dynamic || w.Dynamic
		switch name {
		case "--workspace-folder":
			a.workspace = value
		case "--config":
			a.config = value
		case "--override-config":
			a.overrides = append(a.overrides, value)
		case "--mount":
			a.mounts = append(a.mounts, value)
		case "--docker-path", "--docker-compose-path":
			// The engine by its name, or the system's: anything else is a
			// program of its own that the CLI runs in the engine's place.
			if base := path.Base(value); !engines.Get()[base] || value != base && !systemBin(value) {
				a.program = value
			}
		case "--dotfiles-repository", "--dotfiles-install-command":
			a.dotfiles = value
		}
	}
	return a
}

// devcontainer judges a devcontainer CLI command.
func (j *judgement) devcontainer(c *shell.Command) {
	subj := c.String()
	a := parseDevcontainerArgs(c)
	switch {
	case a.unknown != "":
		j.fireWith(catalog.UUnknownOption, subj, "arbiter does not know the devcontainer option "+a.unknown)
		return
	case a.dynamic || c.DirUnknown:
		j.fireWith(catalog.UUnresolved, subj, "devcontainer is given a folder, file or mount only known when the command runs")
		return
	case a.program != "":
		j.fireWith(catalog.URunsAProgram, subj, "devcontainer runs "+a.program+" in place of the container engine, a program arbiter did not check")
		return
	}
	switch a.sub {
	case "exec":
		j.fire(catalog.CContainerRun, subj)
		return
	case "up", "build", "set-up", "run-user-commands", "read-configuration":
	default:
		j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for devcontainer "+a.sub)
		return
	}
	if a.dotfiles != "" {
		j.fireWith(catalog.CRunOutsideCode, subj, "devcontainer clones the dotfiles repository "+clipText(a.dotfiles, 60)+" and runs its install script, code arbiter did not read")
		return
	}
	ws := j.res.Resolve(".", c.Dir)
	if a.workspace != "" {
		ws = j.res.Resolve(a.workspace, ws)
	}
	here := j.res.Resolve(".", c.Dir)
	var files []string
	if a.config != "" {
		files = append(files, j.res.Resolve(a.config, here))
	} else {
		f, err := project.FindDevcontainer(ws)
		switch {
		case project.IsNotExist(err):
			j.fireWith(catalog.D5Build, subj, "finds no dev container configuration in "+j.shownPath(ws)+", so it starts nothing")
			return
		case err != nil:
			j.fireWith(catalog.UUnreadableConfig, subj, "arbiter cannot tell which dev container configuration devcontainer reads: "+err.Error())
			return
		}
		files = append(files, f)
	}
	for _, f := range a.overrides {
		files = append(files, j.res.Resolve(f, here))
	}
	d := devcontainerReader{composeReader: composeReader{j: j, subj: subj, seen: map[string]bool{}}, sub: a.sub, ws: ws}
	if a.sub == "up" {
		d.hostPath("devcontainer up", "mounts the workspace folder", ws, ws, "")
		for _, m := range a.mounts {
			d.mount("--mount", m, ws)
		}
	}
	for _, f := range files {
		if !d.config(f) {
			return
		}
	}
	if a.sub == "read-configuration" {
		j.fireWith(catalog.D1ReadOnly, subj, "prints the project's dev container configuration")
		return
	}
	j.fireWith(catalog.D5Build, subj, d.allowed())
}

// allowed is the reason given when nothing in the configuration needs
// more than the build's allow.
func (d *devcontainerReader) allowed() string {
	switch d.sub {
	case "set-up", "run-user-commands":
		return "runs the lifecycle commands of the project's dev container inside it; its configuration was read"
	}
	return "builds or starts the project's dev container; its configuration, and the commands it runs on this machine, were read"
}
