package code

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// The Rust reader evaluates the arguments of the calls it judges from what
// the file spells out: string literals, names bound once by let, const or
// static, Path::new, PathBuf::from, String::from, .join, .push_str,
// format!, concat!, and the environment (env::var("HOME"), home_dir) as
// EnvValue.

// rustPassThrough are methods that leave a value as it is.
var rustPassThrough = lazy.New(func() map[string]bool {
	return map[string]bool{
		"to_string": true, "to_owned": true, "into": true, "as_str": true, "as_ref": true, "unwrap": true, "expect": true, "display": true, "to_str": true,
		"to_string_lossy": true, "as_path": true, "as_os_str": true, "to_path_buf": true, "clone": true, "unwrap_or_default": true, "into_os_string": true,
	}
})

// rustBindings records let, const and static bindings of one name to an
// expression; a name bound twice is not known (nil).
func (r *reader) rustBindings() map[string]tokens {
	lets := map[string]tokens{}
	for i := 0; i < len(r.ts); i++ {
		if t := r.ts[i]; t.kind != tName || t.text != "let" && t.text != "const" && t.text != "static" {
			continue
		}
		k := i + 1
		if r.ts.at(k).is(tName, "mut") {
			k++
		}
		name := r.ts.at(k)
		if name.kind != tName {
			continue
		}
		k++
		if r.ts.at(k).is(tOp, ":") { // a type, up to the =
			for k < len(r.ts) && !r.ts[k].is(tOp, "=") && r.ts[k].kind != tEnd {
				k++
			}
		}
		if !r.ts.at(k).is(tOp, "=") {
			continue
		}
		end := r.exprEnd(k + 1)
		if _, seen := lets[name.text]; seen {
			lets[name.text] = nil
		} else {
			lets[name.text] = r.ts[k+1 : end]
		}
	}
	return lets
}

// exprEnd returns the index of the ; (or closing bracket) that ends the
// expression starting at i.
func (r *reader) exprEnd(i int) int {
	depth := 0
	for k := i; k < len(r.ts); k++ {
		t := r.ts[k]
		switch {
		case t.kind == tEnd && depth == 0:
			return k
		case t.kind != tOp:
		case t.text == "(" || t.text == "[" || t.text == "{":
			depth++
		case t.text == ")" || t.text == "]" || t.text == "}":
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return len(r.ts)
}

// rustArg evaluates argument k of a call.
func (r *reader) rustArg(args []tokens, k int) (string, bool) {
	if k >= len(args) {
		return "", false
	}
	return r.rustValue(args[k], 0)
}

// rustValue evaluates an expression; false when it is built at run time.
func (r *reader) rustValue(ts tokens, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	for len(ts) > 0 && (ts[0].is(tOp, "&") || ts[0].is(tOp, "*") || ts[0].is(tName, "mut")) {
		ts = ts[1:]
	}
	for len(ts) > 0 && ts[len(ts)-1].is(tOp, "?") {
		ts = ts[:len(ts)-1]
	}
	switch {
	case len(ts) == 0:
		return "", false
	case len(ts) == 1 && ts[0].kind == tString:
		return ts[0].text, !ts[0].open && !hasEnv(ts[0].text)
	case len(ts) == 1 && ts[0].kind == tName:
		if b := r.lets[ts[0].text]; b != nil {
			return r.rustValue(b, depth+1)
		}
		return "", false
	case !ts[len(ts)-1].is(tOp, ")"):
		return "", false
	}
	open := openingOf(ts, len(ts)-1)
	if open >= 2 && ts[open-2].is(tOp, ".") && ts[open-1].kind == tName {
		return r.rustMethod(ts[:open-2], ts[open-1].text, ts[open:].args(0), depth)
	}
	return r.rustCallValue(ts, depth)
}

// rustMethod evaluates base.method(args): a method that passes its value
// through, Path's join (an absolute element replaces the path) or
// String's push_str.
func (r *reader) rustMethod(base tokens, method string, args []tokens, depth int) (string, bool) {
	v, ok := r.rustValue(base, depth+1)
	if !ok {
		return "", false
	}
	switch {
	case rustPassThrough.Get()[method] && len(args) <= 1:
		return v, true
	case (method == "join" || method == "push_str") && len(args) == 1:
		elem, ok := r.rustValue(args[0], depth+1)
		switch {
		case !ok:
			return "", false
		case method == "push_str":
			return v + elem, true
		case strings.HasPrefix(elem, "/") || strings.HasPrefix(elem, "\x00"):
			return elem, true
		}
		return joinPath(v, elem), true
	}
	return "", false
}

// rustCallValue evaluates PATH(args) and MACRO!(args).
func (r *reader) rustCallValue(ts tokens, depth int) (string, bool) {
	open := -1
	for k, t := range ts {
		if t.is(tOp, "(") {
			open = k
			break
		}
	}
	if open < 1 || ts.closing(open) != len(ts)-1 {
		return "", false
	}
	var segs []string
	for _, t := range ts[:open] {
		if t.kind == tName {
			segs = append(segs, t.text)
		}
	}
	if len(segs) == 0 {
		return "", false
	}
	args := ts[open:].args(0)
	last, prev := segs[len(segs)-1], ""
	if len(segs) > 1 {
		prev = segs[len(segs)-2]
	}
	macro := ts[open-1].is(tOp, "!")
	switch {
	case (last == "new" || last == "from") && (prev == "Path" || prev == "PathBuf" || prev == "String" || prev == "OsStr" || prev == "OsString") && len(args) == 1:
		return r.rustValue(args[0], depth+1)
	case (last == "var" || last == "var_os") && prev == "env" && len(args) == 1:
		name, ok := r.rustValue(args[0], depth+1)
		if !ok || name == "" || hasEnv(name) {
			return "", false
		}
		if name == "USERPROFILE" {
			name = "HOME"
		}
		return EnvValue(name), true
	case last == "home_dir" && len(args) == 0:
		return EnvValue("HOME"), true
	case last == "concat" && macro:
		s := ""
		for _, a := range args {
			v, ok := r.rustValue(a, depth+1)
			if !ok {
				return "", false
			}
			s += v
		}
		return s, true
	case last == "format" && macro:
		return r.rustFormat(args, depth)
	}
	return "", false
}

// rustFormat evaluates format!("…", args): {} and {name} placeholders.
func (r *reader) rustFormat(args []tokens, depth int) (string, bool) {
	if len(args) == 0 {
		return "", false
	}
	f, ok := r.rustValue(args[0], depth+1)
	if !ok || hasEnv(f) {
		return "", false
	}
	next := 1
	return expandFormat(f, "{}", func(s string) (int, string, bool) {
		end := strings.IndexByte(s, '}')
		if s[0] == '}' || end < 0 {
			return 0, "", false
		}
		name := s[1:end]
		if name == "" {
			if next >= len(args) {
				return 0, "", false
			}
			next++
			v, ok := r.rustValue(args[next-1], depth+1)
			return end + 1, v, ok
		}
		v, ok := r.rustValue(tokens{{kind: tName, text: name}}, depth+1)
		return end + 1, v, ok
	})
}

// openingOf returns the index of the bracket that the one at end closes.
func openingOf(ts tokens, end int) int {
	depth := 0
	for k := end; k >= 0; k-- {
		if ts[k].kind != tOp {
			continue
		}
		switch ts[k].text {
		case ")", "]", "}":
			depth++
		case "(", "[", "{":
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}
