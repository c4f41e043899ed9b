package code

import (
	"fmt"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

// py is the state of one Python analysis.
type py struct {
	a       *analysis
	n       *pyNames
	ts      tokens
	opener  map[int]int       // index of a closing bracket → its opening one
	aliases map[string]string // local name → what an import bound it to
	defs    map[string]bool   // functions and classes the code defines
	rebound map[string]bool   // names assigned other than by def, class or import
	paths   map[string]string // names assigned once from a literal path
	// unlisted is the first method called on a value that is not on the
	// list; it is impure unless the code calls the project's own code,
	// whose values have methods of their own.
	unlisted string
	src      string
	// names are the chains the code uses, and of them those it reads
	// rather than calls: what a star import may bind (Report.StarUses).
	names, values     []string
	named, valueNamed map[string]bool
}

func analyzePython(a *analysis, src string) {
	ts := lexPython(a, src, 0)
	if a.failed {
		return
	}
	p := &py{a: a, n: pythonNames.Get(), ts: ts, opener: map[int]int{}, aliases: map[string]string{}, defs: map[string]bool{}, rebound: map[string]bool{}, paths: map[string]string{}, src: src, named: map[string]bool{}, valueNamed: map[string]bool{}}
	var stack []int
	for i, t := range ts {
		if t.kind != tOp {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			stack = append(stack, i)
		case ")", "]", "}":
			if len(stack) > 0 {
				p.opener[i] = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		}
	}
	for _, t := range ts {
		if t.kind == tString && formatReach.MatchString(t.text) {
			// "{0.__init__.__globals__[os].environ}".format(x) walks from
			// any object to any module, inside a string arbiter does not
			// read as code.
			a.not("a format string reaches attributes by dunder names (%s)", clipModule(t.text))
			return
		}
	}
	p.bindings()
	p.importPath()
	p.allNames()
	p.walk()
	if len(p.aliases) > 0 {
		a.r.Bound = p.aliases
	}
	if len(a.r.Stars) > 0 {
		a.r.StarUses, a.r.StarValues = p.names, p.values
	}
	if p.unlisted != "" && len(a.r.Project) == 0 {
		a.not("calls .%s on a value, which is not on the side-effect-free list", p.unlisted)
	}
}

// formatReach finds a str.format replacement field that follows an
// attribute or an index through a dunder name ({0.__class__},
// {x.__init__.__globals__}).
var formatReach = lazyregexp.New(`\{[^{}]*__\w+__[^{}]*\}`)

// project reports whether q is in one of the project's own modules, and
// records the call when it is.
func (p *py) project(q string) bool {
	top, _, _ := strings.Cut(q, ".")
	if p.a.opt.ProjectModule == nil || top == "builtins" || p.n.effectOf(q) != "" || !p.a.opt.ProjectModule(top) {
		return false
	}
	p.a.r.Project = appendNew(p.a.r.Project, top)
	return true
}

// bindings records which names the code defines and which it rebinds, so
// that a call to print after print = os.system is not taken for print.
func (p *py) bindings() {
	ts := p.ts
	assigned := map[string]int{}
	start := 0
	for i := 0; i <= len(ts); i++ {
		if i < len(ts) && ts[i].kind != tEnd {
			continue
		}
		stmt := ts[start:i]
		start = i + 1
		// Targets: everything before the last top-level = of the statement.
		depth, last := 0, -1
		for k, t := range stmt {
			if t.kind != tOp {
				continue
			}
			switch t.text {
			case "(", "[", "{":
				depth++
			case ")", "]", "}":
				depth--
			case "=", "+=", "-=", "*=", "/=", "//=", "%=", "**=", "|=", "&=", "^=", ">>=", "<<=", "@=", ":=":
				if depth == 0 || t.text == ":=" {
					last = k
				}
			}
		}
		for k := 0; k < last; k++ {
			if stmt[k].kind == tName && !stmt.at(k-1).is(tOp, ".") && !stmt.at(k+1).is(tOp, ".") && !stmt.at(k+1).is(tOp, "[") {
				assigned[stmt[k].text]++
				if stmt.at(last+1).is(tKeyword, "lambda") && last == k+1 {
					p.defs[stmt[k].text] = true
					assigned[stmt[k].text]--
				}
			}
		}
		if last == 1 && stmt[0].kind == tName {
			if v, ok := p.pathValue(stmt[2:]); ok {
				p.paths[stmt[0].text] = v
			}
		}
	}
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case t.is(tKeyword, "def") || t.is(tKeyword, "class"):
			if n := ts.at(i + 1); n.kind == tName {
				p.defs[n.text] = true
				if n.text == "__getattr__" && t.text == "def" && p.lineStart(t.pos) {
					// PEP 562: the module makes up any name read from it.
					p.unbound("defines a module __getattr__, which makes up the names read from it")
				}
				if t.text == "def" && ts.at(i+2).is(tOp, "(") {
					p.params(i+2, assigned)
				}
			}
		case t.is(tKeyword, "lambda"):
			for k := i + 1; k < len(ts) && !ts[k].is(tOp, ":"); k++ {
				if ts[k].kind == tName {
					assigned[ts[k].text]++
				}
			}
		case t.is(tKeyword, "for"):
			for k := i + 1; k < len(ts) && !ts[k].is(tKeyword, "in") && ts[k].kind != tEnd; k++ {
				if ts[k].kind == tName {
					assigned[ts[k].text]++
				}
			}
		case t.is(tKeyword, "as"):
			if n := ts.at(i + 1); n.kind == tName && !p.inImport(i) {
				assigned[n.text]++
			}
		case t.is(tKeyword, "global") || t.is(tKeyword, "nonlocal"):
			for k := i + 1; k < len(ts) && ts[k].kind != tEnd; k++ {
				if ts[k].kind == tName {
					assigned[ts[k].text]++
				}
			}
		}
	}
	for name, n := range assigned {
		if n > 0 {
			p.rebound[name] = true
		}
		if n != 1 {
			delete(p.paths, name)
		}
	}
}

// params marks a def's parameters as rebound names.
func (p *py) params(open int, assigned map[string]int) {
	end := p.ts.closing(open)
	for k := open + 1; k < end; k++ {
		prev := p.ts.at(k - 1)
		if p.ts[k].kind == tName && (prev.is(tOp, "(") || prev.is(tOp, ",") || prev.is(tOp, "*") || prev.is(tOp, "**")) {
			assigned[p.ts[k].text]++
		}
	}
}

// inImport reports whether token i is inside an import statement.
func (p *py) inImport(i int) bool {
	for k := i; k >= 0 && p.ts[k].kind != tEnd; k-- {
		if p.ts[k].is(tKeyword, "import") || p.ts[k].is(tKeyword, "from") && (k == 0 || p.ts[k-1].kind == tEnd) {
			return true
		}
	}
	return false
}

func (p *py) walk() {
	ts := p.ts
	for i := 0; i < len(ts); {
		t := ts[i]
		prev := ts.at(i - 1)
		switch {
		case t.is(tKeyword, "import") && (i == 0 || prev.kind == tEnd || prev.is(tOp, ":")):
			i = p.importStmt(i + 1)
		case t.is(tKeyword, "from") && (i == 0 || prev.kind == tEnd || prev.is(tOp, ":")):
			i = p.fromStmt(i + 1)
		case (t.is(tKeyword, "def") || t.is(tKeyword, "class")) && ts.at(i+1).kind == tName:
			i += 2
		case t.kind == tName && !prev.is(tOp, "."):
			i = p.chain(i)
		case t.is(tOp, ".") && i > 0:
			i = p.valueAttr(i)
		case t.is(tOp, "(") && (prev.is(tOp, ")") || prev.is(tOp, "]")):
			p.a.dynamic("calls the result of an expression, whose name cannot be read")
			i++
		default:
			i++
		}
	}
}

// importStmt reads "import a.b [as c], …" from i.
func (p *py) importStmt(i int) int {
	ts := p.ts
	for i < len(ts) && ts[i].kind != tEnd {
		mod, k := p.dotted(i)
		if mod == "" {
			p.unbound("cannot read the import at byte %d", ts.at(i).pos)
			return len(ts)
		}
		i = k
		p.a.r.Imports = appendNew(p.a.r.Imports, mod)
		p.runsOnImport(mod)
		local := strings.SplitN(mod, ".", 2)[0]
		bound := local
		if ts.at(i).is(tKeyword, "as") && ts.at(i+1).kind == tName {
			local, bound = ts[i+1].text, mod
			i += 2
		}
		p.bind(local, bound)
		if ts.at(i).is(tOp, ",") {
			i++
			continue
		}
		break
	}
	return i
}

// fromStmt reads "from a import b [as c], …" from i.
func (p *py) fromStmt(i int) int {
	ts := p.ts
	mod := ""
	for ts.at(i).is(tOp, ".") || ts.at(i).is(tOp, "...") {
		mod += ts[i].text
		i++
	}
	if ts.at(i).kind == tName {
		m, k := p.dotted(i)
		mod, i = mod+m, k
	}
	if mod == "" || !ts.at(i).is(tKeyword, "import") {
		p.unbound("cannot read the import at byte %d", ts.at(i).pos)
		return len(ts)
	}
	i++
	if ts.at(i).is(tOp, "(") {
		i++
	}
	p.a.r.Imports = appendNew(p.a.r.Imports, mod)
	for i < len(ts) && ts[i].kind != tEnd && !ts[i].is(tOp, ")") {
		if ts[i].is(tOp, "*") {
			// Any name the code uses may be one of the module's (unlink
			// from os): the policy judges each through what the module
			// binds (Report.StarUses). Inline code is not read so far.
			p.a.r.Stars = appendNew(p.a.r.Stars, mod)
			p.runsOnImport(mod)
			if p.n.effectOf(mod) == "native" {
				p.a.native("importing " + mod)
			}
			p.a.not("imports every name from %s, which hides what is called", mod)
			i++
			continue
		}
		if ts[i].kind != tName {
			p.unbound("cannot read the import at byte %d", ts[i].pos)
			return len(ts)
		}
		name, local := ts[i].text, ts[i].text
		if strings.HasSuffix(mod, ".") {
			p.a.r.Imports = appendNew(p.a.r.Imports, mod+name)
		} else {
			p.a.r.Imports = appendNew(p.a.r.Imports, mod+"."+name)
		}
		i++
		if ts.at(i).is(tKeyword, "as") && ts.at(i+1).kind == tName {
			local = ts[i+1].text
			i += 2
		}
		if strings.HasSuffix(mod, ".") {
			p.bind(local, mod+name) // from . import x: the package's x
		} else {
			p.bind(local, mod+"."+name)
		}
		if ts.at(i).is(tOp, ",") {
			i++
		}
	}
	if ts.at(i).is(tOp, ")") {
		i++
	}
	return i
}

// unbound records an import that was not read, after which the names the
// code binds are not known.
func (p *py) unbound(format string, args ...any) {
	p.a.not(format, args...)
	if p.a.r.Unbound == "" {
		p.a.r.Unbound = fmt.Sprintf(format, args...)
	}
}

// projectUse records a name used through an import of a project module
// or a relative one, whose meaning that module's bindings give.
func (p *py) projectUse(q string, value bool) {
	if p.fromProject(q) {
		p.a.r.ProjectUses = appendNew(p.a.r.ProjectUses, q)
		if value {
			p.a.r.ProjectValues = appendNew(p.a.r.ProjectValues, q)
		}
	}
}

// note records a chain the code uses, for Report.StarUses.
func (p *py) note(name string, call bool) {
	if !p.named[name] {
		p.named[name] = true
		p.names = append(p.names, name)
	}
	if !call && !p.valueNamed[name] {
		p.valueNamed[name] = true
		p.values = append(p.values, name)
	}
}

// lineStart reports whether the byte at pos starts a line: a statement
// of the module itself, not of a function or class body.
func (p *py) lineStart(pos int) bool {
	return pos == 0 || pos <= len(p.src) && p.src[pos-1] == '\n'
}

// fromProject reports whether the qualified name q is in a project module
// or a relative import's.
func (p *py) fromProject(q string) bool {
	top, _, _ := strings.Cut(q, ".")
	return top == "" || p.a.opt.ProjectModule != nil && top != "builtins" && p.a.opt.ProjectModule(top)
}

// runsOnImport finds modules whose import runs a program: a package's
// __main__ is its command line (venv.__main__ --clear empties the folder
// its arguments name), and CPython's test package runs its suite.
func (p *py) runsOnImport(mod string) {
	switch strings.SplitN(mod, ".", 2)[0] {
	case "antigravity", "idlelib", "turtledemo":
		p.a.spawn("import " + mod + " (it opens a program when imported)")
	case "test":
		p.a.spawn("import " + mod + " (CPython's own test suite runs when imported)")
	}
	if mod == "__main__" || strings.HasSuffix(mod, ".__main__") || strings.Contains(mod, ".__main__.") {
		p.a.spawn("import " + mod + " runs the package's command line with the call's arguments")
	}
}

// importPath finds code that changes where imports come from or what a
// module's main code reads: sys.path.insert(0, "/tmp"), sys.argv = […].
// Importing is running code, so an import after such a change runs code
// arbiter did not read.
func (p *py) importPath() {
	ts := p.ts
	for i := 0; i+2 < len(ts); i++ {
		if !ts[i].is(tName, "sys") || !ts[i+1].is(tOp, ".") || ts[i+2].kind != tName {
			continue
		}
		switch ts[i+2].text {
		case "path", "meta_path", "path_hooks", "modules", "argv":
		default:
			continue
		}
		next := ts.at(i + 3)
		switch {
		case next.is(tOp, "=") || next.is(tOp, "+=") || next.is(tOp, "["):
		case next.is(tOp, ".") && ts.at(i+4).kind == tName && ts.at(i+5).is(tOp, "("):
			switch ts.at(i + 4).text {
			case "insert", "append", "extend", "remove", "pop", "clear", "update", "setdefault", "__setitem__":
			default:
				continue
			}
		default:
			continue
		}
		for _, t := range ts[i:] {
			if t.is(tKeyword, "import") || t.is(tName, "__import__") {
				p.a.dynamic("changes sys." + ts[i+2].text + " before an import, so what the import runs is no longer what its name says")
				return
			}
		}
	}
}

func (p *py) bind(local, qual string) {
	if p.rebound[local] {
		p.a.not("rebinds %s, the name of an import", local)
	}
	if prev := p.aliases[local]; prev != "" && prev != qual {
		p.a.dynamic("binds " + local + " to both " + prev + " and " + qual + ", so a call through it is ambiguous")
	}
	p.aliases[local] = qual
	p.runsOnImport(qual)
	if p.n.effectOf(qual) == "native" {
		p.a.native("importing " + qual)
	}
}

// dotted reads a.b.c from i and returns it with the index after it.
func (p *py) dotted(i int) (string, int) {
	ts := p.ts
	if ts.at(i).kind != tName {
		return "", i
	}
	s := ts[i].text
	i++
	for ts.at(i).is(tOp, ".") && ts.at(i+1).kind == tName {
		s += "." + ts[i+1].text
		i += 2
	}
	return s, i
}

// chain judges a name and its attributes: a.b.c, then a call, a
// subscript, an assignment or a plain use.
func (p *py) chain(i int) int {
	ts := p.ts
	root := ts[i].text
	dotted, j := p.dotted(i)
	parts := strings.Split(dotted, ".")
	for _, part := range parts {
		if isDunder(part) && !safeDunder(part) {
			p.a.dynamic("reads " + part + ", which reaches names the code did not import")
			return j
		}
	}
	next := ts.at(j)
	call := next.is(tOp, "(")
	p.note(dotted, call)
	qual, kind := p.resolve(root, parts)
	if kind == "module" {
		p.projectUse(qual, !call)
	}
	switch {
	case next.is(tOp, "=") && len(parts) > 1 && kind != "value":
		p.a.dynamic("assigns to " + qual + ", changing what a known name does")
	case next.is(tOp, "[") && (qual == "os.environ" || qual == "os.environb"):
		if key := ts.args(j); len(key) == 1 {
			if name, ok := key[0].literal(); ok {
				p.a.env(name)
				return ts.closing(j) + 1
			}
		}
		p.a.envDump("os.environ[…] with a computed name")
	case kind == "value":
		if len(parts) > 1 && call {
			p.method(parts[len(parts)-1], j, p.paths[root], len(parts) == 2 && p.paths[root] != "")
		} else if call && !p.defs[root] {
			p.a.not("calls %s, which is not a function the code defines", root)
		}
	case kind == "local":
		if call && len(parts) > 1 && !p.defs[parts[len(parts)-1]] && !p.n.methods[parts[len(parts)-1]] {
			p.a.not("calls %s, which is not a function the code defines", dotted)
		}
	case call:
		p.call(qual, j)
	case kind == "module" && len(parts) == 1 && p.inClassBases(i) && p.thirdPartyClass(qual):
		// class User(BaseModel): the library's class machinery runs,
		// which its import already trusts. A standard library class
		// (io.FileIO, subprocess.Popen), or one of a library the table
		// judges by its arguments, is judged as taken as a value: calling
		// the subclass calls it.
	default:
		p.use(qual, kind, parts)
	}
	return j
}

// thirdPartyClass reports a name from a module outside the standard
// library that neither the effect table nor the library table knows.
func (p *py) thirdPartyClass(q string) bool {
	top, _, _ := strings.Cut(q, ".")
	lib := p.libraries()
	return !pyStdlib.Get()[top] && p.n.effectOf(q) == "" && len(lib.methods[top]) == 0 && lib.call(q) == nil
}

// inClassBases reports whether the name at i is one of a class
// statement's bases (or its metaclass): class NAME(A, b.C, metaclass=M).
func (p *py) inClassBases(i int) bool {
	ts := p.ts
	k := i - 1
	for k >= 0 && (ts[k].kind == tName || ts[k].is(tOp, ".") || ts[k].is(tOp, ",") || ts[k].is(tOp, "=")) {
		k--
	}
	return k >= 2 && ts[k].is(tOp, "(") && ts[k-1].kind == tName && ts[k-2].is(tKeyword, "class")
}

// resolve qualifies a chain: "module" for an import, "builtin", "local"
// for a def or class, "value" for anything else.
func (p *py) resolve(root string, parts []string) (string, string) {
	rest := strings.Join(parts[1:], ".")
	join := func(q string) string {
		if rest == "" {
			return q
		}
		return q + "." + rest
	}
	switch {
	case p.rebound[root]:
		return root, "value"
	case p.aliases[root] != "":
		return join(p.aliases[root]), "module"
	case p.defs[root]:
		return root, "local"
	case pyBuiltin(root):
		return join("builtins." + root), "builtin"
	}
	return root, "value"
}

// call judges a call of a module function or builtin.
func (p *py) call(q string, open int) {
	args := p.ts.args(open)
	switch q {
	case "builtins.open", "io.open", "codecs.open":
		p.open(q, args)
		return
	case "os.getenv", "os.environ.get", "os.getenvb", "os.environb.get",
		// setdefault reads one variable (and sets it when unset), as
		// Django's manage.py does with DJANGO_SETTINGS_MODULE.
		"os.environ.setdefault", "os.environb.setdefault":
		if len(args) > 0 {
			if name, ok := args[0].literal(); ok {
				p.a.env(name)
				return
			}
		}
		p.a.envDump(q + " with a computed name")
		return
	case "builtins.hasattr":
		return
	case "builtins.getattr":
		// getattr(value, 'name') is value.name: pure only for a name that
		// is pure as a method, read from a plain value (not a module).
		if len(args) >= 2 {
			if name, ok := args[1].literal(); ok {
				if len(args[0]) != 1 || args[0][0].kind != tName {
					p.a.dynamic("getattr on an expression hides which function is used")
					return
				}
				if _, kind := p.resolve(args[0][0].text, []string{args[0][0].text}); kind != "value" && kind != "local" {
					p.a.dynamic("getattr on " + args[0][0].text + " hides which function is used")
					return
				}
				if !p.n.methods[name] && !safeDunder(name) && !p.defs[name] {
					p.a.dynamic("getattr reads " + name + ", which is not on the side-effect-free list")
				}
				return
			}
		}
		p.a.dynamic("getattr with a computed name")
		return
	}
	if i := strings.LastIndexByte(q, '.'); i > 0 && p.n.loadMethod(q[i+1:], nil) == "*" {
		// A loader's method on a value a module holds (proj.celery.app).
		p.a.effect("loads", strings.TrimPrefix(q, "builtins."))
		return
	}
	if role, ok := p.n.loadArgs[q]; ok && p.loadsBy(role, args) {
		p.a.effect("loads", strings.TrimPrefix(q, "builtins."))
		return
	}
	if p.libraryCall(q, args) {
		return
	}
	if p.n.isPure(q) || q == "builtins."+strings.TrimPrefix(q, "builtins.") && pyExceptionName(strings.TrimPrefix(q, "builtins.")) {
		return
	}
	if strings.HasSuffix(q, ".get_version") && len(args) == 0 {
		return // django.get_version(): a version check
	}
	if p.effect(q) {
		return
	}
	if p.n.dataPrefix(q) {
		i := strings.LastIndexByte(q, '.')
		p.method(q[i+1:], open, "", false)
		return
	}
	if p.project(q) {
		return
	}
	p.a.not("calls %s, which is not on the side-effect-free list", strings.TrimPrefix(q, "builtins."))
}

// loadsBy reports whether the argument role names makes a call of a
// pyLoadArgs function load code: given as anything but a plain name (a
// module the code holds) or "__main__", or hidden in unpacked arguments.
func (p *py) loadsBy(role argRole, args []tokens) bool {
	for _, arg := range args {
		if len(arg) > 0 && (arg[0].is(tOp, "*") || arg[0].is(tOp, "**")) {
			return true
		}
	}
	v := role.find(args, true)
	if v == nil {
		return false
	}
	if s, ok := v.literal(); ok {
		return s != "__main__"
	}
	return len(v) != 1 || v[0].kind != tName || v[0].text == "None"
}

// effect records a known effect of q; false when q has none.
func (p *py) effect(q string) bool {
	return p.a.effect(p.n.effectOf(q), strings.TrimPrefix(q, "builtins."))
}

// use judges a module attribute or builtin that is read, not called.
func (p *py) use(q, kind string, parts []string) {
	switch {
	case p.n.effectOf(q) == "env":
		p.a.envDump(q)
	case kind != "value" && p.n.effectOf(q) != "write" && p.effect(q):
		// f = os.unlink; f(p): a function with an effect, taken as a
		// value, is called where its name is no longer read.
	case p.n.isPure(q) && !(kind == "builtin" && pyImpureBuiltins.Get()[parts[0]]), p.n.dataPrefix(q):
	case kind == "module" && p.libraryUse(q):
	case kind == "builtin" && len(parts) == 1 && pyExceptionName(parts[0]):
	case kind == "module" && len(parts) > 1 && (versionAttr(parts[len(parts)-1]) || isDunder(parts[len(parts)-1]) && safeDunder(parts[len(parts)-1])):
	case kind == "module" && len(parts) == 1 && p.fromProject(q):
		// A name a project module gives (a blueprint, a model class, a
		// settings object): the policy judges what that module binds it
		// to (Report.ProjectValues), a module taken as a value included.
		p.project(q)
	case kind == "module" && len(parts) == 1:
		p.a.dynamic("uses the module " + parts[0] + " as a value, which hides what is called on it")
	case kind == "module" && p.project(q):
	default:
		p.a.not("uses %s, which is not on the side-effect-free list", strings.TrimPrefix(q, "builtins."))
	}
}

// valueAttr judges .name after an expression (a call, a subscript, a
// literal).
func (p *py) valueAttr(i int) int {
	ts := p.ts
	name := ts.at(i + 1)
	if name.kind != tName {
		return i + 1
	}
	if isDunder(name.text) && !safeDunder(name.text) {
		p.a.dynamic("reads " + name.text + ", which reaches names the code did not import")
		return i + 2
	}
	if ts.at(i+2).is(tOp, "(") {
		recv, known := p.receiverPath(i - 1)
		p.method(name.text, i+2, recv, known)
	}
	return i + 2
}

// receiverPath returns the literal path of Path('x') ending at index end.
func (p *py) receiverPath(end int) (string, bool) {
	if !p.ts.at(end).is(tOp, ")") {
		return "", false
	}
	open, ok := p.opener[end]
	if !ok {
		return "", false
	}
	start := open
	for start >= 2 && p.ts[start-1].kind == tName && p.ts[start-2].is(tOp, ".") {
		start -= 2
	}
	if start >= 1 && p.ts[start-1].kind == tName {
		start--
	}
	return p.pathValue(p.ts[start : end+1])
}

// pathValue returns the literal path an expression names: a string,
// Path('x'), os.path.join('a', 'b'), os.path.expanduser('~/x').
func (p *py) pathValue(ts tokens) (string, bool) {
	if s, ok := ts.literal(); ok {
		return s, true
	}
	if len(ts) == 1 && ts[0].kind == tName {
		v, ok := p.paths[ts[0].text]
		return v, ok
	}
	if len(ts) < 3 || ts[0].kind != tName || !ts[len(ts)-1].is(tOp, ")") {
		return "", false
	}
	dotted, j := (&py{ts: ts}).dotted(0)
	if !ts.at(j).is(tOp, "(") || ts.closing(j) != len(ts)-1 {
		return "", false
	}
	parts := strings.Split(dotted, ".")
	q, _ := p.resolve(parts[0], parts)
	var lits []string
	for _, arg := range ts.args(j) {
		v, ok := p.pathValue(arg)
		if !ok {
			return "", false
		}
		lits = append(lits, v)
	}
	switch q {
	case "pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath", "os.path.join", "os.path.expanduser", "os.path.realpath":
		if len(lits) == 0 {
			return "", false
		}
		return pyJoin(lits), true
	case "os.path.abspath", "os.path.normpath":
		if len(lits) != 1 {
			return "", false
		}
		return path.Clean(lits[0]), true // by the text, as Python does
	}
	return "", false
}

// pyJoin joins path parts as os.path.join and pathlib do: an absolute part
// starts the path again (os.path.join('out', '/etc/x') is /etc/x), and so
// does one starting with "~", the home directory expanduser gave. ".." is
// kept: the kernel takes it after the links before it (lnk/.. is the
// parent of lnk's target), which the policy follows and a clean would not.
func pyJoin(parts []string) string {
	start := 0
	for i, s := range parts {
		if strings.HasPrefix(s, "/") || strings.HasPrefix(s, "~") {
			start = i
		}
	}
	out := ""
	for _, s := range parts[start:] {
		switch {
		case out == "" || strings.HasSuffix(out, "/"):
			out += s
		case s != "":
			out += "/" + s
		}
	}
	if out == "" {
		return "."
	}
	return out
}

// method judges a method call on a value; recv is the value's literal path
// when known is set (for Path methods).
func (p *py) method(name string, open int, recv string, known bool) {
	args := p.ts.args(open)
	switch name {
	case "read_text", "read_bytes":
		if known {
			p.a.read(recv)
			return
		}
		p.a.not("reads a file whose name is computed")
	case "write_text", "write_bytes", "touch", "mkdir":
		if known {
			p.a.write(recv)
			return
		}
		p.a.not("writes a file whose name is computed")
	case "open":
		if known {
			mode := []tokens{{{kind: tString, text: recv}}}
			p.open("Path.open", append(mode, args...))
			return
		}
		p.a.not("opens a file whose name is computed")
	case "unlink", "rmdir":
		p.a.deletes("." + name + "()")
	case "rename", "symlink_to", "hardlink_to", "chmod", "lchmod", "chown":
		p.a.not(".%s() changes files", name)
	case "replace":
		if len(args) < 2 {
			p.a.not(".replace() with one argument renames a file")
		}
	default:
		if m := p.n.loadMethod(name, p.importedTops()); m != "" {
			what := "." + name + "() of a " + m + " value"
			if m == "*" {
				what = "." + name + "()"
			}
			p.a.effect("loads", what)
			return
		}
		if p.libraryMethod(name, args) {
			return
		}
		if !p.n.methods[name] && !p.defs[name] && !safeDunder(name) && p.unlisted == "" {
			p.unlisted = name
		}
	}
}

// open judges open(path, mode): a literal path read, or written.
func (p *py) open(q string, args []tokens) {
	file, mode := tokens(nil), tokens(nil)
	pos := 0
	for _, arg := range args {
		switch kw, v := arg.keyword(); kw {
		case "file":
			file = v
		case "mode":
			mode = v
		case "":
			if pos == 0 {
				file = v
			} else if pos == 1 {
				mode = v
			}
			pos++
		}
	}
	name, ok := p.pathValue(file)
	if !ok {
		if len(file) == 1 && file[0].is(tNumber, "0") {
			return // standard input
		}
		p.a.not("%s opens a file whose name is computed", strings.TrimPrefix(q, "builtins."))
		return
	}
	m := "r"
	if mode != nil {
		if m, ok = mode.literal(); !ok {
			p.a.not("opens %s with a computed mode", name)
			return
		}
	}
	if strings.ContainsAny(m, "wax+") {
		p.a.write(name)
		return
	}
	p.a.read(name)
}
