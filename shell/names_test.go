package shell

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter/spec"
)

// TestNamesHaveOneHome: the set of shells and the other names of a
// program (gtar, gsed, mawk) are written in names.go only. A list typed
// out elsewhere drifts: six of them once had four memberships.
func TestNamesHaveOneHome(t *testing.T) {
	variantNames := map[string]bool{}
	for v := range variants.Get() {
		variantNames[v] = true
	}
	files := 0
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || p == filepath.Join("..", "shell", "names.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			return err
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			var list []ast.Expr
			switch n := n.(type) {
			case *ast.CaseClause:
				list = n.List
			case *ast.CompositeLit:
				list = n.Elts
			default:
				return true
			}
			shells, variant := 0, ""
			for _, e := range list {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					e = kv.Key
				}
				lit, ok := e.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				s, _ := strconv.Unquote(lit.Value)
				if IsShell(s) {
					shells++
				}
				if variantNames[s] {
					variant = s
				}
			}
			if shells >= 3 {
				t.Errorf("%s: lists %d shells; ask shell.IsShell or shell.SpeaksSh", p, shells)
			}
			if variant != "" {
				t.Errorf("%s: names %s; match shell.Canonical(name) against %q", p, variant, Canonical(variant))
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("read only %d files: the walk is not reading the code", files)
	}
}

// TestInterpretersDescribedOnce: an interpreter whose spec block names
// the interpreter rule takes its language and code options from there
// alone; the table in interp.go holds only those without such a block.
func TestInterpretersDescribedOnce(t *testing.T) {
	for name := range interpreters.Get() {
		if sp := spec.Lookup(name); sp != nil && sp.Rule() == "interpreter" {
			t.Errorf("%s is in interp.go's table and has a rule:interpreter block (spec/programs.txt line %d): keep only the block", name, sp.Line())
		}
	}
	for _, name := range []string{"python", "python3", "py", "node", "nodejs", "r", "rscript", "python3.12"} {
		it, ok := interpreterOf(name)
		if !ok || it.lang == "" || len(it.code) == 0 {
			t.Errorf("%s: no language or code options from its spec block (%+v)", name, it)
		}
	}
}
