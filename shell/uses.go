package shell

import (
	"sort"

	"mvdan.cc/sh/v3/syntax"
)

// uses returns the variables whose values a word carries: every
// parameter expansion in it, nested ones too (${a:-$S}, ${a/x/$S}), and
// the names read in its arithmetic, each with the variables its value was
// assigned from earlier in the line (x=$S; echo $x carries S). The
// commands of a substitution are not followed: their output is judged
// with them. ${S:+…} and ${#S} carry only whether S is set and its length,
// not its value, so they do not count as uses of S.
func (w *walker) uses(node syntax.Node) []string {
	if node == nil || plainWord(node) {
		return nil
	}
	set := map[string]bool{}
	w.collectUses(node, false, set)
	return sortedNames(set)
}

// plainWord reports a word of literal text only, which uses nothing.
func plainWord(node syntax.Node) bool {
	word, ok := node.(*syntax.Word)
	if !ok {
		return false
	}
	for _, p := range word.Parts {
		switch p.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		default:
			return false
		}
	}
	return true
}

func (w *walker) collectUses(node syntax.Node, arith bool, set map[string]bool) {
	syntax.Walk(node, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.ParamExp:
			if n.Param != nil && carriesValue(n) {
				w.useName(n.Param.Value, set)
			}
			if n.Param != nil && indirect(n) {
				// ${!n} expands the variable n names: when n's value is
				// known, that variable's value is carried.
				if target, known := w.lookup(n.Param.Value); known && syntax.ValidName(target) {
					w.useName(target, set)
				}
			}
		case *syntax.ArithmExp:
			w.collectUses(n.X, true, set)
			return false
		case *syntax.Word:
			// In arithmetic a bare name is a variable: $((S)).
			if lit := n.Lit(); arith && syntax.ValidName(lit) {
				w.useName(lit, set)
			}
		}
		return true
	})
}

// arithUses returns the variables an arithmetic expression reads.
func (w *walker) arithUses(x syntax.ArithmExpr) []string {
	if x == nil {
		return nil
	}
	set := map[string]bool{}
	w.collectUses(x, true, set)
	return sortedNames(set)
}

// carriesValue reports whether a parameter expansion yields (part of) the
// variable's value, rather than whether it is set or its length.
func carriesValue(p *syntax.ParamExp) bool {
	if p.Length || p.Excl {
		return false
	}
	return p.Exp == nil || p.Exp.Op != syntax.AlternateUnset && p.Exp.Op != syntax.AlternateUnsetOrNull
}

// indirect reports ${!n} and ${!n[i]}, which expand the variable whose
// name n holds, rather than ${!prefix*} and ${!a[@]}, which expand names.
func indirect(p *syntax.ParamExp) bool {
	if !p.Excl || p.Names != 0 || p.Length {
		return false
	}
	if p.Index != nil {
		if w, ok := p.Index.(*syntax.Word); ok && (w.Lit() == "@" || w.Lit() == "*") {
			return false
		}
	}
	return true
}

// useName adds a variable and those it was assigned from. A variable
// whose value the line gives (S=abc; echo $S) carries no value from the
// environment, so only its taint counts.
func (w *walker) useName(name string, set map[string]bool) {
	if _, known := w.lookup(name); !known {
		set[name] = true
	}
	for _, from := range w.taint[name] {
		set[from] = true
	}
}

// tag records the variables a variable's new value was built from, for
// the rest of the line: taint only grows, since a branch or a loop may
// have assigned it either way.
func (w *walker) tag(name string, from []string) {
	if len(from) == 0 || name == "" {
		return
	}
	if w.taint == nil {
		w.taint = map[string][]string{}
	}
	set := map[string]bool{}
	for _, n := range append(w.taint[name], from...) {
		if n != name {
			set[n] = true
		}
	}
	w.taint[name] = sortedNames(set)
}

// isPositional reports the names of the positional parameters: $0, $1,
// …, $@ and $*.
func isPositional(name string) bool {
	if name == "@" || name == "*" {
		return true
	}
	_, ok := positionalIndex(name)
	return ok
}

// positionalUses adds, once the line is read, what the positional
// parameters may carry to every word that expands one. They are one
// pool, tagged "@": set -- WORD…, a nested shell's arguments (sh -c
// CODE ARG…) and the arguments of every call to a function the line
// defines (whose body expands them) all feed it, wherever the call
// stands, since a body is read where it is defined, before its calls.
func (w *walker) positionalUses() {
	defined := map[string]bool{}
	for _, f := range w.a.Functions {
		defined[f] = true
	}
	var from []string
	for _, c := range w.a.Commands {
		if c.Program != "" && defined[c.Name] {
			from = append(from, wordUses(c.Args...)...)
		}
	}
	w.tag("@", from)
	pool := w.taint["@"]
	if len(pool) == 0 {
		return
	}
	carry := func(uses []string) []string {
		for _, n := range uses {
			if isPositional(n) {
				set := map[string]bool{}
				for _, m := range append(append([]string(nil), uses...), pool...) {
					set[m] = true
				}
				return sortedNames(set)
			}
		}
		return uses
	}
	for i := range w.a.Commands {
		c := &w.a.Commands[i]
		for k := range c.Args {
			c.Args[k].Uses = carry(c.Args[k].Uses)
		}
		for k := range c.Env {
			c.Env[k].Value.Uses = carry(c.Env[k].Value.Uses)
		}
		for k := range c.Redirs {
			c.Redirs[k].Target.Uses = carry(c.Redirs[k].Target.Uses)
		}
	}
	w.a.Compared = carry(w.a.Compared)
}

// compare records the variables whose values decide a test, a case or an
// arithmetic command: the outcome, printed or as the exit status, tells
// something of each value.
func (w *walker) compare(names []string) {
	set := map[string]bool{}
	for _, n := range append(w.a.Compared, names...) {
		set[n] = true
	}
	w.a.Compared = sortedNames(set)
}

// testUses returns the variables a [[ ]] expression compares. A lone
// operand and -n, -z test only whether a value is empty.
func (w *walker) testUses(x syntax.TestExpr) []string {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		if x.Op == syntax.AndTest || x.Op == syntax.OrTest {
			return append(w.testUses(x.X), w.testUses(x.Y)...)
		}
		return append(w.uses(x.X), w.uses(x.Y)...)
	case *syntax.UnaryTest:
		if x.Op == syntax.TsEmpStr || x.Op == syntax.TsNempStr {
			return nil
		}
		if x.Op == syntax.TsNot {
			return w.testUses(x.X)
		}
		return w.uses(x.X)
	case *syntax.ParenTest:
		return w.testUses(x.X)
	}
	return nil
}

// testCommandUses is testUses for test and [: with one operand, or -n or
// -z and one operand, the test is only whether a value is empty.
func testCommandUses(cmd *Command) []string {
	args := cmd.Args
	if cmd.Program == "[" && len(args) > 0 && args[len(args)-1].Text == "]" {
		args = args[:len(args)-1]
	}
	if len(args) > 0 && args[0].Text == "!" {
		args = args[1:]
	}
	if len(args) <= 1 || len(args) == 2 && (args[0].Text == "-n" || args[0].Text == "-z") {
		return nil
	}
	var out []string
	for _, a := range args {
		out = append(out, a.Uses...)
	}
	return out
}

// wordUses joins the variables words carry.
func wordUses(ws ...Word) []string {
	var out []string
	for _, x := range ws {
		out = append(out, x.Uses...)
	}
	return out
}

func sortedNames(set map[string]bool) []string {
	if len(set) == 0 {
		return nil
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
