package code

import (
	"go/ast"
	gotoken "go/token"
	"path"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// The Go reader evaluates the arguments of the calls it judges from what
// the file spells out: string literals, names bound once to them, +,
// filepath.Join, fmt.Sprintf with %s and %v, and values it knows the
// meaning of: the home folder (os.Getenv("HOME"), os.UserHomeDir) as
// EnvValue("HOME"), a test's own temporary folder (t.TempDir,
// os.MkdirTemp) and a test server's address (httptest.NewServer).

// goTestTemp stands for a folder a test makes for itself under the
// temporary directory: new, and the test's own, so what is done inside it
// touches nothing else.
const goTestTemp = "/tmp/go-test-tempdir"

// goTestServer is the address of an httptest server, on this machine.
const goTestServer = "http://127.0.0.1"

// goBoundCalls are the calls whose result, bound to a name, has a known
// value.
var goBoundCalls = lazy.New(func() map[string]map[string]string {
	return map[string]map[string]string{
		"os":                {"UserHomeDir": EnvValue("HOME"), "MkdirTemp": goTestTemp},
		"net/http/httptest": {"NewServer": goTestServer, "NewTLSServer": "https://127.0.0.1", "NewUnstartedServer": goTestServer},
	}
})

// inTestTemp reports a path inside a test's own temporary folder.
func inTestTemp(p string) bool {
	return p == goTestTemp || strings.HasPrefix(p, goTestTemp+"/")
}

// bind records names bound once to an expression, and those bound to a
// call with a known value (home, _ := os.UserHomeDir()).
func (g *goReader) bind(n ast.Node) bool {
	set := func(id *ast.Ident, e ast.Expr) {
		if id.Name == "_" {
			return
		}
		if _, seen := g.binds[id.Name]; seen {
			g.binds[id.Name] = nil
			return
		}
		g.binds[id.Name] = e
	}
	var lhs []ast.Expr
	var rhs []ast.Expr
	switch x := n.(type) {
	case *ast.AssignStmt:
		lhs, rhs = x.Lhs, x.Rhs
	case *ast.ValueSpec:
		for _, id := range x.Names {
			lhs = append(lhs, id)
		}
		rhs = x.Values
	default:
		return true
	}
	if len(rhs) == 1 && len(lhs) >= 1 {
		if v, ok := g.boundCall(rhs[0]); ok {
			if id, ok := lhs[0].(*ast.Ident); ok && id.Name != "_" {
				g.bound[id.Name] = v
			}
			return true
		}
	}
	if len(lhs) != len(rhs) {
		return true
	}
	for k, l := range lhs {
		if id, ok := l.(*ast.Ident); ok {
			set(id, rhs[k])
		}
	}
	return true
}

// boundCall returns the known value of a call in goBoundCalls.
func (g *goReader) boundCall(e ast.Expr) (string, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return "", false
	}
	p, name := g.pkgName(call.Fun)
	v, ok := goBoundCalls.Get()[p][name]
	return v, ok
}

// value evaluates an argument; false when it is built at run time.
func (g *goReader) value(e ast.Expr, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != gotoken.STRING {
			return "", false
		}
		s, err := strconv.Unquote(x.Value)
		return s, err == nil && !hasEnv(s)
	case *ast.ParenExpr:
		return g.value(x.X, depth+1)
	case *ast.Ident:
		if v, ok := g.bound[x.Name]; ok {
			return v, true
		}
		if b := g.binds[x.Name]; b != nil {
			return g.value(b, depth+1)
		}
	case *ast.SelectorExpr:
		// srv.URL of a test server.
		if id, ok := x.X.(*ast.Ident); ok && x.Sel.Name == "URL" && strings.HasPrefix(g.bound[id.Name], "http") {
			return g.bound[id.Name], true
		}
	case *ast.BinaryExpr:
		if x.Op != gotoken.ADD {
			return "", false
		}
		a, ok1 := g.value(x.X, depth+1)
		b, ok2 := g.value(x.Y, depth+1)
		return a + b, ok1 && ok2
	case *ast.CallExpr:
		return g.callValue(x, depth)
	}
	return "", false
}

// callValue evaluates filepath.Join, path.Join, os.Getenv, fmt.Sprintf,
// a test's TempDir() and the calls of goBoundCalls.
func (g *goReader) callValue(x *ast.CallExpr, depth int) (string, bool) {
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "TempDir" && len(x.Args) == 0 {
		return goTestTemp, true // t.TempDir(), b.TempDir()
	}
	if v, ok := g.boundCall(x); ok {
		return v, true
	}
	p, name := g.pkgName(x.Fun)
	switch {
	case (p == "path/filepath" || p == "path") && name == "Join" && !x.Ellipsis.IsValid():
		out := ""
		for _, a := range x.Args {
			v, ok := g.value(a, depth+1)
			if !ok {
				return "", false
			}
			out = joinPath(out, v)
		}
		return out, true
	case p == "os" && (name == "Getenv") && len(x.Args) == 1:
		v, ok := g.value(x.Args[0], depth+1)
		if !ok || hasEnv(v) || v == "" {
			return "", false
		}
		if v == "USERPROFILE" {
			v = "HOME"
		}
		return EnvValue(v), true
	case p == "fmt" && name == "Sprintf" && len(x.Args) > 0 && !x.Ellipsis.IsValid():
		return g.sprintf(x.Args, depth)
	}
	return "", false
}

// joinPath appends a path element as filepath.Join does.
func joinPath(base, elem string) string {
	switch {
	case base == "":
		return elem
	case elem == "":
		return base
	}
	return path.Join(base, elem)
}

// sprintf evaluates fmt.Sprintf with %s, %v and %%.
func (g *goReader) sprintf(args []ast.Expr, depth int) (string, bool) {
	f, ok := g.value(args[0], depth+1)
	if !ok || hasEnv(f) {
		return "", false
	}
	next := 1
	out, ok := expandFormat(f, "%", func(s string) (int, string, bool) {
		if len(s) < 2 || s[1] != 's' && s[1] != 'v' || next >= len(args) {
			return 0, "", false
		}
		next++
		v, ok := g.value(args[next-1], depth+1)
		return 2, v, ok
	})
	return out, ok && next == len(args)
}

// argv evaluates exec.Command's program and arguments from argument from
// on: each a value, or a []string literal spread with ... as the last.
func (g *goReader) argv(x *ast.CallExpr, from int) ([]string, bool) {
	var out []string
	for k := from; k < len(x.Args); k++ {
		if x.Ellipsis.IsValid() && k == len(x.Args)-1 {
			list, ok := g.list(x.Args[k])
			if !ok {
				return nil, false
			}
			out = append(out, list...)
			continue
		}
		v, ok := g.value(x.Args[k], 0)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// list evaluates a []string{…} literal, or a name bound to one.
func (g *goReader) list(e ast.Expr) ([]string, bool) {
	if id, ok := e.(*ast.Ident); ok && g.binds[id.Name] != nil {
		e = g.binds[id.Name]
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	var out []string
	for _, el := range lit.Elts {
		v, ok := g.value(el, 0)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// network records a call into a network package: the address it reaches
// when it names one (http.Get, net.Dial), else a connection to a machine
// it does not name, or a server.
func (g *goReader) network(x *ast.CallExpr, p, name string) {
	call := p + "." + name
	switch at, ok := goRequests.Get()[p][name]; {
	case goListen.Get()[name]:
		g.effect(Server, call, x.Pos())
	case ok && at < len(x.Args):
		if v, ok := g.value(x.Args[at], 0); ok && !hasEnv(v) {
			if p == "net" && !strings.Contains(v, "://") {
				v = "http://" + v
			}
			g.effect(Network, call, x.Pos(), v)
			return
		}
		g.effect(Network, call, x.Pos())
	default:
		g.effect(Network, call, x.Pos())
	}
}
