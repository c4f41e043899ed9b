package code

import (
	"fmt"
	"go/ast"
	"go/parser"
	gotoken "go/token"
	"path"
	"strconv"
	"strings"
)

// GoFile is what ReadGo found in one Go source file.
type GoFile struct {
	Effects
	Package string
	// Generate are the file's //go:generate directives, in order.
	Generate []GoDirective
}

// GoDirective is one //go:generate line: its line number and its text
// after the //go:generate prefix.
type GoDirective struct {
	Line int
	Text string
}

// ReadGo reads a Go file that a test run, go run or go generate executes
// for what it does to the system: os/exec commands (a literal program; an
// argument built at run time is DynamicWord), os.RemoveAll, os.Remove,
// writes and reads of paths it spells out (literals, joins, the HOME
// variable), net/http requests to literal addresses, and its
// //go:generate lines, found by line as go generate finds them. A file
// that does not parse is reported in Why.
func ReadGo(src string) (g GoFile) {
	defer func() {
		if p := recover(); p != nil {
			g = GoFile{Effects: Effects{Lang: "go", Why: fmt.Sprintf("internal error while reading Go code: %v", p)}}
		}
	}()
	g.Lang = "go"
	if len(src) > maxSource {
		g.Why = fmt.Sprintf("the code is longer than %d KiB", maxSource>>10)
		return g
	}
	g.Generate = goDirectives(src)
	f, err := parser.ParseFile(gotoken.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		g.Why = "it does not parse as Go: " + err.Error()
		return g
	}
	g.Package = f.Name.Name
	r := &goReader{c: &collector{e: Effects{Lang: "go"}}, imports: map[string]string{}, binds: map[string]ast.Expr{}, home: map[string]bool{}, temp: map[string]bool{}}
	r.read(f)
	g.Effects = r.c.finish()
	return g
}

// goDirectives finds the //go:generate lines, as go generate does: by
// line, wherever they are (go generate is not a Go parser).
func goDirectives(src string) []GoDirective {
	var out []GoDirective
	for n, line := range strings.Split(src, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if rest, ok := strings.CutPrefix(line, "//go:generate"); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "\t")) {
			out = append(out, GoDirective{Line: n + 1, Text: rest})
		}
	}
	return out
}

type goReader struct {
	c       *collector
	imports map[string]string   // local name → import path, for the packages read
	binds   map[string]ast.Expr // NAME := EXPR anywhere in the file (nil when bound twice)
	home    map[string]bool     // names bound to os.UserHomeDir()
	temp    map[string]bool     // names bound to os.MkdirTemp(…)
}

// goTempDir stands for a folder a test creates under the temporary
// directory (t.TempDir(), os.MkdirTemp), which is new and the test's own.
const goTempDir = "/tmp/go-test-tempdir"

// goWatched are the imports whose calls the reader follows.
var goWatched = map[string]bool{"os": true, "os/exec": true, "net/http": true, "net": true, "path/filepath": true, "path": true, "fmt": true, "syscall": true, "golang.org/x/sys/unix": true}

func (r *goReader) read(f *ast.File) {
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil || !goWatched[p] {
			continue
		}
		name := path.Base(p)
		if im.Name != nil {
			name = im.Name.Name
		}
		if name == "." {
			r.c.unknown("imports " + p + " into its own namespace, which arbiter does not follow")
			continue
		}
		r.imports[name] = p
	}
	ast.Inspect(f, r.bind)
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			r.call(call)
		}
		return true
	})
}

// bind records single bindings of names to expressions.
func (r *goReader) bind(n ast.Node) bool {
	set := func(id *ast.Ident, e ast.Expr) {
		if id.Name == "_" {
			return
		}
		if _, seen := r.binds[id.Name]; seen {
			r.binds[id.Name] = nil
			return
		}
		r.binds[id.Name] = e
	}
	switch x := n.(type) {
	case *ast.AssignStmt:
		if len(x.Lhs) == 2 && len(x.Rhs) == 1 && (r.isCall(x.Rhs[0], "os", "UserHomeDir") || r.isCall(x.Rhs[0], "os", "MkdirTemp")) {
			if id, ok := x.Lhs[0].(*ast.Ident); ok {
				if r.isCall(x.Rhs[0], "os", "MkdirTemp") {
					r.temp[id.Name] = true
				} else {
					r.home[id.Name] = true
				}
			}
			return true
		}
		if len(x.Lhs) != len(x.Rhs) {
			return true
		}
		for k, l := range x.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				set(id, x.Rhs[k])
			}
		}
	case *ast.ValueSpec:
		for k, id := range x.Names {
			if k < len(x.Values) {
				set(id, x.Values[k])
			}
		}
	}
	return true
}

// pkgCall returns the import path and function name of pkg.Func(…).
func (r *goReader) pkgCall(e ast.Expr) (string, string) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return "", ""
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", ""
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return "", ""
	}
	return r.imports[id.Name], sel.Sel.Name
}

func (r *goReader) isCall(e ast.Expr, pkg, fn string) bool {
	p, f := r.pkgCall(e)
	return p == pkg && f == fn
}

// call reads one call for what it does.
func (r *goReader) call(call *ast.CallExpr) {
	pkg, fn := r.pkgCall(call)
	args := call.Args
	switch {
	case pkg == "os/exec" && (fn == "Command" || fn == "CommandContext"):
		if fn == "CommandContext" {
			if len(args) == 0 {
				return
			}
			args = args[1:]
		}
		r.command(args, call.Ellipsis.IsValid())
	case (pkg == "syscall" || pkg == "golang.org/x/sys/unix") && (fn == "Exec" || fn == "ForkExec") || pkg == "os" && fn == "StartProcess":
		r.exec(args)
	case pkg == "os":
		r.osCall(fn, args)
	case pkg == "net/http":
		r.request(fn, args)
	case pkg == "net" && (fn == "Dial" || fn == "DialTimeout") && len(args) >= 2:
		if v, ok := r.value(args[1], 0); ok && v.base == 0 {
			r.c.reach("http://" + v.text)
		}
	}
}

// command reads exec.Command(name, args…).
func (r *goReader) command(args []ast.Expr, spread bool) {
	if len(args) == 0 {
		return
	}
	prog, ok := r.value(args[0], 0)
	if !ok || prog.base != 0 || prog.text == "" {
		r.c.unknown("starts a program whose name is only known when the code runs")
		return
	}
	argv := []string{Quote(prog.text)}
	for k, a := range args[1:] {
		if spread && k == len(args)-2 {
			argv = append(argv, r.list(a)...)
			continue
		}
		argv = append(argv, r.word(a))
	}
	r.c.spawn(argv, "", nil)
}

// exec reads syscall.Exec(path, argv, env) and os.StartProcess(name, argv, attr).
func (r *goReader) exec(args []ast.Expr) {
	if len(args) < 2 {
		return
	}
	words := r.list(args[1])
	prog, ok := r.value(args[0], 0)
	if !ok || prog.base != 0 || len(words) == 0 || words[0] == DynamicWord {
		r.c.unknown("replaces or starts a process with a program only known when the code runs")
		return
	}
	words[0] = Quote(prog.text)
	r.c.spawn(words, "", nil)
}

// word renders one argument as a shell word.
func (r *goReader) word(e ast.Expr) string {
	if v, ok := r.value(e, 0); ok {
		return v.shell()
	}
	return DynamicWord
}

// list renders a []string{…} literal (or a name bound to one) as words.
func (r *goReader) list(e ast.Expr) []string {
	if id, ok := e.(*ast.Ident); ok && r.binds[id.Name] != nil {
		e = r.binds[id.Name]
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return []string{DynamicWord}
	}
	var out []string
	for _, el := range lit.Elts {
		out = append(out, r.word(el))
	}
	return out
}

// goFileOps are the os functions that touch files, with the equivalent
// operation and how many path arguments it takes.
var goFileOps = map[string]struct {
	op    string
	paths int
}{
	"RemoveAll": {"rm-r", 1}, "Remove": {"rm", 1}, "WriteFile": {"write", 1}, "Create": {"write", 1},
	"ReadFile": {"read", 1}, "Open": {"read", 1}, "Rename": {"mv", 2}, "Symlink": {"ln", 2}, "Link": {"ln", 2},
}

// osCall reads os.RemoveAll, os.WriteFile and the like on paths the code
// spells out; a path built otherwise (a test's temporary folder) is not
// followed.
func (r *goReader) osCall(fn string, args []ast.Expr) {
	op, ok := goFileOps[fn]
	if fn == "OpenFile" && len(args) >= 2 && goWriteFlags(args[1]) {
		op, ok = goFileOps["Create"], true
	}
	if !ok || len(args) < op.paths {
		return
	}
	var paths []val
	fresh := 0
	for _, a := range args[:op.paths] {
		v, ok := r.value(a, 0)
		if !ok {
			return
		}
		if v.base == 0 && (v.text == goTempDir || strings.HasPrefix(v.text, goTempDir+"/")) {
			fresh++
		}
		paths = append(paths, v)
	}
	if fresh == len(paths) {
		return // inside a folder the test created for itself
	}
	r.c.fileOp(op.op, paths...)
}

// goWriteFlags reports whether os.OpenFile's flags ask for writing.
func goWriteFlags(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			switch sel.Sel.Name {
			case "O_WRONLY", "O_CREATE", "O_APPEND", "O_TRUNC": // O_RDWR alone opens a device or an existing file
				found = true
			}
		}
		return true
	})
	return found
}

// request reads net/http calls to an address the code spells out.
func (r *goReader) request(fn string, args []ast.Expr) {
	at := -1
	switch fn {
	case "Get", "Head", "Post", "PostForm":
		at = 0
	case "NewRequest":
		at = 1
	case "NewRequestWithContext":
		at = 2
	}
	if at < 0 || at >= len(args) {
		return
	}
	if v, ok := r.value(args[at], 0); ok && v.base == 0 && (strings.HasPrefix(v.text, "http://") || strings.HasPrefix(v.text, "https://")) {
		r.c.reach(v.text)
	}
}

// value evaluates an expression built from string literals, names bound
// to them, +, filepath.Join, fmt.Sprintf with %s and %v, and the HOME
// variable.
func (r *goReader) value(e ast.Expr, depth int) (val, bool) {
	if depth > 8 {
		return val{}, false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != gotoken.STRING {
			return val{}, false
		}
		s, err := strconv.Unquote(x.Value)
		return val{text: s}, err == nil
	case *ast.ParenExpr:
		return r.value(x.X, depth+1)
	case *ast.Ident:
		if r.home[x.Name] {
			return val{base: 'h'}, true
		}
		if r.temp[x.Name] {
			return val{text: goTempDir}, true
		}
		if b := r.binds[x.Name]; b != nil {
			return r.value(b, depth+1)
		}
	case *ast.BinaryExpr:
		if x.Op != gotoken.ADD {
			return val{}, false
		}
		a, ok1 := r.value(x.X, depth+1)
		b, ok2 := r.value(x.Y, depth+1)
		if !ok1 || !ok2 || b.base != 0 {
			return val{}, false
		}
		return val{text: a.text + b.text, base: a.base}, true
	case *ast.CallExpr:
		return r.callValue(x, depth)
	}
	return val{}, false
}

// callValue evaluates filepath.Join, path.Join, os.Getenv, fmt.Sprintf
// and a test's TempDir().
func (r *goReader) callValue(x *ast.CallExpr, depth int) (val, bool) {
	if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "TempDir" && len(x.Args) == 0 {
		return val{text: goTempDir}, true // t.TempDir(), os.TempDir()
	}
	pkg, fn := r.pkgCall(x)
	switch {
	case (pkg == "path/filepath" || pkg == "path") && fn == "Join" && !x.Ellipsis.IsValid():
		out := val{}
		for _, a := range x.Args {
			v, ok := r.value(a, depth+1)
			if !ok {
				return val{}, false
			}
			if v.base != 0 {
				out = v
				continue
			}
			out = val{text: path.Join(out.text, v.text), base: out.base}
			if out.text == "." {
				out.text = ""
			}
		}
		return out, true
	case pkg == "os" && fn == "Getenv" && len(x.Args) == 1:
		if v, ok := r.value(x.Args[0], depth+1); ok && (v.text == "HOME" || v.text == "USERPROFILE") {
			return val{base: 'h'}, true
		}
	case pkg == "fmt" && fn == "Sprintf" && len(x.Args) > 0:
		return r.sprintf(x.Args, depth)
	}
	return val{}, false
}

// sprintf evaluates fmt.Sprintf with %s, %v and %q-free formats.
func (r *goReader) sprintf(args []ast.Expr, depth int) (val, bool) {
	f, ok := r.value(args[0], depth+1)
	if !ok || f.base != 0 {
		return val{}, false
	}
	var out strings.Builder
	base := byte(0)
	next := 1
	s := f.text
	for s != "" {
		i := strings.IndexByte(s, '%')
		if i < 0 {
			out.WriteString(s)
			break
		}
		out.WriteString(s[:i])
		if i+1 >= len(s) {
			return val{}, false
		}
		switch s[i+1] {
		case '%':
			out.WriteByte('%')
		case 's', 'v':
			if next >= len(args) {
				return val{}, false
			}
			v, ok := r.value(args[next], depth+1)
			if !ok {
				return val{}, false
			}
			next++
			if i == 0 && out.Len() == 0 && v.base != 0 {
				base = v.base
				out.WriteString(v.text)
			} else {
				out.WriteString(v.inline())
			}
		default:
			return val{}, false
		}
		s = s[i+2:]
	}
	return val{text: out.String(), base: base}, true
}

// GoGenerateWords splits a //go:generate directive into words the way go
// generate does: blanks separate words, a double-quoted word is a Go
// string literal. It does not expand variables.
func GoGenerateWords(text string) ([]string, error) {
	var words []string
	line := text
	for {
		line = strings.TrimLeft(line, " \t")
		if line == "" {
			return words, nil
		}
		if line[0] != '"' {
			i := strings.IndexAny(line, " \t")
			if i < 0 {
				i = len(line)
			}
			words = append(words, line[:i])
			line = line[i:]
			continue
		}
		end := -1
		for i := 1; i < len(line); i++ {
			if line[i] == '\\' {
				i++
				continue
			}
			if line[i] == '"' {
				end = i
				break
			}
		}
		if end < 0 {
			return nil, fmt.Errorf("mismatched quoted string in %q", text)
		}
		w, err := strconv.Unquote(line[:end+1])
		if err != nil {
			return nil, fmt.Errorf("bad quoted string in %q", text)
		}
		words = append(words, w)
		line = line[end+1:]
		if line != "" && line[0] != ' ' && line[0] != '\t' {
			return nil, fmt.Errorf("no space after a quoted argument in %q", text)
		}
	}
}
