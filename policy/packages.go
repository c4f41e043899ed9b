package policy

import (
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"

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
	if !hasFlag(c, 0, "--version", "--help") && j.packageRead(c, ops, subj) {
		return
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
	switch shell.Canonical(c.Program) {
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
			if sub == "install" {
				j.pipLocalSetup(c, subj)
			}
			install("installs or removes Python packages")
		case "list", "show", "freeze", "check", "config", "debug", "hash", "search", "index", "inspect", "cache":
			j.fireWith(catalog.D1ReadOnly, subj, "reads package information")
		default:
			j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for pip "+sub)
		}
	case "uv", "poetry", "pdm", "hatch", "rye", "pixi", "conda", "mamba":
		switch sub {
		case "add", "remove", "install", "sync", "lock", "update", "upgrade", "pip", "tool", "self", "create", "env", "python":
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
	case "pipenv":
		switch sub {
		case "install", "uninstall", "update", "upgrade", "sync", "clean":
			install("installs or changes the project's packages")
		case "run", "lock":
			build()
		case "graph", "requirements", "scripts", "verify":
			j.fireWith(catalog.D1ReadOnly, subj, "reads package information")
		case "":
			j.fireWith(catalog.D1ReadOnly, subj, "prints the program's usage")
		case "shell":
			j.fireInstead(catalog.H8Interactive, subj, "opens an interactive shell and hangs the agent", "use 'pipenv run <command>'")
		default:
			j.fireWith(catalog.UUnknownSubcommand, subj, "arbiter has no rule for pipenv "+sub)
		}
	case "cargo":
		if j.cargoAlias(c, sub, subj) {
			return
		}
		switch sub {
		case "install":
			if ops := operandsOf(c.Args[1:]); len(ops) == 0 && hasArg(c, "--list") {
				j.fireWith(catalog.D1ReadOnly, subj, "lists the programs cargo has installed")
				return
			}
			install("installs or removes a program for the user")
		case "uninstall":
			install("installs or removes a program for the user")
		case "publish", "yank", "owner", "login", "logout":
			publish()
		case "add", "remove", "rm":
			install("changes the project's dependencies")
		default:
			if cargoCompiles.Get()[sub] {
				j.cargoBuild(c, sub, subj)
				return
			}
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
			j.goRun(c, subj)
			build()
		case "test", "generate":
			if !j.goCode(c, sub, subj) {
				build()
			}
		case "tool", "work", "telemetry":
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
		if sub == "" && hasFlag(c, 'v', "--version") {
			// bundle -v prints bundler's version; it reads no Gemfile.
			j.fireWith(catalog.D1Help, subj, "prints bundler's version")
			return
		}
		if sub == "install" || sub == "update" || sub == "add" || sub == "" {
			install("installs the project's gems")
			return
		}
		build()
	case "composer":
		if j.composerScript(c, subj) {
			return
		}
		if composerLocalReads.Get()[composerCommand(c)] {
			j.composerLocal(c, subj, "reads the project's composer.json, lock file and installed packages")
			return
		}
		if sub == "" {
			j.composerUsage(c, subj)
			return
		}
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
			if !buildVersionOnly(c) && j.dotnetProject(c, sub, ops, subj) {
				return
			}
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
		if !buildVersionOnly(c) && j.buildDefinition(c, ops, subj) {
			return
		}
		build()
	case "make", "cmake":
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
			if !buildVersionOnly(c) && j.cmakeBuild(c, subj) {
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
	case "brew":
		if !j.brew(c, subj) {
			install("installs, upgrades or removes software through Homebrew")
		}
	case "port", "apt", "apt-get", "aptitude", "dpkg", "yum", "dnf", "rpm", "zypper", "pacman", "apk", "snap", "flatpak", "nix-env", "nix", "choco", "winget", "scoop", "easy_install", "pipx", "rustup", "nvm", "fnm", "volta", "asdf", "sdk":
		read := map[string]bool{"list": true, "search": true, "info": true, "show": true, "policy": true, "query": true, "status": true, "outdated": true, "deps": true, "which": true, "current": true, "ls": true, "ls-remote": true, "doctor": true, "config": true, "cache": true, "madison": true}
		if read[sub] || packageQuery(c) || c.Program == "nix" && (sub == "eval" || sub == "search" || sub == "flake" || sub == "develop" || sub == "build") {
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
		j.fireWith(catalog.D4RunScript, subj, "there is no package.json, so no project script runs")
		return
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read the project's package.json ("+err.Error()+")")
		return
	}
	if j.tooMuchFile(pkg.Path, 0, subj) {
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
//
// A folder another command of the line rewrites with files it does not
// name (an archive extracted, a patch applied, a branch checked out) may
// hold any of them, when it holds the working folder or lies inside it.
func (j *judgement) writesFirst(reads func(name string) bool) string {
	cwd := ""
	if j.current != nil && !j.current.DirUnknown {
		cwd = j.res.Resolve(".", j.current.Dir)
	}
	for abs, f := range j.written {
		if dir, ok := strings.CutSuffix(abs, "/"); ok {
			if f.by != j.current && (cwd == "" || under(cwd, dir) || under(dir, cwd)) {
				return abs
			}
			continue
		}
		if reads(path.Base(abs)) {
			return abs
		}
	}
	return ""
}
