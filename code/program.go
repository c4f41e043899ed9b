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
	// Imports are the packages a Go file imports.
	Imports []string
	// Unknown names, with its line, the first thing the reader did not
	// understand: a tokenize error, an effect whose argument is built at
	// run time, a call reached indirectly. "" when everything was.
	Unknown string
}

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
			p = Program{Lang: lang, Unknown: fmt.Sprintf("internal error while reading %s code: %v", lang, r)}
		}
	}()
	if len(src) > maxSource {
		p.Unknown = fmt.Sprintf("the file is longer than %d KiB", maxSource>>10)
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
		r.p.Unknown = a.r.Why
		return false
	}
	return true
}
