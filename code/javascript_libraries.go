package code

import "strings"

// libraryCall judges a call of a function the library table's JavaScript
// section lists (node's fs) by its arguments; false when it lists none.
// open is the index of the call's "(" (or of a tagged template).
func (p *js) libraryCall(q string, open int) bool {
	c := libraryFor("javascript").call(q)
	if c == nil {
		return false
	}
	if !p.ts.at(open).is(tOp, "(") {
		p.a.not("calls %s with a tagged template, whose arguments are not a path", q)
		return true
	}
	args := p.ts.args(open)
	for _, arg := range args {
		if len(arg) > 0 && arg[0].is(tOp, "...") {
			p.a.not("calls %s with arguments spread from a value, so which of them are paths cannot be read", q)
			return true
		}
	}
	for _, role := range c.args {
		v := role.find(args, false)
		if v == nil {
			continue
		}
		f, ok := v.literal()
		switch {
		case !ok && role.role == "read" && len(v) == 1 && v[0].is(tNumber, "0"):
			// standard input
		case !ok:
			p.a.not("%s %s a file whose name is computed", q, map[string]string{"read": "reads", "write": "writes"}[role.role])
		case strings.Contains(f, "://"):
			p.a.network(q + " of " + f)
		case role.role == "read":
			p.a.read(f)
		default:
			p.a.write(f)
		}
	}
	return true
}
