package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// libraries returns the table's Python section.
func (p *py) libraries() *libraries { return libraryFor("python") }

// projectTop reports whether q's top-level module is the project's own:
// its code, not the library of that name, is what runs.
func (p *py) projectTop(q string) bool {
	top, _, _ := strings.Cut(q, ".")
	return p.a.opt.ProjectModule != nil && p.a.opt.ProjectModule(top)
}

// libraryCall judges a call of a function the library table lists; false
// when it lists none, so that the call keeps the answer it had.
func (p *py) libraryCall(q string, args []tokens) bool {
	lib := p.libraries()
	if lib == nil || p.projectTop(q) || reachesModule(q) {
		return false
	}
	if c := lib.call(q); c != nil {
		p.libraryArgs(q, c, args)
		return true
	}
	return lib.isPure(q)
}

// libraryUse reports whether a name read, not called, is one the table
// says only computes (numpy.nan, sqlite3.Row).
func (p *py) libraryUse(q string) bool {
	return !p.projectTop(q) && !reachesModule(q) && p.libraries().isPure(q)
}

// libraryMethod judges a method call on a value, for the methods the
// table lists for the modules the code imports; false when none does.
func (p *py) libraryMethod(name string, args []tokens) bool {
	c := p.libraries().methodOf(name, p.importedTops())
	if c == nil {
		return false
	}
	p.libraryArgs("."+name+"()", c, args)
	return true
}

// importedTops lists the top-level modules the code imports.
func (p *py) importedTops() []string {
	var tops []string
	for _, m := range p.a.r.Imports {
		if top, _, _ := strings.Cut(m, "."); top != "" {
			tops = appendNew(tops, top)
		}
	}
	return tops
}

// libraryArgs judges the arguments of a call the table lists by their
// roles: the paths it reads and writes, the SQL it runs, the database it
// opens, an argument that loads code, the functions an aggregation runs.
func (p *py) libraryArgs(what string, c *libCall, args []tokens) {
	what = strings.TrimPrefix(what, "builtins.")
	for _, arg := range args {
		if len(arg) > 0 && (arg[0].is(tOp, "*") || arg[0].is(tOp, "**")) {
			p.a.not("calls %s with arguments unpacked from a value, so which of them are paths cannot be read", what)
			return
		}
	}
	for _, role := range c.args {
		v := role.find(args, true)
		if v == nil {
			continue // a write left out returns the text; a read left out fails
		}
		switch role.role {
		case "read", "write":
			p.libraryPath(what, role.role, v)
		case "image":
			p.libraryImage(what, v)
		case "db":
			p.libraryDatabase(what, v)
		case "sql":
			p.librarySQL(what, v)
		case "conn":
			if name, ok := p.pathValue(v); ok {
				p.a.not("calls %s with the database address %q, which may name another machine", what, clipText(name))
			}
		case "loads":
			if len(v) != 1 || !v[0].is(tKeyword, "False") && !v[0].is(tKeyword, "None") {
				p.a.dynamic("calls " + what + " with " + role.keyword + ", which loads code arbiter does not read (pickled objects, or a module named by a string)")
			}
		case "name":
			if s, ok := v.literal(); !ok || !plainName(s) {
				p.a.dynamic("calls " + what + " with a name that is not a plain one (a module:// name loads that module)")
			}
		case "func":
			p.aggregation(what, args)
		}
	}
}

// libraryPath judges a path argument: a literal (or a name bound to one,
// or a path built of those) is read or written; a URL is a network call;
// a file the code opens in the argument itself (open('x')) or standard
// input was judged where it was opened; anything else is computed.
func (p *py) libraryPath(what, role string, v tokens) {
	name, ok := p.pathValue(v)
	switch {
	case !ok && p.openedHere(v):
	case !ok:
		p.a.not("calls %s with a file to %s whose name is computed", what, role)
	case strings.Contains(name, "://"):
		p.a.network(what + " of " + name)
	case role == "read":
		p.a.read(name)
	default:
		p.a.write(name)
	}
}

// openedHere reports whether an argument is a file opened in place
// (open('x'), io.open('x', 'w')) or a standard stream: its open is judged
// by the walk like any other.
func (p *py) openedHere(v tokens) bool {
	if len(v) == 0 || v[0].kind != tName {
		return false
	}
	dotted, j := (&py{ts: v}).dotted(0)
	parts := strings.Split(dotted, ".")
	q, _ := p.resolve(parts[0], parts)
	switch {
	case j == len(v):
		return q == "sys.stdin" || q == "sys.stdout"
	case v[j].is(tOp, "(") && v.closing(j) == len(v)-1:
		return q == "builtins.open" || q == "io.open" || q == "io.StringIO" || q == "io.BytesIO"
	}
	return false
}

// libraryImage judges an image a call opens: its content, not its name,
// picks the decoder, so only a file named literally is read, and listed
// for the policy to look at.
func (p *py) libraryImage(what string, v tokens) {
	name, ok := p.pathValue(v)
	switch {
	case !ok:
		p.a.not("calls %s with an image that is not a file named literally: its content picks the decoder, and Pillow renders PostScript by running Ghostscript", what)
	case strings.Contains(name, "://"):
		p.a.network(what + " of " + name)
	default:
		p.a.read(name)
		p.a.r.Images = appendNew(p.a.r.Images, name)
	}
}

// libraryDatabase judges a database a call opens: ":memory:" is none; a
// literal file is read, and listed for the policy to place.
func (p *py) libraryDatabase(what string, v tokens) {
	name, ok := p.pathValue(v)
	switch {
	case !ok:
		p.a.not("calls %s with a database whose name is computed", what)
	case name == ":memory:":
	case name == "" || strings.HasPrefix(strings.ToLower(name), "file:") || strings.Contains(name, "://"):
		p.a.not("calls %s with %q, a database URI arbiter does not read", what, name)
	default:
		p.a.read(name)
		p.a.r.Databases = appendNew(p.a.r.Databases, name)
	}
}

// librarySQL judges SQL a call runs: only a literal that only reads
// (SQLite's reader) is routine.
func (p *py) librarySQL(what string, v tokens) {
	sql, ok := v.literal()
	if !ok {
		p.a.not("calls %s with SQL that is computed", what)
		return
	}
	if strings.HasPrefix(strings.TrimSpace(sql), ".") {
		p.a.not("calls %s with %q, which is not SQL", what, clipText(sql))
		return
	}
	if why, ok := SQLite(sql, false); !ok {
		p.a.not("calls %s with SQL that does not only read (%s)", what, why)
	}
}

// aggregation judges the functions a pandas aggregation (agg, aggregate,
// apply) runs: a string names a method of the value, which pandas calls
// with the call's other arguments, so each string (other than a dict's
// keys, and a lambda's body) must be one of pandas' own reductions.
func (p *py) aggregation(what string, args []tokens) {
	positional := 0
	for _, arg := range args {
		kw, v := arg.keyword()
		if kw == "" {
			positional++
		}
		if len(v) > 0 && v[0].is(tKeyword, "lambda") {
			continue // a function the code defines, read with the rest
		}
		for k, t := range arg {
			if t.kind == tString && !arg.at(k+1).is(tOp, ":") && !pandasReductions.Get()[t.text] {
				p.a.not("calls %s with %q, which names a method pandas would call", what, clipText(t.text))
				return
			}
		}
	}
	if positional > 2 {
		p.a.not("calls %s with more than two positional arguments, which pandas passes to the function", what)
	}
}

// pandasReductions are the names pandas' aggregations take for its own
// reductions, which only compute.
var pandasReductions = lazy.New(func() map[string]bool {
	return toSet("all any count cumcount cummax cummin cumprod cumsum first idxmax idxmin last max mean median min nunique prod quantile sem size skew std sum var")
})

// plainName reports whether s is letters, digits and "_" only.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_') {
			return false
		}
	}
	return true
}
