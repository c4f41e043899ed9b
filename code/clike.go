package code

import "strings"

// Helpers shared by the C, C++, Rust and Java readers, which look at the
// token list around a name the language's table lists.

// call returns the arguments of a call whose name is at i (the next token
// is "("), and the index of the closing bracket.
func (r *reader) call(i int) ([]tokens, int, bool) {
	if !r.ts.at(i+1).is(tOp, "(") {
		return nil, 0, false
	}
	end := r.ts.closing(i + 1)
	if end >= len(r.ts) {
		return nil, 0, false
	}
	return r.ts.args(i + 1), end, true
}

// member reports whether the name at i is reached through a value (x.f,
// p->f), not a free function or a path (std::f, fs::f).
func (r *reader) member(i int) bool {
	prev := r.ts.at(i - 1)
	return prev.is(tOp, ".") || prev.is(tOp, "->")
}

// qualifier returns the path segment before a name (fs for fs::write), or
// "".
func (r *reader) qualifier(i int) string {
	if r.ts.at(i-1).is(tOp, "::") && r.ts.at(i-2).kind == tName {
		return r.ts.at(i - 2).text
	}
	return ""
}

// literalArg returns the string value of the argument k, or false.
func literalArg(args []tokens, k int) (string, bool) {
	if k >= len(args) {
		return "", false
	}
	return args[k].literal()
}

// literalList reads a bracketed list of string literals starting at ts[0]
// ("[" or "{"): their values, or false.
func literalList(ts tokens) ([]string, bool) {
	if len(ts) < 2 || !(ts[0].is(tOp, "[") || ts[0].is(tOp, "{")) || ts.closing(0) != len(ts)-1 {
		return nil, false
	}
	var out []string
	for _, part := range ts.args(0) {
		s, ok := part.literal()
		if !ok {
			return nil, false
		}
		out = append(out, s)
	}
	return out, true
}

// spliceLines undoes C's line splicing (a backslash before a newline
// joins the lines), which happens before tokenizing: sys\<newline>tem is
// system. The newline is kept after the joined line so that line numbers
// stay close.
func spliceLines(src string) string {
	if !strings.Contains(src, "\\\n") && !strings.Contains(src, "\\\r\n") {
		return src
	}
	var b strings.Builder
	pending := 0
	for i := 0; i < len(src); i++ {
		switch {
		case src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i++
			pending++
		case src[i] == '\\' && i+2 < len(src) && src[i+1] == '\r' && src[i+2] == '\n':
			i += 2
			pending++
		case src[i] == '\n':
			b.WriteByte('\n')
			for ; pending > 0; pending-- {
				b.WriteByte('\n')
			}
		default:
			b.WriteByte(src[i])
		}
	}
	return b.String()
}

// hasTrigraph reports a C trigraph (??/ is a backslash, ??= a #), which
// gcc honours in its ISO modes and the tokenizer does not translate.
func hasTrigraph(src string) bool {
	for i := strings.Index(src, "??"); i >= 0 && i+2 < len(src); {
		if strings.IndexByte("=/'()!<>-", src[i+2]) >= 0 {
			return true
		}
		j := strings.Index(src[i+1:], "??")
		if j < 0 {
			return false
		}
		i += 1 + j
	}
	return false
}

// javaUnicode translates Java's \uXXXX escapes, which the language applies
// to the whole source before tokenizing (a \u000a in a comment ends it). A
// backslash escaped by another is no escape.
func javaUnicode(src string) (string, bool) {
	if !strings.Contains(src, `\u`) {
		return src, true
	}
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		if src[i] != '\\' {
			b.WriteByte(src[i])
			continue
		}
		run := 1
		for i+run < len(src) && src[i+run] == '\\' {
			run++
		}
		if run%2 == 0 {
			b.WriteString(src[i : i+run])
			i += run - 1
			continue
		}
		b.WriteString(src[i : i+run-1])
		i += run - 1 // the last backslash, which may start an escape
		j := i + 1
		for j < len(src) && src[j] == 'u' {
			j++
		}
		if j == i+1 {
			b.WriteByte('\\')
			continue
		}
		if j+4 > len(src) {
			return "", false
		}
		r, ok := hexRune(src[j : j+4])
		if !ok {
			return "", false
		}
		b.WriteRune(r)
		i = j + 3
	}
	return b.String(), true
}
