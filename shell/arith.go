package shell

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Bash evaluates arithmetic recursively: a variable named in an arithmetic
// context has its value evaluated as an expression in turn, and an array
// subscript inside that value is expanded, so x='a[$(cmd)]'; ((x)) runs cmd.
// The same happens wherever Bash takes a variable name with a subscript as
// text (test -v, printf -v, read, unset, ${!x}, declare). The analysis
// therefore follows values into arithmetic: a known value is parsed and read
// as an expression, and a value set at run time from something the analysis
// cannot see (a substitution, read, a glob) is a problem.

// arith reads an arithmetic expression.
func (w *walker) arith(x syntax.ArithmExpr, ctx Context) {
	if x == nil {
		return
	}
	if !w.enter() {
		w.leave()
		return
	}
	defer w.leave()
	w.see(x)
	switch x := x.(type) {
	case *syntax.BinaryArithm:
		w.arith(x.X, ctx)
		w.arith(x.Y, ctx)
	case *syntax.UnaryArithm:
		w.arith(x.X, ctx)
	case *syntax.ParenArithm:
		w.arith(x.X, ctx)
	case *syntax.FlagsArithm:
		w.see(x.Flags)
		w.problem(ZshSyntax, "zsh subscript flags (%s) are not read by the analysis", x.Flags.Value)
		w.arith(x.X, ctx)
	case *syntax.Word:
		w.arithWord(x, ctx)
	default:
		w.problem(Unhandled, "the arithmetic expression %s is not read by the analysis", nodeName(x))
	}
}

// subscript reads the subscript of name[…]: arithmetic for an indexed
// array, a word expanded once for an associative one (declare -A).
func (w *walker) subscript(name string, x syntax.ArithmExpr, ctx Context) {
	if word, ok := x.(*syntax.Word); ok && w.assoc[name] {
		w.words(word, ctx)
		return
	}
	w.arith(x, ctx)
}

// arithWord reads one operand of an arithmetic expression: a name whose
// value is evaluated, a number, or a word whose expansion is evaluated.
func (w *walker) arithWord(word *syntax.Word, ctx Context) {
	if lit := word.Lit(); lit != "" {
		w.see(word)
		for _, p := range word.Parts {
			w.see(p)
		}
		w.arithLiteral(lit, ctx)
		return
	}
	if len(word.Parts) == 1 {
		if pe, ok := word.Parts[0].(*syntax.ParamExp); ok && pe.Short && !pe.Dollar.IsValid() {
			// a[i] inside arithmetic: a naked subscripted name.
			w.see(word)
			w.see(pe)
			w.param(pe, ctx)
			if name := pe.Param.Value; w.hostile[name] || w.varsLost {
				w.problem(Unresolved, "arithmetic evaluates an element of %s, which is set at run time from something the analysis cannot see (a value such as a[$(cmd)] runs cmd)", name)
			}
			return
		}
	}
	ws := w.expand(word, ctx)
	tainted := w.tainted(word)
	for _, x := range ws {
		w.arithValue(x.Text, !x.Dynamic, tainted, "the expansion "+clip(x.Text, 30), ctx)
	}
}

// arithLiteral reads literal arithmetic text: numbers pass, names have
// their values evaluated.
func (w *walker) arithLiteral(lit string, ctx Context) {
	if syntax.ValidName(lit) {
		w.arithName(lit, ctx)
		return
	}
	if plainNumber(lit) {
		return
	}
	w.arithText(lit, ctx, clip(lit, 30))
}

// arithName evaluates the value of a variable named in arithmetic.
func (w *walker) arithName(name string, ctx Context) {
	if w.evaluating[name] {
		w.problem(Unresolved, "the arithmetic value of %s refers to itself", name)
		return
	}
	if v, ok := w.vars[name]; ok && v.known && !v.glob && !w.varsLost {
		if plainNumber(v.text) || v.text == "" {
			return
		}
		if w.evaluating == nil {
			w.evaluating = map[string]bool{}
		}
		w.evaluating[name] = true
		w.arithText(v.text, ctx, name)
		delete(w.evaluating, name)
		return
	}
	if w.varsLost || w.hostile[name] {
		w.problem(Unresolved, "arithmetic evaluates the value of %s, which is set at run time from something the analysis cannot see (a value such as a[$(cmd)] runs cmd)", name)
	}
}

// arithValue evaluates the text an expansion produced, as Bash does when
// $x or $(cmd) appears in arithmetic or in an arithmetic test.
func (w *walker) arithValue(text string, known, tainted bool, what string, ctx Context) {
	if !known {
		if tainted {
			w.problem(Unresolved, "arithmetic evaluates %s, whose value is only known at run time (a value such as a[$(cmd)] runs cmd)", what)
		}
		return
	}
	if plainNumber(text) || text == "" {
		return
	}
	w.arithText(text, ctx, what)
}

// arithText parses text as an arithmetic expression and reads it.
func (w *walker) arithText(text string, ctx Context, what string) {
	if !strings.ContainsAny(text, "$`[") && !hasName(text) {
		return // operators and numbers only
	}
	file, err := w.parse("((" + text + "\n))")
	if err != nil || len(file.Stmts) != 1 || len(file.Stmts[0].Redirs) > 0 {
		w.problem(Unresolved, "arithmetic evaluates %s, whose value %q the analysis cannot read as an expression", what, clip(text, 40))
		return
	}
	cmd, ok := file.Stmts[0].Cmd.(*syntax.ArithmCmd)
	if !ok {
		w.problem(Unresolved, "arithmetic evaluates %s, whose value %q the analysis cannot read as an expression", what, clip(text, 40))
		return
	}
	w.arith(cmd.X, ctx|InSubstitution)
}

// reference checks ${!name}: the value of name is itself a variable name,
// perhaps with a subscript.
func (w *walker) reference(name string, ctx Context) {
	v, known := w.lookup(name)
	w.refText(v, known, w.hostile[name] || w.varsLost, "${!"+name+"}", ctx)
}

// refText checks text that Bash takes as a variable name, where a subscript
// such as a[$(cmd)] is expanded and evaluated.
func (w *walker) refText(text string, known, tainted bool, what string, ctx Context) {
	if !known {
		if tainted {
			w.problem(Unresolved, "%s names a variable only known at run time, and a name such as a[$(cmd)] runs cmd", what)
		}
		return
	}
	open := strings.IndexByte(text, '[')
	if open < 0 {
		return
	}
	sub := strings.TrimSuffix(text[open+1:], "]")
	if close := strings.LastIndexByte(text, ']'); close > open {
		sub = text[open+1 : close]
	}
	if sub == "@" || sub == "*" || plainNumber(sub) {
		return
	}
	w.arithText(sub, ctx, what)
}

// tainted reports whether a word's value may come from outside the command
// line: a substitution's output, or a variable set from one.
func (w *walker) tainted(word *syntax.Word) bool {
	for _, part := range word.Parts {
		if w.taintedPart(part) {
			return true
		}
	}
	return false
}

func (w *walker) taintedPart(part syntax.WordPart) bool {
	switch p := part.(type) {
	case *syntax.Lit, *syntax.SglQuoted, *syntax.ArithmExp:
		return false
	case *syntax.CmdSubst:
		return !numericOutput(p.Stmts)
	case *syntax.DblQuoted:
		for _, q := range p.Parts {
			if w.taintedPart(q) {
				return true
			}
		}
		return false
	case *syntax.ParamExp:
		if numericParam(p) {
			return false
		}
		if p.Param == nil {
			return true
		}
		name := p.Param.Value
		if _, known := w.lookup(name); known && !p.Excl {
			return false
		}
		return w.varsLost || w.hostile[name] || p.Excl
	}
	return true
}

// numericOutput reports whether a command substitution prints only a
// number (seq 1 10, nproc, wc -l < f, … | wc -l): its output cannot carry
// code into arithmetic.
func numericOutput(stmts []*syntax.Stmt) bool {
	if len(stmts) != 1 {
		return false
	}
	st := stmts[0]
	for _, r := range st.Redirs {
		if r.Op != syntax.RdrIn && !(r.Op == syntax.RdrOut && r.N != nil && r.N.Value == "2") {
			return false
		}
	}
	switch c := st.Cmd.(type) {
	case *syntax.BinaryCmd:
		return c.Op == syntax.Pipe && numericOutput([]*syntax.Stmt{c.Y})
	case *syntax.CallExpr:
		if len(c.Assigns) > 0 || len(c.Args) == 0 {
			return false
		}
		args := make([]string, len(c.Args))
		for i, a := range c.Args {
			if args[i] = a.Lit(); args[i] == "" {
				return false
			}
		}
		return numericCommand(args[0], args[1:])
	}
	return false
}

// numericCommand reports whether a command with literal arguments prints
// only numbers.
func numericCommand(prog string, args []string) bool {
	allowed := func(opts ...string) bool {
		for _, a := range args {
			if !slices.Contains(opts, a) && !(prog == "seq" && plainNumber(a)) {
				return false
			}
		}
		return true
	}
	switch prog {
	case "seq":
		return allowed("-w")
	case "nproc":
		return allowed("--all")
	case "wc":
		return allowed("-l", "-c", "-w", "-m") // standard input only: no file name is printed
	case "id":
		return allowed("-u", "-g", "-ru", "-rg")
	case "date":
		return allowed("+%s")
	}
	return false
}

// numericParam reports whether a parameter expansion is always a number:
// a length ${#x}, or $#, $?, $$, $!.
func numericParam(p *syntax.ParamExp) bool {
	if p.Length && p.Exp == nil && p.Repl == nil && p.Slice == nil {
		return true
	}
	if p.Param == nil || p.Excl || p.Index != nil || p.Exp != nil || p.Repl != nil || p.Slice != nil {
		return false
	}
	switch p.Param.Value {
	case "#", "?", "$", "!":
		return true
	}
	return false
}

// plainNumber reports whether s is a decimal number, perhaps signed.
func plainNumber(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.TrimLeft(s, "+-")
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// hasName reports whether arithmetic text mentions a name (a letter or _
// that does not belong to a number such as 0x1f or 2#101).
func hasName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			for i < len(s) && (isAlnum(s[i]) || s[i] == '#' || s[i] == '@') {
				i++
			}
			i--
			continue
		}
		if isAlnum(c) {
			return true
		}
	}
	return false
}

// inertValue reports whether an assigned word is text that cannot carry a
// subscript or a substitution, or an arithmetic result.
func inertValue(word *syntax.Word) bool {
	if word == nil {
		return true
	}
	if len(word.Parts) == 1 {
		switch p := word.Parts[0].(type) {
		case *syntax.ArithmExp:
			return true
		case *syntax.CmdSubst:
			return numericOutput(p.Stmts)
		case *syntax.ParamExp:
			return numericParam(p)
		}
	}
	for _, part := range word.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "[$`") {
				return false
			}
		case *syntax.SglQuoted:
			if strings.ContainsAny(p.Value, "[$`") {
				return false
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok || strings.ContainsAny(lit.Value, "[$`") {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
