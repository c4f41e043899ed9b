package code

import (
	"fmt"
	"strings"
)

// EffectKind is what one call in a compiled program's source does to the
// system.
type EffectKind uint8

// Kinds of effect. Each is judged by the policy as the shell command that
// does the same.
const (
	Shell      EffectKind = iota + 1 // runs Args[0] with /bin/sh -c (system, popen)
	Exec                             // runs the program Args[0] with the arguments Args[1:], no shell
	Delete                           // deletes the file Args[0]
	DeleteTree                       // deletes the tree Args[0] recursively
	Write                            // creates or changes the file Args[0]
	Read                             // reads the file Args[0]
	Move                             // moves Args[0] to Args[1]
	Network                          // connects to another machine (Args[0], when the code names it)
	Server                           // listens for connections
	EnvDump                          // reads the whole environment
	Env                              // reads the environment variable Args[0]
)

// Effect is one thing a program's source does, with literal arguments.
type Effect struct {
	Kind EffectKind
	// Call is the function or constructor as the code names it
	// ("system", "Command::new", "os.RemoveAll").
	Call string
	Args []string
	Line int
}

// Program is what a reader found in one source file of a compiled
// program. Nothing in it is run; the policy judges each effect.
type Program struct {
	Lang    string
	Effects []Effect
	// Includes are other files the compiler reads as code: C's #include
	// "x.h" (Local) and <x.h> (System, found only in -I folders), Rust's
	// mod files and include!.
	Includes []Include
	// Imports are the packages a Go file imports, Package its package
	// name and Generate its //go:generate directives.
	Imports  []string
	Package  string
	Generate []Directive
	// Unknown names, with its line, the first thing the reader did not
	// understand: an effect whose argument is built at run time, a call
	// reached indirectly. "" when everything was.
	Unknown string
	// Unread says why the file could not be read whole (it does not
	// tokenize or parse, or is too long); nothing else is then reported,
	// but a Go file's directives, which go generate finds by line.
	Unread string
}

// Directive is one //go:generate line: its number and its text after
// the //go:generate prefix.
type Directive struct {
	Line int
	Text string
}

// EnvValue stands, inside an effect's argument, for the value of the
// environment variable name where the code builds the argument from it
// (env::var("HOME"), os.Getenv, os.UserHomeDir as HOME): EnvValue("HOME")
// + "/.ssh". The policy renders it as the shell's "${name}". A NUL byte
// cannot be in a real path or argument, so no literal is taken for one.
func EnvValue(name string) string { return "\x00" + name + "\x00" }

// EnvParts splits an argument at its EnvValue marks: literal text at even
// indexes, variable names at odd ones.
func EnvParts(arg string) []string { return strings.Split(arg, "\x00") }

// expandFormat expands a format string (Go's fmt, Rust's format!): a
// character of specials doubled is itself; placeholder reads the one at
// the start of s and returns its length and value.
func expandFormat(f, specials string, placeholder func(s string) (int, string, bool)) (string, bool) {
	var out strings.Builder
	for s := f; s != ""; {
		i := strings.IndexAny(s, specials)
		if i < 0 {
			out.WriteString(s)
			break
		}
		out.WriteString(s[:i])
		if i+1 < len(s) && s[i+1] == s[i] {
			out.WriteByte(s[i])
			s = s[i+2:]
			continue
		}
		n, v, ok := placeholder(s[i:])
		if !ok || n <= 0 {
			return "", false
		}
		out.WriteString(v)
		s = s[i+n:]
	}
	return out.String(), true
}

// hasEnv reports an argument built from the environment.
func hasEnv(arg string) bool { return strings.IndexByte(arg, 0) >= 0 }

// Include is a file a source brings in at compile time.
type Include struct {
	Name string
	// System is set for C's <name>, searched only in the include folders.
	System bool
	// Mod is set for a Rust module declaration (mod a; inside mod b { }
	// gives "b/a"), found as NAME.rs or NAME/mod.rs.
	Mod  bool
	Line int
}

// ProgramLanguages are the languages ReadProgram reads.
var ProgramLanguages = []string{"c", "c++", "rust", "java", "go"}

// ReadProgram reads one source file of a compiled program in lang and
// reports what it does. It never panics; what it cannot read whole is
// Unknown.
func ReadProgram(lang, src string) (p Program) {
	p.Lang = lang
	defer func() {
		if r := recover(); r != nil {
			p = Program{Lang: lang, Unread: fmt.Sprintf("internal error while reading %s code: %v", lang, r)}
		}
	}()
	if len(src) > maxSource {
		p.Unread = fmt.Sprintf("the file is longer than %d KiB", maxSource>>10)
		return p
	}
	r := &reader{p: &p, src: src}
	switch lang {
	case "c", "c++":
		r.readC(lang == "c++")
	case "rust":
		r.readRust()
	case "java":
		r.readJava()
	case "go":
		readGo(r)
	default:
		p.Unknown = "arbiter has no reader for " + lang
	}
	return p
}

// reader accumulates one Program.
type reader struct {
	p   *Program
	src string // the text positions refer to (after C's line splicing)
	ts  tokens
	// lets are the Rust file's names bound once, for evaluating values.
	lets map[string]tokens
}

// line returns the line of byte offset pos.
func (r *reader) line(pos int) int {
	if pos > len(r.src) {
		pos = len(r.src)
	}
	return strings.Count(r.src[:max(pos, 0)], "\n") + 1
}

// unknown records the first thing not understood, at pos.
func (r *reader) unknown(pos int, format string, args ...any) {
	if r.p.Unknown == "" {
		r.p.Unknown = fmt.Sprintf(format, args...) + fmt.Sprintf(" (line %d)", r.line(pos))
	}
}

// effect records an effect at pos.
func (r *reader) effect(k EffectKind, call string, pos int, args ...string) {
	r.p.Effects = append(r.p.Effects, Effect{Kind: k, Call: call, Args: args, Line: r.line(pos)})
}

// lex tokenizes r.src with the C-family tokenizer; false when it failed.
func (r *reader) lex(opt clikeOptions) bool {
	a := &analysis{}
	r.ts = lexCLike(a, r.src, opt)
	if a.failed {
		r.p.Unread = a.r.Why
		return false
	}
	return true
}
