package policy

import (
	"errors"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/project"

	"github.com/arbitergate/arbiter/shell"
)

// packages judges package managers and build tools: running the project's
// builds, tests and scripts is routine (D4, D5); installing software asks
// (B4); publishing asks (B10).
func (j *judgement) packages(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "-C", "--prefix", "--dir", "-w", "--workspace", "-p", "--package", "--manifest-path", "-f", "--file", "--filter", "-F", "-c", "--config", "-e", "--env", "-n", "--name", "-P", "--project", "--python", "--index-url", "-i", "-j", "--jobs", "-t", "--target", "--features", "--profile", "-o", "--output", "-s")
	for len(ops) > 0 && strings.HasPrefix(ops[0].Text, "+") {
		ops = ops[1:] // cargo +stable: a toolchain, not a subcommand
	}
	sub := ""
	if len(ops) > 0 {
		sub = ops[0].Text
	}
	if hasFlag(c, 0, "--version", "--help") || sub == "version" || sub == "help" || sub == "--version" {
		j.fireWith(catalog.D1ReadOnly, subj, "prints version or help")
		return
	}
	install := func(what string) {
		named := ops
		if len(named) > 0 {
			named = named[1:] // the subcommand
		}
		if uninstallsGate(named) {
			j.guardTamper(subj, "installs over or removes a permission gate")
			return
		}
		j.fireWith(catalog.B4Install, subj, what)
	}
	publish := func() { j.fireWith(catalog.B10Publish, subj, "publishes a package for others to download") }
	build := func() { j.fireWith(catalog.D5Build, subj, "builds, tests or runs the project") }
	script := func(name string) { j.packageScript(c, name, subj) }
	switch c.Program {
	case "npm", "pnpm", "yarn", "bun":
		if c.Program == "bun" && len(c.Args) > 0 && c.Args[0].Text == "-" {
			j.interpreter(c, "javascript") // bun - reads code on standard input
			return
		}
		if c.Program == "bun" && hasFlag(c, 0, "-e", "--eval", "-p", "--print") {
			j.interpreter(c, "javascript") // bun -e 'code' runs inline code, not a script
			return
		}
		switch sub {
		case "test", "t", "tst", "start", "run", "run-script", "build", "lint", "format", "typecheck", "dev", "serve", "check":
			if sub == "run" || sub == "run-script" {
				if len(ops) > 1 {
					script(ops[1].Text)
					return
				}
				j.fireWith(catalog.D1ReadOnly, subj, "lists the project's scripts")
				return
			}
			script(sub)
		case "install", "i", "add", "ci", "update", "up", "upgrade", "remove", "rm", "uninstall", "un", "unlink", "link", "dedupe", "prune", "rebuild", "":
			if sub == "" && c.Program != "yarn" {
				j.fireWith(catalog.D1ReadOnly, subj, "prints the program's usage")
				return
			}
			if c.Program == "yarn" && sub == "" || sub == "ci" {
				install("installs the project's dependencies, which runs their install scripts")
				return
			}
			if hasFlag(c, 'g', "--global") {
				install("installs or removes software globally for the user")
				return
			}
			install("installs or changes the project's dependencies, which runs their install scripts")
		case "publish", "unpublish", "deprecate", "owner", "dist-tag", "access", "team", "token", "star":
			publish()
		case "login", "adduser", "logout", "whoami":
			j.fire(catalog.C6Login, subj)
		case "ls", "list", "outdated", "view", "info", "show", "why", "explain", "search", "config", "get", "root", "bin", "prefix", "audit", "doctor", "pack", "fund", "query", "docs", "repo", "bugs", "help-search", "licenses", "env", "workspaces", "init", "create", "version", "pkg":
			if sub == "audit" && len(ops) > 1 && ops[1].Text == "fix" || sub == "config" && len(ops) > 1 && (ops[1].Text == "set" || ops[1].Text == "delete") || sub == "pkg" && len(ops) > 1 && ops[1].Text != "get" {
				j.fire(catalog.B4Install, subj)
				return
			}
			if sub == "create" || sub == "init" && len(ops) > 1 {
				j.fireWith(catalog.B9RunDownloaded, subj, "downloads and runs a project generator")
				return
			}
			if (sub == "view" || sub == "info" || sub == "show") && slices.ContainsFunc(ops[1:], func(w shell.Word) bool { return packageAtAddress(w.Text) }) {
				// A URL or git spec is fetched from wherever it names, and a
				// git spec runs the git program npm's configuration names.
				j.fireWith(catalog.C1NetworkRequest, subj, "fetches a package from an address the command names, not from the registry")
				return
			}
			j.fireWith(catalog.D1ReadOnly, subj, "reads package information")
		default:
			if c.Program == "npm" {
				j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for npm "+sub)
				return
			}
			script(sub) // yarn <script>, pnpm <script>, bun <script>
		}
	case "pip", "pip3":
		switch sub {
		case "install", "uninstall", "download", "wheel":
			if sub == "download" || sub == "wheel" {
				j.fireWith(catalog.C1NetworkRequest, subj, "downloads packages")
				return
			}
			install("installs or removes Python packages")
		case "list", "show", "freeze", "check", "config", "debug", "hash", "search", "index", "inspect", "cache":
			j.fireWith(catalog.D1ReadOnly, subj, "reads package information")
		default:
			j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for pip "+sub)
		}
	case "uv", "poetry", "pdm", "hatch", "rye", "pixi", "conda", "mamba":
		switch sub {
		case "add", "remove", "install", "sync", "lock", "update", "upgrade", "pip", "tool", "self", "create", "env":
			if sub == "pip" && len(ops) > 1 && (ops[1].Text == "list" || ops[1].Text == "show" || ops[1].Text == "freeze") || sub == "env" && len(ops) > 1 && (ops[1].Text == "list" || ops[1].Text == "info") {
				j.fireWith(catalog.D1ReadOnly, subj, "reads package information")
				return
			}
			if sub == "lock" {
				build()
				return
			}
			install("installs or changes packages")
		case "publish", "upload":
			publish()
		case "build", "check", "show", "tree", "version", "venv", "init", "new", "list", "info", "search", "run", "shell", "test", "fmt", "format", "lint", "export":
			if sub == "shell" {
				j.fireInstead(catalog.H8Interactive, subj, "opens an interactive shell and hangs the agent", "use '"+c.Program+" run <command>'")
				return
			}
			build()
		default:
			j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for "+c.Program+" "+sub)
		}
	case "cargo":
		switch sub {
		case "install", "uninstall":
			install("installs or removes a program for the user")
		case "publish", "yank", "owner", "login", "logout":
			publish()
		case "add", "remove", "rm":
			install("changes the project's dependencies")
		default:
			build()
		}
	case "go":
		switch sub {
		case "install":
			install("installs a program for the user")
		case "get":
			install("adds or updates a dependency, downloading its code")
		case "run":
			for _, o := range ops[1:] {
				if strings.Contains(o.Text, "@") {
					j.fireWith(catalog.B9RunDownloaded, subj, "downloads a module at a version and runs it: whoever publishes it controls what runs")
					return
				}
			}
			build()
		case "generate", "tool", "work", "telemetry":
			j.fireWith(catalog.UUnknownSubcommand, subj, "go "+sub+" runs or changes what arbiter cannot see from the command")
		case "mod", "list":
			// go mod download PATH@V and go list -m PATH@V look a module up
			// by a path the command names: the proxy, or its host, hears it.
			for _, o := range ops[1:] {
				if strings.Contains(o.Text, "@") && !strings.HasPrefix(o.Text, "-") {
					j.fireWith(catalog.C1NetworkRequest, subj, "looks up the module "+clipText(o.Text, 60)+" on the network, by a path the command names")
					return
				}
			}
			build()
		default:
			build()
		}
	case "gem":
		switch sub {
		case "install", "uninstall", "update":
			install("installs or removes Ruby gems")
		case "push", "yank", "owner", "signin":
			publish()
		default:
			j.fireWith(catalog.D1ReadOnly, subj, "reads gem information")
		}
	case "bundle":
		if sub == "install" || sub == "update" || sub == "add" || sub == "" {
			install("installs the project's gems")
			return
		}
		build()
	case "composer":
		if sub == "install" || sub == "require" || sub == "update" || sub == "remove" || sub == "global" {
			install("installs or changes PHP packages")
			return
		}
		build()
	case "dotnet":
		switch sub {
		case "add", "remove", "tool", "workload", "new":
			if sub == "add" && len(ops) > 1 && ops[1].Text == "reference" {
				build()
				return
			}
			install("installs packages or tools")
		case "nuget":
			if len(ops) > 1 && ops[1].Text == "push" {
				publish()
				return
			}
			j.fireWith(catalog.D1ReadOnly, subj, "reads NuGet information")
		default:
			build()
		}
	case "mvn", "gradle", "gradlew", "sbt", "lein", "mix", "rebar3", "bazel", "bazelisk", "swift", "cabal", "stack", "opam":
		for _, o := range ops {
			low := strings.ToLower(o.Text)
			if strings.Contains(low, "deploy") || strings.Contains(low, "publish") || strings.Contains(low, "release") || low == "hex.publish" || low == "upload" {
				publish()
				return
			}
		}
		if c.Program == "opam" && (sub == "install" || sub == "remove" || sub == "upgrade") || c.Program == "cabal" && sub == "install" || c.Program == "stack" && sub == "install" {
			install("installs packages")
			return
		}
		build()
	case "make", "gmake", "cmake":
		for _, o := range ops {
			switch o.Text {
			case "install", "uninstall":
				install("installs the build into system directories")
				return
			}
		}
		if c.Program == "cmake" {
			if hasFlag(c, 0, "--install") {
				install("installs the build")
				return
			}
			build()
			return
		}
		j.makeRun(c, subj)
	case "deno":
		switch sub {
		case "install", "uninstall", "upgrade":
			install("installs programs for the user")
		case "publish":
			publish()
		default:
			build()
		}
	case "R":
		j.interpreter(c, "r")
	case "brew", "port", "apt", "apt-get", "aptitude", "dpkg", "yum", "dnf", "rpm", "zypper", "pacman", "apk", "snap", "flatpak", "nix-env", "nix", "choco", "winget", "scoop", "easy_install", "pipx", "rustup", "nvm", "fnm", "volta", "asdf", "sdk":
		read := map[string]bool{"list": true, "search": true, "info": true, "show": true, "policy": true, "-l": true, "-q": true, "-Q": true, "-L": true, "--list": true, "query": true, "status": true, "outdated": true, "deps": true, "which": true, "current": true, "ls": true, "ls-remote": true, "doctor": true, "config": true, "cache": true, "madison": true, "-s": true, "--get-selections": true, "-S": c.Program == "dpkg", "-qa": true}
		if read[sub] || c.Program == "pacman" && strings.HasPrefix(sub, "-Q") || c.Program == "nix" && (sub == "eval" || sub == "search" || sub == "flake" || sub == "develop" || sub == "build") {
			j.fireWith(catalog.D1ReadOnly, subj, "reads package information")
			return
		}
		if c.Program == "pipx" && sub == "run" || c.Program == "nix" && (sub == "run" || sub == "shell") {
			j.fireWith(catalog.B9RunDownloaded, subj, "downloads and runs a program")
			return
		}
		if c.Program == "apt" || c.Program == "apt-get" {
			if sub == "update" {
				j.fireWith(catalog.B4Install, subj, "refreshes the system's package lists")
				return
			}
		}
		install("installs, upgrades or removes system software")
	default:
		build()
	}
}

// docker judges container commands: reading state and building are
// routine; deleting containers, images and volumes asks (B8).
func (j *judgement) docker(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "-f", "--file", "-p", "--project-name", "--context", "-H", "--host", "-e", "--env", "-v", "--volume", "--name", "-w", "--workdir", "--network", "-u", "--user", "--entrypoint", "--platform", "-t", "--tag", "--env-file", "--mount", "-l", "--label")
	sub, sub2 := "", ""
	if len(ops) > 0 {
		sub = ops[0].Text
	}
	if len(ops) > 1 {
		sub2 = ops[1].Text
	}
	if sub == "compose" || sub == "container" || sub == "image" || sub == "volume" || sub == "network" || sub == "system" || sub == "builder" || sub == "buildx" {
		if sub2 == "rm" || sub2 == "prune" || sub2 == "remove" || sub2 == "down" && hasFlag(c, 'v', "--volumes") || sub == "volume" && sub2 == "rm" {
			j.fire(catalog.B8DockerDelete, subj)
			return
		}
		sub = sub2
	}
	switch sub {
	case "inspect":
		// A container's inspection holds its environment, where its
		// passwords and tokens are (docker's ps e).
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

// cloud judges infrastructure and cloud CLIs: reads defer to the runtime,
// deletions and applies ask (B1, B6).
func (j *judgement) cloud(c *shell.Command) {
	subj := c.String()
	text := " " + strings.Join(c.ArgTexts(), " ") + " "
	for _, w := range []string{" delete ", " destroy ", " rm ", " remove ", " rb ", " terminate-instances ", " delete-", " uninstall ", " drain ", " scale ", " purge "} {
		if strings.Contains(text, w) {
			j.fire(catalog.B1CloudDelete, subj)
			return
		}
	}
	for _, w := range []string{" apply ", " create ", " deploy ", " up ", " run-instances ", " publish ", " set ", " patch ", " replace ", " rollout ", " install ", " upgrade ", " put-", " cp ", " sync ", " mv ", " update"} {
		if strings.Contains(text, w) {
			j.fire(catalog.B6CloudChange, subj)
			return
		}
	}
	if strings.Contains(text, " auth ") || strings.Contains(text, " login ") || strings.Contains(text, " configure ") {
		j.fireWith(catalog.C6Login, subj, "signs in to a cloud account")
		return
	}
	j.fire(catalog.C1CloudRead, subj)
}

// forge judges gh, glab and hub: reads defer; anything that posts for the
// user asks (B10).
func (j *judgement) forge(c *shell.Command) {
	subj := c.String()
	ops := operands(c, "-R", "--repo", "-t", "--title", "-b", "--body", "-F", "--body-file", "-l", "--label", "-a", "--assignee", "-B", "--base", "-H", "--head", "-X", "--method", "-f", "--field", "--jq", "-q", "--json")
	sub, sub2 := "", ""
	if len(ops) > 0 {
		sub = ops[0].Text
	}
	if len(ops) > 1 {
		sub2 = ops[1].Text
	}
	if sub == "auth" {
		if sub2 == "token" {
			j.fireWith(catalog.B3SecretPrint, subj, "prints the account's access token")
			return
		}
		if sub2 == "status" {
			j.fireWith(catalog.D1ReadOnly, subj, "reads sign-in status")
			return
		}
		j.fireWith(catalog.C6Login, subj, "signs in or out")
		return
	}
	if sub == "api" {
		method := "GET"
		for k, a := range c.Args {
			if (a.Text == "-X" || a.Text == "--method") && k+1 < len(c.Args) {
				method = strings.ToUpper(c.Args[k+1].Text)
			}
			if a.Text == "-f" || a.Text == "-F" || a.Text == "--field" || a.Text == "--raw-field" || a.Text == "--input" {
				if method == "GET" {
					method = "POST"
				}
			}
		}
		if method != "GET" {
			j.fireWith(catalog.B10SendMessage, subj, "changes data on the forge through its API")
			return
		}
		j.fireWith(catalog.C1NetworkRequest, subj, "reads from the forge's API")
		return
	}
	switch sub2 {
	case "view", "list", "status", "checks", "diff", "ls", "download", "watch", "":
		j.fireWith(catalog.C1NetworkRequest, subj, "reads from the forge")
		return
	case "checkout", "clone", "fork", "sync":
		j.fireWith(catalog.C1NetworkRequest, subj, "fetches from the forge")
		return
	}
	if sub2 == "delete" || sub2 == "archive" {
		j.fireWith(catalog.B1Delete, subj, "deletes something on the forge")
		return
	}
	j.fireWith(catalog.B10SendMessage, subj, "posts to the forge for the user (pull requests, issues, comments, releases), which others will see")
}

// packageScript judges npm, pnpm, yarn or bun running one of the
// project's scripts: its name, then what the nearest package.json says it
// runs, with its pre and post scripts, each judged as the shell command it
// is, in the package's directory.
func (j *judgement) packageScript(c *shell.Command, name, subj string) {
	args := scriptArgs(c, name)
	switch name {
	case "t", "tst":
		name = "test"
	}
	j.scriptName(name, args, subj)
	for _, a := range c.Args {
		switch a.Text {
		case "-r", "--recursive", "--filter", "-F", "--workspaces", "-ws", "--workspace", "-w", "--all":
			j.fire(catalog.UWorkspaceScripts, subj)
			return
		}
		if strings.HasPrefix(a.Text, "--filter=") || strings.HasPrefix(a.Text, "--workspace=") {
			j.fireWith(catalog.UWorkspaceScripts, subj, "runs the script in other workspace packages, whose package.json files arbiter does not read")
			return
		}
	}
	dir := j.res.Resolve(".", c.Dir)
	if v, ok := optionValue(c.Args, "--prefix", "-C", "--dir", "--cwd"); ok {
		dir = j.res.Resolve(v, c.Dir)
		if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot {
			j.fireWith(catalog.CRunOutsideCode, subj, "runs a script of "+v+", outside the project, which arbiter did not read")
			return
		}
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	if f := j.writesFirst(func(name string) bool { return name == "package.json" }); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", so the script that runs is not the one arbiter can read on disk")
		return
	}
	pkg, err := project.FindPackage(dir, root)
	switch {
	case project.IsNotExist(err):
		if strings.Contains(name, "/") || jsFile(name) {
			j.packageFile(c, name, args, subj)
			return
		}
		j.fire(catalog.D4RunScript, subj)
		return
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read the project's package.json ("+err.Error()+")")
		return
	}
	if _, ok := pkg.Scripts[name]; !ok {
		j.packageFile(c, name, args, subj)
		return
	}
	j.packageScripts(c, pkg, name, args, subj)
}

// packageFile judges a package manager given a name that is no script of
// the project: bun and yarn run a file of that name (bun run x.ts), others
// their own command or an installed tool.
func (j *judgement) packageFile(c *shell.Command, name string, args []shell.Word, subj string) {
	if strings.Contains(name, "/") || jsFile(name) {
		run := shell.Command{Program: "node", Name: "node", Args: append([]shell.Word{{Text: name}}, args...), Dir: c.Dir, DirUnknown: c.DirUnknown, Via: c.Via}
		j.runFile(&run, name, subj)
		return
	}
	j.fireWith(catalog.D4RunScript, subj, "the project defines no script "+name+", so the package manager runs its own command or the installed tool of that name")
}

func jsFile(name string) bool {
	for _, ext := range []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// packageScripts judges a script of pkg with its pre and post scripts.
func (j *judgement) packageScripts(c *shell.Command, pkg project.Package, name string, args []shell.Word, subj string) {
	for _, n := range []string{"pre" + name, name, "post" + name} {
		body, ok := pkg.Scripts[n]
		if !ok {
			continue
		}
		if n == name {
			for _, a := range args {
				if a.Text != "--" {
					body += " " + shellQuote(a.Text)
				}
			}
		}
		j.shellText(body, pkg.Dir, subj+" (script "+n+": "+clipText(body, 80)+")")
	}
	j.fireWith(catalog.D4RunScript, subj, "runs one of the project's own scripts, judged by what it runs")
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// makeRun judges make: the goals' names, then the recipe lines the
// Makefile runs for them (and their prerequisites), read without running
// make and judged as shell commands in make's directory.
func (j *judgement) makeRun(c *shell.Command, subj string) {
	if f := j.writesFirst(func(name string) bool {
		return name == "Makefile" || name == "makefile" || name == "GNUmakefile" || strings.HasSuffix(name, ".mk")
	}); f != "" {
		j.fireWith(catalog.UUnreadableMakefile, subj, "the command line writes "+j.shownPath(f)+", which make reads, so the recipes that run are not the ones arbiter can read on disk")
		return
	}
	dir := j.res.Resolve(".", c.Dir)
	file := ""
	var goals []string
	vars := map[string]string{}
	dry := false
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		t := a.Text
		next := func() string {
			if k+1 < len(c.Args) {
				k++
				return c.Args[k].Text
			}
			return ""
		}
		switch {
		case a.Dynamic:
			j.fireWith(catalog.UDynamicPath, subj, "make is given an argument only known at run time")
			return
		case t == "-C" || t == "--directory":
			dir = j.res.Resolve(next(), dir)
		case strings.HasPrefix(t, "--directory="):
			dir = j.res.Resolve(t[len("--directory="):], dir)
		case strings.HasPrefix(t, "-C"):
			dir = j.res.Resolve(t[2:], dir)
		case t == "-f" || t == "--file" || t == "--makefile":
			file = next()
		case strings.HasPrefix(t, "--file=") || strings.HasPrefix(t, "--makefile="):
			_, file, _ = strings.Cut(t, "=")
		case strings.HasPrefix(t, "-f") && !strings.HasPrefix(t, "--"):
			file = t[2:]
		case t == "-E" || t == "--eval" || strings.HasPrefix(t, "--eval="):
			j.fire(catalog.UMakefileNotPlain, subj)
			return
		case t == "-n" || t == "--dry-run" || t == "--just-print" || t == "--recon" || t == "-q" || t == "--question" || t == "-p" || t == "--print-data-base":
			dry = true
		case t == "-j" || t == "-l" || t == "--jobs" || t == "--load-average":
			if k+1 < len(c.Args) && strings.Trim(c.Args[k+1].Text, "0123456789.") == "" {
				k++
			}
		case t == "-o" || t == "-W" || t == "-I" || t == "--old-file" || t == "--what-if" || t == "--include-dir" || t == "--assume-old" || t == "--assume-new" || t == "--new-file":
			next()
		case strings.HasPrefix(t, "-"):
		case strings.Contains(t, "="):
			name, value, _ := strings.Cut(t, "=")
			name = strings.TrimSuffix(strings.TrimSuffix(name, ":"), ":")
			switch name {
			case "SHELL", ".SHELLFLAGS", "MAKEFLAGS", "MFLAGS", "MAKEFILES", "MAKE", ".RECIPEPREFIX", "MAKEOVERRIDES", "GNUMAKEFLAGS":
				// These change how every recipe runs, or add options
				// and makefiles: make --eval through MAKEFLAGS.
				j.fireWith(catalog.UEnvRedirect, t, "sets make's "+name+" on the command line, which changes how every recipe runs or what make reads")
				return
			}
			vars[name] = value
		default:
			goals = append(goals, t)
		}
	}
	if file == "-" || strings.HasPrefix(file, "/dev/fd/") || strings.HasPrefix(file, "/proc/") {
		// make -f - and -f <(…): the makefile is a stream arbiter cannot read.
		j.fireWith(catalog.UDynamicCode, subj, "make reads its makefile from "+file+", which arbiter cannot read before it runs")
		return
	}
	for _, g := range goals {
		j.scriptName(g, nil, subj)
	}
	var path string
	var err error
	if file != "" {
		path = j.res.Resolve(file, dir)
	} else {
		path, err = project.FindMakefile(dir)
	}
	var m *project.Makefile
	if err == nil {
		m, err = project.ReadMakefile(path, dir)
	}
	switch {
	case project.IsNotExist(err):
		j.fireWith(catalog.D5Build, subj, "there is no Makefile, so make runs nothing but its built-in rules")
		return
	case errors.Is(err, project.ErrNotPlain):
		j.fireWith(catalog.UMakefileNotPlain, subj, "arbiter cannot tell what the Makefile runs without running make ("+err.Error()+")")
		return
	case err != nil:
		j.fireWith(catalog.UUnreadableMakefile, subj, "arbiter cannot read the Makefile ("+err.Error()+")")
		return
	}
	cmds, err := m.ShellCommands()
	if err != nil {
		j.fireWith(catalog.UMakefileNotPlain, subj, "arbiter cannot tell what the Makefile runs without running make ("+err.Error()+")")
		return
	}
	for _, cmd := range cmds {
		j.shellText(cmd, dir, subj+" ($(shell "+clipText(cmd, 80)+"))")
	}
	if len(goals) == 0 && m.First != "" {
		j.scriptName(m.First, nil, subj)
	}
	steps, err := m.Plan(goals, vars)
	if err != nil {
		j.fireWith(catalog.UMakefileNotPlain, subj, "arbiter cannot tell what the Makefile runs without running make ("+err.Error()+")")
		return
	}
	for _, st := range steps {
		if dry && !st.Always {
			continue
		}
		j.shellText(st.Line, dir, subj+" (target "+st.Target+": "+clipText(st.Line, 80)+")")
	}
	j.fireWith(catalog.D5Build, subj, "runs the Makefile's recipes, each judged as the command it is")
}

// packageAtAddress reports a package spec that names where to fetch it:
// a URL, a git remote, a hosted-git shorthand (github:u/r, u/r) or a file.
func packageAtAddress(spec string) bool {
	if strings.HasPrefix(spec, "-") {
		return false
	}
	if strings.Contains(spec, "://") || strings.HasPrefix(spec, "git+") || strings.HasPrefix(spec, "git@") || strings.HasPrefix(spec, "file:") {
		return true
	}
	for _, p := range []string{"github:", "gitlab:", "bitbucket:", "gist:"} {
		if strings.HasPrefix(spec, p) {
			return true
		}
	}
	// user/repo is GitHub's shorthand; @scope/name is a registry package.
	return !strings.HasPrefix(spec, "@") && strings.Contains(spec, "/")
}

// writesFirst returns a file the command line writes (by a redirection,
// tee, cp and the like) whose base name is one the tool reads: make's
// Makefile, npm's package.json. What then runs is that new text, not the
// file arbiter read from disk.
func (j *judgement) writesFirst(reads func(name string) bool) string {
	for abs := range j.written {
		if reads(path.Base(abs)) {
			return abs
		}
	}
	return ""
}

// optionValue returns the value of the last of the named options in any
// of its forms: --dir=v, --dir v, -Cv and -C v.
func optionValue(args []shell.Word, names ...string) (string, bool) {
	val, found := "", false
	for k, a := range args {
		for _, n := range names {
			switch {
			case a.Text == n && k+1 < len(args):
				val, found = args[k+1].Text, true
			case strings.HasPrefix(n, "--") && strings.HasPrefix(a.Text, n+"="):
				val, found = a.Text[len(n)+1:], true
			case len(n) == 2 && n[0] == '-' && n[1] != '-' && len(a.Text) > 2 && strings.HasPrefix(a.Text, n):
				val, found = a.Text[2:], true
			}
		}
	}
	return val, found
}
