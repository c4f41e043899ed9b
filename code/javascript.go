package code

import "strings"

// js is the state of one JavaScript analysis.
type js struct {
	a       *analysis
	n       *pyNames
	ts      tokens
	opener  map[int]int
	aliases map[string]string // local name → module member it was bound to
	defs    map[string]bool
	rebound map[string]bool
}

func analyzeJavaScript(a *analysis, src string) {
	ts, _ := lexJavaScript(a, src, 0, false)
	if a.failed {
		return
	}
	p := &js{a: a, n: jsNames.Get(), ts: ts, opener: map[int]int{}, aliases: map[string]string{}, defs: map[string]bool{}, rebound: map[string]bool{}}
	var stack []int
	for i, t := range ts {
		if t.kind == tOp {
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
	}
	p.bindings()
	p.walk()
}

// bindings finds requires and imports, defined functions, and every other
// name the code assigns.
func (p *js) bindings() {
	ts := p.ts
	assigned := map[string]int{}
	for i := 0; i < len(ts); i++ {
		t := ts[i]
		switch {
		case (t.is(tKeyword, "function") || t.is(tKeyword, "class")) && ts.at(i+1).kind == tName:
			p.defs[ts[i+1].text] = true
		case t.is(tKeyword, "const") || t.is(tKeyword, "let") || t.is(tKeyword, "var"):
			if n := ts.at(i + 1); n.kind == tName && ts.at(i+2).is(tOp, "=") {
				if mod, ok := p.required(i + 3); ok {
					p.alias(n.text, mod)
					i += 2
					continue
				}
				if p.isFunction(i + 3) {
					p.defs[n.text] = true
					i += 2
					continue
				}
			}
			if ts.at(i+1).is(tOp, "{") && ts.at(ts.closing(i+1)+1).is(tOp, "=") {
				end := ts.closing(i + 1)
				if mod, ok := p.required(end + 2); ok {
					p.destructure(i+1, end, mod)
					continue
				}
			}
			// Any other declaration: its target names are assigned.
			for k := i + 1; k < len(ts) && !ts[k].is(tOp, "=") && !ts[k].is(tKeyword, "of") && !ts[k].is(tKeyword, "in") && ts[k].kind != tEnd; k++ {
				if ts[k].kind == tName {
					assigned[ts[k].text]++
				}
			}
		case t.is(tKeyword, "import") && !ts.at(i+1).is(tOp, "(") && !ts.at(i-1).is(tOp, "."):
			p.importStmt(i + 1)
		case t.kind == tName && !ts.at(i-1).is(tOp, ".") && !ts.at(i-1).is(tOp, "?."):
			if n := ts.at(i + 1); n.kind == tOp && isAssignOp(n.text) || n.is(tOp, "=>") || n.is(tOp, "++") || n.is(tOp, "--") || ts.at(i-1).is(tOp, "++") || ts.at(i-1).is(tOp, "--") {
				assigned[t.text]++
			}
		case t.is(tOp, ")") && ts.at(i+1).is(tOp, "=>"), t.is(tOp, ")") && ts.at(i+1).is(tOp, "{") && p.isFunctionParams(i):
			for k := p.opener[i] + 1; k < i; k++ {
				if ts[k].kind == tName && !ts.at(k-1).is(tOp, ".") {
					assigned[ts[k].text]++
				}
			}
		}
	}
	for name, n := range assigned {
		if n > 0 {
			p.rebound[name] = true
		}
	}
}

func isAssignOp(op string) bool {
	switch op {
	case "=", "+=", "-=", "*=", "/=", "%=", "**=", "<<=", ">>=", ">>>=", "&=", "|=", "^=", "&&=", "||=", "??=":
		return true
	}
	return false
}

// isFunctionParams reports whether the ) at i closes a function's or a
// catch clause's parameter list.
func (p *js) isFunctionParams(i int) bool {
	o := p.opener[i]
	prev := p.ts.at(o - 1)
	return prev.is(tKeyword, "function") || prev.is(tKeyword, "catch") || p.ts.at(o-2).is(tKeyword, "function") || prev.kind == tName && p.ts.at(o-2).is(tOp, "{")
}

// isFunction reports whether the expression at i is a function value.
func (p *js) isFunction(i int) bool {
	ts := p.ts
	if ts.at(i).is(tKeyword, "async") {
		i++
	}
	switch t := ts.at(i); {
	case t.is(tKeyword, "function"), t.is(tKeyword, "class"):
		return true
	case t.kind == tName:
		return ts.at(i+1).is(tOp, "=>")
	case t.is(tOp, "("):
		return ts.at(ts.closing(i)+1).is(tOp, "=>")
	}
	return false
}

// required reads require('m') or require('m').a.b at i.
func (p *js) required(i int) (string, bool) {
	ts := p.ts
	if !ts.at(i).is(tName, "require") || !ts.at(i+1).is(tOp, "(") || p.rebound["require"] {
		return "", false
	}
	args := ts.args(i + 1)
	if len(args) != 1 {
		return "", false
	}
	mod, ok := args[0].literal()
	if !ok {
		return "", false
	}
	mod = strings.TrimPrefix(mod, "node:")
	p.foreignModule(mod)
	p.a.r.Imports = appendNew(p.a.r.Imports, mod)
	for k := ts.closing(i+1) + 1; ts.at(k).is(tOp, ".") && ts.at(k+1).kind == tName; k += 2 {
		mod += "." + ts[k+1].text
	}
	return mod, true
}

// foreignModule finds a module named by a URL (data:, file:, http:), an
// absolute path or a path that climbs out of the directory to a file the
// caller does not call the project's: code that is not a package and not
// the project's own, which arbiter did not read.
func (p *js) foreignModule(mod string) {
	climbs := strings.HasPrefix(mod, "..") || strings.Contains(mod, "/../")
	switch {
	case strings.Contains(mod, ":") || strings.HasPrefix(mod, "/"):
	case climbs && p.a.opt.ProjectFile != nil && p.a.opt.ProjectFile(mod):
		return // the project's own file, which the caller reads
	case !climbs:
		return
	}
	p.a.dynamic("loads the module " + clipModule(mod) + ", code from outside the project that arbiter did not read")
}

func clipModule(mod string) string {
	if len(mod) > 60 {
		return mod[:60] + "…"
	}
	return mod
}

// alias binds a local name to a module member; a second, different
// binding makes every use of the name ambiguous.
func (p *js) alias(local, qual string) {
	if prev := p.aliases[local]; prev != "" && prev != qual {
		p.a.dynamic("binds " + local + " to both " + prev + " and " + qual + ", so a call through it is ambiguous")
	}
	p.aliases[local] = qual
}

func (p *js) isRequire(i int) bool {
	_, ok := p.required(i)
	return ok
}

// destructure binds const {a, b: c} = require('m').
func (p *js) destructure(open, end int, mod string) {
	ts := p.ts
	for k := open + 1; k < end; k++ {
		t := ts[k]
		if t.kind != tName {
			if t.is(tOp, "...") {
				p.a.dynamic("takes the rest of module " + mod + " into an object")
			}
			continue
		}
		if ts.at(k+1).is(tOp, ":") && ts.at(k+2).kind == tName {
			p.alias(ts[k+2].text, mod+"."+t.text)
			k += 2
			continue
		}
		p.alias(t.text, mod+"."+t.text)
	}
}

// importStmt binds import x from 'm', import * as x, import {a as b}.
func (p *js) importStmt(i int) {
	ts := p.ts
	from := i
	for from < len(ts) && !ts[from].is(tName, "from") && ts[from].kind != tString && ts[from].kind != tEnd {
		from++
	}
	var mod string
	if ts.at(from).kind == tString {
		mod = ts[from].text
	} else if ts.at(from).is(tName, "from") && ts.at(from+1).kind == tString {
		mod = ts[from+1].text
	} else {
		p.a.not("cannot read the import at byte %d", ts.at(i).pos)
		return
	}
	mod = strings.TrimPrefix(mod, "node:")
	p.foreignModule(mod)
	p.a.r.Imports = appendNew(p.a.r.Imports, mod)
	for k := i; k < from; k++ {
		t := ts[k]
		switch {
		case t.is(tOp, "*") && ts.at(k+1).is(tName, "as") && ts.at(k+2).kind == tName:
			p.alias(ts[k+2].text, mod)
			k += 2
		case t.kind == tName && ts.at(k+1).is(tName, "as") && ts.at(k+2).kind == tName:
			p.alias(ts[k+2].text, mod+"."+t.text)
			k += 2
		case t.kind == tName && k == i:
			p.alias(t.text, mod) // the default export
		case t.kind == tName:
			p.alias(t.text, mod+"."+t.text)
		}
	}
}

func (p *js) walk() {
	ts := p.ts
	for i := 0; i < len(ts); {
		t := ts[i]
		prev := ts.at(i - 1)
		switch {
		case t.is(tKeyword, "import") && ts.at(i+1).is(tOp, "("):
			p.a.dynamic("import() loads a module at run time")
			i++
		case t.is(tKeyword, "import") || t.is(tKeyword, "export"):
			for i < len(ts) && ts[i].kind != tEnd && !(ts[i].kind == tString && ts.at(i-1).is(tName, "from")) && !(ts[i].kind == tString && ts.at(i-1).is(tKeyword, "import")) {
				i++
			}
			if t.is(tKeyword, "export") && ts.at(i).kind == tString && ts.at(i-1).is(tName, "from") {
				// export … from 'm' loads m as an import does.
				mod := strings.TrimPrefix(ts[i].text, "node:")
				p.foreignModule(mod)
				p.a.r.Imports = appendNew(p.a.r.Imports, mod)
			}
			i++
		case t.is(tKeyword, "this"):
			// At the top level of node -e, this is the global object.
			p.a.not("uses this, which can reach names the code did not bind")
			i++
		case t.is(tKeyword, "with"):
			p.a.dynamic("with reaches names the code did not bind")
			i++
		case (t.is(tKeyword, "function") || t.is(tKeyword, "class")) && ts.at(i+1).kind == tName:
			i += 2
		case (t.is(tKeyword, "const") || t.is(tKeyword, "let") || t.is(tKeyword, "var")) && ts.at(i+1).kind == tName && ts.at(i+2).is(tOp, "=") && p.aliases[ts[i+1].text] != "":
			// const fs = require('fs'): the binding was read already.
			i += 3
			if _, ok := p.required(i); ok {
				p.requireRead(i)
				i = ts.closing(i+1) + 1
				for ts.at(i).is(tOp, ".") && ts.at(i+1).kind == tName {
					i += 2
				}
			}
		case (t.is(tKeyword, "const") || t.is(tKeyword, "let") || t.is(tKeyword, "var")) && ts.at(i+1).is(tOp, "{") && ts.at(ts.closing(i+1)+1).is(tOp, "=") && p.isRequire(ts.closing(i+1)+2):
			// const {a} = require('m'): bound already.
			i = ts.closing(i+1) + 2
			p.requireRead(i)
			i = ts.closing(i+1) + 1
		case t.kind == tName && !prev.is(tOp, ".") && !prev.is(tOp, "?.") && !(ts.at(i+1).is(tOp, ":") && (prev.is(tOp, "{") || prev.is(tOp, ","))):
			i = p.chain(i)
		case (t.is(tOp, ".") || t.is(tOp, "?.")) && i > 0:
			i = p.valueAttr(i)
		case t.is(tOp, "[") && i > 0 && (prev.kind == tName || prev.is(tOp, ")") || prev.is(tOp, "]")):
			if key := ts.args(i); len(key) == 1 {
				if s, ok := key[0].literal(); ok && jsReflective(s) {
					p.a.dynamic("reads " + s + ", which reaches code the call does not name")
				}
			}
			i++
		case t.is(tOp, "(") && (prev.is(tOp, ")") || prev.is(tOp, "]")) && !p.iife(i-1):
			p.a.dynamic("calls the result of an expression, whose name cannot be read")
			i++
		default:
			i++
		}
	}
}

// iife reports whether the ) at i closes a function expression called at
// once: (function(){…})() or (() => {…})().
func (p *js) iife(i int) bool {
	o, ok := p.opener[i]
	if !ok || !p.ts[i].is(tOp, ")") {
		return false
	}
	return p.isFunction(o + 1)
}

// jsReflective names the properties that reach a function's constructor
// (and so eval) or the prototype chain.
func jsReflective(name string) bool {
	switch name {
	case "constructor", "__proto__", "prototype", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__", "caller", "callee", "mainModule":
		return true
	}
	return false
}

// requireRead records a require of a literal path to a JSON file as a read.
func (p *js) requireRead(i int) {
	mod, _ := p.required(i)
	if strings.HasPrefix(mod, ".") || strings.HasPrefix(mod, "/") || strings.HasPrefix(mod, "~") {
		file := mod
		if strings.Contains(file, ".json") {
			file = file[:strings.Index(file, ".json")+5]
		}
		p.a.read(file)
	}
}

// chain judges a name with its members: a.b?.c, then a call, a tagged
// template, a computed member, an assignment or a plain use.
func (p *js) chain(i int) int {
	ts := p.ts
	root := ts[i].text
	parts := []string{root}
	j := i + 1
	qualRoot := ""
	if root == "require" && !p.rebound[root] && ts.at(j).is(tOp, "(") {
		mod, ok := p.required(i)
		if !ok {
			p.a.dynamic("require of a module named at run time")
			return j
		}
		p.requireRead(i)
		qualRoot, parts = strings.SplitN(mod, ".", 2)[0], nil
		if rest := strings.SplitN(mod, ".", 2); len(rest) == 2 {
			parts = strings.Split(rest[1], ".")
		}
		j = ts.closing(j) + 1
		for ts.at(j).is(tOp, ".") && ts.at(j+1).kind == tName {
			j += 2
		}
		parts = append([]string{qualRoot}, parts...)
	} else {
		for {
			if (ts.at(j).is(tOp, ".") || ts.at(j).is(tOp, "?.")) && ts.at(j+1).kind == tName {
				parts = append(parts, ts[j+1].text)
				j += 2
				continue
			}
			if ts.at(j).is(tOp, "[") {
				if key := ts.args(j); len(key) == 1 {
					if s, ok := key[0].literal(); ok && !strings.ContainsAny(s, ". ") && s != "" {
						parts = append(parts, s)
						j = ts.closing(j) + 1
						continue
					}
				}
			}
			break
		}
	}
	for _, part := range parts[1:] {
		if jsReflective(part) {
			p.a.dynamic("reads " + part + ", which reaches code the call does not name")
			return j
		}
	}
	next := ts.at(j)
	call := next.is(tOp, "(") || next.kind == tString && next.template || ts.at(i-1).is(tKeyword, "new")
	var qual, kind string
	if qualRoot != "" {
		qual, kind = strings.Join(parts, "."), "module"
	} else {
		qual, kind = p.resolve(parts)
	}
	switch {
	case next.kind == tOp && isAssignOp(next.text) && jsExport(parts):
		return j // module.exports = …, exports.name = …: what the module exports
	case next.kind == tOp && isAssignOp(next.text) && len(parts) > 1 && kind != "value":
		p.a.dynamic("assigns to " + qual + ", changing what a known name does")
	case next.is(tOp, "[") && kind != "value":
		if qual == "process.env" {
			if key := ts.args(j); len(key) == 1 {
				if name, ok := key[0].literal(); ok {
					p.a.env(name)
					return ts.closing(j) + 1
				}
			}
			p.a.envDump("process.env[…] with a computed name")
		} else if !p.n.dataPrefix(qual) {
			p.a.dynamic("a computed member of " + qual + " hides what is used")
		}
	case kind == "value":
		if len(parts) > 1 && call {
			p.method(parts[len(parts)-1])
		} else if call && !p.defs[root] {
			p.a.not("calls %s, which is not a function the code defines", root)
		}
	case kind == "local":
		if call && len(parts) > 1 && !p.defs[parts[len(parts)-1]] && !p.n.methods[parts[len(parts)-1]] {
			p.a.not("calls %s, which is not a function the code defines", strings.Join(parts, "."))
		}
	case call:
		p.call(qual, j)
	default:
		p.use(qual, kind, parts)
	}
	return j
}

// resolve qualifies a chain: "module" for a require or import, "global",
// "local" for a function the code defines, "value" otherwise.
func (p *js) resolve(parts []string) (string, string) {
	root := parts[0]
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
	case jsModules.Get()[root]:
		return join(root), "module"
	case jsGlobal(root):
		return join(root), "global"
	}
	return root, "value"
}

// call judges a call of a global or module member.
func (p *js) call(q string, open int) {
	if p.libraryCall(q, open) {
		return
	}
	var args []tokens
	if p.ts.at(open).is(tOp, "(") {
		args = p.ts.args(open)
	}
	switch q {
	case "setTimeout", "setInterval", "setImmediate":
		if len(args) > 0 && len(args[0]) > 0 && args[0][0].kind == tString {
			p.a.dynamic(q + " with a string evaluates it as code")
		}
		return
	}
	if p.n.isPure(q) || !strings.Contains(q, ".") && strings.HasSuffix(q, "Error") {
		return
	}
	if p.effect(q) {
		return
	}
	if p.n.dataPrefix(q) {
		p.method(q[strings.LastIndexByte(q, '.')+1:])
		return
	}
	p.a.not("calls %s, which is not on the side-effect-free list", q)
}

func (p *js) effect(q string) bool { return p.a.effect(p.n.effectOf(q), q) }

// use judges a global or module member that is read, not called.
func (p *js) use(q, kind string, parts []string) {
	switch {
	case strings.HasPrefix(q, "process.env.") && len(parts) == 3:
		p.a.env(parts[2])
	case p.n.effectOf(q) == "env":
		p.a.envDump(q)
	case p.n.isPure(q) || p.n.dataPrefix(q):
	case kind == "global" && len(parts) == 1 && strings.HasSuffix(parts[0], "Error"):
	case kind == "module" && len(parts) > 1 && versionAttr(parts[len(parts)-1]):
	case kind == "module" && len(parts) == 1 && p.ts != nil:
		p.a.dynamic("uses the module " + q + " as a value, which hides what is called on it")
	default:
		if e := p.n.effectOf(q); e != "" {
			p.effect(q)
			return
		}
		p.a.not("uses %s, which is not on the side-effect-free list", q)
	}
}

// valueAttr judges .name after an expression.
func (p *js) valueAttr(i int) int {
	ts := p.ts
	name := ts.at(i + 1)
	if name.kind != tName && name.kind != tKeyword {
		return i + 1
	}
	if jsReflective(name.text) {
		p.a.dynamic("reads " + name.text + ", which reaches code the call does not name")
		return i + 2
	}
	if next := ts.at(i + 2); next.is(tOp, "(") || next.kind == tString && next.template {
		p.method(name.text)
	}
	return i + 2
}

func (p *js) method(name string) {
	if !p.n.methods[name] && !p.defs[name] {
		p.a.not("calls .%s on a value, which is not on the side-effect-free list", name)
	}
}

// jsExport reports an assignment target that is the module's own exports
// (module.exports, module.exports.name, exports.name), which changes no
// name anything else uses.
func jsExport(parts []string) bool {
	return len(parts) >= 2 && (parts[0] == "module" && parts[1] == "exports" || parts[0] == "exports")
}
