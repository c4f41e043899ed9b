package shell

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// The walker must read every node of the syntax tree: the policy allows only
// on what the analysis reports, so a node it skips silently would become an
// allow. These tests tie the walker to the exact version of
// mvdan.cc/sh/v3/syntax it was written for: a new node type, a new field of
// a node, or a new redirection or process-substitution operator in a newer
// version fails them until the walker reads it.

// nodeTypes holds one value of every node type of the syntax package.
var nodeTypes = map[string]syntax.Node{
	"ArithmCmd": &syntax.ArithmCmd{}, "ArithmExp": &syntax.ArithmExp{}, "ArrayElem": &syntax.ArrayElem{},
	"ArrayExpr": &syntax.ArrayExpr{}, "Assign": &syntax.Assign{}, "BinaryArithm": &syntax.BinaryArithm{},
	"BinaryCmd": &syntax.BinaryCmd{}, "BinaryTest": &syntax.BinaryTest{}, "Block": &syntax.Block{},
	"BraceExp": &syntax.BraceExp{}, "CStyleLoop": &syntax.CStyleLoop{}, "CallExpr": &syntax.CallExpr{},
	"CaseClause": &syntax.CaseClause{}, "CaseItem": &syntax.CaseItem{}, "CmdSubst": &syntax.CmdSubst{},
	"Comment": &syntax.Comment{}, "CoprocClause": &syntax.CoprocClause{}, "DblQuoted": &syntax.DblQuoted{},
	"DeclClause": &syntax.DeclClause{}, "ExtGlob": &syntax.ExtGlob{}, "File": &syntax.File{},
	"FlagsArithm": &syntax.FlagsArithm{}, "ForClause": &syntax.ForClause{}, "FuncDecl": &syntax.FuncDecl{},
	"IfClause": &syntax.IfClause{}, "LetClause": &syntax.LetClause{}, "Lit": &syntax.Lit{},
	"ParamExp": &syntax.ParamExp{}, "ParenArithm": &syntax.ParenArithm{}, "ParenTest": &syntax.ParenTest{},
	"ProcSubst": &syntax.ProcSubst{}, "Redirect": &syntax.Redirect{}, "SglQuoted": &syntax.SglQuoted{},
	"Stmt": &syntax.Stmt{}, "Subshell": &syntax.Subshell{}, "TestClause": &syntax.TestClause{},
	"TestDecl": &syntax.TestDecl{}, "TimeClause": &syntax.TimeClause{}, "UnaryArithm": &syntax.UnaryArithm{},
	"UnaryTest": &syntax.UnaryTest{}, "WhileClause": &syntax.WhileClause{}, "Word": &syntax.Word{},
	"WordIter": &syntax.WordIter{},
}

// notFromBash lists the node types the Bash parser never produces; the
// walker still meets them with a problem (see stmt, arith).
var notFromBash = map[string]string{
	"Comment":     "comments are not kept (KeepComments(false))",
	"TestDecl":    "Bats test declarations need LangBats",
	"FlagsArithm": "zsh subscript flags need LangZsh",
}

// nodeFields lists, per node type, the fields the walker was written for.
// A field added in a newer version of the syntax package fails
// TestNodeFieldsAreKnown until the walker reads it and it is added here.
var nodeFields = map[string]string{
	"ArithmCmd":    "Left Right Unsigned X",
	"ArithmExp":    "Left Right Bracket Unsigned X",
	"ArrayElem":    "Index Value Comments",
	"ArrayExpr":    "Lparen Rparen Elems Last",
	"Assign":       "Append Naked Name Index Value Array",
	"BinaryArithm": "OpPos Op X Y",
	"BinaryCmd":    "OpPos Op X Y",
	"BinaryTest":   "OpPos Op X Y",
	"Block":        "Lbrace Rbrace Stmts Last",
	"BraceExp":     "Sequence Elems",
	"CStyleLoop":   "Lparen Rparen Init Cond Post",
	"CallExpr":     "Assigns Args",
	"CaseClause":   "Case In Esac Braces Word Items Last",
	"CaseItem":     "Op OpPos Comments Patterns Stmts Last",
	"CmdSubst":     "Left Right Stmts Last Backquotes TempFile ReplyVar",
	"Comment":      "Hash Text",
	"CoprocClause": "Coproc Name Stmt",
	"DblQuoted":    "Left Right Dollar Parts",
	"DeclClause":   "Variant Args",
	"ExtGlob":      "OpPos Op Pattern",
	"File":         "Name Stmts Last",
	"FlagsArithm":  "Flags X",
	"ForClause":    "ForPos DoPos DonePos Select Braces Loop Do DoLast",
	"FuncDecl":     "Position RsrvWord Parens Name Names Body",
	"IfClause":     "Position ThenPos FiPos Cond CondLast Then ThenLast Else Last",
	"LetClause":    "Let Exprs",
	"Lit":          "ValuePos ValueEnd Value",
	"ParamExp":     "Dollar Rbrace Short Flags Excl Length Width IsSet Split GlobSubst RcExpand Param NestedParam Index Modifiers Slice Repl Names Exp",
	"ParenArithm":  "Lparen Rparen X",
	"ParenTest":    "Lparen Rparen X",
	"ProcSubst":    "OpPos Rparen Op Stmts Last",
	"Redirect":     "OpPos Op N Word Hdoc",
	"SglQuoted":    "Left Right Dollar Value",
	"Stmt":         "Comments Cmd Position Semicolon Negated Background Coprocess Disown Redirs",
	"Subshell":     "Lparen Rparen Stmts Last",
	"TestClause":   "Left Right X",
	"TestDecl":     "Position Description Body",
	"TimeClause":   "Time PosixFormat Stmt",
	"UnaryArithm":  "OpPos Op Post X",
	"UnaryTest":    "OpPos Op X",
	"WhileClause":  "WhilePos DoPos DonePos Until Cond CondLast Do DoLast",
	"Word":         "Parts",
	"WordIter":     "Name InPos Items",
}

// coverage holds, per node type, scripts whose trees contain it. Every
// node of every script must be read by the walker.
var coverage = map[string][]string{
	"ArithmCmd":    {`((x = 1 + 2))`},
	"ArithmExp":    {`echo $((1 + 2)) $[3]`},
	"ArrayElem":    {`a=(x [2]=y)`},
	"ArrayExpr":    {`a=(x y)`, `declare -a a=(x)`},
	"Assign":       {`x=1 y+=2 env; a[1]=3`, `x=1`, `export x=1 y`},
	"BinaryArithm": {`echo $((a ? b : c, d += 1))`},
	"BinaryCmd":    {`a && b || c | d |& e`},
	"BinaryTest":   {`[[ a == b && c -nt d || e =~ f ]]`},
	"Block":        {`{ a; b; }`},
	"BraceExp":     {`echo {a,b{c,d}} {1..3} x{,y}`},
	"CStyleLoop":   {`for ((i = 0; i < 3; i++)); do echo $i; done`},
	"CallExpr":     {`echo hi`, `X=1`},
	"CaseClause":   {`case $x in a | b) echo a ;; c) echo c ;& *) ;;& esac`},
	"CaseItem":     {`case x in y) z ;; esac`},
	"CmdSubst":     {"echo $(a) `b`"},
	"CoprocClause": {`coproc cat`, `coproc name { cat; }`},
	"DblQuoted":    {`echo "a $b $(c)" $"d"`},
	"DeclClause":   {`declare -r x=1 y; local z; export w; readonly v; typeset u`, `declare -a x[2]`},
	"ExtGlob":      {`ls @(a|b) !(c) +(d) ?(e) *(f)`},
	"File":         {`true`},
	"ForClause":    {`for x in a b; do echo $x; done`, `for x; do echo $x; done`},
	"FuncDecl":     {`f() { echo; }`, `function g { echo; }`},
	"IfClause":     {`if a; then b; elif c; then d; else e; fi`},
	"LetClause":    {`let x=1 y++`},
	"Lit":          {`echo hi`},
	"ParamExp":     {`echo $a ${b} ${#c} ${d:-e} ${f:1:2} ${g/h/i} ${j//k} ${!l*} ${m[1]} ${n@Q} ${o^^} ${!p} ${q:+r} ${s%t} $1 $@ ${u[@]}`},
	"ParenArithm":  {`echo $(((1 + 2) * 3))`},
	"ParenTest":    {`[[ (a == b) ]]`},
	"ProcSubst":    {`diff <(a) >(b)`},
	"Redirect":     {"cat <in >out 2>>log &>all 3<&0 4>&- 5<>rw >|clob <<<here {fd}>x", "cat <<EOF\n$x\nEOF", "cat <<-'E'\n\tx\n\tE"},
	"SglQuoted":    {`echo 'a' $'b\n'`},
	"Stmt":         {`! a; b & c`},
	"Subshell":     {`(a; b)`},
	"TestClause":   {`[[ -f x ]]`, `[[ x ]]`},
	"TimeClause":   {`time -p sleep 1`, `time`},
	"UnaryArithm":  {`echo $((-x + !y + ~z)) $((i++)) $((--j))`},
	"UnaryTest":    {`[[ ! -f x && -n y && -v z ]]`},
	"WhileClause":  {`while a; do b; done; until c; do d; done`},
	"Word":         {`echo a"b"'c'`},
	"WordIter":     {`for x in a; do echo; done`},
}

// optionalFields lists node-valued fields that the Bash parser leaves
// empty; the walker raises a problem when one is set.
var optionalFields = map[string]string{
	"FuncDecl.Names":       "zsh functions with several names",
	"ParamExp.Flags":       "zsh parameter flags",
	"ParamExp.NestedParam": "zsh nested parameter expansions",
	"ParamExp.Modifiers":   "zsh modifiers",
}

// syntaxPackage parses the syntax package's own source files.
func syntaxPackage(t *testing.T) []*ast.File {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.Dir}}", "mvdan.cc/sh/v3/syntax").Output()
	if err != nil {
		t.Fatalf("go list mvdan.cc/sh/v3/syntax: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		files = append(files, f)
	}
	return files
}

// sourceNodeTypes lists the exported types of the syntax package that have
// a Pos method: its node types.
func sourceNodeTypes(files []*ast.File) []string {
	var names []string
	for _, f := range files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != "Pos" || len(fn.Recv.List) != 1 {
				continue
			}
			typ := fn.Recv.List[0].Type
			if star, ok := typ.(*ast.StarExpr); ok {
				typ = star.X
			}
			if id, ok := typ.(*ast.Ident); ok && id.IsExported() {
				names = append(names, id.Name)
			}
		}
	}
	sort.Strings(names)
	return slices.Compact(names)
}

// sourceConsts lists the constants declared with the given type.
func sourceConsts(files []*ast.File, typeName string) []string {
	var names []string
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			current := ""
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				if len(vs.Values) > 0 {
					current = constType(vs.Values[0])
				}
				if current == typeName {
					for _, n := range vs.Names {
						names = append(names, n.Name)
					}
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// constType finds T in a constant's value T(x) + iota or T(x).
func constType(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.BinaryExpr:
		return constType(e.X)
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok {
			return id.Name
		}
	case *ast.Ident:
		return "alias:" + e.Name
	}
	return ""
}

func TestEveryNodeTypeIsKnown(t *testing.T) {
	got := sourceNodeTypes(syntaxPackage(t))
	var want []string
	for name := range nodeTypes {
		want = append(want, name)
	}
	sort.Strings(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the syntax package's node types changed:\n got %q\nwant %q\nread each new type in the walker, then add it to nodeTypes, nodeFields and coverage", got, want)
	}
	for name := range nodeTypes {
		if _, ok := coverage[name]; !ok && notFromBash[name] == "" {
			t.Errorf("node type %s has no script in coverage", name)
		}
	}
}

func TestNodeFieldsAreKnown(t *testing.T) {
	for name, n := range nodeTypes {
		typ := reflect.TypeOf(n).Elem()
		var fields []string
		for i := 0; i < typ.NumField(); i++ {
			fields = append(fields, typ.Field(i).Name)
		}
		if got, want := strings.Join(fields, " "), nodeFields[name]; got != want {
			t.Errorf("syntax.%s has fields %q, the walker was written for %q: read the new fields, then update nodeFields", name, got, want)
		}
	}
}

// The operators whose meaning the walker depends on.
var (
	redirOps = map[string]syntax.RedirOperator{
		"RdrOut": syntax.RdrOut, "AppOut": syntax.AppOut, "RdrIn": syntax.RdrIn, "RdrInOut": syntax.RdrInOut,
		"DplIn": syntax.DplIn, "DplOut": syntax.DplOut, "RdrClob": syntax.RdrClob, "AppClob": syntax.AppClob,
		"Hdoc": syntax.Hdoc, "DashHdoc": syntax.DashHdoc, "WordHdoc": syntax.WordHdoc, "RdrAll": syntax.RdrAll,
		"RdrAllClob": syntax.RdrAllClob, "AppAll": syntax.AppAll, "AppAllClob": syntax.AppAllClob,
	}
	procOps = []string{"CmdIn", "CmdInTemp", "CmdOut"}
	expOps  = []string{"AlternateUnset", "AlternateUnsetOrNull", "ArrayExclude", "ArrayIntersect", "AssignUnset", "AssignUnsetOrNull",
		"DefaultUnset", "DefaultUnsetOrNull", "ErrorUnset", "ErrorUnsetOrNull", "LowerAll", "LowerFirst", "MatchEmpty", "OtherParamOps",
		"RemLargePrefix", "RemLargeSuffix", "RemSmallPrefix", "RemSmallSuffix", "UpperAll", "UpperFirst"}
	binCmdOps = []string{"AndStmt", "OrStmt", "Pipe", "PipeAll"}
)

func TestOperatorsAreKnown(t *testing.T) {
	files := syntaxPackage(t)
	var redirNames []string
	for name, op := range redirOps {
		redirNames = append(redirNames, name)
		if !knownRedirect(op) {
			t.Errorf("knownRedirect does not know %s (%s)", name, op)
		}
		r := Redirect{Op: op.String()}
		if op != syntax.Hdoc && op != syntax.DashHdoc && op != syntax.WordHdoc && op != syntax.DplIn && op != syntax.DplOut && !r.Reads() && !r.Writes() {
			t.Errorf("Redirect %s neither reads nor writes its target", op)
		}
	}
	sort.Strings(redirNames)
	for _, c := range []struct {
		typ  string
		want []string
	}{{"RedirOperator", redirNames}, {"ProcOperator", procOps}, {"ParExpOperator", expOps}, {"BinCmdOperator", binCmdOps}} {
		got := sourceConsts(files, c.typ)
		want := slices.Sorted(slices.Values(c.want))
		if !slices.Equal(got, want) {
			t.Errorf("the syntax package's %s constants changed:\n got %q\nwant %q\nteach the walker the new ones", c.typ, got, want)
		}
	}
}

// traced analyses src and returns the nodes of every tree it parsed that
// the walker did not read.
func traced(src string) (*Analysis, []string) {
	a := &Analysis{}
	w := &walker{a: a, vars: map[string]value{}, parsers: &sync.Pool{}, trace: map[syntax.Node]bool{}}
	w.script(src, 0, 0, nil)
	var missed []string
	for _, f := range w.files {
		eachNode(f, func(n syntax.Node) {
			if !w.trace[n] {
				missed = append(missed, nodeName(n))
			}
		})
	}
	return a, missed
}

// eachNode calls f for n and every node below it, found by reflection over
// the fields (syntax.Walk does not know the BraceExp nodes that brace
// splitting adds, and this way no field can be overlooked).
func eachNode(n syntax.Node, f func(syntax.Node)) {
	f(n)
	eachNodeIn(reflect.ValueOf(n).Elem(), f)
}

func eachNodeIn(v reflect.Value, f func(syntax.Node)) {
	for i := 0; i < v.NumField(); i++ {
		fv := v.Field(i)
		if !holdsNodes(fv.Type()) {
			continue
		}
		eachValue(fv, f)
	}
}

func eachValue(fv reflect.Value, f func(syntax.Node)) {
	switch fv.Kind() {
	case reflect.Slice:
		for k := 0; k < fv.Len(); k++ {
			eachValue(fv.Index(k), f)
		}
	case reflect.Interface, reflect.Pointer:
		if fv.IsNil() {
			return
		}
		if n, ok := fv.Interface().(syntax.Node); ok {
			eachNode(n, f)
			return
		}
		eachNodeIn(fv.Elem(), f) // Slice, Replace, Expansion
	}
}

func TestWalkerReadsEveryNode(t *testing.T) {
	seenTypes := map[string]bool{}
	setFields := map[string]bool{}
	for name, scripts := range coverage {
		for _, src := range scripts {
			a, missed := traced(src)
			if len(missed) > 0 {
				t.Errorf("Analyze(%q) skipped %q (problems %v)", src, missed, a.Problems)
			}
			f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
			if err != nil {
				t.Fatalf("coverage script %q: %v", src, err)
			}
			splitAll(f)
			found := false
			eachNode(f, func(n syntax.Node) {
				found = found || nodeName(n) == name
				seenTypes[nodeName(n)] = true
				recordSetFields(n, setFields)
			})
			if !found {
				t.Errorf("coverage script %q for %s has no %s node", src, name, name)
			}
		}
	}
	for name := range nodeTypes {
		if !seenTypes[name] && notFromBash[name] == "" {
			t.Errorf("no coverage script produces a %s", name)
		}
	}
	// Every field that holds nodes is set in some script, so that the
	// walker is proven to read it.
	for name, n := range nodeTypes {
		if notFromBash[name] != "" {
			continue
		}
		typ := reflect.TypeOf(n).Elem()
		for i := 0; i < typ.NumField(); i++ {
			field := name + "." + typ.Field(i).Name
			if holdsNodes(typ.Field(i).Type) && !setFields[field] && optionalFields[field] == "" {
				t.Errorf("no coverage script sets %s", field)
			}
		}
	}
}

// splitAll runs brace splitting over a tree's words, as the walker does.
func splitAll(f *syntax.File) {
	var words []*syntax.Word
	eachNode(f, func(n syntax.Node) {
		if w, ok := n.(*syntax.Word); ok {
			words = append(words, w)
		}
	})
	for _, w := range words {
		syntax.SplitBraces(w)
	}
}

var (
	nodeInterface = reflect.TypeOf((*syntax.Node)(nil)).Elem()
	commentType   = reflect.TypeOf(syntax.Comment{})
)

// holdsNodes reports whether a field's type holds nodes (directly, in a
// slice, or in Slice, Replace and Expansion), comments aside.
func holdsNodes(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Slice:
		return t.Elem() != commentType && holdsNodes(t.Elem())
	case reflect.Interface:
		return t.Implements(nodeInterface)
	case reflect.Pointer:
		if t.Implements(nodeInterface) {
			return true
		}
		if t.Elem().Kind() == reflect.Struct {
			for i := 0; i < t.Elem().NumField(); i++ {
				if holdsNodes(t.Elem().Field(i).Type) {
					return true
				}
			}
		}
	}
	return false
}

// recordSetFields notes the node-holding fields that are set in n.
func recordSetFields(n syntax.Node, into map[string]bool) {
	v := reflect.ValueOf(n).Elem()
	name := nodeName(n)
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !holdsNodes(f.Type()) {
			continue
		}
		if !f.IsZero() && !(f.Kind() == reflect.Slice && f.Len() == 0) {
			into[name+"."+v.Type().Field(i).Name] = true
		}
	}
}
