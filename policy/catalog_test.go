package policy

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
)

// TestCallSitesKeepTheCatalog: every place a rule fires uses the verdict
// the catalogue declares for it (so a class A rule never asks), and names
// the rule by its constant.
func TestCallSitesKeepTheCatalog(t *testing.T) {
	verbs := map[string]arbiter.Verdict{"deny": arbiter.Deny, "denyWith": arbiter.Deny, "ask": arbiter.Ask, "askWith": arbiter.Ask,
		"defer_": arbiter.Defer, "allow": arbiter.Allow, "allowClosed": arbiter.Allow}
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
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				verb = fn.Sel.Name
			case *ast.Ident:
				verb = fn.Name
			}
			want, ok := verbs[verb]
			if !ok {
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
			id := catalogID(t, sel.Sel.Name)
			r, ok := catalog.Lookup(id)
			if !ok {
				t.Errorf("%s: %s is not in the catalogue", fset.Position(call.Pos()), sel.Sel.Name)
				return true
			}
			if r.Verdict != want {
				t.Errorf("%s: %s fires with %s, but the catalogue says it answers %s", fset.Position(call.Pos()), r.ID, want, r.Verdict)
			}
			return true
		})
	}
	if sites < 300 {
		t.Errorf("found only %d call sites: the scan is not reading the code", sites)
	}
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
