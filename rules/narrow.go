package rules

import (
	"fmt"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// BroadPrefixError says why a reusable prefix approves too much, and what
// to approve instead.
type BroadPrefixError struct {
	Prefix     string
	Why        string
	Suggestion string
}

func (e *BroadPrefixError) Error() string {
	s := fmt.Sprintf("the prefix %q is too broad: %s", e.Prefix, e.Why)
	if e.Suggestion != "" {
		s += "; instead, " + e.Suggestion
	}
	return s
}

// kind is why a program cannot be a prefix on its own.
type kind uint8

const (
	shellKind kind = iota + 1
	interpreterKind
	wrapperKind
	multiKind // needs a subcommand
)

// broad lists programs whose prefix alone would approve running anything.
var broad = lazy.New(func() map[string]kind {
	return map[string]kind{
		// and every shell.IsShell; these run commands the same way:
		"busybox": shellKind, "pwsh": shellKind, "powershell": shellKind, "cmd": shellKind, "su": shellKind,

		"python": interpreterKind, "python2": interpreterKind, "python3": interpreterKind, "pypy": interpreterKind, "pypy3": interpreterKind,
		"node": interpreterKind, "deno": interpreterKind, "bun": interpreterKind, "ruby": interpreterKind,
		"perl": interpreterKind, "php": interpreterKind, "lua": interpreterKind, "luajit": interpreterKind, "rscript": interpreterKind,
		"julia": interpreterKind, "osascript": interpreterKind, "java": interpreterKind, "groovy": interpreterKind, "tclsh": interpreterKind,
		"awk": interpreterKind, "elixir": interpreterKind, "erl": interpreterKind,
		"ts-node": interpreterKind, "tsx": interpreterKind,

		"npx": wrapperKind, "pnpx": wrapperKind, "bunx": wrapperKind, "uvx": wrapperKind, "pipx": wrapperKind,
		"env": wrapperKind, "sudo": wrapperKind, "doas": wrapperKind, "pkexec": wrapperKind, "runuser": wrapperKind,
		"xargs": wrapperKind, "parallel": wrapperKind, "nice": wrapperKind, "nohup": wrapperKind, "timeout": wrapperKind,
		"time": wrapperKind, "exec": wrapperKind, "command": wrapperKind, "builtin": wrapperKind, "eval": wrapperKind,
		"source": wrapperKind, ".": wrapperKind, "watch": wrapperKind, "strace": wrapperKind, "ltrace": wrapperKind,
		"stdbuf": wrapperKind, "ionice": wrapperKind, "chroot": wrapperKind, "unshare": wrapperKind, "nsenter": wrapperKind,
		"setsid": wrapperKind, "flock": wrapperKind, "script": wrapperKind, "find": wrapperKind, "ssh": wrapperKind,
		"gdb": wrapperKind, "valgrind": wrapperKind, "entr": wrapperKind, "chronic": wrapperKind, "caffeinate": wrapperKind,

		"git": multiKind, "npm": multiKind, "pnpm": multiKind, "yarn": multiKind, "docker": multiKind, "podman": multiKind,
		"kubectl": multiKind, "helm": multiKind, "go": multiKind, "cargo": multiKind, "pip": multiKind, "pip3": multiKind,
		"uv": multiKind, "poetry": multiKind, "pipenv": multiKind, "gh": multiKind, "glab": multiKind, "aws": multiKind,
		"gcloud": multiKind, "az": multiKind, "terraform": multiKind, "tofu": multiKind, "systemctl": multiKind,
		"brew": multiKind, "apt": multiKind, "apt-get": multiKind, "dnf": multiKind, "yum": multiKind, "pacman": multiKind,
		"rustup": multiKind, "dotnet": multiKind, "mvn": multiKind, "gradle": multiKind, "composer": multiKind,
		"bundle": multiKind, "gem": multiKind, "make": multiKind, "just": multiKind, "task": multiKind, "mise": multiKind,
		"asdf": multiKind, "nix": multiKind, "conda": multiKind, "mamba": multiKind, "rake": multiKind, "ansible": multiKind,
		"pulumi": multiKind, "wrangler": multiKind, "vercel": multiKind, "flyctl": multiKind, "fly": multiKind, "heroku": multiKind,
	}
})

// launching lists subcommands that run whatever follows them: they need
// the thing they run named too.
var launching = lazy.New(func() map[string]string {
	return map[string]string{
		"npm run": "a script name", "npm run-script": "a script name", "npm exec": "", "npm x": "",
		"pnpm run": "a script name", "pnpm exec": "", "pnpm dlx": "", "yarn run": "a script name", "yarn exec": "", "yarn dlx": "",
		"bun run": "a script name", "bun x": "", "deno run": "a file", "go run": "a package", "cargo run": "a binary",
		"uv run": "a command", "uv tool": "", "poetry run": "a command", "pipenv run": "a command", "bundle exec": "a command",
		"docker run": "", "docker exec": "", "podman run": "", "podman exec": "", "kubectl exec": "", "kubectl run": "",
		"git submodule": "a subcommand", "conda run": "", "mise exec": "", "mise x": "", "nix run": "", "nix shell": "",
		"gh api": "", "aws ssm": "a subcommand",
	}
})

// Narrow reports whether a prefix is narrow enough to approve for good:
// not a shell, an interpreter, a launcher or wrapper, nor a multi-purpose
// tool without its subcommand. The error says why, with a narrower
// suggestion.
func Narrow(words []string) error {
	prefix := strings.Join(words, " ")
	if len(words) == 0 {
		return &BroadPrefixError{Prefix: prefix, Why: "it is empty and would cover every command", Suggestion: "name the program and its subcommand, as in `npm run e2e`"}
	}
	if strings.Contains(words[0], "=") {
		return &BroadPrefixError{Prefix: prefix, Why: "it starts with an environment assignment, which can make any program load other code", Suggestion: "start the prefix with the program itself"}
	}
	prog := strings.ToLower(path.Base(words[0]))
	rest := words[1:]
	k := broad.Get()[shell.Canonical(prog)]
	if shell.IsShell(prog) {
		k = shellKind
	}
	switch k {
	case shellKind:
		return &BroadPrefixError{Prefix: prefix, Why: prog + " is a shell, and a shell runs any command", Suggestion: "approve the command the shell would run, as in `arbiter allow -- npm test`"}
	case interpreterKind:
		if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") && looksLikeFile(rest[0]) {
			return nil // python scripts/gen.py: one script, which the static policy still reads
		}
		return &BroadPrefixError{Prefix: prefix, Why: prog + " is an interpreter, and it runs any code it is given", Suggestion: "approve one script, as in `" + prog + " scripts/build" + ext(prog) + "`"}
	case wrapperKind:
		s := "approve the program it runs, without the " + prog
		if len(rest) > 0 {
			s += ", as in `" + strings.Join(rest, " ") + "`"
		}
		return &BroadPrefixError{Prefix: prefix, Why: prog + " is a launcher or wrapper that runs another program", Suggestion: s}
	case multiKind:
		sub := firstOperand(rest)
		if sub == "" {
			return &BroadPrefixError{Prefix: prefix, Why: prog + " does many different things, some of them destructive, so it needs its subcommand", Suggestion: "add the subcommand, as in `" + example(prog) + "`"}
		}
		if what, ok := launching.Get()[prog+" "+sub]; ok {
			after := operandsAfter(rest, sub)
			if what == "" || len(after) == 0 {
				s := "name what it runs"
				if what != "" {
					s = "add " + what + ", as in `" + prog + " " + sub + " " + sampleArg(what) + "`"
				} else {
					s = "approve the program it would run on its own"
				}
				return &BroadPrefixError{Prefix: prefix, Why: "`" + prog + " " + sub + "` runs whatever follows it", Suggestion: s}
			}
		}
	}
	return nil
}

func firstOperand(words []string) string {
	for _, w := range words {
		if !strings.HasPrefix(w, "-") {
			return w
		}
	}
	return ""
}

func operandsAfter(words []string, sub string) []string {
	for i, w := range words {
		if w == sub {
			var out []string
			for _, a := range words[i+1:] {
				if !strings.HasPrefix(a, "-") {
					out = append(out, a)
				}
			}
			return out
		}
	}
	return nil
}

func looksLikeFile(w string) bool {
	return strings.Contains(w, "/") || strings.Contains(path.Base(w), ".")
}

func ext(prog string) string {
	switch {
	case strings.HasPrefix(prog, "python"), strings.HasPrefix(prog, "pypy"):
		return ".py"
	case shell.Canonical(prog) == "node", prog == "deno", prog == "bun", prog == "tsx", prog == "ts-node":
		return ".js"
	case prog == "ruby":
		return ".rb"
	case prog == "perl":
		return ".pl"
	case prog == "php":
		return ".php"
	}
	return ""
}

func example(prog string) string {
	switch prog {
	case "git":
		return "git status"
	case "npm", "pnpm", "yarn":
		return prog + " run e2e"
	case "docker", "podman":
		return prog + " ps"
	case "kubectl":
		return "kubectl get pods"
	case "go":
		return "go test"
	case "cargo":
		return "cargo test"
	case "make":
		return "make test"
	case "terraform", "tofu":
		return prog + " plan"
	}
	return prog + " SUBCOMMAND"
}

func sampleArg(what string) string {
	switch what {
	case "a script name":
		return "e2e"
	case "a package":
		return "./cmd/tool"
	case "a file":
		return "scripts/task.ts"
	}
	return "NAME"
}
