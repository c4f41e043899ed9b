package code

import "fmt"

// ConfigValues reads a JavaScript or TypeScript configuration module
// (jest.config.js, vitest.config.ts, .mocharc.js) for the values of the
// properties named in keys, wherever they are set (key: value, or
// obj.key = value): a string, the strings of an array (or the first
// string of each [name, options] pair), or the values of an object (a
// transform table). A value computed any other way is an error naming
// the key, as is code that does not tokenize: the files it names would
// not be known.
func ConfigValues(src string, keys map[string]bool) (out []string, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("internal error while reading the configuration: %v", p)
		}
	}()
	if len(src) > maxSource {
		return nil, fmt.Errorf("the configuration is longer than %d KiB", maxSource>>10)
	}
	a := &analysis{r: Report{Lang: "javascript"}}
	ts, _ := lexJavaScript(a, src, 0, false)
	if a.failed {
		return nil, fmt.Errorf("%s", a.r.Why)
	}
	for i, t := range ts {
		if (t.kind != tName && t.kind != tString) || !keys[t.text] {
			continue
		}
		next := ts.at(i + 1)
		switch {
		case next.is(tOp, ":") && !ts.at(i-1).is(tOp, "."):
		case next.is(tOp, "=") && ts.at(i-1).is(tOp, "."):
		case t.kind == tName && (next.is(tOp, ",") || next.is(tOp, "}")) && (ts.at(i-1).is(tOp, "{") || ts.at(i-1).is(tOp, ",")):
			return nil, fmt.Errorf("%s is set from a variable", t.text)
		default:
			continue
		}
		vals, ok := configValue(ts, i+2)
		if !ok {
			return nil, fmt.Errorf("the value of %s is computed, not written out", t.text)
		}
		out = append(out, vals...)
	}
	return out, nil
}

// configValue reads the value starting at i.
func configValue(ts tokens, i int) ([]string, bool) {
	t := ts.at(i)
	switch {
	case t.kind == tString && !t.open:
		return []string{t.text}, true
	case t.is(tOp, "["):
		var out []string
		for _, el := range ts.args(i) {
			if s, ok := el.literal(); ok {
				out = append(out, s)
				continue
			}
			if len(el) > 0 && el[0].is(tOp, "{") && el.closing(0) == len(el)-1 {
				continue // the options of a [name, options] pair
			}
			if len(el) > 0 && el[0].is(tOp, "[") {
				if first := el.args(0); len(first) > 0 {
					if s, ok := first[0].literal(); ok {
						out = append(out, s)
						continue
					}
				}
			}
			return nil, false
		}
		return out, true
	case t.is(tOp, "{"):
		var out []string
		for _, prop := range ts.args(i) {
			k := 0
			for k < len(prop) && !prop[k].is(tOp, ":") {
				k++
			}
			if k+1 >= len(prop) {
				return nil, false
			}
			vals, ok := configValue(prop, k+1)
			if !ok {
				return nil, false
			}
			out = append(out, vals...)
		}
		return out, true
	}
	return nil, false
}
