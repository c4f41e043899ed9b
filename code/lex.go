package code

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxNesting bounds bracket nesting, which keeps the analyses linear.
const maxNesting = 64

// lexer is the state shared by the hand-written tokenizers.
type lexer struct {
	a     *analysis
	src   string
	pos   int
	base  int // offset of src in the outermost source, for messages
	out   tokens
	depth []byte // open brackets
}

func (l *lexer) peek(k int) byte {
	if l.pos+k < len(l.src) {
		return l.src[l.pos+k]
	}
	return 0
}

func (l *lexer) emit(k kind, text string, start int) {
	l.out = append(l.out, token{kind: k, text: text, pos: l.base + start})
}

func (l *lexer) fail(format string, args ...any) {
	l.a.fail(l.base+l.pos, format, args...)
}

// bracket tracks ( [ { and reports a mismatch.
func (l *lexer) bracket(c byte) bool {
	switch c {
	case '(', '[', '{':
		if len(l.depth) >= maxNesting {
			l.fail("brackets nested deeper than %d", maxNesting)
			return false
		}
		l.depth = append(l.depth, c)
	case ')', ']', '}':
		want := map[byte]byte{')': '(', ']': '[', '}': '{'}[c]
		if len(l.depth) == 0 || l.depth[len(l.depth)-1] != want {
			l.fail("unbalanced %q", c)
			return false
		}
		l.depth = l.depth[:len(l.depth)-1]
	}
	return true
}

// operator reads the longest operator from ops at the current position.
func (l *lexer) operator(ops []string) bool {
	c := l.src[l.pos]
	for _, op := range ops {
		if op[0] == c && strings.HasPrefix(l.src[l.pos:], op) {
			if len(op) == 1 && !l.bracket(op[0]) {
				return false
			}
			l.emit(tOp, op, l.pos)
			l.pos += len(op)
			return true
		}
	}
	l.fail("unexpected character %q", l.src[l.pos])
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isASCIILetter(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

// number reads a numeric literal loosely: digits, letters (0x, 1e5, 10n,
// 1j), underscores, dots and an exponent sign.
func (l *lexer) number() {
	start := l.pos
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if isDigit(c) || isASCIILetter(c) || c == '.' && (l.pos+1 >= len(l.src) || l.src[l.pos+1] != '.') {
			l.pos++
			continue
		}
		if (c == '+' || c == '-') && (l.src[l.pos-1] == 'e' || l.src[l.pos-1] == 'E') && !strings.HasPrefix(strings.ToLower(l.src[start:]), "0x") {
			l.pos++
			continue
		}
		break
	}
	l.emit(tNumber, l.src[start:l.pos], start)
}

// foldRune applies the compatibility folding that matters for names:
// fullwidth ASCII letters, digits and underscore become their ASCII forms.
// It reports false for any other non-ASCII rune, which the caller treats
// as a name it cannot normalise.
func foldRune(r rune) (rune, bool) {
	switch {
	case r < utf8.RuneSelf:
		return r, true
	case r >= 0xFF10 && r <= 0xFF19, r >= 0xFF21 && r <= 0xFF3A, r >= 0xFF41 && r <= 0xFF5A, r == 0xFF3F:
		return r - 0xFEE0, true
	}
	return r, false
}

// isNameRune reports whether a non-ASCII rune may be part of a name.
func isNameRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) || unicode.Is(unicode.Pc, r)
}

// hexRune decodes n hex digits at s, or returns false.
func hexRune(s string) (rune, bool) {
	if s == "" {
		return 0, false
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || v > unicode.MaxRune {
		return 0, false
	}
	return rune(v), true
}
