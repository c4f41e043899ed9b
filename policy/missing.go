package policy

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// A program that is no builtin, no function or alias, not written by the
// command line and in no folder of PATH runs nothing: the shell says
// "command not found" (find. -name x.py, a typo). Only a top-level
// command is judged so, when everything that could make the name run
// something is known: PATH comes from the call's environment
// (Options.Path; none known, nothing is called missing) and holds only
// absolute folders (an empty or relative entry is looked up from the
// working directory, which a cd moves); the command line defines no
// function or alias, changes no PATH, sources, evaluates or hashes
// nothing and writes no file of that name; and the files the runtime's
// shell reads on start (Options.ShellStartup) neither name it nor define
// a handler for missing commands nor source other files.

// maxStartupFile bounds what is read of each shell start-up file; a
// larger one may define anything, so nothing is called missing.
const maxStartupFile = 256 << 10

// zshBuiltins are zsh's builtins that Bash lacks: the runtime's shell may
// be the user's zsh.
var zshBuiltins = lazy.New(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields("autoload bindkey builtin bye cap chdir clone comparguments compcall compctl compdescribe compfiles compgroups compquote comptags comptry compvalues disable echotc echoti emulate fc functions getcap getln hash integer limit log noglob print pushln r rehash sched setcap setopt stat ttyctl unfunction unhash unlimit unsetopt vared whence where which zcompile zformat zftp zle zmodload zparseopts zprof zpty zregexparse zsocket zstyle ztcp float") {
		m[n] = true
	}
	return m
})

// pathChangers are words whose presence in a command line may change
// what a name runs: a PATH change, an alias, a hash table entry, a
// builtin switched on, a handler for missing commands.
var pathChangers = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`PATH|\balias\b|\bhash\b|\benable\b|command_not_found|\bsource\b|\beval\b|(^|[;&|(\s])\.\s`)
})

// startupDefines are what makes a start-up file possibly define any
// name: a handler for missing commands, sourcing another file, eval.
var startupDefines = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`command_not_found|\bsource\b|\beval\b|(^|[;&|(\s])\.\s`)
})

// startupSources are what makes a start-up file possibly set any
// variable: sourcing another file, eval.
var startupSources = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`\bsource\b|\beval\b|(^|[;&|(\s])\.\s`)
})

// shellStartup are the files the runtime's shell may read before the
// command, under the home folder (Claude Code's shell snapshots too) and
// the system's.
func shellStartup(home string) []string {
	out := []string{"/etc/profile", "/etc/bash.bashrc", "/etc/bashrc", "/etc/zshenv", "/etc/zsh/zshenv", "/etc/zshrc", "/etc/zsh/zshrc", "/etc/environment"}
	if home == "" {
		return append(out, "") // an unknown home: nothing is called missing
	}
	for _, n := range []string{".bashrc", ".bash_profile", ".bash_login", ".profile", ".bash_aliases", ".zshenv", ".zprofile", ".zshrc", ".zlogin", ".envrc"} {
		out = append(out, filepath.Join(home, n))
	}
	snaps, _ := filepath.Glob(filepath.Join(home, ".claude", "shell-snapshots", "*"))
	return append(out, snaps...)
}

// missingProgram fires the allow for c when it names a program that is
// not there; false when it may run something.
func (j *judgement) missingProgram(c *shell.Command, subj string) bool {
	name := c.Name
	env := j.cache().env
	switch {
	case !env.known || j.depth > 0 || c.Depth > 0 || c.Origin != "" || len(c.Via) > 0:
		return false
	case name == "" || strings.ContainsAny(name, "/$`\\\"' \t\n*?[=") || name[0] == '-':
		return false
	case shell.IsBuiltin(name) || zshBuiltins.Get()[name]:
		return false
	case j.shell == nil || len(j.shell.Functions) > 0 || j.shell.HasProblem(shell.Definition) || j.shell.HasProblem(shell.DynamicCode) || j.shell.HasProblem(shell.DynamicProgram):
		return false
	}
	m, err := j.inputMap()
	if err != nil || pathChangers.Get().MatchString(stringField(m, "command")) {
		return false
	}
	for k := range j.written {
		if path.Base(strings.TrimSuffix(k, "/")) == name || strings.HasSuffix(k, "/") {
			return false // the command line writes a file of that name, or an unknown set
		}
	}
	dirs := filepath.SplitList(env.path)
	for _, d := range dirs {
		if !filepath.IsAbs(d) {
			return false // looked up from the working directory
		}
		if _, err := os.Lstat(filepath.Join(d, name)); !errors.Is(err, fs.ErrNotExist) {
			return false // there, or a folder arbiter cannot look in
		}
	}
	startup := env.startup
	if startup == nil {
		startup = shellStartup(j.res.Home)
	}
	for _, f := range startup {
		if mayDefine(f, name) {
			return false
		}
	}
	j.fireWith(catalog.D1MissingProgram, subj, name+" is no builtin, function or alias, no file the command writes and in no folder of PATH ("+clipText(env.path, 80)+"), so the shell finds nothing to run")
	return true
}

// mayDefine reports whether the shell start-up file f may make name run
// something: it names it, or defines a handler for missing commands, or
// sources what arbiter does not read; also when f cannot be read whole.
func mayDefine(f, name string) bool { return startupMay(f, name, startupDefines.Get()) }

// mayExport reports whether the shell start-up file f may export name:
// it names it, or sources or evaluates what arbiter does not read; also
// when f cannot be read whole.
func mayExport(f, name string) bool { return startupMay(f, name, startupSources.Get()) }

// startupMay reports whether the start-up file f names name or matches
// what, or cannot be read whole.
func startupMay(f, name string, what *regexp.Regexp) bool {
	if f == "" {
		return true
	}
	fh, err := os.Open(f)
	if errors.Is(err, fs.ErrNotExist) {
		return false
	}
	if err != nil {
		return true
	}
	defer fh.Close()
	b, err := io.ReadAll(io.LimitReader(fh, maxStartupFile+1))
	if err != nil || len(b) > maxStartupFile {
		return true
	}
	text := string(b)
	return what.MatchString(text) || namesWord(text, name)
}

// namesWord reports whether text holds name with no name character
// on either side.
func namesWord(text, name string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], name)
		if k < 0 {
			return false
		}
		at := i + k
		end := at + len(name)
		if (at == 0 || !nameByte(text[at-1])) && (end == len(text) || !nameByte(text[end])) {
			return true
		}
		i = at + 1
	}
}

// nameByte reports a byte that can be part of a command name.
func nameByte(b byte) bool {
	return b == '_' || b == '-' || b == '.' || b == '+' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}
