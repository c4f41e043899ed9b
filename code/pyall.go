package code

import "strconv"

// allNames reads the module's __all__, the names a star import of it
// binds: literal lists and tuples of strings assigned, added to
// (+=, .extend, .append) by statements of the module itself. Any other
// use of the name, or a value that is not such a literal, leaves the
// names unknown (Report.AllUnread).
func (p *py) allNames() {
	ts := p.ts
	for i := 0; i < len(ts); i++ {
		if !ts[i].is(tName, "__all__") {
			continue
		}
		p.a.r.HasAll = true
		end := i
		for end < len(ts) && ts[end].kind != tEnd {
			end++
		}
		names, ok := p.allStatement(i, end)
		if !ok {
			if p.a.r.AllUnread == "" {
				p.a.r.AllUnread = "computes __all__ (at byte " + strconv.Itoa(ts[i].pos) + ")"
			}
			p.a.r.All = nil
			return
		}
		for _, n := range names {
			p.a.r.All = appendNew(p.a.r.All, n)
		}
		i = end
	}
}

// allStatement reads the statement ts[i:end], which starts with __all__,
// as one that gives __all__ literal names.
func (p *py) allStatement(i, end int) ([]string, bool) {
	ts := p.ts
	if (i > 0 && ts[i-1].kind != tEnd) || !p.lineStart(ts[i].pos) {
		return nil, false
	}
	k := i + 1
	switch {
	case ts.at(k).is(tOp, "=") || ts.at(k).is(tOp, "+="):
		k++
	case ts.at(k).is(tOp, ".") && (ts.at(k+1).is(tName, "extend") || ts.at(k+1).is(tName, "append")) && ts.at(k+2).is(tOp, "("):
		if ts.closing(k+2) != end-1 {
			return nil, false
		}
		args := ts.args(k + 2)
		if len(args) != 1 {
			return nil, false
		}
		if ts[k+1].text == "append" {
			s, ok := args[0].literal()
			return []string{s}, ok && plainName(s)
		}
		return literalNames(args[0])
	default:
		return nil, false
	}
	return literalNames(ts[k:end])
}

// literalNames reads a list or tuple of string literals: [..], (..), or
// a bare a, b.
func literalNames(v tokens) ([]string, bool) {
	if len(v) == 0 {
		return nil, false
	}
	var items []tokens
	if (v[0].is(tOp, "[") || v[0].is(tOp, "(")) && v.closing(0) == len(v)-1 {
		items = v.args(0)
	} else {
		start := 0
		for k, t := range v {
			if t.is(tOp, ",") {
				items = append(items, v[start:k])
				start = k + 1
			}
		}
		if start < len(v) {
			items = append(items, v[start:])
		}
	}
	var names []string
	for _, it := range items {
		if len(it) == 0 {
			continue // a trailing comma
		}
		s, ok := it.literal()
		if !ok || !plainName(s) {
			return nil, false
		}
		names = append(names, s)
	}
	return names, true
}
