package spec

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Kind is what an option's value or an operand is to the program.
type Kind uint8

// The kinds of value. Only Text, Number and Pattern are inert: every other
// kind names something the policy must judge.
const (
	Text      Kind = iota // plain text: a name, a message, a format, a revision
	Number                // a count, a size, a duration
	Pattern               // a search pattern, regular expression or glob
	Read                  // a file or directory the program reads
	Write                 // a file the program writes
	Dir                   // a directory the program works in
	Program               // a program, with its arguments, that the program runs
	Code                  // code in a language (Value.Lang) that the program runs
	Host                  // a host name, address or URL the program contacts
	GitConfig             // a git configuration assignment (name=value)
	Linker                // options a compiler passes to the linker (-Wl,-Bstatic)
	Script                // a file of code the program runs or loads (a test file, a config module, a jar)
	Page                  // a name the program looks up (a manual page), or a file it reads when the word has a slash
	Remote                // a configured remote's name (origin), or a repository's address, which is contacted
	Property              // a NAME=VALUE property given to a build (cmake -D, mvn -D): only known-inert names pass
	GoFlags               // flags go passes to its own compiler or linker (-gcflags, -ldflags): only inert ones pass
	Cert                  // a certificate the program parses and prints (openssl x509 -in): public, and it never prints a key the file may hold
)

var kindNames = [...]string{"text", "num", "pattern", "read", "write", "dir", "prog", "code", "host", "gitconfig", "linker", "script", "page", "remote", "property", "goflags", "cert"}

func (k Kind) String() string { return kindNames[k] }

// Effect is what a program or subcommand does as a whole.
type Effect uint8

// The effects. A program's own policy rule may be stricter than its
// effect; the effect alone never makes a call less strict than Network.
const (
	Reads   Effect = iota + 1 // reads files or state and prints (policy D1)
	Builds                    // builds, tests or checks the project (D5)
	Formats                   // formats or lints; may rewrite its operands in place (D3)
	Writes                    // creates or changes the files it names (D2)
	Runs                      // runs the project's own code or scripts (D4)
	Network                   // talks to other machines: never routine on its own (C)
	Ruled                     // a dedicated policy rule decides; the spec checks the words
)

var effectNames = [...]string{"", "read", "build", "format", "write", "run", "network", "rule"}

func (e Effect) String() string { return effectNames[e] }

// Style is how a program reads its options.
type Style uint8

// The option styles.
const (
	GNU    Style = iota // getopt_long: -abc clusters, --long[=value], options anywhere, -- ends them
	Go                  // Go's flag package: -name, --name, -name=value or -name value; no clusters
	Raw                 // no options at all: every word is an operand (echo, test)
	Posix               // getopt without permutation: the first operand ends the options (python script.py -x)
	Single              // whole-word options: -name, -name=value, -Ivalue, families -Wno-* (gcc, find)
	Flag                // Go's flag package as it stands: Go-style options, the first operand ends them (go run PKG ARGS…)
)

// Option is one option of a program, under all the names it answers to.
type Option struct {
	Names []string // "-n", "--lines"; "-#" stands for -NUMBER
	// Takes says whether the option has a value; Optional values can only
	// be attached (--color=always, -j4).
	Takes    bool
	Optional bool
	Kind     Kind
	Lang     string // for Code values
	// Operand is set for options that supply what would otherwise be the
	// first operand (grep -e PATTERN): the operands then start one later.
	Operand bool
	// Until is set for a value that runs to a ";" or "+" word (find -exec)
	// or to the end (go test -args).
	Until bool
	// Family is set for a name ending in * that stands for every option
	// with that prefix (-Wno-*).
	Family bool
	// Watch is set for an option that keeps the program running and
	// re-running the files it loads when they change (the block's watch
	// line): what it runs later is not on disk yet.
	Watch bool
}

// Name is the option's first name, the one messages use.
func (o *Option) Name() string { return o.Names[0] }

// Spec is one program or subcommand.
type Spec struct {
	Name    string
	Aliases []string
	Effect  Effect
	Style   Style
	Options []Option
	// Operands lists the kinds of the operands in order; when Variadic,
	// the last kind repeats. Operands beyond the list are not understood.
	Operands []Kind
	Langs    []string // per operand, for Code operands
	Variadic bool
	Subs     []*Spec
	// Why is the reason a rule-only program gives when its rule fires
	// (the block's why line).
	Why string
	// Abbrev is set when the program takes a unique prefix of a long
	// option for the option (getopt_long), and the block lists all of
	// them (its abbrev line).
	Abbrev bool
	// unaccepted are the long options the program has and the spec does
	// not accept: they make a prefix ambiguous, and never stand for it.
	unaccepted []string
	// rule names the policy rule that decides a Ruled program (rule:NAME);
	// a subcommand without one is decided by its program's.
	rule   string
	words  bool // the block has opts or args lines
	parent *Spec
	line   int // where the spec starts in the table, for messages
	// raw holds the opts and args lines until the spec is first used.
	raw     []rawLine
	once    sync.Once
	loadErr error
	// tests holds the spec's test lines as written: only Tests reads them.
	tests []rawLine
}

type rawLine struct {
	text string
	line int
}

// load parses the spec's opts and args lines once. A line that does not
// parse leaves the spec with what came before it, and the error is kept:
// fewer options understood means fewer calls allowed, never more.
func (s *Spec) load() error {
	s.once.Do(func() {
		for _, r := range s.raw {
			if err := s.directive(strings.Fields(r.text)); err != nil {
				s.loadErr = fmt.Errorf("programs table line %d: %w", r.line, err)
				return
			}
		}
		s.raw = nil
	})
	return s.loadErr
}

// loadAll loads the spec and every subcommand, reporting the first error.
func (s *Spec) loadAll() error {
	if err := s.load(); err != nil {
		return err
	}
	for _, sub := range s.Subs {
		if err := sub.loadAll(); err != nil {
			return err
		}
	}
	return nil
}

// OperandKinds returns the kinds of the spec's operands.
func (s *Spec) OperandKinds() []Kind {
	s.load()
	return s.Operands
}

// CodeOptions returns the options whose value is code (python -c, node
// --eval) and the language of that code, or "" when there are none.
func (s *Spec) CodeOptions() (lang string, names []string) {
	s.load()
	for _, o := range s.Options {
		if o.Kind == Code {
			lang = o.Lang
			names = append(names, o.Names...)
		}
	}
	return lang, names
}

// Path is the spec's name with its parents' ("git stash").
func (s *Spec) Path() string {
	if s.parent == nil {
		return s.Name
	}
	return s.parent.Path() + " " + s.Name
}

// Line is the line of the table where the spec starts.
func (s *Spec) Line() int { return s.line }

// Rule names the policy rule that decides the program or subcommand:
// its own rule:NAME, else its program's, else "".
func (s *Spec) Rule() string {
	for ; s != nil; s = s.parent {
		if s.rule != "" {
			return s.rule
		}
	}
	return ""
}

// Words reports whether the spec reads any words: a rule-only block,
// with no opts, args or subcommands, leaves every word to its rule, and
// the closed world cannot parse a call by it.
func (s *Spec) Words() bool {
	return s.Effect != Ruled || s.words || len(s.Subs) > 0 || s.parent != nil
}

// Sub returns the subcommand called name, or nil.
func (s *Spec) Sub(name string) *Spec {
	for _, sub := range s.Subs {
		if sub.Name == name {
			return sub
		}
		for _, a := range sub.Aliases {
			if a == name {
				return sub
			}
		}
	}
	return nil
}

// option finds the option called name here or in a parent: options of a
// program stay valid after its subcommand, as most tools accept them.
// ownOption finds the option called name among the spec's own, not its
// parents'.
func (s *Spec) ownOption(name string) *Option {
	for i := range s.Options {
		if slices.Contains(s.Options[i].Names, name) {
			return &s.Options[i]
		}
	}
	return nil
}

func (s *Spec) option(name string) *Option {
	for sp := s; sp != nil; sp = sp.parent {
		sp.load()
		for i := range sp.Options {
			for _, n := range sp.Options[i].Names {
				if n == name {
					return &sp.Options[i]
				}
			}
		}
	}
	return nil
}

// family finds the option family a word belongs to. Families match only
// words of letters, digits and - _ = + . so that a pass-through such as
// gcc's -Wl,… (options for the linker) is never taken for a warning flag.
func (s *Spec) family(word string) *Option {
	for _, c := range word {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("-_=+.", c)) {
			return nil
		}
	}
	for sp := s; sp != nil; sp = sp.parent {
		sp.load()
		for i := range sp.Options {
			o := &sp.Options[i]
			if !o.Family {
				continue
			}
			for _, n := range o.Names {
				if strings.HasPrefix(word, strings.TrimSuffix(n, "*")) {
					return o
				}
			}
		}
	}
	return nil
}

// abbreviated returns the long option name stands for when the program
// takes abbreviations: the one option with a long name that starts with
// name. It reports ambiguous when names of two options do; getopt_long
// then refuses the word and the program runs nothing.
func (s *Spec) abbreviated(name string) (o *Option, ambiguous bool) {
	if !s.Abbrev || !strings.HasPrefix(name, "--") || len(name) < 3 {
		return nil, false
	}
	s.load()
	for i := range s.Options {
		for _, n := range s.Options[i].Names {
			if !strings.HasPrefix(n, "--") || !strings.HasPrefix(n, name) || s.Options[i].Family {
				continue
			}
			if o != nil && o != &s.Options[i] {
				return nil, true
			}
			o = &s.Options[i]
		}
	}
	for _, n := range s.unaccepted {
		if strings.HasPrefix(n, name) {
			return nil, o != nil
		}
	}
	return o, false
}

// prefixOf returns the long option that name abbreviates, if exactly one
// does: getopt_long and git accept unambiguous abbreviations. The parse
// never allows on an abbreviation (the real program may know a longer
// list); it only reports which option the word most likely is.
func (s *Spec) prefixOf(name string) string {
	found := ""
	for sp := s; sp != nil; sp = sp.parent {
		for i := range sp.Options {
			for _, n := range sp.Options[i].Names {
				if strings.HasPrefix(n, "--") && strings.HasPrefix(n, name) {
					if found != "" && found != n {
						return ""
					}
					found = n
				}
			}
		}
	}
	return found
}

// Value is one option value or operand of a parsed command.
type Value struct {
	Kind Kind
	Lang string
	// Arg is the index of the argument the value came from; Text is the
	// value itself (for --out=f, "f").
	Arg  int
	Text string
	// Option is the option the value belongs to, "" for an operand.
	Option string
	// Until marks a value that ran to a terminator (find -exec … ;): the
	// shell analysis already reads those words as the command they are.
	Until bool
}

// Problem is why a command does not parse against its spec.
type Problem struct {
	What string // "unknown option", "unknown subcommand", "extra operand", "missing value"
	Word string // the word that did not parse
	Spec *Spec  // the (sub)command it was parsed against
	// Guess is the long option an abbreviation most likely stands for.
	Guess string
}

func (p *Problem) Error() string {
	s := fmt.Sprintf("%s %s %q", p.Spec.Path(), p.What, p.Word)
	if p.Guess != "" {
		s += fmt.Sprintf(" (an abbreviation of %s?)", p.Guess)
	}
	return s
}

// Result is a command parsed against its spec.
type Result struct {
	Spec    *Spec   // the innermost subcommand reached
	Values  []Value // option values and operands, in order
	Options []*Option
	// Problem is set when some word is not understood; Values then holds
	// what was understood before it.
	Problem *Problem
}

// Has reports whether the command used an option with the given name.
func (r *Result) Has(name string) bool {
	for _, o := range r.Options {
		for _, n := range o.Names {
			if n == name {
				return true
			}
		}
	}
	return false
}

// Watching returns the option that puts the program in watch mode (it
// keeps running and re-runs what it loads when files change), or "".
// A value that turns it off (--watch=false) does not.
func (r *Result) Watching() string {
	for _, o := range r.Options {
		if !o.Watch {
			continue
		}
		if !o.Takes {
			return o.Name()
		}
		for _, v := range r.Values {
			if v.Option == o.Name() && !watchOff(v.Text) {
				return o.Name()
			}
		}
	}
	return ""
}

// WatchOff reports a command line that turns watching off with a watch
// option's value (--watch=false), whatever a configuration says.
func (r *Result) WatchOff() bool {
	for _, o := range r.Options {
		if !o.Watch || !o.Takes {
			continue
		}
		for _, v := range r.Values {
			if v.Option == o.Name() && watchOff(v.Text) {
				return true
			}
		}
	}
	return false
}

// watchOff reports a watch option's value that turns watching off.
func watchOff(v string) bool {
	switch strings.ToLower(v) {
	case "false", "0", "no", "off":
		return true
	}
	return false
}

// Operands returns the operand values.
func (r *Result) Operands() []Value {
	var out []Value
	for _, v := range r.Values {
		if v.Option == "" {
			out = append(out, v)
		}
	}
	return out
}

// Test is an example line of a block: a command and what the policy
// decides for it, checked by a test in package policy. The line is
//
//	test VERDICT [RULE] COMMAND
//
// where VERDICT is allow, deny, ask or defer, and RULE (required but for
// allow) is a rule that fires.
type Test struct {
	Command string
	Verdict string
	Rule    string
	Line    int
}

// Tests returns the test lines of the spec and its subcommands in the
// order they are written, or the first that does not read.
func (s *Spec) Tests() ([]Test, error) {
	var out []Test
	for _, r := range s.tests {
		t, err := readTest(r)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	for _, sub := range s.Subs {
		ts, err := sub.Tests()
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	slices.SortFunc(out, func(a, b Test) int { return a.Line - b.Line })
	return out, nil
}

// readTest reads "test VERDICT [RULE] COMMAND"; the command is the rest
// of the line, as written.
func readTest(r rawLine) (Test, error) {
	t := Test{Line: r.line}
	rest := strings.TrimPrefix(r.text, "test ")
	t.Verdict, rest = cutWord(rest)
	if w, after := cutWord(rest); isRuleID(w) {
		t.Rule, rest = w, after
	}
	t.Command = strings.TrimRight(rest, " \t\r")
	switch {
	case t.Verdict != "allow" && t.Verdict != "deny" && t.Verdict != "ask" && t.Verdict != "defer":
		return t, fmt.Errorf("programs table line %d: test verdict %q (want allow, deny, ask or defer)", r.line, t.Verdict)
	case t.Rule == "" && t.Verdict != "allow":
		return t, fmt.Errorf("programs table line %d: test %s names no rule (want test %s RULE.ID COMMAND)", r.line, t.Verdict, t.Verdict)
	case t.Command == "":
		return t, fmt.Errorf("programs table line %d: test line without a command", r.line)
	}
	return t, nil
}

func cutWord(s string) (word, rest string) {
	word, rest, _ = strings.Cut(strings.TrimLeft(s, " "), " ")
	return word, strings.TrimLeft(rest, " ")
}

// isRuleID reports whether a word is shaped as a catalogue rule's ID
// (B7.git-force-push, U.unknown-option), which no program's name is.
func isRuleID(w string) bool {
	class, item, ok := strings.Cut(w, ".")
	if !ok || class == "" || class[0] < 'A' || class[0] > 'Z' || item == "" {
		return false
	}
	for _, c := range class[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	for _, c := range item {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}
