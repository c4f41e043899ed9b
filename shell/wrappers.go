package shell

import (
	"path"
	"strings"
)

// wrapper describes a program that runs another command given in its
// arguments, such as sudo, env or timeout.
type wrapper struct {
	name string
	// valued lists options that take a separate value ("-u" in sudo -u root).
	valued []string
	// positional is how many non-option words come before the command
	// (timeout's duration, chroot's directory).
	positional int
	// script lists options whose value is a shell command line (env -S,
	// flock -c, su -c).
	script []string
	// stringCmd is set when all the remaining words form one command line
	// that a shell runs (watch).
	stringCmd bool
	// writes lists options whose value is a file the wrapper writes its
	// report to (time -o, strace -o): judged as the append redirection it is.
	writes []string
	// reads lists options whose value is a file the wrapper feeds to the
	// command (xargs -a): judged as the input redirection it is.
	reads []string
	// inert lists the options known to change only how the command is
	// run, not what it can reach (timeout -k, nice -n, strace -f). Any
	// other option of the wrapper is not understood: env -P picks where
	// the command is found, script -O and valgrind --log-file write files,
	// chrt -f raises the scheduling class, strace -p reads another process.
	inert []string
}

// wrappers gives each wrapper its shape. The option lists come from the
// programs' manuals: an option missing here would make the analysis take
// its value for the command, so lists err toward taking too many values.
var wrappers = [...]wrapper{
	{name: "builtin"},
	{name: "noglob"}, // zsh's precommand modifiers
	{name: "nocorrect"},
	{name: "repeat", positional: 1}, // zsh: repeat N cmd
	{name: "exec", valued: []string{"-a"}, inert: []string{"-a", "-c", "-l"}},
	{name: "nohup"},
	{name: "setsid", inert: []string{"-c", "--ctty", "-f", "--fork", "-w", "--wait"}},
	{name: "unbuffer", inert: []string{"-p"}},
	{name: "nice", valued: []string{"-n", "--adjustment"}, inert: []string{"-n", "--adjustment"}},
	{name: "renice", valued: []string{"-n"}},
	{name: "time", valued: []string{"-f", "--format", "-o", "--output"}, writes: []string{"-o", "--output"}, inert: []string{"-f", "--format", "-p", "--portability", "-v", "--verbose", "-a", "--append", "-q", "--quiet"}},
	{name: "timeout", valued: []string{"-s", "--signal", "-k", "--kill-after"}, positional: 1, inert: []string{"-s", "--signal", "-k", "--kill-after", "--preserve-status", "--foreground", "-v", "--verbose"}},
	{name: "gtimeout", valued: []string{"-s", "--signal", "-k", "--kill-after"}, positional: 1, inert: []string{"-s", "--signal", "-k", "--kill-after", "--preserve-status", "--foreground", "-v", "--verbose"}},
	{name: "stdbuf", valued: []string{"-i", "-o", "-e", "--input", "--output", "--error"}, inert: []string{"-i", "-o", "-e", "--input", "--output", "--error"}},
	{name: "ionice", valued: []string{"-c", "-n", "-p", "-P", "-u", "--class", "--classdata"}, inert: []string{"-c", "--class", "-n", "--classdata", "-t", "--ignore"}},
	{name: "chrt", valued: []string{"-T", "-P", "-D"}, positional: 1, inert: []string{"-o", "--other", "-b", "--batch", "-i", "--idle", "-v", "--verbose", "-R", "--reset-on-fork"}},
	{name: "taskset", valued: []string{}, positional: 1, inert: []string{"-c", "--cpu-list", "-a", "--all-tasks"}},
	{name: "flock", valued: []string{"-w", "--timeout", "-E", "--conflict-exit-code"}, positional: 1, script: []string{"-c", "--command"}, inert: []string{"-s", "--shared", "-x", "-e", "--exclusive", "-n", "--nb", "--nonblock", "-w", "--timeout", "-o", "--close", "-E", "--conflict-exit-code", "-F", "--no-fork", "-u", "--unlock", "--verbose"}},
	{name: "env", valued: []string{"-u", "--unset", "-C", "--chdir", "-P"}, script: []string{"-S", "--split-string"}, inert: []string{"-i", "--ignore-environment", "-0", "--null", "-u", "--unset", "-v", "--debug"}},
	{name: "sudo", valued: []string{"-u", "--user", "-g", "--group", "-C", "--close-from", "-D", "--chdir", "-h", "--host", "-p", "--prompt", "-r", "--role", "-t", "--type", "-U", "--other-user", "-T", "--command-timeout", "-R", "--chroot"}},
	{name: "doas", valued: []string{"-u", "-C"}},
	{name: "pkexec", valued: []string{"--user"}},
	{name: "runuser", valued: []string{"-u", "--user", "-g", "--group", "-G", "--supp-group", "-s", "--shell", "-w", "--whitelist-environment"}, script: []string{"-c", "--command"}},
	{name: "su", valued: []string{"-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w", "--whitelist-environment"}, script: []string{"-c", "--command", "--session-command"}},
	{name: "script", valued: []string{"-E", "--echo", "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format"}, script: []string{"-c", "--command"}, inert: []string{"-q", "--quiet", "-a", "--append", "-f", "--flush", "-e", "--return"}},
	{name: "watch", valued: []string{"-n", "--interval", "-d", "--differences", "-q", "--equexit"}, stringCmd: true, inert: []string{"-n", "--interval", "-d", "--differences", "-t", "--no-title", "-b", "--beep", "-e", "--errexit", "-g", "--chgexit", "-c", "--color", "-C", "--no-color", "-p", "--precise", "-w", "--no-wrap", "-x", "--exec", "-q", "--equexit"}},
	{name: "systemd-run", valued: []string{"-u", "--unit", "-p", "--property", "-E", "--setenv", "--uid", "--gid", "--nice", "--working-directory", "-M", "--machine", "-H", "--host", "--description", "--slice", "--on-calendar", "--on-active", "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "--timer-property", "--path-property", "--socket-property", "--service-type"}},
	{name: "strace", valued: []string{"-o", "-e", "-p", "-s", "-u", "-E", "-a", "-b", "-I", "-O", "-P", "-S", "-X"}, writes: []string{"-o"}, inert: []string{"-e", "-s", "-a", "-b", "-I", "-O", "-P", "-S", "-X", "-f", "-F", "-c", "-C", "-t", "-T", "-v", "-y", "-q", "-r", "-x", "-k", "-w", "-z", "-Z", "-i", "-n", "-D", "-V", "--follow-forks", "--output-separately", "--summary-only", "--summary"}},
	{name: "ltrace", valued: []string{"-o", "-e", "-p", "-s", "-u", "-a", "-n"}, writes: []string{"-o"}, inert: []string{"-e", "-s", "-a", "-n", "-f", "-S", "-c", "-C", "-t", "-T", "-i", "-L", "-r", "-x", "-w"}},
	{name: "xvfb-run", valued: []string{"-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file", "-p", "--xauth-protocol", "-w", "--wait"}, inert: []string{"-a", "--auto-servernum", "-n", "--server-num", "-p", "--xauth-protocol", "-w", "--wait"}},
	{name: "proxychains", valued: []string{"-f"}, inert: []string{"-q"}},
	{name: "proxychains4", valued: []string{"-f"}, inert: []string{"-q"}},
	{name: "torsocks", valued: []string{"-u", "-p", "-a", "-P"}, inert: []string{"-u", "-p", "-a", "-P", "-i", "-q", "-d"}},
	{name: "firejail"},
	{name: "fakeroot", valued: []string{"-l", "--lib", "--faked", "-s", "-i"}, inert: []string{"-u", "--unknown-is-real"}},
	{name: "chroot", valued: []string{"--userspec", "--groups"}, positional: 1},
	{name: "unshare", valued: []string{"-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd"}},
	{name: "nsenter", valued: []string{"-t", "--target", "-S", "--setuid", "-G", "--setgid", "-r", "--root", "-w", "--wd"}},
	{name: "catchsegv"},
	{name: "dbus-run-session"},
	{name: "caffeinate", valued: []string{"-t", "-w"}, inert: []string{"-d", "-i", "-m", "-s", "-u", "-t", "-w"}},
	{name: "valgrind", inert: []string{"--tool", "--leak-check", "--show-leak-kinds", "--track-origins", "--error-exitcode", "-q", "--quiet", "-v", "--verbose", "--num-callers", "--track-fds", "--show-reachable", "--undef-value-errors", "--trace-children", "--child-silent-after-fork", "--errors-for-leak-kinds", "--read-var-info", "--show-error-list", "-s"}},
	{name: "busybox"},
	{name: "toybox"},
	{name: "xargs", valued: []string{"-I", "-n", "-P", "-L", "-l", "-d", "-s", "-a", "-E", "-e", "--max-args", "--max-procs", "--delimiter", "--arg-file", "--replace", "--max-lines", "--max-chars", "--eof", "--process-slot-var"}, reads: []string{"-a", "--arg-file"}, inert: []string{"-0", "--null", "-I", "-i", "--replace", "-n", "--max-args", "-L", "-l", "--max-lines", "-P", "--max-procs", "-d", "--delimiter", "-s", "--max-chars", "-E", "-e", "--eof", "-r", "--no-run-if-empty", "-t", "--verbose", "-x", "--exit", "-p", "--interactive", "-o", "--open-tty"}},
	{name: "parallel", valued: []string{"-j", "--jobs", "-S", "--sshlogin", "--joblog", "--results", "-a", "--arg-file", "--delay", "--timeout", "-n", "--max-args", "-I", "--colsep", "-d", "--delimiter"}},
	{name: "command", inert: []string{"-p"}},
	{name: "dotenv", valued: []string{"-e", "-v", "-c"}},
	{name: "direnv", positional: 2},
	{name: "conda"},
	{name: "mise"},
}

// wrapperFor returns the wrapper named program. The table is an array,
// not a map, so that it is data in the binary rather than built when the
// hook starts; a scan of some seventy names costs less than building it.
func wrapperFor(program string) (wrapper, bool) {
	for _, w := range wrappers {
		if w.name == program {
			return w, true
		}
	}
	return wrapper{}, false
}

// unknownOption returns the first of a wrapper's own option words that
// is neither inert nor judged as what it is (a script, a file written or
// read). words are the words options skipped, values included.
func (s wrapper) unknownOption(words []Word) (string, bool) {
	for k := 0; k < len(words); k++ {
		t := words[k].Text
		if t == "--" {
			break
		}
		name, _, hasValue := strings.Cut(t, "=")
		if s.known(name) {
			if !hasValue && (contains(s.valued, name) || contains(s.script, name)) {
				k++ // its value
			}
			continue
		}
		if !strings.HasPrefix(t, "--") && len(t) > 2 && s.cluster(t) {
			continue
		}
		return t, true
	}
	return "", false
}

// known reports an option the wrapper's table accounts for.
func (s wrapper) known(name string) bool {
	return contains(s.inert, name) || contains(s.script, name) || contains(s.writes, name) || contains(s.reads, name)
}

// cluster reports a word of known short options (-ff, -tt, -0r), the
// last of which may carry its value attached (-n10, -oL).
func (s wrapper) cluster(t string) bool {
	for k := 1; k < len(t); k++ {
		f := "-" + t[k:k+1]
		if !s.known(f) || contains(s.script, f) {
			return false
		}
		if contains(s.valued, f) {
			// A file attached to its option (-otrace.txt) is not judged as
			// the redirection it is, so it is not accepted either.
			return !contains(s.writes, f) && !contains(s.reads, f)
		}
	}
	return true
}

// runner describes a program that fetches or locates another program and
// runs it: npx cowsay, uv run pytest, bundle exec rake.
type runner struct {
	name string
	// subcommands that make it a runner ("exec", "dlx"); empty means the
	// runner itself takes the program directly (npx, uvx).
	sub []string
	// valued options before the program.
	valued []string
	// script options whose value is a shell command line (npx -c).
	script []string
	// fetch options name a package to download and install before the
	// program runs (uv run --with, npx -p): code arbiter cannot read.
	fetch []string
	// registry names the subcommands (or "" for the runner itself) under
	// which the program given is always a package downloaded from a
	// registry (uvx ruff, pnpm dlx, pipx run), never the program of that
	// name on the machine. npx, npm exec, bunx and bun x download it only
	// when the project has no node_modules/.bin of the name, which
	// package policy looks at.
	registry []string
	// dirs options name the directory the program then runs in (poetry
	// -C, uv --directory): judged as a cd. A manifest's path (pixi
	// --manifest-path x/pixi.toml) names its folder, where the runner
	// reads its tasks.
	dirs []string
}

var runners = [...]runner{
	{name: "npx", valued: []string{"-p", "--package", "--registry", "--cache", "--userconfig", "-w", "--workspace"}, script: []string{"-c", "--call"}, fetch: []string{"-p", "--package", "--registry"}},
	{name: "bunx", valued: []string{"-p", "--package"}, fetch: []string{"-p", "--package"}},
	{name: "bun", sub: []string{"x"}, valued: []string{"-p", "--package"}, fetch: []string{"-p", "--package"}},
	{name: "pnpx", valued: []string{"-p", "--package"}, fetch: []string{"-p", "--package"}, registry: []string{""}},
	{name: "pnpm", sub: []string{"dlx", "exec"}, valued: []string{"-C", "--dir", "--filter", "-F", "--package"}, script: []string{"-c", "--shell-mode"}, fetch: []string{"--package"}, dirs: []string{"-C", "--dir"}, registry: []string{"dlx"}},
	{name: "yarn", sub: []string{"dlx", "exec"}, valued: []string{"-p", "--package", "--cwd"}, fetch: []string{"-p", "--package"}, dirs: []string{"--cwd"}, registry: []string{"dlx"}},
	{name: "npm", sub: []string{"exec", "x"}, valued: []string{"-p", "--package", "-w", "--workspace"}, script: []string{"-c", "--call"}, fetch: []string{"-p", "--package"}},
	{name: "uvx", valued: []string{"--from", "--with", "--python", "-p", "--index", "--index-url"}, fetch: []string{"--from", "--with", "--index", "--index-url"}, registry: []string{""}},
	{name: "uv", sub: []string{"run"}, valued: []string{"--with", "--python", "-p", "--project", "--directory", "--from", "--package", "--extra", "--group", "--index", "--env-file"}, fetch: []string{"--with", "--from", "--index"}, dirs: []string{"--directory", "--project"}},
	{name: "pipx", sub: []string{"run"}, valued: []string{"--spec", "--python", "--index-url"}, fetch: []string{"--spec", "--index-url"}, registry: []string{"run"}},
	{name: "poetry", sub: []string{"run"}, valued: []string{"-C", "--directory", "-P", "--project"}, dirs: []string{"-C", "--directory", "-P", "--project"}},
	{name: "pdm", sub: []string{"run"}, valued: []string{"-p", "--project"}, dirs: []string{"-p", "--project"}},
	{name: "hatch", sub: []string{"run"}, valued: []string{"-e", "--env"}},
	{name: "pipenv", sub: []string{"run"}, valued: []string{"--python"}},
	{name: "rye", sub: []string{"run"}},
	{name: "pixi", sub: []string{"run", "exec"}, valued: []string{"-e", "--environment", "--manifest-path"}, dirs: []string{"--manifest-path"}, registry: []string{"exec"}},
	{name: "bundle", sub: []string{"exec"}},
	{name: "mamba", sub: []string{"run"}, valued: []string{"-n", "--name", "-p", "--prefix"}},
	{name: "micromamba", sub: []string{"run"}, valued: []string{"-n", "--name", "-p", "--prefix"}},
}

// runnerFor returns the runner named program; see wrapperFor.
func runnerFor(program string) (runner, bool) {
	for _, r := range runners {
		if r.name == program {
			return r, true
		}
	}
	return runner{}, false
}

// programName turns a command word into the name rules match: the base
// name, lower-cased.
func programName(word string) string {
	name := strings.ToLower(path.Base(strings.TrimRight(word, "/")))
	if name == "." && word != "." || name == "" {
		return strings.ToLower(word) // "/" or "./": not a program, but named as written
	}
	return name
}

// packageBin turns a package reference that a runner fetches into the name
// of the program it runs: "@scope/tool@1.2" runs "tool".
func packageBin(ref string) string {
	name := ref
	if strings.HasPrefix(name, "@") {
		if i := strings.IndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
	}
	if i := strings.IndexAny(name, "@=<>~["); i > 0 {
		name = name[:i]
	}
	return programName(name)
}

// options skips the options at the start of words, returning the index of
// the first operand. valued options consume their value; "--" ends options.
// script options' values are returned for nested analysis.
func options(words []Word, valued, script []string) (int, []Word) {
	var scripts []Word
	i := 0
	for i < len(words) {
		t := words[i].Text
		if t == "--" {
			return i + 1, scripts
		}
		if !strings.HasPrefix(t, "-") || t == "-" || words[i].Dynamic && !strings.HasPrefix(t, "-") {
			return i, scripts
		}
		name, _, hasValue := strings.Cut(t, "=")
		switch {
		case contains(script, name) && hasValue:
			scripts = append(scripts, Word{Text: t[len(name)+1:], Dynamic: words[i].Dynamic})
			i++
		case contains(script, name):
			if i+1 < len(words) {
				scripts = append(scripts, words[i+1])
			}
			i += 2
		case contains(valued, name) && !hasValue:
			i += 2
		default:
			i++
		}
	}
	return i, scripts
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
