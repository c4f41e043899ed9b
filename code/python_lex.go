package code

import (
	"strings"
	"unicode/utf8"

	"github.com/arbitergate/arbiter/internal/lazy"
)

var pythonOps = []string{"**=", "//=", ">>=", "<<=", "...", "!=", "==", "<=", ">=", "**", "//", "->", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "<<", ">>",
	"(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "@", "=", "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">", "!"}

var pythonKeywords = lazy.New(func() map[string]bool {
	return toSet("False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield")
})

// lexPython tokenizes Python source: names folded the way Python folds
// them (NFKC; the fullwidth forms are folded here and any other non-ASCII
// name is reported as not normalised), strings of every prefix and quote
// form with their escapes decoded, f-string replacement fields tokenized as
// code, comments and line continuations dropped, and an end token at each
// logical line.
func lexPython(a *analysis, src string, base int) tokens {
	l := &lexer{a: a, src: src, base: base}
	for l.pos < len(l.src) && !a.failed {
		c := l.src[l.pos]
		switch {
		case c == '\n' || c == '\r':
			if len(l.depth) == 0 {
				l.end()
			}
			l.pos++
		case c == ' ' || c == '\t' || c == '\f':
			l.pos++
		case c == '#':
			start := l.pos
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
			if a.comments != nil {
				a.comments = append(a.comments, [2]int{l.base + start, l.base + l.pos})
			}
		case c == '\\':
			if l.peek(1) == '\n' {
				l.pos += 2
			} else if l.peek(1) == '\r' && l.peek(2) == '\n' {
				l.pos += 3
			} else {
				l.fail("stray backslash")
			}
		case c == ';':
			l.end()
			l.pos++
		case c == '\'' || c == '"':
			l.pyString("")
		case isDigit(c) || c == '.' && isDigit(l.peek(1)):
			l.number()
		case isASCIILetter(c) || c >= utf8.RuneSelf:
			l.pyName()
		default:
			l.operator(pythonOps)
		}
	}
	if !a.failed && len(l.depth) > 0 {
		l.fail("unclosed %q", l.depth[len(l.depth)-1])
	}
	l.end()
	return l.out
}

func (l *lexer) end() {
	if n := len(l.out); n > 0 && l.out[n-1].kind != tEnd {
		l.emit(tEnd, "", l.pos)
	}
}

// pyName reads a name, or a string with a prefix (rb"…", f'…').
func (l *lexer) pyName() {
	start := l.pos
	var b strings.Builder
	unfolded := false
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if c < utf8.RuneSelf {
			if !isASCIILetter(c) && !isDigit(c) {
				break
			}
			b.WriteByte(c)
			l.pos++
			continue
		}
		r, n := utf8.DecodeRuneInString(l.src[l.pos:])
		if r == utf8.RuneError && n <= 1 {
			l.fail("invalid UTF-8")
			return
		}
		if !isNameRune(r) {
			if l.pos == start {
				l.fail("unexpected character %q", r)
			}
			break
		}
		f, ok := foldRune(r)
		if !ok {
			unfolded = true
		}
		b.WriteRune(f)
		l.pos += n
	}
	name := b.String()
	if q := l.peek(0); (q == '\'' || q == '"') && len(name) <= 2 && isStringPrefix(strings.ToLower(name)) && !unfolded {
		l.pyString(strings.ToLower(name))
		return
	}
	if unfolded {
		l.a.dynamic("the name " + name + " uses characters arbiter does not normalise")
	}
	if pythonKeywords.Get()[name] {
		l.emit(tKeyword, name, start)
		return
	}
	l.emit(tName, name, start)
}

func isStringPrefix(p string) bool {
	switch p {
	case "r", "u", "b", "f", "t", "br", "rb", "fr", "rf", "tr", "rt":
		return true
	}
	return false
}

// pyString reads a string literal whose prefix has been consumed.
func (l *lexer) pyString(prefix string) {
	start := l.pos
	quote := l.src[l.pos : l.pos+1]
	if strings.HasPrefix(l.src[l.pos:], quote+quote+quote) {
		quote += quote + quote
	}
	l.pos += len(quote)
	raw := strings.Contains(prefix, "r")
	format := strings.ContainsAny(prefix, "ft")
	var val strings.Builder
	open := false
	var fields []string
	var fieldPos []int
	for {
		if l.pos >= len(l.src) {
			l.pos = start
			l.fail("unterminated string")
			return
		}
		if strings.HasPrefix(l.src[l.pos:], quote) {
			l.pos += len(quote)
			break
		}
		c := l.src[l.pos]
		switch {
		case c == '\n' && len(quote) == 1:
			l.fail("unterminated string")
			return
		case c == '\\':
			if raw {
				val.WriteByte(c)
				if l.pos+1 < len(l.src) {
					val.WriteByte(l.src[l.pos+1])
				}
				l.pos += 2
				continue
			}
			if !l.pyEscape(&val, strings.Contains(prefix, "b")) {
				open = true
			}
		case format && c == '{' && l.peek(1) == '{', format && c == '}' && l.peek(1) == '}':
			val.WriteByte(c)
			l.pos += 2
		case format && c == '{':
			end := l.fieldEnd(quote)
			if end < 0 {
				l.fail("unterminated replacement field")
				return
			}
			fields = append(fields, l.src[l.pos+1:end])
			fieldPos = append(fieldPos, l.pos+1)
			open = true
			l.pos = end + 1
		case format && c == '}':
			l.fail("single '}' in f-string")
			return
		default:
			val.WriteByte(c)
			l.pos++
		}
	}
	l.out = append(l.out, token{kind: tString, text: val.String(), pos: l.base + start, open: open})
	for k, f := range fields {
		// The field is an expression (with an optional !conversion and
		// :format spec, whose own nested fields are expressions too).
		if l.a.nest++; l.a.nest > maxNesting {
			l.fail("f-strings nested deeper than %d", maxNesting)
			return
		}
		inner := lexPython(l.a, pyFieldExpr(f), l.base+fieldPos[k])
		l.a.nest--
		l.out = append(l.out, token{kind: tOp, text: ",", pos: l.base + fieldPos[k]}, token{kind: tOp, text: "(", pos: l.base + fieldPos[k]})
		for _, t := range inner {
			if t.kind != tEnd {
				l.out = append(l.out, t)
			}
		}
		l.out = append(l.out, token{kind: tOp, text: ")", pos: l.base + fieldPos[k]})
	}
}

// fieldEnd finds the } that closes the replacement field at l.pos, skipping
// nested brackets and strings; -1 when the string ends first.
func (l *lexer) fieldEnd(quote string) int {
	depth := 0
	for k := l.pos; k < len(l.src); k++ {
		if strings.HasPrefix(l.src[k:], quote) {
			return -1
		}
		switch c := l.src[k]; c {
		case '{', '[', '(':
			depth++
		case '}', ']', ')':
			depth--
			if depth == 0 {
				if c != '}' {
					return -1
				}
				return k
			}
		case '\'', '"':
			// A nested string of the other quote.
			e := strings.IndexByte(l.src[k+1:], c)
			if e < 0 {
				return -1
			}
			k += e + 1
		case '\n':
			if len(quote) == 1 {
				return -1
			}
		}
	}
	return -1
}

// pyFieldExpr drops a replacement field's !conversion and :spec, keeping
// the spec's nested {fields} as expressions.
func pyFieldExpr(f string) string {
	depth := 0
	for k := 0; k < len(f); k++ {
		switch f[k] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '\'', '"':
			if e := strings.IndexByte(f[k+1:], f[k]); e >= 0 {
				k += e + 1
			}
		case '!':
			if depth == 0 && k+1 < len(f) && f[k+1] != '=' {
				return f[:k] + specFields(f[k:])
			}
		case ':':
			if depth == 0 {
				return f[:k] + specFields(f[k:])
			}
		case '=':
			if depth == 0 && k+1 == len(strings.TrimRight(f, " ")) {
				return f[:k] // f"{x=}" prints x
			}
		}
	}
	return f
}

// specFields returns the nested fields of a format spec as a tuple tail.
func specFields(spec string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(spec, '{')
		if i < 0 {
			return b.String()
		}
		j := strings.IndexByte(spec[i:], '}')
		if j < 0 {
			return b.String() + ",("
		}
		b.WriteString(",(" + spec[i+1:i+j] + ")")
		spec = spec[i+j+1:]
	}
}

// pyEscape decodes one backslash escape into val; false when its value is
// not decoded (\N{…}).
func (l *lexer) pyEscape(val *strings.Builder, bytesLit bool) bool {
	next := l.peek(1)
	l.pos += 2
	switch next {
	case '\n':
		return true
	case 'n':
		val.WriteByte('\n')
	case 't':
		val.WriteByte('\t')
	case 'r':
		val.WriteByte('\r')
	case '0', '1', '2', '3', '4', '5', '6', '7':
		n := int(next - '0')
		for k := 0; k < 2 && isOctal(l.peek(0)); k++ {
			n = n*8 + int(l.peek(0)-'0')
			l.pos++
		}
		val.WriteRune(rune(n))
	case 'x', 'u', 'U':
		width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[next]
		if bytesLit && next != 'x' {
			val.WriteString(`\` + string(next))
			return true
		}
		if l.pos+width > len(l.src) {
			l.fail("truncated \\%c escape", next)
			return false
		}
		r, ok := hexRune(l.src[l.pos : l.pos+width])
		if !ok || len(strings.Trim(l.src[l.pos:l.pos+width], "0123456789abcdefABCDEF")) != 0 {
			l.fail("bad \\%c escape", next)
			return false
		}
		val.WriteRune(r)
		l.pos += width
	case 'N':
		if l.peek(0) != '{' {
			l.fail("bad \\N escape")
			return false
		}
		e := strings.IndexByte(l.src[l.pos:], '}')
		if e < 0 {
			l.fail("bad \\N escape")
			return false
		}
		l.pos += e + 1
		return false
	case 0:
		l.fail("backslash at end of input")
		return false
	case '\\', '\'', '"', 'a', 'b', 'f', 'v':
		val.WriteByte(map[byte]byte{'\\': '\\', '\'': '\'', '"': '"', 'a': 7, 'b': 8, 'f': 12, 'v': 11}[next])
	default:
		val.WriteByte('\\') // Python keeps unknown escapes as written
		val.WriteByte(next)
	}
	return true
}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }

func toSet(words string) map[string]bool {
	fields := strings.Fields(words)
	m := make(map[string]bool, len(fields))
	for _, w := range fields {
		m[w] = true
	}
	return m
}
