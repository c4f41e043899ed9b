package policy

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
)

// TestCallSitesKeepTheCatalog: every place a rule fires names the rule
// by its catalogue constant (or passes one on in a variable), and takes
// the verdict from the catalogue: no call site restates it. A reason that
// is the catalogue's summary word for word is fire's, not fireWith's,
// and fireInstead is for a denial whose alternative the call decides.
func TestCallSitesKeepTheCatalog(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	fset := token.NewFileSet()
	sites := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			verb := ""
			if fn, ok := call.Fun.(*ast.SelectorExpr); ok {
				verb = fn.Sel.Name
			}
			switch verb {
			case "fire", "fireWith", "fireInstead", "allowClosed":
			case "deny", "ask", "defer_", "allow":
				t.Errorf("%s: %s restates a verdict; fire the rule and let the catalogue give it", fset.Position(call.Pos()), verb)
				return true
			default:
				return true
			}
			sel, ok := call.Args[0].(*ast.SelectorExpr)
			if !ok {
				if lit, ok := call.Args[0].(*ast.BasicLit); ok {
					t.Errorf("%s: %s(%s): name the rule by its catalog constant", fset.Position(call.Pos()), verb, lit.Value)
				}
				return true // a rule passed on in a variable
			}
			if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "catalog" {
				return true
			}
			sites++
			r, ok := catalog.Lookup(catalogID(t, sel.Sel.Name))
			if !ok {
				t.Errorf("%s: %s is not in the catalogue", fset.Position(call.Pos()), sel.Sel.Name)
				return true
			}
			at := fset.Position(call.Pos())
			switch {
			case verb == "allowClosed" && r.Verdict != arbiter.Allow:
				t.Errorf("%s: allowClosed fires %s, whose verdict is %s", at, r.ID, r.Verdict)
			case verb == "fireInstead" && r.Verdict != arbiter.Deny:
				t.Errorf("%s: fireInstead fires %s, which does not deny and so says nothing instead", at, r.ID)
			case verb == "fireWith" && literal(call.Args[2]) == r.Summary:
				t.Errorf("%s: the reason is %s's summary: use fire", at, r.ID)
			case verb == "fireInstead" && literal(call.Args[3]) == r.Instead:
				t.Errorf("%s: the alternative is %s's own: use fireWith", at, r.ID)
			}
			return true
		})
	}
	if sites < 400 {
		t.Errorf("found only %d call sites: the scan is not reading the code", sites)
	}
}

// literal returns a string literal's value, or "" for any other expression.
func literal(e ast.Expr) string {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
		s, _ := strconv.Unquote(lit.Value)
		return s
	}
	return ""
}

// catalogID maps a constant's name back to its id through the table.
func catalogID(t *testing.T, name string) catalog.ID {
	for _, r := range catalog.All() {
		if constName(r.ID) == name {
			return r.ID
		}
	}
	t.Fatalf("no rule has the constant %s", name)
	return ""
}

func constName(id catalog.ID) string {
	cls, rest, _ := strings.Cut(string(id), ".")
	var b strings.Builder
	b.WriteString(cls)
	for _, w := range strings.Split(rest, "-") {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// TestCatalogExamples: the examples `arbiter rules ID` shows still fire
// their rule.
func TestCatalogExamples(t *testing.T) {
	p := New(Options{})
	n := 0
	for _, r := range catalog.All() {
		for _, cmd := range catalog.Examples(r.ID) {
			n++
			d := p.Decide(context.Background(), bash(cmd))
			if !slices.Contains(d.Rules, string(r.ID)) {
				t.Errorf("%s: example %q now gives %s %v", r.ID, cmd, d.Decision, d.Rules)
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d examples", n)
	}
}
