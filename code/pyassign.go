package code

import "fmt"

// PythonStrings returns the strings Python code assigns to name as a
// statement of its own: name = "a", name = ["a", "b"] or a tuple of string
// literals (pytest's pytest_plugins, which names modules pytest imports).
// found reports whether the code assigns name at all; an error says why
// what it assigns cannot be read as literals (a computed value, +=, a
// method call on it, code that does not tokenize), so that the caller
// does not take the list for complete.
func PythonStrings(src, name string) (vals []string, found bool, err error) {
	if len(src) > maxSource {
		return nil, false, fmt.Errorf("the code is longer than %d KiB", maxSource>>10)
	}
	a := &analysis{}
	ts := lexPython(a, src, 0)
	if a.failed {
		return nil, false, fmt.Errorf("%s", a.r.Why)
	}
	for i, t := range ts {
		if !t.is(tName, name) || ts.at(i-1).is(tOp, ".") {
			continue
		}
		found = true
		if i > 0 && ts[i-1].kind != tEnd || !ts.at(i+1).is(tOp, "=") {
			return nil, true, fmt.Errorf("uses %s other than by assigning it literal strings (at byte %d)", name, t.pos)
		}
		got, ok := stringList(ts, i+2)
		if !ok {
			return nil, true, fmt.Errorf("assigns %s a value that is not literal strings (at byte %d)", name, t.pos)
		}
		vals = append(vals, got...)
	}
	return vals, found, nil
}

// stringList reads a string literal, or a list or tuple of them, from i to
// the end of its statement.
func stringList(ts tokens, i int) ([]string, bool) {
	end := i
	for end < len(ts) && ts[end].kind != tEnd {
		end++
	}
	value := ts[i:end]
	if s, ok := value.literal(); ok {
		return []string{s}, true
	}
	if len(value) < 2 {
		return nil, false
	}
	open, shut := value[0], value[len(value)-1]
	if !(open.is(tOp, "[") && shut.is(tOp, "]") || open.is(tOp, "(") && shut.is(tOp, ")")) || value.closing(0) != len(value)-1 {
		return nil, false
	}
	var out []string
	for _, part := range value.args(0) {
		s, ok := part.literal()
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}
