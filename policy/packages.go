package policy

import (
	"strings"

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
		j.allow("D1.read-only", subj, "prints version or help")
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
		j.ask("B4.install", subj, what)
	}
	publish := func() { j.ask("B10.publish", subj, "publishes a package for others to download") }
	build := func() { j.allow("D5.build", subj, "builds, tests or runs the project") }
	script := func(name string) {
		low := strings.ToLower(name)
		for _, word := range []string{"publish", "deploy", "release", "upload"} {
			if strings.Contains(low, word) {
				j.ask("B10.publish", subj, "runs a project script named for publishing or deploying, which reaches systems outside this machine")
				return
			}
		}
		j.allow("D4.run-script", subj, "runs one of the project's own scripts")
	}
	switch c.Program {
	case "npm", "pnpm", "yarn", "bun":
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
				j.allow("D1.read-only", subj, "lists the project's scripts")
				return
			}
			script(sub)
		case "install", "i", "add", "ci", "update", "up", "upgrade", "remove", "rm", "uninstall", "un", "unlink", "link", "dedupe", "prune", "rebuild", "":
			if sub == "" && c.Program != "yarn" {
				j.allow("D1.read-only", subj, "prints the program's usage")
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
			j.defer_("C6.login", subj, "signs in to a package registry")
		case "ls", "list", "outdated", "view", "info", "show", "why", "explain", "search", "config", "get", "root", "bin", "prefix", "audit", "doctor", "pack", "fund", "query", "docs", "repo", "bugs", "help-search", "licenses", "env", "workspaces", "exec", "x", "dlx", "init", "create", "version", "pkg":
			if sub == "audit" && len(ops) > 1 && ops[1].Text == "fix" || sub == "config" && len(ops) > 1 && (ops[1].Text == "set" || ops[1].Text == "delete") || sub == "pkg" && len(ops) > 1 && ops[1].Text != "get" {
				j.ask("B4.install", subj, "changes dependencies or configuration")
				return
			}
			if sub == "create" || sub == "init" && len(ops) > 1 {
				j.ask("B9.run-downloaded", subj, "downloads and runs a project generator")
				return
			}
			j.allow("D1.read-only", subj, "reads package information")
		default:
			if c.Program == "npm" {
				j.defer_("U.unknown-subcommand", subj, "arbiter has no rule for npm "+sub)
				return
			}
			script(sub) // yarn <script>, pnpm <script>, bun <script>
		}
	case "pip", "pip3":
		switch sub {
		case "install", "uninstall", "download", "wheel":
			if sub == "download" || sub == "wheel" {
				j.defer_("C1.network-request", subj, "downloads packages")
				return
			}
			install("installs or removes Python packages")
		case "list", "show", "freeze", "check", "config", "debug", "hash", "search", "index", "inspect", "cache":
			j.allow("D1.read-only", subj, "reads package information")
		default:
			j.defer_("U.unknown-subcommand", subj, "arbiter has no rule for pip "+sub)
		}
	case "uv", "poetry", "pdm", "hatch", "rye", "pixi", "conda", "mamba":
		switch sub {
		case "add", "remove", "install", "sync", "lock", "update", "upgrade", "pip", "tool", "self", "create", "env":
			if sub == "pip" && len(ops) > 1 && (ops[1].Text == "list" || ops[1].Text == "show" || ops[1].Text == "freeze") || sub == "env" && len(ops) > 1 && (ops[1].Text == "list" || ops[1].Text == "info") {
				j.allow("D1.read-only", subj, "reads package information")
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
				j.deny("H8.interactive", subj, "opens an interactive shell and hangs the agent", "use '"+c.Program+" run <command>'")
				return
			}
			build()
		default:
			j.defer_("U.unknown-subcommand", subj, "arbiter has no rule for "+c.Program+" "+sub)
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
			j.allow("D1.read-only", subj, "reads gem information")
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
			j.allow("D1.read-only", subj, "reads NuGet information")
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
			case "deploy", "publish", "release", "upload":
				publish()
				return
			}
		}
		if c.Program == "cmake" && hasFlag(c, 0, "--install") {
			install("installs the build")
			return
		}
		build()
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
			j.allow("D1.read-only", subj, "reads package information")
			return
		}
		if c.Program == "pipx" && sub == "run" || c.Program == "nix" && (sub == "run" || sub == "shell") {
			j.ask("B9.run-downloaded", subj, "downloads and runs a program")
			return
		}
		if c.Program == "apt" || c.Program == "apt-get" {
			if sub == "update" {
				j.ask("B4.install", subj, "refreshes the system's package lists")
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
			j.ask("B8.docker-delete", subj, "deletes containers, images, volumes or build cache")
			return
		}
		sub = sub2
	}
	switch sub {
	case "ps", "images", "logs", "inspect", "version", "info", "top", "stats", "port", "diff", "history", "ls", "config", "events", "search", "context", "df":
		j.allow("D1.read-only", subj, "reads container state")
	case "build", "pull", "up", "start", "restart", "stop", "create", "tag", "compose", "bake", "cp", "wait", "pause", "unpause", "down":
		j.allow("D5.build", subj, "builds or runs the project's containers")
	case "rm", "rmi", "prune", "kill":
		j.ask("B8.docker-delete", subj, "deletes or kills containers, images or volumes")
	case "push", "login", "logout", "trust":
		j.ask("B10.publish", subj, "publishes an image or signs in to a registry")
	case "run", "exec":
		for _, a := range c.Args {
			t := a.Text
			if t == "--privileged" || strings.HasPrefix(t, "--pid=host") || strings.HasPrefix(t, "--net=host") || strings.HasPrefix(t, "--network=host") || strings.Contains(t, "/var/run/docker.sock") || strings.HasPrefix(t, "/:") || strings.HasPrefix(t, "--cap-add") || t == "--userns=host" {
				j.ask("B12.privileged-container", subj, "runs a container with host-level privileges, which can change the host")
				return
			}
		}
		if sub == "exec" && (hasFlag(c, 'i') && hasFlag(c, 't') || hasFlag(c, 0, "--interactive")) && len(ops) <= 3 {
			j.deny("H8.interactive", subj, "an interactive container session hangs the agent", "pass the command to run: docker exec <container> <command>")
			return
		}
		j.defer_("C.container-run", subj, "runs a container")
	default:
		j.defer_("U.unknown-subcommand", subj, "arbiter has no rule for "+c.Program+" "+sub)
	}
}

// cloud judges infrastructure and cloud CLIs: reads defer to the runtime,
// deletions and applies ask (B1, B6).
func (j *judgement) cloud(c *shell.Command) {
	subj := c.String()
	text := " " + strings.Join(c.ArgTexts(), " ") + " "
	for _, w := range []string{" delete ", " destroy ", " rm ", " remove ", " rb ", " terminate-instances ", " delete-", " uninstall ", " drain ", " scale ", " purge "} {
		if strings.Contains(text, w) {
			j.ask("B1.cloud-delete", subj, "deletes cloud or cluster resources, which may hold data others rely on")
			return
		}
	}
	for _, w := range []string{" apply ", " create ", " deploy ", " up ", " run-instances ", " publish ", " set ", " patch ", " replace ", " rollout ", " install ", " upgrade ", " put-", " cp ", " sync ", " mv ", " update"} {
		if strings.Contains(text, w) {
			j.ask("B6.cloud-change", subj, "changes cloud resources, which can cost money or affect others")
			return
		}
	}
	if strings.Contains(text, " auth ") || strings.Contains(text, " login ") || strings.Contains(text, " configure ") {
		j.defer_("C6.login", subj, "signs in to a cloud account")
		return
	}
	j.defer_("C1.cloud-read", subj, "reads from a cloud service or cluster")
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
			j.ask("B3.secret-print", subj, "prints the account's access token")
			return
		}
		if sub2 == "status" {
			j.allow("D1.read-only", subj, "reads sign-in status")
			return
		}
		j.defer_("C6.login", subj, "signs in or out")
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
			j.ask("B10.send-message", subj, "changes data on the forge through its API")
			return
		}
		j.defer_("C1.network-request", subj, "reads from the forge's API")
		return
	}
	switch sub2 {
	case "view", "list", "status", "checks", "diff", "ls", "download", "watch", "":
		j.defer_("C1.network-request", subj, "reads from the forge")
		return
	case "checkout", "clone", "fork", "sync":
		j.defer_("C1.network-request", subj, "fetches from the forge")
		return
	}
	if sub2 == "delete" || sub2 == "archive" {
		j.ask("B1.delete", subj, "deletes something on the forge")
		return
	}
	j.ask("B10.send-message", subj, "posts to the forge for the user (pull requests, issues, comments, releases), which others will see")
}

// Programs that only read or print.
var readOnly = set("cat", "head", "tail", "wc", "sort", "uniq", "cut", "tr", "grep", "egrep", "fgrep", "rg", "ag", "ack", "ls", "ll", "dir", "tree", "fd", "fdfind", "file", "stat", "diff", "cmp", "comm", "jq", "yq", "xq", "xxd", "hexdump", "od", "strings", "md5sum", "sha1sum", "sha256sum", "sha512sum", "shasum", "cksum", "b2sum", "md5", "basename", "dirname", "realpath", "readlink", "nl", "tac", "rev", "fold", "fmt", "column", "paste", "join", "expand", "unexpand", "seq", "yes", "man", "apropos", "whatis", "tldr", "zcat", "zgrep", "zless", "bzcat", "xzcat", "zipinfo", "iconv", "awk", "gawk", "mawk", "nawk", "printf", "echo", "tput", "clear", "reset", "stty", "numfmt", "factor", "expr", "shuf", "look", "pr", "ptx", "tsort", "envsubst", "gettext", "locate", "mlocate", "whatis", "lsattr", "getfacl", "getent", "lsmod", "lspci", "lsusb", "dmesg", "journalctl", "uptime", "cal", "ncal", "du", "df", "tokei", "cloc", "wc-l", "git-lfs", "difft", "delta", "colordiff", "bat", "batcat", "highlight", "pygmentize", "json_pp", "xmllint", "xmlstarlet", "htmlq", "pup", "gron", "dasel", "csvlook", "csvcut", "mlr", "sqlite-utils", "identify", "exiftool", "pdfinfo", "pdftotext", "ffprobe", "mediainfo", "nm", "objdump", "readelf", "ldd", "otool", "size", "addr2line", "c++filt", "gitstats", "ctags", "cscope", "tput", "mkdocs", "sphinx-build", "hugo", "jekyll", "doxygen", "javadoc", "godoc", "pydoc", "pydoc3", "rustdoc", "sleep", "wait", "true", "false", "test", "[", "[[", "tee-read", "lsb_release", "sw_vers", "system_profiler", "ioreg", "sensors", "nvidia-smi", "watch-read", "sqlfluff", "timeout-read", "dig", "nslookup", "host", "whois", "ping", "traceroute", "mtr", "ip", "ifconfig", "route", "arp", "nmcli", "iw", "ethtool", "ulimit", "pstree", "fuser", "lscpu", "lshw", "dmidecode", "inxi", "neofetch", "env-read", "getconf", "infocmp", "ssh-keygen-read", "ssh-add-l", "xdg-mime", "mimetype", "diff3", "sdiff", "wdiff", "tput", "figlet", "cowsay", "lolcat")

// Programs that write files named by their operands or next to them:
// compressors, converters, splitters. Each operand is judged as a write.
var producers = set("gzip", "gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "lz4", "compress", "uncompress", "zip", "convert", "magick", "ffmpeg", "pdftoppm", "sox", "pandoc", "dot", "gnuplot", "split", "csplit")

// Programs that build, test, run or check the project.
var builders = set("pytest", "py.test", "tox", "nox", "mypy", "pyright", "pylint", "flake8", "bandit", "coverage", "unittest", "nosetests", "behave", "jest", "vitest", "mocha", "ava", "tap", "karma", "cypress", "playwright", "tsc", "tsx", "ts-node", "esbuild", "vite", "webpack", "rollup", "parcel", "turbo", "nx", "lerna", "gcc", "g++", "cc", "c++", "clang", "clang++", "ld", "as", "ar", "ranlib", "javac", "java", "kotlinc", "kotlin", "scalac", "scala", "rustc", "ghc", "runghc", "ocaml", "ocamlfind", "dune", "zig", "nim", "nimble", "crystal", "dart", "flutter", "elixir", "erlc", "erl-run", "julia-run", "go-run", "ninja", "meson", "scons", "ant", "xcodebuild", "msbuild", "fpc", "gfortran", "gnatmake", "gprbuild", "valac", "swiftc", "ctest", "gcov", "gcovr", "lcov", "llvm-cov", "benchstat", "hyperfine", "perf", "node-gyp", "protoc", "buf", "flatc", "thrift", "bison", "flex", "yacc", "lex", "m4", "autoconf", "autoreconf", "automake", "libtool", "pkg-config", "configure", "qmake", "premake", "gn", "cargo-nextest", "nextest", "gotestsum", "golangci-lint", "staticcheck", "govulncheck", "errcheck", "revive", "cppcheck", "clang-tidy", "shellcheck", "hadolint", "actionlint", "yamllint", "markdownlint", "vale", "codespell", "semgrep", "trivy-fs", "sqlc", "ent", "wire", "mockgen", "stringer", "goreleaser-check", "tflint", "checkov", "jsonlint", "ajv", "spectral", "pre-commit", "lefthook", "husky", "just", "task", "invoke", "doit", "rake", "bats", "shunit2", "phpunit", "pest", "rspec", "minitest", "cucumber", "robot", "locust-local", "pipenv-run", "virtualenv", "venv", "pyenv", "rbenv", "jenv", "goenv", "nodenv", "direnv-status", "make-check", "iverilog", "vvp", "verilator", "ghdl", "yosys", "gtkwave-cli", "Rscript-run", "octave-cli", "matlab-batch", "sage", "maxima-batch", "gprolog", "swipl", "racket", "raco", "chicken", "csi", "guile", "sbcl", "clisp", "ecl", "gforth", "tclsh", "wish", "expect", "lua-run", "luarocks-test", "pio", "platformio", "arduino-cli", "west", "idf.py", "qemu-img", "emcc", "wasm-pack", "wasmtime", "wasmer", "trunk", "tauri", "electron-builder", "eas", "expo", "react-native", "ng", "vue-cli-service", "svelte-kit", "astro", "next", "nuxt", "remix", "gatsby", "storybook", "prisma", "sequelize", "knex", "alembic", "django-admin", "manage.py", "flask", "uvicorn", "gunicorn", "hypercorn", "celery", "rails", "rackup", "puma", "artisan", "symfony", "nodemon", "pm2-dev", "serve", "http-server", "live-server", "browser-sync", "jupyter-nbconvert", "nbconvert", "papermill", "dvc", "mlflow", "tensorboard", "bundle-exec", "conftest", "opa", "cue", "jsonnet", "dhall", "kustomize", "kubeconform", "kubeval", "helm-lint", "packer-validate", "terraform-validate")

// Formatters and linters that rewrite code in place (D3).
var formatters = set("gofmt", "goimports", "gofumpt", "rustfmt", "prettier", "eslint", "stylelint", "black", "isort", "ruff", "autopep8", "yapf", "clang-format", "shfmt", "rubocop", "standardrb", "php-cs-fixer", "phpcbf", "ktlint", "swiftformat", "swiftlint", "dprint", "biome", "rome", "deno-fmt", "terraform-fmt", "taplo", "buildifier", "cmake-format", "stylua", "luacheck", "elm-format", "ormolu", "fourmolu", "hindent", "brittany", "mix-format", "scalafmt", "google-java-format", "xmllint-format", "sqlformat", "pg_format", "djlint", "mdformat", "autoflake", "pyupgrade", "docformatter", "nbqa", "latexindent", "tidy", "js-beautify", "uncrustify", "astyle", "indent", "gersemi", "zig-fmt", "nimpretty", "ocamlformat", "erlfmt", "cljfmt", "rustywind", "pint", "csscomb", "sass", "less-compile", "postcss", "tailwindcss", "babel", "swc", "terser", "uglifyjs", "svgo", "optipng", "pngquant", "jpegoptim")

// Programs that are risky by nature, with the rule that covers them.
var riskyPrograms = map[string]struct{ id, reason string }{
	"ssh-keygen":       {"B2.credential-create", "creates or changes SSH keys"},
	"ssh-add":          {"B2.credential-create", "adds a key to the SSH agent"},
	"ssh-copy-id":      {"B2.credential-create", "installs an SSH key on a remote host, granting access"},
	"keytool":          {"B2.credential-create", "creates or changes keys in a keystore"},
	"security":         {"B3.secret-read", "reads or changes the keychain"},
	"pass":             {"B3.secret-read", "reads or changes the password store"},
	"op":               {"B3.secret-read", "reads secrets from the password manager"},
	"vault":            {"B3.secret-read", "reads or writes secrets in Vault"},
	"certbot":          {"B2.credential-create", "requests certificates"},
	"pg_dump":          {"B3.database-dump", "dumps a database, which can hold personal data"},
	"pg_restore":       {"B1.delete-records", "restores a database over existing data"},
	"mysqldump":        {"B3.database-dump", "dumps a database, which can hold personal data"},
	"mongodump":        {"B3.database-dump", "dumps a database, which can hold personal data"},
	"mongorestore":     {"B1.delete-records", "restores a database over existing data"},
	"osascript":        {"B5.system-config", "runs AppleScript, which can control any application"},
	"open":             {"C.open-application", "opens a file or URL in another application"},
	"xdg-open":         {"C.open-application", "opens a file or URL in another application"},
	"pkill-all":        {"B.kill-process", "stops processes"},
	"nmap":             {"C1.network-scan", "scans hosts on the network"},
	"masscan":          {"C1.network-scan", "scans hosts on the network"},
	"tcpdump":          {"B12.root", "captures network traffic"},
	"wireshark":        {"B12.root", "captures network traffic"},
	"tshark":           {"B12.root", "captures network traffic"},
	"rclone":           {"C5.upload", "copies files to or from cloud storage"},
	"s3cmd":            {"C5.upload", "copies files to or from cloud storage"},
	"ngrok":            {"C5.expose", "exposes a local port to the internet"},
	"cloudflared":      {"C5.expose", "exposes a local port to the internet"},
	"localtunnel":      {"C5.expose", "exposes a local port to the internet"},
	"stripe":           {"B6.financial", "talks to the payments API"},
	"twine":            {"B10.publish", "publishes a package"},
	"vsce":             {"B10.publish", "publishes an extension"},
	"ovsx":             {"B10.publish", "publishes an extension"},
	"goreleaser":       {"B10.publish", "builds and publishes a release"},
	"semantic-release": {"B10.publish", "publishes a release"},
	"slack":            {"B10.send-message", "sends a message"},
	"notify-send":      {"C.notify", "shows a desktop notification"},
	"wall":             {"B10.send-message", "broadcasts a message to every user"},
	"write":            {"B10.send-message", "sends a message to another user"},
	"claude":           {"B5.agent-config", "starts another agent session"},
	"codex":            {"B5.agent-config", "starts another agent session"},
	"gemini":           {"B5.agent-config", "starts another agent session"},
}

func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
