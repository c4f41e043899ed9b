package shell

import "strings"

// Context records where a simple command sits in the command line.
type Context uint16

// Context flags; a command may carry several.
const (
	InPipeline     Context = 1 << iota // one stage of a | pipeline
	InSubstitution                     // inside $(…), `…`, <(…) or >(…)
	InSubshell                         // inside ( … )
	InLoop                             // inside for, while, until or select
	InFunction                         // inside a function body
	InBackground                       // run with &
	InCondition                        // the condition of if, while or until
	Nested                             // run by a nested shell or a wrapper's string
)

var contextNames = []string{"pipeline", "substitution", "subshell", "loop", "function", "background", "condition", "nested"}

func (c Context) String() string {
	var parts []string
	for i, name := range contextNames {
		if c&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	return strings.Join(parts, ",")
}

// Word is one argument after quote removal and brace expansion.
type Word struct {
	// Text is the word as the program would receive it. Expansions that
	// could not be resolved stay as written ("$TARGET", "$(…)").
	Text string
	// Dynamic is set when part of the word is only known at run time.
	Dynamic bool
	// Split is set when such a part is unquoted: at run time the word may
	// split into several words, or expand as a pattern.
	Split bool
	// Glob is set when an unquoted *, ? or [ makes the word a pattern.
	Glob bool
	// From names the programs of a process substitution that produced the
	// word (bash <(curl …)), empty otherwise.
	From []string
	// Value, for a Dynamic word, is what is known of every part only known
	// at run time: a number or a name from a read-only program's output
	// ($(nproc), $(whoami)); AnyValue when any part may be anything.
	Value ValueKind
	// Listed, for the word ROOT/* that xargs hands on for the names a
	// find below ROOT prints (find ROOT … | xargs CMD), says how xargs
	// splits them; NotListed for any other word.
	Listed ListKind
	// Uses names the variables whose values the word carries, nested
	// operands (${a:-$S}) and earlier assignments (x=$S; echo $x)
	// included; see walker.uses.
	Uses []string
}

// ListKind is how xargs splits the names find prints.
type ListKind int

const (
	NotListed ListKind = iota
	// ListedByBlanks is xargs's default: names split at blanks and
	// newlines, with quotes and backslashes read, so a name holding one
	// becomes other words.
	ListedByBlanks
	// ListedByNull is xargs -0 fed by find -print0: whole names.
	ListedByNull
)

// Redirect is one redirection of a command.
type Redirect struct {
	Op     string // ">", ">>", "<", "<>", "&>", "&>>", ">|", "<<", "<<-", "<<<", ">&", "<&" (and zsh's ">>|", "&>|", "&>>|")
	Fd     string // the explicit descriptor ("2"), or a {name} for bash's named fds
	Target Word   // the file, descriptor or here-document text
}

// Writes reports whether the redirection opens its target for writing.
func (r Redirect) Writes() bool {
	switch r.Op {
	case ">", ">>", "&>", "&>>", ">|", "<>", ">>|", "&>|", "&>>|":
		return true
	case ">&":
		return !isFd(r.Target.Text)
	}
	return false
}

// Reads reports whether the redirection reads a file.
func (r Redirect) Reads() bool {
	switch r.Op {
	case "<", "<>":
		return true
	case "<&":
		return !isFd(r.Target.Text)
	}
	return false
}

func isFd(s string) bool {
	s = strings.TrimSuffix(s, "-")
	if s == "" {
		return true
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// Assign is an environment assignment such as PAGER=x in front of a command.
type Assign struct {
	Name  string
	Value Word
}

// InputKind says what feeds a command's standard input.
type InputKind uint8

// Kinds of standard input.
const (
	NoInput InputKind = iota
	HereDoc           // << or <<-
	HereStr           // <<<
	Pipe              // the previous stage of a pipeline
	File              // < file
)

// Input is what a command reads on standard input, when the analysis knows.
type Input struct {
	Kind InputKind
	// Text is the literal text fed in (a here-document, a here-string, or
	// the output of echo or printf with literal arguments); Known says
	// whether Text is all of it.
	Text  string
	Known bool
	// From names the programs whose output is piped in.
	From []string
}

// Command is one simple command the shell would run.
type Command struct {
	// Program is the base name of what runs, lower-cased ("git" for
	// /usr/bin/git); empty when it cannot be resolved.
	Program string
	// Name is the program word as written after quote removal.
	Name   string
	Args   []Word
	Redirs []Redirect
	Env    []Assign
	// Via lists the wrappers and runners the command passed through,
	// outermost first ("sudo", "env", "xargs", "npx").
	Via []string
	Ctx Context
	// Stdin is what feeds the command, when the analysis knows.
	Stdin Input
	// Dir is the directory an earlier cd in the same command line moved
	// to ("" for the call's own directory); DirUnknown is set when that cd
	// went somewhere the analysis cannot tell.
	Dir        string
	DirUnknown bool
	// Depth counts the nested shells around the command.
	Depth int
	// Origin is empty for commands the shell runs directly; for commands
	// inferred from interpreter code it names the language ("python code").
	Origin string
}

// Arg returns the text of argument i, or "" when there is none.
func (c *Command) Arg(i int) string {
	if i < 0 || i >= len(c.Args) {
		return ""
	}
	return c.Args[i].Text
}

// ArgTexts returns the arguments' texts.
func (c *Command) ArgTexts() []string {
	out := make([]string, len(c.Args))
	for i, a := range c.Args {
		out[i] = a.Text
	}
	return out
}

// Has reports whether the command passed through the given wrapper.
func (c *Command) Has(wrapper string) bool {
	for _, v := range c.Via {
		if v == wrapper {
			return true
		}
	}
	return false
}

// String renders the command as a readable line.
func (c *Command) String() string {
	var b strings.Builder
	for _, e := range c.Env {
		b.WriteString(e.Name + "=" + quoteIfNeeded(e.Value.Text) + " ")
	}
	name := c.Name
	if name == "" {
		name = c.Program
	}
	b.WriteString(quoteIfNeeded(name))
	for _, a := range c.Args {
		b.WriteByte(' ')
		b.WriteString(quoteIfNeeded(a.Text))
	}
	for _, r := range c.Redirs {
		if r.Op == "<<" || r.Op == "<<-" {
			b.WriteString(" " + r.Op + "…")
			continue
		}
		b.WriteString(" " + r.Fd + r.Op + quoteIfNeeded(r.Target.Text))
	}
	s := b.String()
	if len(s) > 200 {
		s = s[:197] + "…"
	}
	return s
}

func quoteIfNeeded(s string) string {
	if s == "" {
		return "''"
	}
	if strings.ContainsAny(s, " \t\n'\"|&;<>()") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}

// Problem is something the analysis could not resolve statically.
type Problem struct {
	Kind   ProblemKind
	Detail string
}

// ProblemKind classifies problems.
type ProblemKind string

// The kinds of problem.
const (
	ParseError     ProblemKind = "parse-error"
	DynamicProgram ProblemKind = "dynamic-program"   // program name from a variable or substitution
	DynamicCode    ProblemKind = "dynamic-code"      // eval, source or a shell/interpreter running text it cannot see
	Definition     ProblemKind = "definition"        // a function or alias definition
	TooDeep        ProblemKind = "too-deep"          // nesting beyond the bound
	TooLarge       ProblemKind = "too-large"         // more commands or words than the bound
	UnboundedLoop  ProblemKind = "unbounded-loop"    // a loop with no way out
	ForkBomb       ProblemKind = "fork-bomb"         // unbounded process creation
	ExecOption     ProblemKind = "runs-a-program"    // an option that makes a tool run a program
	FetchesPackage ProblemKind = "fetches-a-package" // a runner downloads the package it is given and runs it (uvx NAME)
	Interactive    ProblemKind = "interactive"       // would wait for a person
	Obfuscated     ProblemKind = "obfuscated"        // decoded or otherwise hidden code is executed
	Unresolved     ProblemKind = "unresolved"        // an expansion whose effect depends on values known only at run time
	Unhandled      ProblemKind = "unhandled-syntax"  // a syntax node the analysis does not read
	ZshSyntax      ProblemKind = "zsh-syntax"        // a shape that is inert in Bash but runs code in zsh
	WrapperOption  ProblemKind = "wrapper-option"    // an option of a wrapper (env -P, script -O) not known to be inert
)

// Analysis is the result of reading one command line.
type Analysis struct {
	Commands []Command
	Problems []Problem
	// Functions lists the names of shell functions the command defines.
	Functions []string
	// Sets lists the variables set other than by an assignment: by read,
	// printf -v, mapfile, getopts or wait -p (the value is Dynamic) and by
	// a for loop (each literal item, or Dynamic). Setting PATH or HOME so
	// redirects later commands as PATH=… does.
	Sets []Assign
	// Compared names the variables whose values decide a test ([ ], [[ ]],
	// test), a case or an arithmetic command, other than a test of
	// whether the value is empty: the outcome tells something of each.
	Compared []string
}

// Programs lists the programs the command runs, in order.
func (a *Analysis) Programs() []string {
	out := make([]string, 0, len(a.Commands))
	for _, c := range a.Commands {
		out = append(out, c.Program)
	}
	return out
}

// HasProblem reports whether a problem of the given kind was found.
func (a *Analysis) HasProblem(kind ProblemKind) bool {
	for _, p := range a.Problems {
		if p.Kind == kind {
			return true
		}
	}
	return false
}
