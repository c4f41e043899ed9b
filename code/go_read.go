package code

import (
	"fmt"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// goCalls are the standard library's functions with an effect, by import
// path and name: what they do and the argument holding the path.
var goCalls = lazy.New(func() map[string]map[string]goCall {
	return map[string]map[string]goCall{
		"os/exec": {"Command": {kind: Exec}, "CommandContext": {kind: Exec, arg: 1}},
		"os": {
			"Remove": {kind: Delete}, "RemoveAll": {kind: DeleteTree}, "Rename": {kind: Move},
			"WriteFile": {kind: Write}, "Create": {kind: Write}, "Mkdir": {kind: Write}, "MkdirAll": {kind: Write}, "Chmod": {kind: Write}, "Chown": {kind: Write}, "Lchown": {kind: Write},
			"Chtimes": {kind: Write}, "Truncate": {kind: Write}, "Symlink": {kind: Write, arg: 1}, "Link": {kind: Write, arg: 1}, "CopyFS": {kind: Write}, "OpenFile": {kind: Write, flags: true},
			"ReadFile": {kind: Read}, "Open": {kind: Read}, "ReadDir": {kind: Read},
			"Environ": {kind: EnvDump}, "Getenv": {kind: Env}, "LookupEnv": {kind: Env},
			"StartProcess": {note: "starts a program"}, "Chdir": {note: "changes its directory, which moves every relative path"}, "Setenv": {note: "changes its environment"},
			"Unsetenv": {note: "changes its environment"}, "Clearenv": {note: "changes its environment"}, "FindProcess": {note: "controls other processes"},
		},
		"io/ioutil": {"WriteFile": {kind: Write}, "ReadFile": {kind: Read}, "ReadDir": {kind: Read}},
		"plugin":    {"Open": {note: "loads a native plugin"}},
	}
})

// goNetwork are packages any call into which reaches other machines, and
// the calls among them that listen.
var goNetwork = lazy.New(func() map[string]bool {
	return map[string]bool{"net": true, "net/http": true, "net/rpc": true, "net/smtp": true, "crypto/tls": true, "net/http/httputil": true, "net/rpc/jsonrpc": true}
})

var goListen = lazy.New(func() map[string]bool {
	return map[string]bool{"Listen": true, "ListenPacket": true, "ListenTCP": true, "ListenUDP": true, "ListenUnix": true, "ListenAndServe": true, "ListenAndServeTLS": true, "Serve": true, "ServeTLS": true, "FileServer": true}
})

// goRaw are packages whose every call is a system call the reader does not
// follow.
var goRaw = lazy.New(func() map[string]string {
	return map[string]string{"syscall": "makes raw system calls", "golang.org/x/sys/unix": "makes raw system calls", "golang.org/x/sys/windows": "makes raw system calls", "C": "calls C code (cgo)"}
})

// goNetPure are calls of the network packages that only compute.
var goNetPure = lazy.New(func() map[string]bool {
	return map[string]bool{
		"ParseIP": true, "ParseCIDR": true, "JoinHostPort": true, "SplitHostPort": true, "IPv4": true, "ParseMAC": true, "StatusText": true, "CanonicalHeaderKey": true, "DetectContentType": true,
		// Handlers are values, and registering one on the default mux
		// (Handle, HandleFunc) only records it; only a server or a request
		// reaches the network.
		"NotFoundHandler": true, "HandlerFunc": true, "Handle": true, "HandleFunc": true, "NewServeMux": true, "StripPrefix": true, "RedirectHandler": true, "TimeoutHandler": true, "MaxBytesHandler": true,
		"MaxBytesReader": true, "Error": true, "NotFound": true, "Redirect": true, "SetCookie": true, "ParseTime": true, "ParseHTTPVersion": true,
	}
})

// goRequests are the network calls that name the address they reach, with
// the argument holding it.
var goRequests = lazy.New(func() map[string]map[string]int {
	return map[string]map[string]int{
		"net/http": {"Get": 0, "Head": 0, "Post": 0, "PostForm": 0, "NewRequest": 1, "NewRequestWithContext": 2},
		"net":      {"Dial": 1, "DialTimeout": 1},
	}
})

type goCall struct {
	kind  EffectKind
	arg   int
	flags bool   // os.OpenFile: a write only with write flags
	note  string // not followed: what it does
}

// readGo reads one Go file with the standard library's parser: the calls
// into os, os/exec, net and the rest with arguments built from literals
// (go_values.go), and its //go:generate directives. The parse is of one
// file at a time, with no type checking: names are resolved through the
// file's imports only.
func readGo(r *reader) {
	r.p.Generate = goDirectives(r.src)
	fset := gotoken.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", r.src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		r.p.Unread = "it does not parse as Go: " + firstLine(err.Error())
		return
	}
	r.p.Package = f.Name.Name
	g := &goReader{r: r, fset: fset, imports: map[string]string{}, binds: map[string]ast.Expr{}, bound: map[string]string{}}
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			continue
		}
		r.p.Imports = append(r.p.Imports, p)
		name := p[strings.LastIndexByte(p, '/')+1:]
		if im.Name != nil {
			name = im.Name.Name
		}
		switch {
		case p == "C":
			g.unknown(im.Pos(), "calls C code (cgo)")
		case name == "." && (goCalls.Get()[p] != nil || goNetwork.Get()[p] || goRaw.Get()[p] != ""):
			g.unknown(im.Pos(), "imports %s into its own names", p)
		}
		g.imports[name] = p
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:linkname") {
				g.unknown(c.Pos(), "links to another package's private function (go:linkname)")
			}
		}
	}
	ast.Inspect(f, g.bind)
	ast.Inspect(f, g.visit)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

type goReader struct {
	r       *reader
	fset    *gotoken.FileSet
	imports map[string]string // local name → import path
	called  map[*ast.SelectorExpr]bool
	binds   map[string]ast.Expr // NAME := EXPR anywhere in the file (nil when bound twice)
	bound   map[string]string   // names bound to a value of a call (the home folder, a test's temporary folder, a test server)
}

func (g *goReader) unknown(pos gotoken.Pos, format string, args ...any) {
	if g.r.p.Unknown == "" {
		g.r.p.Unknown = strings.TrimSpace(fmt.Sprintf(format, args...)) + fmt.Sprintf(" (line %d)", g.fset.Position(pos).Line)
	}
}

func (g *goReader) effect(k EffectKind, call string, pos gotoken.Pos, args ...string) {
	g.r.p.Effects = append(g.r.p.Effects, Effect{Kind: k, Call: call, Args: args, Line: g.fset.Position(pos).Line})
}

// pkgName returns the import path and name a selector like os.Remove
// names, or "".
func (g *goReader) pkgName(e ast.Expr) (string, string) {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", ""
	}
	return g.imports[id.Name], sel.Sel.Name
}

func (g *goReader) visit(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.CallExpr:
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok {
			if g.called == nil {
				g.called = map[*ast.SelectorExpr]bool{}
			}
			g.called[sel] = true
			g.call(x)
		}
	case *ast.SelectorExpr:
		g.reference(x)
	case *ast.AssignStmt:
		for _, lhs := range x.Lhs {
			if sel, ok := lhs.(*ast.SelectorExpr); ok && g.imports["exec"] == "os/exec" {
				switch sel.Sel.Name {
				case "Path", "Args", "Env", "Dir":
					g.unknown(sel.Pos(), "sets a command's %s after making it", sel.Sel.Name)
				}
			}
		}
	case *ast.CompositeLit:
		if p, name := g.pkgName(x.Type); p == "os/exec" && name == "Cmd" {
			g.unknown(x.Pos(), "makes an exec.Cmd by hand")
		} else if goNetwork.Get()[p] && name == "Client" {
			g.effect(Network, "http.Client", x.Pos())
		}
	}
	return true
}

// reference judges a package function named without being called:
// f := os.RemoveAll is not followed.
func (g *goReader) reference(sel *ast.SelectorExpr) {
	if g.called[sel] {
		return
	}
	p, name := g.pkgName(sel)
	if c, ok := goCalls.Get()[p][name]; ok && c.kind != EnvDump {
		g.unknown(sel.Pos(), "refers to %s.%s without calling it", p, name)
	}
	if goRaw.Get()[p] != "" && name != "" && isFuncName(name) {
		g.unknown(sel.Pos(), "uses %s.%s, which %s", p, name, goRaw.Get()[p])
	}
}

// isFuncName tells Unlink (a function) from SIGTERM or O_RDONLY (constants).
func isFuncName(name string) bool {
	return len(name) > 1 && name[0] >= 'A' && name[0] <= 'Z' && name[1] >= 'a' && name[1] <= 'z'
}

func (g *goReader) call(x *ast.CallExpr) {
	p, name := g.pkgName(x.Fun)
	if p == "" {
		if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "MethodByName" {
			g.unknown(x.Pos(), "calls a method found by name")
		}
		return
	}
	if why := goRaw.Get()[p]; why != "" {
		g.unknown(x.Pos(), "calls %s.%s, which %s", p, name, why)
		return
	}
	if goNetwork.Get()[p] && !goNetPure.Get()[name] {
		g.network(x, p, name)
		return
	}
	c, ok := goCalls.Get()[p][name]
	if !ok {
		return
	}
	call := p + "." + name
	lit := func(k int) (string, bool) {
		if k < len(x.Args) {
			return g.value(x.Args[k], 0)
		}
		return "", false
	}
	switch {
	case c.note != "":
		g.unknown(x.Pos(), "calls %s, which %s", call, c.note)
	case c.kind == Exec:
		argv, ok := g.argv(x, c.arg)
		switch {
		case !ok:
			g.unknown(x.Pos(), "calls %s with an argument built at run time", call)
		case len(argv) == 0:
			g.unknown(x.Pos(), "calls %s without a program", call)
		case hasEnv(argv[0]):
			g.unknown(x.Pos(), "calls %s with a program named at run time", call)
		default:
			g.effect(Exec, call, x.Pos(), argv...)
		}
	case c.kind == EnvDump:
		g.effect(EnvDump, call, x.Pos())
	case c.kind == Env:
		if s, ok := lit(0); ok && !hasEnv(s) {
			g.effect(Env, call, x.Pos(), s)
		} else {
			g.effect(EnvDump, call, x.Pos())
		}
	case c.kind == Move:
		a, ok1 := lit(0)
		b, ok2 := lit(1)
		switch {
		case !ok1 || !ok2:
			g.unknown(x.Pos(), "calls %s with a path built at run time", call)
		case !inTestTemp(a) || !inTestTemp(b):
			g.effect(Move, call, x.Pos(), a, b)
		}
	default:
		s, ok := lit(c.arg)
		if !ok {
			if c.kind == Read {
				return // reading the project's files is routine
			}
			g.unknown(x.Pos(), "calls %s with a path built at run time", call)
			return
		}
		if inTestTemp(s) {
			return // inside a folder the test made for itself
		}
		kind := c.kind
		if c.flags && !g.writeFlags(x) {
			kind = Read
		}
		g.effect(kind, call, x.Pos(), s)
	}
}

// writeFlags reports whether os.OpenFile's flags ask for a write (or are
// not plain os.O_ names).
func (g *goReader) writeFlags(x *ast.CallExpr) bool {
	if len(x.Args) < 2 {
		return true
	}
	write := false
	ast.Inspect(x.Args[1], func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.SelectorExpr:
			if p, name := g.pkgName(e); p != "os" || name != "O_RDONLY" && name != "O_SYNC" && name != "O_EXCL" {
				write = true
			}
			return false
		case *ast.BinaryExpr:
			return e.Op == gotoken.OR
		default:
			write = true
			return false
		}
	})
	return write
}
