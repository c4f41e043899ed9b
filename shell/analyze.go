package shell

import (
	"fmt"
	"maps"
	"path"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Limits bound the work done on hostile input.
const (
	maxDepth    = 64   // nested shells, substitutions and compound commands
	maxCommands = 4096 // simple commands reported
	maxShells   = 8    // shells inside shells (-c, heredocs, piped scripts)
	maxBraces   = 256  // words one brace expansion may produce
	maxSource   = 1 << 20
	// maxWalked bounds the statements walked: loops unrolled inside
	// loops walk their body once per item at each level.
	maxWalked = 1 << 16
	// maxUnrolled bounds the bytes of loop bodies walked once per item:
	// a body of many words walked a few thousand times is as slow.
	maxUnrolled = 512 << 10
)

// Analyze reads a command line and reports what it runs.
func Analyze(src string) *Analysis {
	var az Analyzer
	return az.Analyze(src)
}

// Analyzer is Analyze with its parsers kept for reuse: a parser is a
// large allocation, and a gate deciding many calls need not make one per
// call. The zero value is ready; it is safe for concurrent use.
type Analyzer struct {
	parsers sync.Pool
}

// Analyze reads a command line and reports what it runs.
func (az *Analyzer) Analyze(src string) *Analysis { return az.AnalyzeWith(src, nil) }

// AnalyzeWith is Analyze with a Host that answers what the text does not
// tell: the work tree a git command finds, what a sourced file does.
func (az *Analyzer) AnalyzeWith(src string, host Host) *Analysis {
	a := &Analysis{}
	w := &walker{a: a, vars: map[string]value{}, parsers: &az.parsers, host: host}
	w.script(src, 0, Context(0), nil)
	w.positionalUses()
	return a
}

// parse parses one script with a pooled parser.
func (w *walker) parse(src string) (*syntax.File, error) {
	p, _ := w.parsers.Get().(*syntax.Parser)
	if p == nil {
		p = syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	}
	f, err := p.Parse(strings.NewReader(src), "")
	w.parsers.Put(p)
	return f, err
}

// value is what the analysis knows of a shell variable.
type value struct {
	text  string
	known bool
	// glob is set when text is a pattern (for f in *.txt): the value is
	// then one of the names it matches.
	glob bool
}

// walker carries the state of one analysis. Scripts nested in the command
// (bash -c, heredocs) get their own variables but share the result.
type walker struct {
	a       *Analysis
	vars    map[string]value
	assigns map[string]int // how often each variable is assigned in the current script
	shells  int            // nested shell depth
	depth   int            // AST depth, across nested scripts
	dir     string
	dirLost bool
	// varsLost is set once sourced code may have changed any variable.
	varsLost bool
	stdin    *Input   // input for the next simple command (a pipeline's stage)
	via      []string // wrappers of the enclosing nested shell
	stop     bool     // a bound was hit; stop adding commands
	walked   int      // statements and compound commands entered (maxWalked)
	unrolled int      // bytes of loop bodies walked per item (maxUnrolled)
	parsers  *sync.Pool
	// hostile names the variables, in this script or an enclosing one,
	// whose values may carry code into arithmetic (see arith.go).
	hostile    map[string]bool
	evaluating map[string]bool // variables whose arithmetic value is being read
	integer    map[string]bool // variables declared with declare -i
	assoc      map[string]bool // associative arrays (declare -A), whose subscripts are strings
	// ifsLost is set once the command assigns IFS: where unquoted
	// expansions split is then unknown.
	ifsLost bool
	// cdpathLost is set once the command assigns CDPATH, which may send a
	// relative cd anywhere.
	cdpathLost bool
	// keyword is set once keyword mode may be on (set -k, bash -k, set -o
	// keyword): every NAME=VALUE word of a command is then an assignment
	// to its environment, not an argument. It stays set across nested
	// scripts, which may have turned it on in this shell (eval 'set -k').
	keyword  bool
	dirStack []dirState // pushd's stack
	// trace, when set (by tests), records every syntax node the analysis
	// read, and files every tree it parsed, so that a test can prove no
	// node was skipped.
	trace map[syntax.Node]bool
	files []*syntax.File
	host  Host // nil: nothing beyond the text is known
	// taint maps a variable to the variables its value was assigned from
	// anywhere earlier in the line (see uses.go).
	taint map[string][]string
	// venv is what a sourced activate script put first on PATH, when the
	// host knew the script; nil otherwise.
	venv *Sourced
}

// dirState is a working directory as the analysis knows it.
type dirState struct {
	dir  string
	lost bool
}

// see records that the analysis read a node (only when tracing).
func (w *walker) see(n syntax.Node) {
	if w.trace != nil && n != nil {
		w.trace[n] = true
	}
}

// nodeName names a node's type for a problem's text ("ParamExp").
func nodeName(n syntax.Node) string {
	return strings.TrimPrefix(fmt.Sprintf("%T", n), "*syntax.")
}

func (w *walker) problem(kind ProblemKind, format string, args ...any) {
	for _, p := range w.a.Problems {
		if p.Kind == kind && p.Detail == fmt.Sprintf(format, args...) {
			return
		}
	}
	if len(w.a.Problems) < 64 {
		w.a.Problems = append(w.a.Problems, Problem{Kind: kind, Detail: fmt.Sprintf(format, args...)})
	}
}

// script parses src and walks it. positional holds $0, $1, … when known.
func (w *walker) script(src string, shells int, ctx Context, positional []Word) {
	if len(src) > maxSource {
		w.problem(TooLarge, "command of %d bytes is larger than the %d bytes analysed", len(src), maxSource)
		return
	}
	if shells > maxShells {
		w.problem(TooDeep, "shells nested more than %d deep", maxShells)
		return
	}
	file, err := w.parse(src)
	if err != nil {
		w.problem(ParseError, "cannot parse %q: %v", clip(src, 80), err)
		return
	}
	if w.trace != nil {
		w.files = append(w.files, file)
		w.see(file)
	}
	saved := *w
	w.vars = map[string]value{}
	for k, v := range saved.vars {
		if shells == saved.shells { // same script: keep what is known
			w.vars[k] = v
		}
	}
	for i, p := range positional {
		w.vars[fmt.Sprint(i)] = value{text: p.Text, known: !p.Dynamic}
	}
	w.tag("@", wordUses(positional...))
	w.assigns = w.countAssigns(file)
	if w.assigns["IFS"] > w.assigns[prefixIFS] {
		w.ifsLost = true
	}
	if w.assigns["CDPATH"] > 0 {
		w.cdpathLost = true
	}
	w.shells = shells
	w.stdin = nil
	// A nested shell starts in the directory of the shell that runs it.
	w.stmts(file.Stmts, ctx)
	// Variables, directory and stdin belong to the script that set them.
	w.vars, w.assigns, w.shells, w.dir, w.dirLost, w.stdin = saved.vars, saved.assigns, saved.shells, saved.dir, saved.dirLost, saved.stdin
	if shells != saved.shells {
		w.venv = saved.venv // a nested shell's PATH ends with it
	}
}

// countAssigns counts assignments per variable name, so that only variables
// set exactly once are substituted: a variable set on several paths has no
// single value the analysis can trust. It also marks the variables whose
// values may carry code into arithmetic (see arith.go): those set from a
// substitution, read, mapfile, getopts, printf -v, a glob or another
// variable, or to text with a subscript or an expansion in it.
func (w *walker) countAssigns(file *syntax.File) map[string]int {
	counts := map[string]int{}
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil {
				counts[n.Name.Value]++
				if n.Naked || n.Append || n.Index != nil || n.Array != nil {
					counts[n.Name.Value] += 2
				}
				if !inertValue(n.Value) || n.Array != nil {
					w.markHostile(n.Name.Value)
				}
			}
		case *syntax.ForClause:
			if it, ok := n.Loop.(*syntax.WordIter); ok && it.Name != nil {
				counts[it.Name.Value] += 2
				if !it.InPos.IsValid() {
					w.markHostile(it.Name.Value) // for x; do: the positional parameters
				}
				for _, item := range it.Items {
					if !inertValue(item) || strings.ContainsAny(item.Lit(), "*?[") {
						w.markHostile(it.Name.Value)
					}
				}
			}
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				// IFS=x read … sets IFS for that command only, not for the
				// shell's own splitting.
				for _, as := range n.Assigns {
					if as.Name != nil && as.Name.Value == "IFS" {
						counts[prefixIFS]++
					}
				}
			}
			// set and shift change the positional parameters, counted as
			// "@": any word set or shift, so that a wrapped one (builtin
			// set, command shift) counts too.
			for _, a := range n.Args {
				if l := a.Lit(); l == "set" || l == "shift" {
					counts["@"]++
				}
			}
			// read, mapfile, getopts and printf -v set variables at run time.
			if len(n.Args) > 0 {
				switch n.Args[0].Lit() {
				case "read", "mapfile", "readarray", "getopts", "printf", "unset", "declare", "typeset", "local", "wait":
					for _, a := range n.Args[1:] {
						if name := a.Lit(); syntax.ValidName(name) {
							counts[name] += 2
							w.markHostile(name)
						}
					}
				}
			}
		}
		return true
	})
	return counts
}

// prefixIFS counts, among the assignment counts, the IFS assignments that
// prefix a command (not a valid variable name, so no clash).
const prefixIFS = "IFS prefix"

func (w *walker) markAssoc(name string) {
	if w.assoc == nil {
		w.assoc = map[string]bool{}
	}
	w.assoc[name] = true
}

func (w *walker) markHostile(name string) {
	if w.hostile == nil {
		w.hostile = map[string]bool{}
	}
	w.hostile[name] = true
}

func (w *walker) enter() bool {
	w.depth++
	if w.depth > maxDepth {
		w.problem(TooDeep, "command nested more than %d levels deep", maxDepth)
		return false
	}
	if w.walked++; w.walked > maxWalked && !w.stop {
		w.problem(TooLarge, "more than %d statements to walk", maxWalked)
		w.stop = true
	}
	return !w.stop
}

func (w *walker) leave() { w.depth-- }

func (w *walker) stmts(list []*syntax.Stmt, ctx Context) {
	for _, s := range list {
		w.stmt(s, ctx)
	}
}

func (w *walker) stmt(s *syntax.Stmt, ctx Context) {
	if !w.enter() {
		w.leave()
		return
	}
	defer w.leave()
	w.see(s)
	if s.Background || s.Coprocess || s.Disown {
		ctx |= InBackground
	}
	if s.Cmd != nil {
		w.see(s.Cmd)
	}
	redirs := w.redirects(s.Redirs, ctx)
	start := len(w.a.Commands)
	switch c := s.Cmd.(type) {
	case nil:
		// A bare redirection such as "> file" still opens the file.
		if len(redirs) > 0 {
			w.add(Command{Program: "", Name: "", Redirs: redirs, Ctx: ctx})
		}
		return
	case *syntax.CallExpr:
		w.call(c, redirs, ctx)
		return
	case *syntax.BinaryCmd:
		w.binary(c, ctx)
	case *syntax.Block:
		w.stmts(c.Stmts, ctx)
	case *syntax.Subshell:
		dir, lost := w.dir, w.dirLost
		w.stmts(c.Stmts, ctx|InSubshell)
		w.dir, w.dirLost = dir, lost
	case *syntax.IfClause:
		for cl := c; cl != nil; cl = cl.Else {
			w.see(cl)
			w.stmts(cl.Cond, ctx|InCondition)
			w.stmts(cl.Then, ctx)
		}
	case *syntax.WhileClause:
		w.stmts(c.Cond, ctx|InCondition|InLoop)
		w.stmts(c.Do, ctx|InLoop)
		if v, known := constantCond(c.Cond); known && v != c.Until && !hasExit(c.Do) {
			w.unbounded(c.Do)
		}
	case *syntax.ForClause:
		if c.Select {
			w.problem(Interactive, "select waits for a choice typed on the terminal")
		}
		w.see(c.Loop)
		switch l := c.Loop.(type) {
		case *syntax.WordIter:
			w.see(l.Name)
			var items []Word
			for _, item := range l.Items {
				items = append(items, w.expandArgs(item, ctx|InLoop)...)
			}
			if l.Name != nil {
				w.tag(l.Name.Value, wordUses(items...))
				if !l.InPos.IsValid() {
					w.tag(l.Name.Value, []string{"@"}) // for x; do: the positional parameters
				}
			}
			if w.unroll(l, items, c.Do, ctx) {
				for _, it := range items {
					w.a.Sets = append(w.a.Sets, Assign{Name: l.Name.Value, Value: it})
				}
				break
			}
			if l.Name != nil {
				w.vars[l.Name.Value] = value{}
				w.a.Sets = append(w.a.Sets, Assign{Name: l.Name.Value, Value: Word{Text: "for " + l.Name.Value, Dynamic: true}})
			}
			w.stmts(c.Do, ctx|InLoop)
		case *syntax.CStyleLoop:
			w.arith(l.Init, ctx)
			w.arith(l.Cond, ctx)
			w.arith(l.Post, ctx)
			if l.Cond == nil && !hasExit(c.Do) {
				w.unbounded(c.Do)
			}
			w.stmts(c.Do, ctx|InLoop)
		default:
			w.problem(Unhandled, "the loop %s is not read by the analysis", nodeName(c.Loop))
		}
	case *syntax.CaseClause:
		w.compare(w.uses(c.Word))
		for _, item := range c.Items {
			for _, pat := range item.Patterns {
				w.compare(w.uses(pat))
			}
		}
		w.words(c.Word, ctx)
		for _, item := range c.Items {
			w.see(item)
			for _, pat := range item.Patterns {
				w.words(pat, ctx|InCondition)
			}
			w.stmts(item.Stmts, ctx|InCondition)
		}
	case *syntax.FuncDecl:
		w.function(c, ctx)
	case *syntax.DeclClause:
		w.decl(c, redirs, ctx)
		return
	case *syntax.ArithmCmd:
		w.compare(w.arithUses(c.X))
		w.arith(c.X, ctx)
	case *syntax.LetClause:
		for _, x := range c.Exprs {
			w.compare(w.arithUses(x))
			w.arith(x, ctx)
		}
	case *syntax.TestClause:
		w.compare(w.testUses(c.X))
		w.test(c.X, ctx)
	case *syntax.TimeClause:
		if c.Stmt != nil {
			w.stmt(c.Stmt, ctx)
		}
	case *syntax.CoprocClause:
		// The name is a literal word; the parser takes a command word for
		// it only when a compound command follows.
		w.words(c.Name, ctx)
		if c.Stmt != nil {
			w.stmt(c.Stmt, ctx|InBackground)
		}
	case *syntax.TestDecl:
		w.problem(Unhandled, "a Bats test declaration is not read by the analysis")
	default:
		w.problem(Unhandled, "the command %s is not read by the analysis", nodeName(c))
	}
	// Redirections of a compound command apply to everything inside it.
	if len(redirs) > 0 {
		if start == len(w.a.Commands) {
			w.add(Command{Redirs: redirs, Ctx: ctx})
		}
		for i := start; i < len(w.a.Commands); i++ {
			w.a.Commands[i].Redirs = append(w.a.Commands[i].Redirs, redirs...)
		}
	}
}

func (w *walker) binary(c *syntax.BinaryCmd, ctx Context) {
	switch c.Op {
	case syntax.Pipe, syntax.PipeAll:
		start := len(w.a.Commands)
		saved := w.stdin
		w.stmt(c.X, ctx|InPipeline)
		in := Input{Kind: Pipe}
		if lit, ok := w.literalOutput(c.X, start); ok {
			in.Text, in.Known = lit, true
		}
		for i := start; i < len(w.a.Commands); i++ {
			if p := w.a.Commands[i].Program; p != "" && w.a.Commands[i].Ctx&InSubstitution == 0 {
				in.From = append(in.From, p)
			}
		}
		w.stdin = &in
		w.stmt(c.Y, ctx|InPipeline)
		w.stdin = saved
	default:
		w.stmt(c.X, ctx)
		w.stmt(c.Y, ctx)
	}
}

// literalOutput returns what echo or printf with literal arguments prints,
// from the one command the statement recorded (at index start): reading
// the words again would walk their substitutions twice.
func (w *walker) literalOutput(s *syntax.Stmt, start int) (string, bool) {
	if _, ok := s.Cmd.(*syntax.CallExpr); !ok || len(s.Redirs) > 0 || len(w.a.Commands) != start+1 {
		return "", false
	}
	c := &w.a.Commands[start]
	if len(c.Via) != len(w.via) {
		return "", false
	}
	args := []string{c.Name}
	for _, x := range c.Args {
		if x.Dynamic {
			return "", false
		}
		args = append(args, x.Text)
	}
	return printed(args)
}

// printed emulates echo and printf for literal arguments.
func printed(args []string) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	switch path.Base(args[0]) {
	case "echo":
		rest := args[1:]
		for len(rest) > 0 && (rest[0] == "-n" || rest[0] == "-e" || rest[0] == "-E" || rest[0] == "-ne" || rest[0] == "-en") {
			rest = rest[1:]
		}
		return strings.Join(rest, " ") + "\n", true
	case "printf":
		rest := args[1:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		}
		if len(rest) == 0 {
			return "", false
		}
		format, values := rest[0], rest[1:]
		if !strings.Contains(format, "%") {
			return unescapePrintf(format), true
		}
		// The common shapes: "%s", "%s\n", "%b".
		switch strings.TrimSuffix(strings.TrimSuffix(format, `\n`), "\n") {
		case "%s", "%b":
			sep := ""
			if strings.HasSuffix(format, `\n`) || strings.HasSuffix(format, "\n") {
				sep = "\n"
			}
			var b strings.Builder
			for _, v := range values {
				b.WriteString(unescapePrintf(v) + sep)
			}
			if len(values) == 0 {
				b.WriteString(sep)
			}
			return b.String(), true
		}
	}
	return "", false
}

func unescapePrintf(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	return decodeANSI(s)
}

func (w *walker) unbounded(body []*syntax.Stmt) {
	if spawns(body) {
		w.problem(ForkBomb, "a loop with no exit starts background jobs without bound")
		return
	}
	w.problem(UnboundedLoop, "a loop with no exit would run forever")
}

// constantCond reports the status a loop condition always has: known is
// false when it can change (a command's status, a file test). A ! in
// front flips it, so while ! false runs forever and until ! true too.
func constantCond(cond []*syntax.Stmt) (value, known bool) {
	if len(cond) != 1 {
		return false, false
	}
	value, known = constantCmd(cond[0].Cmd)
	return value != cond[0].Negated, known
}

// constantCmd reports the status a command always has, for true, :,
// false (by any path: /usr/bin/false), [ WORD ], (( NUMBER )) and
// [[ WORD ]] with literal words.
func constantCmd(cmd syntax.Command) (value, known bool) {
	switch c := cmd.(type) {
	case *syntax.CallExpr:
		if len(c.Args) == 1 {
			switch lit := c.Args[0].Lit(); {
			case lit == ":" || lit != "" && path.Base(lit) == "true":
				return true, true
			case lit != "" && path.Base(lit) == "false":
				return false, true
			}
		}
		if len(c.Args) == 3 && c.Args[0].Lit() == "[" && c.Args[2].Lit() == "]" && c.Args[1].Lit() != "" {
			return true, true
		}
	case *syntax.ArithmCmd:
		if lit, ok := c.X.(*syntax.Word); ok {
			v := lit.Lit()
			if v != "" && strings.Trim(v, "0123456789") == "" {
				return strings.Trim(v, "0") != "", true
			}
		}
	case *syntax.TestClause:
		if word, ok := c.X.(*syntax.Word); ok && word.Lit() != "" {
			return true, true
		}
	}
	return false, false
}

// hasExit reports whether a loop body contains a way out.
func hasExit(body []*syntax.Stmt) bool {
	found := false
	for _, s := range body {
		syntax.Walk(s, func(n syntax.Node) bool {
			if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				switch call.Args[0].Lit() {
				case "break", "exit", "return":
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// spawns reports whether statements start background jobs.
func spawns(body []*syntax.Stmt) bool {
	found := false
	for _, s := range body {
		syntax.Walk(s, func(n syntax.Node) bool {
			if st, ok := n.(*syntax.Stmt); ok && (st.Background || st.Coprocess) {
				found = true
			}
			if b, ok := n.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
				found = true
			}
			return !found
		})
	}
	return found
}

// unroll walks a for loop's body once per item when the items are few and
// literal, with the loop variable bound to each: the body then runs with
// values the analysis knows.
func (w *walker) unroll(l *syntax.WordIter, items []Word, body []*syntax.Stmt, ctx Context) bool {
	if l.Name == nil || len(items) == 0 || len(items) > 16 || anyDynamic(items) {
		return false
	}
	if len(body) > 0 {
		w.unrolled += len(items) * int(body[len(body)-1].End().Offset()-body[0].Pos().Offset())
	}
	if w.unrolled > maxUnrolled && !w.stop {
		w.problem(TooLarge, "loops walked once per item come to more than %d bytes", maxUnrolled)
		w.stop = true
	}
	name := l.Name.Value
	saved, had := w.vars[name]
	for _, it := range items {
		w.vars[name] = value{text: it.Text, known: true, glob: it.Glob}
		w.stmts(body, ctx|InLoop)
	}
	if had {
		w.vars[name] = saved
	} else {
		delete(w.vars, name)
	}
	return true
}

func (w *walker) function(f *syntax.FuncDecl, ctx Context) {
	name := ""
	if f.Name != nil {
		name = f.Name.Value
	}
	w.see(f.Name)
	if len(f.Names) > 0 {
		w.problem(ZshSyntax, "a zsh function with several names is not read by the analysis")
	}
	w.a.Functions = append(w.a.Functions, name)
	if f.Body != nil {
		// Inside the body the positional parameters are a call's
		// arguments, which the body does not know.
		saved := map[string]value{}
		for k, v := range w.vars {
			if n, ok := positionalIndex(k); ok && n > 0 {
				saved[k] = v
			}
		}
		w.forgetPositional()
		w.stmt(f.Body, ctx|InFunction)
		w.forgetPositional()
		maps.Copy(w.vars, saved)
	}
}

func (w *walker) decl(c *syntax.DeclClause, redirs []Redirect, ctx Context) {
	variant := ""
	if c.Variant != nil {
		w.see(c.Variant)
		variant = c.Variant.Value
	}
	cmd := Command{Program: variant, Name: variant, Redirs: redirs, Ctx: ctx, Dir: w.dir, DirUnknown: w.dirLost, Depth: w.shells, Via: w.via}
	integer, assoc := false, false
	if variant == "nameref" {
		w.problem(Unresolved, "nameref makes a name refer to another variable, so what its assignments and expansions reach is not known")
	}
	for _, as := range c.Args {
		w.see(as)
		if assoc && as.Name != nil {
			w.markAssoc(as.Name.Value)
		}
		if !as.Naked {
			v := w.assign(as, ctx)
			if integer {
				w.integer[v.Name] = true
				w.integerValue(as, v, ctx)
			}
			cmd.Env = append(cmd.Env, v)
			continue
		}
		if as.Name != nil {
			w.see(as.Name)
			cmd.Args = append(cmd.Args, Word{Text: as.Name.Value})
			if as.Index != nil {
				w.subscript(as.Name.Value, as.Index, ctx)
			}
			if integer {
				w.integer[as.Name.Value] = true
			}
			continue
		}
		words := w.expandArgs(as.Value, ctx)
		tainted := w.tainted(as.Value)
		for _, x := range words {
			opt := strings.HasPrefix(x.Text, "-") || strings.HasPrefix(x.Text, "+")
			switch {
			case opt && !x.Dynamic:
				if strings.Contains(x.Text, "n") && variant != "export" {
					w.problem(Unresolved, "%s %s makes a name refer to another variable, so what its assignments and expansions reach is not known", variant, x.Text)
				}
				if strings.Contains(x.Text, "A") && strings.HasPrefix(x.Text, "-") {
					assoc = true
				}
				if strings.Contains(x.Text, "i") && strings.HasPrefix(x.Text, "-") {
					integer = true
					if w.integer == nil {
						w.integer = map[string]bool{}
					}
				}
			default:
				// A name, perhaps NAME=value, taken as text: a subscript in
				// it is evaluated.
				name, _, _ := strings.Cut(x.Text, "=")
				w.refText(name, !x.Dynamic, tainted, variant+" "+clip(x.Text, 30), ctx)
			}
		}
		cmd.Args = append(cmd.Args, words...)
	}
	w.add(cmd)
}

// integerValue evaluates a value assigned to a variable declared with
// declare -i, which Bash reads as arithmetic.
func (w *walker) integerValue(as *syntax.Assign, v Assign, ctx Context) {
	if as.Value == nil {
		return
	}
	if lit := as.Value.Lit(); lit != "" {
		w.arithLiteral(lit, ctx)
		return
	}
	w.arithValue(v.Value.Text, !v.Value.Dynamic, w.tainted(as.Value), "the value of "+v.Name, ctx)
}

// assign records a variable assignment and returns it.
func (w *walker) assign(as *syntax.Assign, ctx Context) Assign {
	out := w.assignWords(as, ctx)
	if out.Name != "" {
		if w.integer[out.Name] {
			w.integerValue(as, out, ctx)
		}
		if w.assigns[out.Name] == 1 && !out.Value.Dynamic && ctx&(InFunction|InLoop|InSubstitution) == 0 {
			w.vars[out.Name] = value{text: out.Value.Text, known: true}
		} else {
			w.vars[out.Name] = value{}
		}
	}
	return out
}

// assignWords reads every part of an assignment: the subscript of a[i]=v
// (arithmetic), the value, or the elements of an array.
func (w *walker) assignWords(as *syntax.Assign, ctx Context) Assign {
	w.see(as)
	out := Assign{}
	if as.Name != nil {
		w.see(as.Name)
		out.Name = as.Name.Value
	}
	if as.Index != nil {
		w.subscript(out.Name, as.Index, ctx)
	}
	if as.Value != nil {
		w.tag(out.Name, w.uses(as.Value))
		vs := w.expand(as.Value, ctx)
		if len(vs) == 1 {
			out.Value = vs[0]
		} else {
			out.Value = Word{Text: joinWords(vs), Dynamic: true}
		}
	}
	if as.Array != nil {
		w.see(as.Array)
		for _, el := range as.Array.Elems {
			w.see(el)
			if el.Index != nil {
				w.arith(el.Index, ctx)
			}
			if el.Value != nil {
				w.tag(out.Name, w.uses(el.Value))
				w.expandArgs(el.Value, ctx)
			}
		}
		out.Value = Word{Text: "(…)", Dynamic: true}
	}
	w.promptValue(out)
	return out
}

// promptValue checks assignments to the prompt strings: Bash expands PS4
// before each line that set -x traces (and PS0-PS2 in an interactive
// shell) as a prompt, which runs the command substitutions in it.
func (w *walker) promptValue(as Assign) {
	switch as.Name {
	case "PS0", "PS1", "PS2", "PS4", "PROMPT_COMMAND":
		if as.Value.Dynamic || strings.ContainsAny(as.Value.Text, "$`") {
			w.problem(Unresolved, "%s is expanded as a prompt, which runs the command substitutions in %q", as.Name, clip(as.Value.Text, 40))
		}
	}
}

func joinWords(ws []Word) string {
	parts := make([]string, len(ws))
	for i, x := range ws {
		parts[i] = x.Text
	}
	return strings.Join(parts, " ")
}

func (w *walker) redirects(list []*syntax.Redirect, ctx Context) []Redirect {
	var out []Redirect
	for _, r := range list {
		w.see(r)
		if !knownRedirect(r.Op) {
			w.problem(Unhandled, "the redirection %s is not read by the analysis", r.Op)
		}
		rd := Redirect{Op: r.Op.String()}
		if r.N != nil {
			w.see(r.N)
			rd.Fd = r.N.Value
		}
		if r.Hdoc != nil {
			rd.Target = w.document(r, ctx)
			if r.Word != nil {
				w.words(r.Word, ctx) // the delimiter
			}
		} else if r.Op == syntax.WordHdoc && r.Word != nil {
			// A here-string: expanded as one word, without braces.
			w.see(r.Word)
			ws := w.flatten(r.Word, ctx, false)
			rd.Target = Word{Text: joinWords(ws), Dynamic: anyDynamic(ws), Uses: w.uses(r.Word)}
		} else if r.Word != nil {
			ws := w.expand(r.Word, ctx)
			if len(ws) > 0 {
				rd.Target = ws[0]
			}
		}
		out = append(out, rd)
	}
	return out
}

// knownRedirect reports whether Redirect.Reads and Writes know an operator.
func knownRedirect(op syntax.RedirOperator) bool {
	switch op {
	case syntax.RdrOut, syntax.AppOut, syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.DplOut,
		syntax.RdrClob, syntax.AppClob, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc,
		syntax.RdrAll, syntax.RdrAllClob, syntax.AppAll, syntax.AppAllClob:
		return true
	}
	return false
}

func anyDynamic(ws []Word) bool {
	for _, x := range ws {
		if x.Dynamic {
			return true
		}
	}
	return false
}

func (w *walker) add(c Command) {
	if w.stop {
		return
	}
	if len(w.a.Commands) >= maxCommands {
		w.problem(TooLarge, "more than %d commands", maxCommands)
		w.stop = true
		return
	}
	if w.shells > 0 {
		c.Ctx |= Nested
	}
	w.a.Commands = append(w.a.Commands, c)
}

// test reads a [[ ]] expression. Operands of -eq, -lt and the other
// arithmetic comparisons are arithmetic expressions, and the operand of -v
// is a variable name whose subscript is evaluated.
func (w *walker) test(x syntax.TestExpr, ctx Context) {
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
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			w.testArith(x.X, ctx)
			w.testArith(x.Y, ctx)
		default:
			w.test(x.X, ctx)
			w.test(x.Y, ctx)
		}
	case *syntax.UnaryTest:
		if word, ok := x.X.(*syntax.Word); ok && (x.Op == syntax.TsVarSet || x.Op == syntax.TsRefVar) {
			w.see(word)
			for _, v := range w.expand(word, ctx) {
				w.refText(v.Text, !v.Dynamic, w.tainted(word), "[[ -v "+clip(v.Text, 30)+" ]]", ctx)
			}
			return
		}
		w.test(x.X, ctx)
	case *syntax.ParenTest:
		w.test(x.X, ctx)
	case *syntax.Word:
		w.words(x, ctx)
	default:
		w.problem(Unhandled, "the test expression %s is not read by the analysis", nodeName(x))
	}
}

func (w *walker) testArith(x syntax.TestExpr, ctx Context) {
	if word, ok := x.(*syntax.Word); ok {
		w.see(word)
		w.arithWord(word, ctx)
		return
	}
	w.test(x, ctx)
}

// words expands a word only for the commands its substitutions run.
func (w *walker) words(word *syntax.Word, ctx Context) {
	if word != nil {
		w.expand(word, ctx)
	}
}

func (w *walker) subst(list []*syntax.Stmt, ctx Context) {
	saved := w.stdin
	w.stdin = nil
	dir, lost := w.dir, w.dirLost
	w.stmts(list, ctx|InSubstitution)
	w.dir, w.dirLost = dir, lost
	w.stdin = saved
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
