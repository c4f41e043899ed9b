package shell

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// ValueKind is what the analysis knows of the parts of a word that are
// only known at run time, when each comes from a command substitution of
// a read-only program whose output has a known shape.
type ValueKind uint8

// The kinds of value.
const (
	// AnyValue: nothing is known; the value may hold spaces, patterns,
	// slashes or a leading "-".
	AnyValue ValueKind = iota
	// NumberValue: decimal digits (nproc, id -u, date +%s).
	NumberValue
	// NameValue: one word of letters, digits and . _ : + -, never starting
	// with "-" and never "." or ".." (whoami, uname -m, date +%F, git
	// rev-parse HEAD): no option, no path, no pattern, nothing to split.
	NameValue
)

func (k ValueKind) String() string {
	return [...]string{"any value", "a number", "a name"}[k]
}

// Host answers what the analysis cannot tell from the text: the caller
// reads the disk for it. A nil Host answers nothing.
type Host interface {
	// Toplevel returns the root of the git work tree a git command run in
	// dir finds (dir is as the analysis tracks it: "" for the call's own
	// directory, else a path as a cd named it), or false.
	Toplevel(dir string) (string, bool)
	// Sourced says what sourcing file (a path as written, relative to
	// dir) does to the shell that sources it, or false when the caller
	// does not know.
	Sourced(file, dir string) (Sourced, bool)
}

// Sourced is the effect of a sourced file the caller has read and knows:
// it only puts Bin first on PATH (a virtual environment's activate
// script), defines the functions named, and sets variables that change
// nothing the analysis follows (VIRTUAL_ENV, PS1).
type Sourced struct {
	// Bin is the absolute directory put first on PATH.
	Bin string
	// Functions are the functions the file defines (deactivate).
	Functions []string
	// Has reports whether Bin holds a program of that name, which then
	// runs from there in place of the one on PATH.
	Has func(name string) bool
}

// substValue reads a command substitution of one simple command whose
// output the analysis knows: text it can compute (pwd, basename and
// dirname of known words, the work tree's root), or only the shape of a
// read-only program's output. known reports a computed text.
func (w *walker) substValue(p *syntax.CmdSubst, cmd *Command) (text string, known bool, kind ValueKind) {
	if cmd == nil || len(p.Stmts) != 1 || !plainStmt(p.Stmts[0]) || len(cmd.Via) > len(w.via) || len(cmd.Env) > 0 {
		return "", false, AnyValue
	}
	for _, a := range cmd.Args {
		if a.Dynamic || a.Glob {
			return "", false, AnyValue
		}
	}
	args := cmd.ArgTexts()
	if strings.Contains(cmd.Name, "/") {
		return "", false, AnyValue // a file of that name, not the program
	}
	switch cmd.Program {
	case "pwd":
		if len(args) == 0 || len(args) == 1 && (args[0] == "-L" || args[0] == "-P") && !w.linksMatter(args[0]) {
			if v, ok := w.lookup("PWD"); ok {
				return v, true, AnyValue
			}
		}
	case "echo":
		if v, ok := echoText(args); ok && !contains(w.a.Functions, "echo") {
			return v, true, AnyValue
		}
	case "basename", "dirname":
		if v, ok := pathPart(cmd.Program, args); ok {
			return v, true, AnyValue
		}
	case "git":
		if len(args) == 2 && args[0] == "rev-parse" && args[1] == "--show-toplevel" && w.host != nil && !w.dirLost && !w.gitRedirected() {
			if v, ok := w.host.Toplevel(w.dir); ok {
				return v, true, AnyValue
			}
		}
	}
	return "", false, outputKind(cmd.Program, args)
}

// gitRedirected reports a variable that may point git elsewhere
// (GIT_DIR, GIT_WORK_TREE, …) set earlier in the command, or lost.
func (w *walker) gitRedirected() bool {
	if w.varsLost {
		return true
	}
	for k := range w.vars {
		if strings.HasPrefix(k, "GIT_") {
			return true
		}
	}
	return false
}

// linksMatter reports pwd -P, which prints the directory with symbolic
// links resolved: not the text the analysis tracks.
func (w *walker) linksMatter(flag string) bool { return flag == "-P" }

// plainStmt reports a statement that is one simple command with at most
// its errors sent away: no pipeline, list, negation or background.
func plainStmt(s *syntax.Stmt) bool {
	if s.Negated || s.Background || s.Coprocess {
		return false
	}
	if _, ok := s.Cmd.(*syntax.CallExpr); !ok {
		return false
	}
	for _, r := range s.Redirs {
		if r.Op != syntax.RdrOut || r.N == nil || r.N.Value != "2" || r.Word.Lit() != "/dev/null" {
			return false
		}
	}
	return true
}

// echoText computes what echo prints for words that every shell's echo
// prints as they are: none starts with "-" (bash's -n, -e and -E, zsh's
// "-") and none holds a backslash (sh's and zsh's echo read escapes such
// as \c and \0101 even without -e). The substitution drops the newline.
func echoText(args []string) (string, bool) {
	for _, a := range args {
		if strings.HasPrefix(a, "-") || strings.Contains(a, "\\") {
			return "", false
		}
	}
	return strings.Join(args, " "), true
}

// pathPart computes basename NAME [SUFFIX] and dirname NAME as coreutils
// does, for one known operand.
func pathPart(program string, args []string) (string, bool) {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || len(args) > 2 || program == "dirname" && len(args) != 1 {
		return "", false
	}
	name := args[0]
	trimmed := strings.TrimRight(name, "/")
	if trimmed == "" {
		if name == "" {
			return "", false
		}
		return "/", true
	}
	if program == "dirname" {
		return path.Dir(trimmed), true
	}
	base := path.Base(trimmed)
	if len(args) == 2 && args[1] != base {
		base = strings.TrimSuffix(base, args[1])
	}
	return base, true
}

// outputKind is the shape of what a read-only program prints, for the
// uses whose output is known to be a number or a name.
func outputKind(program string, args []string) ValueKind {
	is := func(want ...string) bool {
		if len(args) != len(want) {
			return false
		}
		for i := range want {
			if args[i] != want[i] {
				return false
			}
		}
		return true
	}
	switch program {
	case "nproc":
		if is() || is("--all") {
			return NumberValue
		}
	case "getconf":
		if is("_NPROCESSORS_ONLN") || is("NPROCESSORS_ONLN") || is("_NPROCESSORS_CONF") || is("PAGESIZE") || is("PAGE_SIZE") {
			return NumberValue
		}
	case "id":
		if is("-u") || is("-g") || is("-ru") || is("-rg") {
			return NumberValue
		}
		if is("-un") || is("-gn") || is("-nu") || is("-ng") {
			return NameValue
		}
	case "whoami", "arch":
		if is() {
			return NameValue
		}
	case "uname":
		// Not -n (the host name, which may hold anything), -v or -a
		// (spaces), -o (GNU/Linux).
		if is() || is("-s") || is("-m") || is("-r") || is("-p") || is("-i") || is("-sr") || is("-rs") || is("-sm") || is("-ms") {
			return NameValue
		}
	case "date":
		if len(args) == 1 {
			return dateKind(args[0])
		}
		if len(args) == 2 && (args[0] == "-u" || args[0] == "--utc") {
			return dateKind(args[1])
		}
	case "git":
		if is("rev-parse", "HEAD") || is("rev-parse", "--short", "HEAD") || is("rev-parse", "--verify", "HEAD") {
			return NameValue // a commit's hash (or HEAD itself before the first commit)
		}
	}
	return AnyValue
}

// dateKind is the shape of date +FORMAT: conversions that print digits
// (%Y, %m, %s, %F, %T, …) and literal letters, digits and . _ : -, never a
// space, a slash, a name or a zone the locale or TZ chooses.
func dateKind(format string) ValueKind {
	f, ok := strings.CutPrefix(format, "+")
	if !ok || f == "" || f == "." || f == ".." || f[0] == '-' || strings.HasPrefix(f, "%z") {
		return AnyValue
	}
	digits := true
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			if !nameByte(c) {
				return AnyValue
			}
			digits = digits && c >= '0' && c <= '9'
			continue
		}
		i++
		if i >= len(f) {
			return AnyValue
		}
		switch f[i] {
		case 'Y', 'm', 'd', 'H', 'M', 'S', 's', 'j', 'u', 'w', 'y', 'N', 'G', 'g', 'V', 'U', 'W', 'C', 'I':
		case 'F', 'T', 'R', 'z':
			digits = false // with - or : or a sign
		default:
			return AnyValue
		}
	}
	if digits {
		return NumberValue
	}
	return NameValue
}

// nameByte reports the bytes a NameValue may hold.
func nameByte(c byte) bool {
	return isAlnum(c) || c == '.' || c == ':' || c == '+' || c == '-'
}

// knownSource asks the host what sourcing cmd's file does: a file it knows
// (a virtual environment's activate script) changes only PATH, so the
// directory and the variables the analysis follows stay known. Sourcing
// with arguments, from a substitution, or where it may or may not run (a
// loop, a condition, a function, the background) is not followed.
func (w *walker) knownSource(cmd *Command) (Sourced, bool) {
	if w.host == nil || len(cmd.Args) != 1 || cmd.Args[0].Dynamic || cmd.Args[0].Glob || w.dirLost || len(cmd.Via) > len(w.via) {
		return Sourced{}, false
	}
	if cmd.Ctx&(InLoop|InCondition|InFunction|InBackground) != 0 || len(cmd.Redirs) > 0 {
		return Sourced{}, false
	}
	if w.earlierMayWrite() {
		return Sourced{}, false // the file on disk may not be the one sourced
	}
	eff, ok := w.host.Sourced(cmd.Args[0].Text, cmd.Dir)
	if !ok || eff.Bin == "" || eff.Has == nil {
		return Sourced{}, false
	}
	return eff, true
}

// deactivate follows the deactivate function a known activate script
// defines: it only restores PATH and the prompt. True when cmd is that
// call, which then runs nothing the policy judges.
func (w *walker) deactivate(cmd *Command) bool {
	if w.venv == nil || cmd.Name != "deactivate" || len(cmd.Via) > len(w.via) || len(cmd.Env) > 0 || len(cmd.Redirs) > 0 {
		return false
	}
	if !contains(w.venv.Functions, "deactivate") || len(cmd.Args) > 1 || len(cmd.Args) == 1 && cmd.Args[0].Text != "nondestructive" {
		return false
	}
	if cmd.Ctx&(InLoop|InCondition|InFunction|InBackground|InSubstitution|InPipeline) == 0 {
		w.venv = nil
	}
	return true
}

// fromVenv resolves a program name as PATH does once a known activate
// script put its bin folder first: a program of that name there runs in
// place of the one elsewhere on PATH (builtins and functions still come
// first). The command is then named by that file's path, and judged as
// the file it is (an interpreter by its name, a script by its content).
func (w *walker) fromVenv(cmd *Command) {
	if w.venv == nil || strings.Contains(cmd.Name, "/") || cmd.Name == "" || shellBuiltins.Get()[cmd.Name] || contains(w.a.Functions, cmd.Name) {
		return
	}
	for _, v := range cmd.Via[len(w.via):] {
		if !pathKeeping.Get()[v] {
			return // sudo and the like run with a PATH of their own
		}
	}
	if w.venv.Has(cmd.Name) {
		cmd.Name = path.Join(w.venv.Bin, cmd.Name)
	}
}

// pathKeeping are wrappers that find their command on the caller's PATH.
var pathKeeping = lazy.New(func() map[string]bool {
	return map[string]bool{"command": true, "env": true, "time": true, "nice": true, "nohup": true, "timeout": true, "xargs": true, "exec": true}
})

// shellBuiltins are Bash's builtins, which run before any PATH lookup.
var shellBuiltins = lazy.New(func() map[string]bool {
	return map[string]bool{
		".": true, ":": true, "[": true, "alias": true, "bg": true, "bind": true, "break": true, "builtin": true, "caller": true,
		"cd": true, "command": true, "compgen": true, "complete": true, "compopt": true, "continue": true, "declare": true, "dirs": true,
		"disown": true, "echo": true, "enable": true, "eval": true, "exec": true, "exit": true, "export": true, "false": true, "fc": true,
		"fg": true, "getopts": true, "hash": true, "help": true, "history": true, "jobs": true, "kill": true, "let": true, "local": true,
		"logout": true, "mapfile": true, "popd": true, "printf": true, "pushd": true, "pwd": true, "read": true, "readarray": true,
		"readonly": true, "return": true, "set": true, "shift": true, "shopt": true, "source": true, "suspend": true, "test": true,
		"times": true, "trap": true, "true": true, "type": true, "typeset": true, "ulimit": true, "umask": true, "unalias": true,
		"unset": true, "wait": true,
	}
})

// earlierMayWrite reports whether a command before this point may have
// written a file: a redirection that writes, or a program other than the
// few that only move around or print.
func (w *walker) earlierMayWrite() bool {
	earlier := w.a.Commands
	if len(earlier) > 0 {
		earlier = earlier[:len(earlier)-1] // the source command itself, just recorded
	}
	for _, c := range earlier {
		for _, r := range c.Redirs {
			if r.Writes() && r.Target.Text != "/dev/null" {
				return true
			}
		}
		switch c.Program {
		case "cd", "pushd", "popd", "echo", "printf", "true", ":", "test", "[", "pwd", "ls", "export", "set":
		default:
			return true
		}
	}
	return false
}
