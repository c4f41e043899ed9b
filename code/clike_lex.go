package code

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// tHeader is a C header name: <stdio.h> after #include.
const tHeader kind = 100

// clikeOptions select the C-family language the tokenizer reads.
type clikeOptions struct {
	lang string // "c", "c++", "rust" or "java"
}

func (o clikeOptions) c() bool { return o.lang == "c" || o.lang == "c++" }

var clikeOps = []string{">>>=", "<<=", ">>=", ">>>", "...", "->*", "<=>", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", "++", "--",
	"+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<", ">>", "##", ".*", "..", "(", ")", "[", "]", "{", "}", ",", ":", ".", ";", "=", "+", "-",
	"*", "/", "%", "&", "|", "^", "~", "<", ">", "!", "?", "@", "#", "$"}

// lexCLike tokenizes C, C++, Rust or Java source: comments dropped (Rust's
// nest), strings and characters with their escapes decoded (raw strings,
// Java text blocks, C's prefixed literals), C preprocessor directives as a
// keyword token "#NAME" followed by the line's tokens and an end, header
// names after #include as tHeader. C's spliced lines and Java's \u escapes
// must be undone by the caller first.
func lexCLike(a *analysis, src string, opt clikeOptions) tokens {
	l := &lexer{a: a, src: src}
	if strings.HasPrefix(src, "#!") && !strings.HasPrefix(src, "#![") && opt.lang == "rust" {
		l.skipLine()
	}
	directive := false
	lineStart := true
	for l.pos < len(l.src) && !a.failed {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			if directive {
				l.emit(tEnd, "\n", l.pos)
				directive = false
			}
			lineStart = true
			l.pos++
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
			continue
		case c == '/' && l.peek(1) == '/':
			l.skipLine()
			continue
		case c == '/' && l.peek(1) == '*':
			l.blockComment(opt.lang == "rust")
			continue
		}
		start := lineStart
		lineStart = false
		switch {
		case opt.c() && c == '#' && start:
			directive = true
			l.directive()
		case opt.c() && l.digraph():
			l.fail("digraph %q", l.src[l.pos:l.pos+2])
		case c == ';':
			l.emit(tEnd, ";", l.pos)
			l.pos++
		case c == '"' || c == '\'' || l.prefixedLiteral(opt):
			l.clikeLiteral(opt)
		case isDigit(c) || c == '.' && isDigit(l.peek(1)):
			l.clikeNumber()
		case isASCIILetter(c) || c == '$' && opt.lang != "rust" || c >= utf8.RuneSelf:
			l.clikeName(opt)
		default:
			l.operator(clikeOps)
		}
	}
	if !a.failed && len(l.depth) > 0 {
		l.fail("unclosed %q", l.depth[len(l.depth)-1])
	}
	return l.out
}

func (l *lexer) skipLine() {
	for l.pos < len(l.src) && l.src[l.pos] != '\n' {
		l.pos++
	}
}

// blockComment skips /* … */, nested in Rust.
func (l *lexer) blockComment(nests bool) {
	depth := 0
	for l.pos+1 < len(l.src) {
		switch {
		case l.src[l.pos] == '/' && l.src[l.pos+1] == '*':
			if depth > 0 && !nests {
				l.pos += 2
				continue
			}
			depth++
			l.pos += 2
		case l.src[l.pos] == '*' && l.src[l.pos+1] == '/':
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

// digraph reports C's alternative spellings of brackets and #, which the
// tokenizer does not translate: <: <% %> :> %: (but <:: in C++ is < ::).
func (l *lexer) digraph() bool {
	s := l.src[l.pos:]
	switch {
	case strings.HasPrefix(s, "<:"):
		return !(strings.HasPrefix(s, "<::") && !strings.HasPrefix(s, "<:::") && !strings.HasPrefix(s, "<::>"))
	case strings.HasPrefix(s, "<%"), strings.HasPrefix(s, "%>"), strings.HasPrefix(s, ":>"), strings.HasPrefix(s, "%:"):
		return true
	}
	return false
}

// directive reads a preprocessor directive's name: #include's header is
// one token; the rest of the line is tokenized as code.
func (l *lexer) directive() {
	start := l.pos
	l.pos++
	for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
		l.pos++
	}
	n := l.pos
	for l.pos < len(l.src) && (isASCIILetter(l.src[l.pos]) || isDigit(l.src[l.pos])) {
		l.pos++
	}
	name := l.src[n:l.pos]
	l.emit(tKeyword, "#"+name, start)
	if name != "include" && name != "include_next" && name != "import" && name != "embed" {
		return
	}
	for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
		l.pos++
	}
	if l.pos < len(l.src) && l.src[l.pos] == '<' {
		e := strings.IndexAny(l.src[l.pos:], ">\n")
		if e < 0 || l.src[l.pos+e] != '>' {
			l.fail("unterminated header name")
			return
		}
		l.emit(tHeader, l.src[l.pos+1:l.pos+e], l.pos)
		l.pos += e + 1
	}
}

// prefixedLiteral reports a string or character literal with a prefix:
// C's L u U u8 (and C++'s R for raw), Rust's b r br c cr.
func (l *lexer) prefixedLiteral(opt clikeOptions) bool {
	_, _, ok := l.literalPrefix(opt)
	return ok
}

// literalPrefix returns the length of a literal's prefix and whether it is
// raw.
func (l *lexer) literalPrefix(opt clikeOptions) (n int, raw bool, ok bool) {
	s := l.src[l.pos:]
	var prefixes []string
	switch {
	case opt.lang == "c++":
		prefixes = []string{"u8R", "uR", "UR", "LR", "R", "u8", "u", "U", "L"}
	case opt.lang == "c":
		prefixes = []string{"u8", "u", "U", "L"}
	case opt.lang == "rust":
		prefixes = []string{"br", "cr", "r", "b", "c"}
	}
	for _, p := range prefixes {
		if !strings.HasPrefix(s, p) || len(s) <= len(p) {
			continue
		}
		next := s[len(p)]
		raw := strings.HasSuffix(p, "R") || strings.HasSuffix(p, "r")
		if next == '"' || next == '\'' && !raw || raw && opt.lang == "rust" && next == '#' && rustRawStart(s[len(p):]) {
			return len(p), raw, true
		}
	}
	return 0, false, false
}

// rustRawStart reports #…#" (a raw string), not r#name (a raw identifier).
func rustRawStart(s string) bool {
	t := strings.TrimLeft(s, "#")
	return strings.HasPrefix(t, "\"")
}

// clikeLiteral reads a string or character literal.
func (l *lexer) clikeLiteral(opt clikeOptions) {
	start := l.pos
	n, raw, _ := l.literalPrefix(opt)
	l.pos += n
	q := l.src[l.pos]
	switch {
	case raw && opt.lang == "rust":
		l.rustRaw(start)
	case raw:
		l.cppRaw(start)
	case q == '"' && opt.lang == "java" && strings.HasPrefix(l.src[l.pos:], `"""`):
		l.javaTextBlock(start)
	case q == '\'' && opt.lang == "rust" && n == 0 && l.rustLifetime():
		l.pos++
		l.clikeName(opt) // a lifetime or label: 'a
	default:
		l.quoted(start, q, opt)
	}
}

// rustLifetime reports whether the ' here starts a lifetime ('a, 'static)
// rather than a character ('a', '\n').
func (l *lexer) rustLifetime() bool {
	s := l.src[l.pos+1:]
	if s == "" || s[0] == '\\' {
		return false
	}
	_, size := utf8.DecodeRuneInString(s)
	return !(len(s) > size && s[size] == '\'')
}

// quoted reads a "…" or '…' literal and decodes its escapes.
func (l *lexer) quoted(start int, q byte, opt clikeOptions) {
	l.pos++
	var b strings.Builder
	open := false
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' && opt.lang != "rust" {
			l.fail("unterminated string")
			return
		}
		c := l.src[l.pos]
		if c == q {
			l.pos++
			break
		}
		if c != '\\' {
			b.WriteByte(c)
			l.pos++
			continue
		}
		s, n, ok := clikeEscape(l.src[l.pos:], opt.lang)
		if !ok {
			open = true
		}
		b.WriteString(s)
		l.pos += n
	}
	l.out = append(l.out, token{kind: tString, text: b.String(), pos: start, open: open})
}

// clikeEscape decodes the escape at the start of s (which begins with a
// backslash): the text it stands for, its length, and whether it was
// decoded.
func clikeEscape(s, lang string) (string, int, bool) {
	if len(s) < 2 {
		return "", len(s), false
	}
	simple := map[byte]string{'n': "\n", 't': "\t", 'r': "\r", '\\': "\\", '\'': "'", '"': "\"", '0': "\x00"}
	if lang != "rust" {
		for k, v := range map[byte]string{'a': "\a", 'b': "\b", 'f': "\f", 'v': "\v", '?': "?", 'e': "\x1b", 's': " "} {
			simple[k] = v
		}
	}
	c := s[1]
	switch {
	case c >= '0' && c <= '7' && lang != "rust":
		n := 1
		for n < 3 && 1+n < len(s) && s[1+n] >= '0' && s[1+n] <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(s[1:1+n], 8, 32)
		return string(rune(v)), 1 + n, v < 256
	case simple[c] != "":
		return simple[c], 2, true
	case c == 'x':
		n := 2
		for n < len(s) && isHex(s[n]) && (lang != "rust" || n < 4) {
			n++
		}
		r, ok := hexRune(s[2:n])
		return string(r), n, ok && r < 256
	case c == 'u' && lang == "rust":
		e := strings.IndexByte(s, '}')
		if !strings.HasPrefix(s[2:], "{") || e < 0 {
			return "", 2, false
		}
		r, ok := hexRune(strings.ReplaceAll(s[3:e], "_", ""))
		return string(r), e + 1, ok
	case c == 'u' || c == 'U':
		n := 4
		if c == 'U' {
			n = 8
		}
		if len(s) < 2+n {
			return "", len(s), false
		}
		r, ok := hexRune(s[2 : 2+n])
		return string(r), 2 + n, ok
	case c == '\n' || c == '\r' && len(s) > 2 && s[2] == '\n':
		// A line continuation: the newline (and, in Rust, the next
		// line's leading space) is not part of the string.
		n := 2
		if c == '\r' {
			n = 3
		}
		if lang == "rust" {
			for n < len(s) && (s[n] == ' ' || s[n] == '\t' || s[n] == '\n' || s[n] == '\r') {
				n++
			}
		}
		return "", n, true
	}
	return "", 2, false
}

func isHex(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// rustRaw reads r"…" or r#"…"# (after any b or c prefix).
func (l *lexer) rustRaw(start int) {
	hashes := 0
	for l.pos < len(l.src) && l.src[l.pos] == '#' {
		hashes++
		l.pos++
	}
	if l.pos >= len(l.src) || l.src[l.pos] != '"' {
		l.fail("malformed raw string")
		return
	}
	l.pos++
	end := "\"" + strings.Repeat("#", hashes)
	e := strings.Index(l.src[l.pos:], end)
	if e < 0 {
		l.fail("unterminated raw string")
		return
	}
	l.out = append(l.out, token{kind: tString, text: l.src[l.pos : l.pos+e], pos: start})
	l.pos += e + len(end)
}

// cppRaw reads R"delim(…)delim".
func (l *lexer) cppRaw(start int) {
	l.pos++ // the quote
	open := strings.IndexByte(l.src[l.pos:], '(')
	if open < 0 || open > 16 || strings.ContainsAny(l.src[l.pos:l.pos+open], " \\)\n\t") {
		l.fail("malformed raw string")
		return
	}
	delim := l.src[l.pos : l.pos+open]
	l.pos += open + 1
	end := ")" + delim + "\""
	e := strings.Index(l.src[l.pos:], end)
	if e < 0 {
		l.fail("unterminated raw string")
		return
	}
	l.out = append(l.out, token{kind: tString, text: l.src[l.pos : l.pos+e], pos: start})
	l.pos += e + len(end)
}

// javaTextBlock reads """…""": its escapes are decoded, and its
// indentation is kept (which no argument the reader looks at depends on).
func (l *lexer) javaTextBlock(start int) {
	l.pos += 3
	var b strings.Builder
	open := false
	for {
		if l.pos >= len(l.src) {
			l.fail("unterminated text block")
			return
		}
		if strings.HasPrefix(l.src[l.pos:], `"""`) {
			l.pos += 3
			break
		}
		c := l.src[l.pos]
		if c != '\\' {
			b.WriteByte(c)
			l.pos++
			continue
		}
		s, n, ok := clikeEscape(l.src[l.pos:], "java")
		open = open || !ok
		b.WriteString(s)
		l.pos += n
	}
	// A text block is never an argument the reader takes as literal: its
	// first line and indentation are stripped by rules not modelled here.
	l.out = append(l.out, token{kind: tString, text: b.String(), pos: start, open: true})
	_ = open
}

// clikeNumber reads a numeric literal: digits, letters (0x, 1e5, 10u32),
// underscores, digit separators (1'000) and exponent signs.
func (l *lexer) clikeNumber() {
	start := l.pos
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case isDigit(c) || isASCIILetter(c):
			l.pos++
		case c == '.' && l.peek(1) != '.' && !isASCIILetter(l.peek(1)) || c == '.' && (l.peek(1) == 'e' || l.peek(1) == 'E'):
			l.pos++
		case c == '\'' && l.pos > start && (isHex(l.peek(1))):
			l.pos++
		case (c == '+' || c == '-') && strings.ContainsRune("eEpP", rune(l.src[l.pos-1])) && !strings.HasPrefix(strings.ToLower(l.src[start:]), "0x"):
			l.pos++
		case (c == '+' || c == '-') && (l.src[l.pos-1] == 'p' || l.src[l.pos-1] == 'P'):
			l.pos++
		default:
			l.emit(tNumber, l.src[start:l.pos], start)
			return
		}
	}
	l.emit(tNumber, l.src[start:l.pos], start)
}

// clikeName reads an identifier (Rust's r#name as name). Non-ASCII names
// are kept as written: none of the names the readers look for has one.
func (l *lexer) clikeName(opt clikeOptions) {
	start := l.pos
	if opt.lang == "rust" && strings.HasPrefix(l.src[l.pos:], "r#") {
		l.pos += 2
	}
	from := l.pos
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if isASCIILetter(c) || isDigit(c) || c == '$' && opt.lang != "rust" {
			l.pos++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(l.src[l.pos:])
			if r == utf8.RuneError || !isNameRune(r) {
				l.fail("unexpected character %q", r)
				return
			}
			l.pos += size
			continue
		}
		break
	}
	if l.pos == from {
		l.fail("unexpected character %q", l.src[start])
		return
	}
	l.emit(tName, l.src[from:l.pos], start)
}
