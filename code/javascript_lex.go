package code

import (
	"strings"
	"unicode/utf8"

	"github.com/arbitergate/arbiter/internal/lazy"
)

var jsOps = []string{">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "**", "<<", ">>", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=", "+", "-", "*", "/", "%", "&", "|", "^", "~", "<", ">", "!", "?", "@"}

var jsKeywords = lazy.New(func() map[string]bool {
	return toSet("break case catch class const continue debugger default delete do else export extends finally for function if import in instanceof new return super switch this throw try typeof var void while with yield let static async await of true false null")
})

// lexJavaScript tokenizes JavaScript: strings with their escapes decoded,
// template literals with their ${…} fields tokenized as code, regular
// expression literals told from division by the token before them,
// comments dropped, and identifier escapes (\u0065xec) decoded the way the
// language reads them. It stops at an unmatched } when inField is set and
// returns the position after the tokens it read.
func lexJavaScript(a *analysis, src string, base int, inField bool) (tokens, int) {
	l := &lexer{a: a, src: src, base: base}
	if !inField && strings.HasPrefix(src, "#!") {
		for l.pos < len(l.src) && l.src[l.pos] != '\n' {
			l.pos++
		}
	}
	for l.pos < len(l.src) && !a.failed {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case c == '/' && l.peek(1) == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.peek(1) == '*':
			e := strings.Index(l.src[l.pos+2:], "*/")
			if e < 0 {
				l.fail("unterminated comment")
				break
			}
			l.pos += e + 4
		case c == ';':
			l.emit(tEnd, ";", l.pos)
			l.pos++
		case c == '\'' || c == '"':
			l.jsString(c)
		case c == '`':
			l.jsTemplate()
		case c == '/' && l.regexAllowed():
			l.jsRegex()
		case isDigit(c) || c == '.' && isDigit(l.peek(1)):
			l.number()
		case isASCIILetter(c) || c == '$' || c == '\\' || c == '#' || c >= utf8.RuneSelf:
			l.jsName()
		case c == '}' && inField && len(l.depth) == 0:
			return l.out, l.pos
		default:
			l.operator(jsOps)
		}
	}
	if !a.failed && len(l.depth) > 0 {
		l.fail("unclosed %q", l.depth[len(l.depth)-1])
	}
	if inField && !a.failed {
		l.fail("unterminated template field")
	}
	return l.out, l.pos
}

// regexAllowed reports whether a / here starts a regular expression: it
// does where an expression may begin.
func (l *lexer) regexAllowed() bool {
	if len(l.out) == 0 {
		return true
	}
	t := l.out[len(l.out)-1]
	switch t.kind {
	case tName, tNumber, tString, tRegex:
		return false
	case tKeyword:
		return t.text != "this" && t.text != "super" && t.text != "true" && t.text != "false" && t.text != "null"
	case tOp:
		return t.text != ")" && t.text != "]" && t.text != "}" && t.text != "++" && t.text != "--"
	}
	return true
}

func (l *lexer) jsRegex() {
	start := l.pos
	l.pos++
	class := false
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			l.pos = start
			l.fail("unterminated regular expression")
			return
		}
		c := l.src[l.pos]
		switch {
		case c == '\\':
			l.pos++
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			l.pos++
			for l.pos < len(l.src) && isASCIILetter(l.src[l.pos]) {
				l.pos++
			}
			l.emit(tRegex, l.src[start:l.pos], start)
			return
		}
		l.pos++
	}
}

// jsName reads an identifier, decoding \uXXXX and \u{…} escapes.
func (l *lexer) jsName() {
	start := l.pos
	var b strings.Builder
	if l.src[l.pos] == '#' {
		b.WriteByte('#')
		l.pos++
	}
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case isASCIILetter(c) || isDigit(c) || c == '$':
			b.WriteByte(c)
			l.pos++
			continue
		case c == '\\':
			r, ok := l.jsUnicodeEscape()
			if !ok {
				l.fail("bad escape in a name")
				return
			}
			b.WriteRune(r)
			continue
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(l.src[l.pos:])
			if r == utf8.RuneError && n <= 1 {
				l.fail("invalid UTF-8")
				return
			}
			if r == 0x200C || r == 0x200D || isNameRune(r) {
				b.WriteRune(r)
				l.pos += n
				continue
			}
			if l.pos == start {
				l.fail("unexpected character %q", r)
				return
			}
		}
		break
	}
	name := b.String()
	if name == "" || name == "#" {
		l.fail("unexpected character %q", l.src[start])
		return
	}
	if jsKeywords.Get()[name] && !strings.Contains(l.src[start:l.pos], `\`) {
		l.emit(tKeyword, name, start)
		return
	}
	l.emit(tName, name, start)
}

// jsUnicodeEscape decodes \uXXXX or \u{X…} at l.pos.
func (l *lexer) jsUnicodeEscape() (rune, bool) {
	if l.peek(1) != 'u' {
		return 0, false
	}
	if l.peek(2) == '{' {
		e := strings.IndexByte(l.src[l.pos:], '}')
		if e < 0 {
			return 0, false
		}
		r, ok := hexRune(l.src[l.pos+3 : l.pos+e])
		l.pos += e + 1
		return r, ok && e > 3
	}
	if l.pos+6 > len(l.src) {
		return 0, false
	}
	h := l.src[l.pos+2 : l.pos+6]
	r, ok := hexRune(h)
	l.pos += 6
	return r, ok && strings.Trim(h, "0123456789abcdefABCDEF") == ""
}

// jsEscape decodes one escape in a string or template at l.pos.
func (l *lexer) jsEscape(val *strings.Builder) bool {
	next := l.peek(1)
	switch next {
	case 'u':
		r, ok := l.jsUnicodeEscape()
		if !ok {
			l.fail("bad \\u escape")
			return false
		}
		val.WriteRune(r)
		return true
	case 'x':
		if l.pos+4 > len(l.src) {
			l.fail("bad \\x escape")
			return false
		}
		r, ok := hexRune(l.src[l.pos+2 : l.pos+4])
		if !ok || strings.Trim(l.src[l.pos+2:l.pos+4], "0123456789abcdefABCDEF") != "" {
			l.fail("bad \\x escape")
			return false
		}
		val.WriteRune(r)
		l.pos += 4
		return true
	case 0:
		l.fail("backslash at end of input")
		return false
	}
	l.pos += 2
	switch next {
	case 'n':
		val.WriteByte('\n')
	case 't':
		val.WriteByte('\t')
	case 'r':
		val.WriteByte('\r')
	case 'b':
		val.WriteByte('\b')
	case 'f':
		val.WriteByte('\f')
	case 'v':
		val.WriteByte('\v')
	case '0':
		val.WriteByte(0)
	case '\n':
	case '\r':
		if l.peek(0) == '\n' {
			l.pos++
		}
	default:
		val.WriteByte(next)
	}
	return true
}

func (l *lexer) jsString(q byte) {
	start := l.pos
	l.pos++
	var val strings.Builder
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			l.pos = start
			l.fail("unterminated string")
			return
		}
		c := l.src[l.pos]
		if c == q {
			l.pos++
			break
		}
		if c == '\\' {
			if !l.jsEscape(&val) {
				return
			}
			continue
		}
		val.WriteByte(c)
		l.pos++
	}
	l.out = append(l.out, token{kind: tString, text: val.String(), pos: l.base + start})
}

// jsTemplate reads a template literal; each ${…} field is tokenized as
// code after the string token, as a parenthesised group.
func (l *lexer) jsTemplate() {
	start := l.pos
	l.pos++
	var val strings.Builder
	var fields []tokens
	for {
		if l.pos >= len(l.src) {
			l.pos = start
			l.fail("unterminated template literal")
			return
		}
		c := l.src[l.pos]
		switch {
		case c == '`':
			l.pos++
			l.out = append(l.out, token{kind: tString, text: val.String(), pos: l.base + start, open: len(fields) > 0, template: true})
			for _, f := range fields {
				l.out = append(l.out, token{kind: tOp, text: ",", pos: l.base + start}, token{kind: tOp, text: "(", pos: l.base + start})
				l.out = append(l.out, f...)
				l.out = append(l.out, token{kind: tOp, text: ")", pos: l.base + start})
			}
			return
		case c == '\\':
			if !l.jsEscape(&val) {
				return
			}
		case c == '$' && l.peek(1) == '{':
			if l.a.nest++; l.a.nest > maxNesting {
				l.fail("template literals nested deeper than %d", maxNesting)
				return
			}
			inner, n := lexJavaScript(l.a, l.src[l.pos+2:], l.base+l.pos+2, true)
			l.a.nest--
			if l.a.failed {
				return
			}
			fields = append(fields, inner)
			l.pos += 2 + n + 1
		default:
			val.WriteByte(c)
			l.pos++
		}
	}
}
