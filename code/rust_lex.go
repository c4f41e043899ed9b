package code

import (
	"strings"
	"unicode/utf8"
)

var rustOps = []string{"<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<", ">>", "..",
	"(", ")", "[", "]", "{", "}", ",", ":", ".", "=", "+", "-", "*", "/", "%", "^", "!", "&", "|", "<", ">", "@", "#", "$", "?", "~"}

// lexRust tokenizes Rust: line and (nested) block comments dropped,
// strings, byte strings, C strings and raw strings (r#"…"#) with their
// escapes decoded, character literals told from lifetimes, raw
// identifiers (r#type) as names. Keywords are names: the readers look for
// paths and calls, not statements.
func lexRust(a *analysis, src string) tokens {
	l := &lexer{a: a, src: src}
	if strings.HasPrefix(src, "#!") && !strings.HasPrefix(src, "#![") {
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
			l.rustBlockComment()
		case c == ';':
			l.emit(tEnd, ";", l.pos)
			l.pos++
		case c == '"':
			l.rustString(l.pos, l.pos+1)
		case c == '\'':
			l.rustQuote()
		case isDigit(c):
			l.number()
		case isASCIILetter(c) || c >= utf8.RuneSelf:
			l.rustWord()
		default:
			l.operator(rustOps)
		}
	}
	if !a.failed && len(l.depth) > 0 {
		l.fail("unclosed %q", l.depth[len(l.depth)-1])
	}
	return l.out
}

// rustBlockComment skips a /* … */ comment, which nests in Rust.
func (l *lexer) rustBlockComment() {
	depth := 0
	for l.pos < len(l.src) {
		switch {
		case strings.HasPrefix(l.src[l.pos:], "/*"):
			depth++
			l.pos += 2
		case strings.HasPrefix(l.src[l.pos:], "*/"):
			depth--
			l.pos += 2
			if depth == 0 {
				return
			}
		default:
			l.pos++
		}
	}
	l.fail("unterminated comment")
}

// rustWord reads a name, or a string with a prefix (b"", c"", r"",
// br#""#, cr""), or a raw identifier (r#name).
func (l *lexer) rustWord() {
	start := l.pos
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if isASCIILetter(c) || isDigit(c) {
			l.pos++
			continue
		}
		if c >= utf8.RuneSelf {
			r, n := utf8.DecodeRuneInString(l.src[l.pos:])
			if r == utf8.RuneError && n <= 1 {
				l.fail("invalid UTF-8")
				return
			}
			if isNameRune(r) {
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
	word := l.src[start:l.pos]
	next := l.peek(0)
	switch {
	case (word == "b" || word == "c") && next == '"':
		l.rustString(start, l.pos+1)
	case (word == "b") && next == '\'':
		l.rustQuote()
	case (word == "r" || word == "br" || word == "cr") && (next == '"' || next == '#'):
		if next == '#' && word == "r" && isASCIILetter(l.peek(1)) {
			l.pos++ // r#type: a raw identifier
			s := l.pos
			for l.pos < len(l.src) && (isASCIILetter(l.src[l.pos]) || isDigit(l.src[l.pos])) {
				l.pos++
			}
			l.emit(tName, l.src[s:l.pos], start)
			return
		}
		l.rustRawString(start)
	default:
		l.emit(tName, word, start)
	}
}

// rustString reads a "…" string whose opening quote ends before body.
func (l *lexer) rustString(start, body int) {
	l.pos = body
	var val strings.Builder
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch c {
		case '"':
			l.pos++
			l.emit(tString, val.String(), start)
			return
		case '\\':
			if !l.rustEscape(&val) {
				return
			}
		default:
			val.WriteByte(c)
			l.pos++
		}
	}
	l.fail("unterminated string")
}

// rustEscape decodes the escape at l.pos into val.
func (l *lexer) rustEscape(val *strings.Builder) bool {
	e := l.peek(1)
	l.pos += 2
	switch e {
	case 'n':
		val.WriteByte('\n')
	case 'r':
		val.WriteByte('\r')
	case 't':
		val.WriteByte('\t')
	case '0':
		val.WriteByte(0)
	case '\\', '\'', '"':
		val.WriteByte(e)
	case '\n', '\r':
		// A line continuation: the newline and the next line's leading
		// white space are not part of the string.
		for l.pos < len(l.src) && strings.IndexByte(" \t\n\r", l.src[l.pos]) >= 0 {
			l.pos++
		}
	case 'x':
		if l.pos+2 > len(l.src) {
			l.fail("bad \\x escape")
			return false
		}
		r, ok := hexRune(l.src[l.pos : l.pos+2])
		if !ok {
			l.fail("bad \\x escape")
			return false
		}
		val.WriteRune(r)
		l.pos += 2
	case 'u':
		end := strings.IndexByte(l.src[l.pos:], '}')
		if l.peek(0) != '{' || end < 0 || end > 8 {
			l.fail("bad \\u escape")
			return false
		}
		r, ok := hexRune(strings.ReplaceAll(l.src[l.pos+1:l.pos+end], "_", ""))
		if !ok {
			l.fail("bad \\u escape")
			return false
		}
		val.WriteRune(r)
		l.pos += end + 1
	default:
		l.fail("unknown escape \\%c", e)
		return false
	}
	return true
}

// rustRawString reads r"…", r#"…"#, br##"…"## and the like, from the
// position of the hashes or quote after the prefix.
func (l *lexer) rustRawString(start int) {
	hashes := 0
	for l.peek(0) == '#' {
		hashes++
		l.pos++
	}
	if l.peek(0) != '"' {
		l.fail("bad raw string")
		return
	}
	l.pos++
	end := `"` + strings.Repeat("#", hashes)
	i := strings.Index(l.src[l.pos:], end)
	if i < 0 {
		l.fail("unterminated raw string")
		return
	}
	l.emit(tString, l.src[l.pos:l.pos+i], start)
	l.pos += i + len(end)
}

// rustQuote reads a character literal ('a', '\n', b'x') or a lifetime
// ('a, 'static), which has no closing quote.
func (l *lexer) rustQuote() {
	start := l.pos
	l.pos++ // the quote
	if l.peek(0) == '\\' {
		var val strings.Builder
		if !l.rustEscape(&val) {
			return
		}
		if l.peek(0) != '\'' {
			l.fail("unterminated character literal")
			return
		}
		l.pos++
		l.emit(tString, val.String(), start)
		return
	}
	r, n := utf8.DecodeRuneInString(l.src[l.pos:])
	if n == 0 || r == utf8.RuneError && n <= 1 {
		l.fail("bad character literal")
		return
	}
	if l.peek(n) == '\'' {
		l.pos += n + 1
		l.emit(tString, string(r), start)
		return
	}
	// A lifetime or label: a name after the quote.
	s := l.pos
	for l.pos < len(l.src) && (isASCIILetter(l.src[l.pos]) || isDigit(l.src[l.pos])) {
		l.pos++
	}
	if l.pos == s {
		l.fail("bad character literal")
		return
	}
	l.emit(tName, "'"+l.src[s:l.pos], start)
}
