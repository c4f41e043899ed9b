package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// execEnv matches environment variables that make an ordinary command load
// or run other code.
var execEnv = lazyregexp.New(`^(?:LD_PRELOAD|LD_LIBRARY_PATH|LD_AUDIT|DYLD_\w+|BASH_ENV|ENV|PROMPT_COMMAND|PS[0-4]|IFS|PATH|CDPATH|SHELLOPTS|BASHOPTS|PAGER|GIT_PAGER|MANPAGER|SYSTEMD_PAGER|LESSOPEN|LESSCLOSE|EDITOR|VISUAL|GIT_EDITOR|GIT_SEQUENCE_EDITOR|GIT_EXTERNAL_DIFF|GIT_SSH|GIT_SSH_COMMAND|GIT_ASKPASS|SSH_ASKPASS|GIT_CONFIG\w*|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_PROXY_COMMAND|PYTHONSTARTUP|PYTHONPATH|PYTHONHOME|PYTHONINSPECT|NODE_OPTIONS|NODE_PATH|PERL5OPT|PERL5LIB|PERLLIB|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|BROWSER|NPM_CONFIG_\w+|npm_config_\w+|BASH_FUNC_\S+|TERMINFO|LESSKEY|MAKEFLAGS|RUSTC_WRAPPER|CARGO_BUILD_RUSTC_WRAPPER|CC|CXX|GOFLAGS)$`)

// envKind says how a variable changes what runs, for the variables whose
// values arbiter checks.
type envKind uint8

const (
	searchPath  envKind = iota + 1 // directories programs are looked up in
	modulePath                     // directories code is loaded from
	toolProgram                    // the program a build runs (CC=gcc)
	configHome                     // where programs read their configuration
	gitRepo                        // which repository git works on
	editor                         // a program run on a file to edit it
	inert                          // changes nothing that runs
	traceFile                      // where a program appends its trace, when a path
)

// checkedEnv is what arbiter knows about the variables it checks the
// values of. A GIT_ variable not listed here is not understood.
var checkedEnv = lazy.New(func() map[string]envKind {
	return map[string]envKind{
		"PATH": searchPath, "GIT_EXEC_PATH": searchPath,
		"PYTHONPATH": modulePath, "NODE_PATH": modulePath, "LD_LIBRARY_PATH": modulePath, "PERL5LIB": modulePath, "PERLLIB": modulePath, "RUBYLIB": modulePath, "CLASSPATH": modulePath,
		"CC": toolProgram, "CXX": toolProgram, "CPP": toolProgram, "LD": toolProgram, "AR": toolProgram, "AS": toolProgram, "NM": toolProgram, "RANLIB": toolProgram, "FC": toolProgram, "HOSTCC": toolProgram, "RUSTC": toolProgram,
		"HOME": configHome, "XDG_CONFIG_HOME": configHome, "ZDOTDIR": configHome, "GIT_CONFIG_GLOBAL": configHome, "GIT_CONFIG_SYSTEM": configHome, "GIT_CONFIG": configHome, "GIT_TEMPLATE_DIR": configHome, "CARGO_HOME": configHome, "RUSTUP_HOME": configHome, "PIP_CONFIG_FILE": configHome, "NPM_CONFIG_USERCONFIG": configHome, "npm_config_userconfig": configHome,
		"GIT_DIR": gitRepo, "GIT_WORK_TREE": gitRepo, "GIT_INDEX_FILE": gitRepo, "GIT_OBJECT_DIRECTORY": gitRepo, "GIT_COMMON_DIR": gitRepo, "GIT_ALTERNATE_OBJECT_DIRECTORIES": gitRepo,
		"GIT_EDITOR": editor, "GIT_SEQUENCE_EDITOR": editor, "EDITOR": editor, "VISUAL": editor, "GIT_PAGER": editor, "PAGER": editor, "MANPAGER": editor,
		"GIT_AUTHOR_NAME": inert, "GIT_AUTHOR_EMAIL": inert, "GIT_AUTHOR_DATE": inert, "GIT_COMMITTER_NAME": inert, "GIT_COMMITTER_EMAIL": inert, "GIT_COMMITTER_DATE": inert,
		"GIT_TERMINAL_PROMPT": inert, "GIT_OPTIONAL_LOCKS": inert, "GIT_MERGE_AUTOEDIT": inert, "GIT_LFS_SKIP_SMUDGE": inert, "GIT_FLUSH": inert, "GIT_PROGRESS_DELAY": inert,
		"GIT_TRACE": traceFile, "GIT_TRACE_PACKET": traceFile, "GIT_TRACE_PERFORMANCE": traceFile, "GIT_TRACE_SETUP": traceFile, "GIT_TRACE_PACK_ACCESS": traceFile, "GIT_TRACE_SHALLOW": traceFile, "GIT_TRACE_CURL": traceFile,
		"GIT_CURL_VERBOSE": inert, "GIT_REDACT_COOKIES": inert,
		"GIT_LITERAL_PATHSPECS": inert, "GIT_GLOB_PATHSPECS": inert, "GIT_NOGLOB_PATHSPECS": inert, "GIT_ICASE_PATHSPECS": inert, "GIT_NO_REPLACE_OBJECTS": inert,
		"GIT_REFLOG_ACTION": inert, "GIT_DEFAULT_HASH": inert, "GIT_CEILING_DIRECTORIES": inert, "GIT_DISCOVERY_ACROSS_FILESYSTEM": inert, "GIT_CONFIG_NOSYSTEM": inert, "GIT_ADVICE": inert,
		"GIT_HTTP_LOW_SPEED_LIMIT": inert, "GIT_HTTP_LOW_SPEED_TIME": inert, "GIT_SSL_CAINFO": inert,
	}
})

// compilers are the build tools a CC-style variable may name: programs
// the system installs, looked up on the unchanged search path.
var compilers = lazyregexp.New(`^(?:/usr(?:/local)?/bin/|/bin/|/opt/homebrew/bin/)?(?:gcc|g\+\+|cc|c\+\+|cpp|clang|clang\+\+|clang-cpp|ld|ld\.lld|ld\.gold|lld|ar|llvm-ar|as|nm|llvm-nm|ranlib|llvm-ranlib|gfortran|rustc|musl-gcc|tcc|icc|icx|emcc|em\+\+)(?:-\d+(?:\.\d+)*)?$`)

// inertEditors are editor and pager values that wait for nobody and run
// nothing else: GIT_SEQUENCE_EDITOR=true keeps a rebase's plan as it is.
var inertEditors = lazy.New(func() map[string]bool {
	return map[string]bool{"": true, "true": true, ":": true, "cat": true, "/bin/true": true, "/usr/bin/true": true, "/bin/cat": true, "/usr/bin/cat": true, "less": true, "more": true}
})

// unaffected are builtins whose behaviour no environment variable changes,
// so an assignment in front of them only lasts for them. Not ":", a
// special builtin: in POSIX mode (sh, bash --posix) an assignment before
// it stays set for the commands after it.
var unaffected = lazy.New(func() map[string]bool {
	return map[string]bool{"echo": true, "printf": true, "true": true, "false": true, "test": true, "[": true, "pwd": true}
})

// environment judges assignments that change what a command runs.
func (j *judgement) environment(c *shell.Command, exp exports) {
	for _, e := range c.Env {
		if e.Name == "NODE_TLS_REJECT_UNAUTHORIZED" && e.Value.Text == "0" || e.Name == "GIT_SSL_NO_VERIFY" || e.Name == "PYTHONHTTPSVERIFY" && e.Value.Text == "0" {
			j.fireWith(catalog.BTlsBypass, e.Name, "turns off certificate checks, so an attacker in the middle could read or change the traffic")
			continue
		}
		if c.Program != "" && unaffected.Get()[c.Program] {
			continue
		}
		if carriesFlags(e.Name) {
			j.flagVariable(c, e)
			continue
		}
		switch action, why := j.redirection(c, e); action {
		case envRoutine:
			continue
		case envRedirect:
			j.fireWith(catalog.UEnvRedirect, e.Name+"="+clipText(e.Value.Text, 40), why)
			if kind := checkedEnv.Get()[e.Name]; kind != configHome || !execEnv.MatchString(e.Name) {
				continue // GIT_CONFIG_GLOBAL and the like still ask below
			}
		case envUnknown:
			if c.Program == "" && !exp.has(e.Name) && (shellLocalName(e.Name) || j.unexported(e.Name)) {
				continue // a shell variable, reaching no program (shellvars.go)
			}
			if strings.HasPrefix(e.Name, "GIT_") && !execEnv.MatchString(e.Name) {
				j.fireWith(catalog.UEnvRedirect, e.Name, "sets "+e.Name+", a git variable arbiter does not know, which may change what git runs or where it works")
				continue
			}
			if !execEnv.MatchString(e.Name) && !inertEnv(e.Name) {
				// Closed world: tools read variables that add options, load
				// plugins, pick toolchains or name config files (MAKEFILES,
				// GOTOOLCHAIN, RUSTFLAGS, PYTEST_ADDOPTS, CURL_HOME, …).
				j.fireWith(catalog.UEnvRedirect, e.Name+"="+clipText(e.Value.Text, 40), "sets "+e.Name+", which arbiter does not know to be inert: programs read variables that add options, load plugins or name files to run")
				continue
			}
		}
		if !execEnv.MatchString(e.Name) {
			continue
		}
		j.fireWith(catalog.BEnvInjection, e.Name+"="+clipText(e.Value.Text, 40), e.Name+" makes the command load or run other code")
	}
}

// sets judges the variables a command line sets other than by assignment
// (read, printf -v, mapfile, getopts, a for loop): PATH, HOME and the rest
// of what arbiter checks redirect later commands just as PATH=… does.
func (j *judgement) sets(a *shell.Analysis) {
	exp := j.exported(a)
	for _, s := range a.Sets {
		if _, checked := checkedEnv.Get()[s.Name]; !checked && !execEnv.MatchString(s.Name) && !carriesFlags(s.Name) && !readLowercase(s.Name) && !shellParameter(s.Name) && (!exp.has(s.Name) || inertEnv(s.Name)) {
			continue // a shell variable, or exported but inert
		}
		if s.Value.Dynamic {
			j.fireWith(catalog.UEnvRedirect, s.Value.Text, s.Value.Text+" sets "+s.Name+" to a value only known when the command runs, so later commands may run or read what arbiter did not check")
			continue
		}
		j.environment(&shell.Command{Env: []shell.Assign{s}}, exp)
	}
}

// inertEnv reports variables that change only language, colours, logging,
// timing or which platform is built for: nothing that runs or is read.
func inertEnv(name string) bool {
	if strings.HasPrefix(name, "LC_") {
		return true
	}
	switch name {
	case "LANG", "LANGUAGE", "TZ", "TERM", "COLUMNS", "LINES", "NO_COLOR", "FORCE_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLORTERM",
		"CI", "DEBUG", "VERBOSE", "NODE_ENV", "RAILS_ENV", "RACK_ENV", "APP_ENV", "NODE_NO_WARNINGS",
		"RUST_BACKTRACE", "RUST_LOG", "RUST_TEST_THREADS", "RUST_MIN_STACK", "CARGO_TERM_COLOR", "CARGO_INCREMENTAL",
		"GOMAXPROCS", "GOGC", "GOMEMLIMIT", "GOOS", "GOARCH", "GOARM", "GOAMD64", "CGO_ENABLED", "GO111MODULE", "GOTRACEBACK",
		"PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE", "PYTHONHASHSEED", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONFAULTHANDLER",
		"JAVA_TOOL_OPTIONS_UNUSED", "TF_LOG", "TF_IN_AUTOMATION", "DOCKER_BUILDKIT", "BUILDKIT_PROGRESS", "HUSKY", "NPM_CONFIG_LOGLEVEL",
		"TERM_PROGRAM", "NCURSES_NO_UTF8_ACS", "LESSCHARSET", "GREP_COLOR", "GREP_COLORS", "LS_COLORS", "TIMEFORMAT", "SOURCE_DATE_EPOCH", "OMP_NUM_THREADS",
		// Log levels, thread counts, which GPUs are visible, a debug switch,
		// and offline switches that only take network use away.
		"LOG_LEVEL", "LOGLEVEL", "CUDA_VISIBLE_DEVICES", "FLASK_DEBUG", "FLASK_ENV", "TOKENIZERS_PARALLELISM",
		"MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS", "NUMEXPR_NUM_THREADS", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE":
		return true
	}
	return false
}

// envAction is what the value of a variable means for the command.
type envAction uint8

const (
	envUnknown  envAction = iota // arbiter does not check this variable's value
	envRoutine                   // the value changes nothing arbiter has not checked
	envRedirect                  // the value points somewhere arbiter did not check
	envOldRules                  // the value is judged by the general rules
)

// redirection judges a variable arbiter checks the value of, and says why
// the value makes what runs come from somewhere arbiter did not check.
func (j *judgement) redirection(c *shell.Command, e shell.Assign) (envAction, string) {
	kind, ok := checkedEnv.Get()[e.Name]
	if !ok {
		return envUnknown, ""
	}
	v := e.Value.Text
	switch kind {
	case searchPath:
		if dir := j.uncheckedDir(c, v, false); dir != "" {
			return envRedirect, e.Name + " puts " + clipText(dir, 40) + " before the system's programs, so a program this command names may run from there, and arbiter did not check what is there"
		}
	case modulePath:
		if dir := j.uncheckedDir(c, v, true); dir != "" {
			return envRedirect, e.Name + " makes programs load code from " + clipText(dir, 40) + ", which arbiter did not check"
		}
	case toolProgram:
		if !compilers.MatchString(v) {
			return envRedirect, e.Name + " makes the build run " + clipText(v, 40) + " instead of a system compiler, and arbiter did not check that program"
		}
	case configHome:
		if !j.usualConfig(e.Name, v) {
			return envRedirect, e.Name + " makes programs read their configuration from " + clipText(v, 40) + ", which can set commands to run (a pager, an editor, hooks), and arbiter did not check it"
		}
	case gitRepo:
		if e.Value.Dynamic {
			return envRedirect, e.Name + " points git at a location only known at run time, whose configuration can set commands to run"
		}
		abs := j.res.Resolve(v, c.Dir)
		if place := j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot {
			return envRedirect, e.Name + " points git at a repository outside the project, whose configuration can set commands to run (core.fsmonitor, core.pager, hooks)"
		}
		// git reads the repository GIT_DIR names where git is given it
		// (GIT_DIR=… git …); set for later commands, it is not followed.
		if own := path.Join(j.res.Project, ".git"); c.Program != "git" && (e.Name == "GIT_DIR" || e.Name == "GIT_COMMON_DIR") && abs != own && !strings.HasPrefix(abs, own+"/") {
			return envRedirect, e.Name + " points later git commands at " + j.fileShown(abs) + ", whose configuration and hooks arbiter reads only for a git command given it directly (" + e.Name + "=… git …)"
		}
	case traceFile:
		return j.traceFile(c, e)
	case editor:
		if !inertEditors.Get()[strings.TrimSpace(v)] {
			return envOldRules, ""
		}
	}
	return envRoutine, ""
}

// traceFile judges a trace variable: git appends its trace to a file when
// the value is an absolute path (GIT_TRACE=/tmp/t.log), which is a write
// there; 1, 2, true or a descriptor number print to the terminal.
func (j *judgement) traceFile(c *shell.Command, e shell.Assign) (envAction, string) {
	v := e.Value.Text
	home := strings.HasPrefix(v, "~") || strings.HasPrefix(v, "$HOME/") || strings.HasPrefix(v, "${HOME}/")
	switch {
	case strings.HasPrefix(v, "/") && !e.Value.Dynamic || home:
		j.write(j.res.Resolve(v, c.Dir), false, e.Name+"="+clipText(v, 40), "trace")
	case e.Value.Dynamic:
		return envRedirect, e.Name + " is set to a value only known at run time, and an absolute path there is a file git writes its trace to"
	}
	return envRoutine, ""
}

// uncheckedDir returns the first directory of a path list that is neither
// an operating system program directory nor (when project is set) inside
// the project: a directory arbiter did not check. The variable's own old
// value ($PATH) is routine.
func (j *judgement) uncheckedDir(c *shell.Command, list string, project bool) string {
	for _, part := range splitList(list) {
		switch part {
		case "", "$PATH", "${PATH}", "$PYTHONPATH", "${PYTHONPATH}", "$LD_LIBRARY_PATH", "${LD_LIBRARY_PATH}", "$NODE_PATH", "${NODE_PATH}", "$PERL5LIB", "$RUBYLIB", "$CLASSPATH":
			continue
		}
		if strings.ContainsAny(part, "$`") {
			return part
		}
		abs := j.res.Resolve(part, c.Dir)
		if systemProgramDir(abs) {
			continue
		}
		if place := j.res.Classify(abs, false); project && (place == paths.Project || place == paths.ProjectRoot) {
			continue
		}
		return part
	}
	return ""
}

// systemProgramDir reports whether a directory holds programs the
// operating system or its administrator installed.
func systemProgramDir(abs string) bool {
	if systemBin(abs + "/x") {
		return true
	}
	for _, tree := range []string{"/usr", "/opt", "/nix/store", "/snap"} {
		if under(abs, tree) && !under(abs, "/usr/tmp") {
			return true
		}
	}
	return false
}

// usualConfig reports whether a configuration-location variable keeps the
// usual place (HOME is the user's home) or points nowhere (/dev/null).
func (j *judgement) usualConfig(name, v string) bool {
	if v == "/dev/null" {
		return true
	}
	home := path.Clean(j.res.Home)
	if j.res.Home == "" {
		home = "/home/user"
	}
	switch name {
	case "HOME":
		return v == home || v == "~" || v == "$HOME" || v == "${HOME}"
	case "XDG_CONFIG_HOME":
		return v == home+"/.config" || v == "~/.config" || v == "$HOME/.config" || v == "${HOME}/.config"
	}
	return false
}

// gitGlobalOption judges a git option given before the subcommand (the
// first of words) that, like GIT_DIR or GIT_CONFIG_GLOBAL, makes git read
// a repository or configuration arbiter did not check, or run its
// subcommands from another directory.
func (j *judgement) gitGlobalOption(c *shell.Command, words []shell.Word) {
	name, value, inline := strings.Cut(words[0].Text, "=")
	dynamic := words[0].Dynamic
	if !inline {
		if len(words) < 2 {
			return
		}
		value, dynamic = words[1].Text, words[1].Dynamic
	}
	switch name {
	case "-c":
		key, v, _ := strings.Cut(strings.ToLower(value), "=")
		if key == "include.path" || strings.HasPrefix(key, "includeif.") && strings.HasSuffix(key, ".path") {
			j.fireWith(catalog.UEnvRedirect, "git -c "+clipText(value, 40), "includes git configuration from "+clipText(v, 40)+", which can set commands to run, and arbiter did not check it")
		}
	case "--config-env":
		j.fireWith(catalog.UEnvRedirect, "git --config-env "+clipText(value, 40), "sets git configuration from an environment variable arbiter cannot see")
	case "--exec-path":
		if inline || len(words) > 1 {
			j.fireWith(catalog.UEnvRedirect, "git --exec-path", "makes git run its subcommands from "+clipText(value, 40)+", which arbiter did not check")
		}
	case "-C", "--git-dir", "--work-tree":
		if dynamic {
			j.fireWith(catalog.UEnvRedirect, "git "+name, "points git at a location only known at run time, whose configuration can set commands to run")
			return
		}
		abs := j.res.Resolve(value, c.Dir)
		place := j.res.Classify(abs, false)
		if place != paths.Project && place != paths.ProjectRoot {
			j.fireWith(catalog.UEnvRedirect, "git "+name+" "+clipText(value, 40), "runs git on a repository outside the project, whose configuration can set commands to run (core.fsmonitor, core.pager, hooks)")
			return
		}
		// A repository in the project is read where git is judged
		// (gitRepositoryRuns), as the one git finds by itself is.
	}
}

// editorIsSet reports whether the command sets an editor variable to a
// program that does not wait for a person, so that git rebase -i and
// git commit run without a terminal.
func editorIsSet(c *shell.Command, names ...string) bool {
	for _, e := range c.Env {
		for _, n := range names {
			if e.Name != n {
				continue
			}
			first, _, _ := strings.Cut(strings.TrimSpace(e.Value.Text), " ")
			switch path.Base(first) {
			case "vim", "vi", "nvim", "nano", "emacs", "emacsclient", "pico", "joe", "micro", "ed", "ex", "mg", "kak", "hx":
				return false
			}
			return true
		}
	}
	return false
}

func splitList(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ':' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}
