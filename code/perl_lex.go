package code

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

// Perl's lexer state: whether the next token starts a term (a value) or
// an operator. The same byte means different things in each (/ divides
// or starts a regex, < compares or reads a line, % is modulus or a hash),
// and where the reader cannot tell, it stops: a wrong guess could hide
// code inside what it took for a regex or a comment.
const (
	perlOperator = iota
	perlTerm
	perlUnsure
)

var perlOps = []string{"<=>", "**=", "||=", "&&=", "//=", "<<=", ">>=", "...", "->", "=>", "=~", "!~", "==", "!=", "<=", ">=", "&&", "||", "//", "..", "++", "--", "+=", "-=", "*=", "/=", ".=", "%=", "|=", "&=", "^=", "**", "<<", ">>", "::",
	"(", ")", "[", "]", "{", "}", ",", "=", "+", "-", "*", "/", "%", ".", "<", ">", "!", "~", "\\", "?", ":", "&", "|", "^"}

// perlQuoteOps are the quote-like operators, which take any delimiter.
var perlQuoteOps = map[string]bool{"q": true, "qq": true, "qw": true, "qr": true, "qx": true, "m": true, "s": true, "tr": true, "y": true}

// perlBareKey is a hash subscript that is a bare word ($h{key}, $h{-x}),
// which Perl reads as a string.
var perlBareKey = lazyregexp.New(`^\{\s*-?[A-Za-z_]\w*\s*\}`)

// perlLexer tokenizes Perl. Variables are tName tokens whose text starts
// with the sigil ("$_", "@F", "%h", "$#a").
type perlLexer struct {
	*lexer
	state int
	// subs parallels lexer.depth: whether each open bracket is a subscript.
	subs []bool
}

func lexPerl(a *analysis, src string) tokens {
	l := &perlLexer{lexer: &lexer{a: a, src: src}, state: perlTerm}
	for l.pos < len(l.src) && !a.failed {
		l.next()
	}
	if !a.failed && len(l.depth) > 0 {
		l.fail("unclosed %q", l.depth[len(l.depth)-1])
	}
	return l.out
}

func (l *perlLexer) next() {
	c := l.src[l.pos]
	switch {
	case c == '\n':
		l.pos++
		if l.peek(0) == '=' && isASCIILetter(l.peek(1)) {
			l.fail("POD documentation") // =pod … =cut, which the reader does not skip
		}
	case c == ' ' || c == '\t' || c == '\r' || c == '\f':
		l.pos++
	case c == '#':
		for l.pos < len(l.src) && l.src[l.pos] != '\n' {
			l.pos++
		}
	case c == ';':
		l.emit(tEnd, ";", l.pos)
		l.pos++
		l.state = perlTerm
	case c == '\'':
		start := l.pos
		if body, ok := l.delimited(); ok {
			l.emit(tString, body, start)
			l.state = perlOperator
		}
	case c == '"':
		start := l.pos
		if body, ok := l.delimited(); ok {
			l.interpolates(body, false)
			l.out = append(l.out, token{kind: tString, text: body, pos: start, open: true})
			l.state = perlOperator
		}
	case c == '`':
		l.a.spawn("perl `command`")
		l.delimited()
		l.state = perlOperator
	case c == '$' || c == '@':
		l.variable()
	case (c == '%' || c == '&' || c == '*') && l.state == perlTerm:
		l.variable()
	case (c == '/' || c == '<') && l.state == perlUnsure:
		l.fail("cannot tell whether %q starts a term or is an operator", c)
	case c == '/' && l.state == perlTerm:
		l.quoteOp("m", l.pos)
	case c == '<' && l.state == perlTerm:
		l.angle()
	case c == '-' && l.state != perlOperator && isASCIILetter(l.peek(1)):
		l.a.not("uses -%c, a file test or a bare word perl reads as a string", l.peek(1))
		l.emit(tOp, "-", l.pos)
		l.pos++
		l.state = perlTerm
	case isDigit(c) || c == '.' && isDigit(l.peek(1)) && l.state != perlOperator:
		l.number()
	case isASCIILetter(c):
		l.word()
	default:
		l.operator()
	}
}

// operator reads an operator and tracks brackets, subscripts among them.
func (l *perlLexer) operator() {
	start := l.pos
	sub := l.state != perlTerm && (l.src[l.pos] == '[' || l.src[l.pos] == '{') && len(l.out) > 0 && l.subscriptable()
	n := len(l.depth)
	if !l.lexer.operator(perlOps) {
		return
	}
	op := l.out[len(l.out)-1].text
	l.state = perlTerm
	switch {
	case len(l.depth) > n:
		l.subs = append(l.subs, sub)
		if op == "{" && sub {
			if m := perlBareKey.Compiled().FindString(l.src[start:]); m != "" {
				key := strings.TrimSpace(m[1 : len(m)-1])
				l.emit(tString, key, start+1)
				l.pos = start + len(m) - 1
			}
		}
	case len(l.depth) < n:
		closed := l.subs[len(l.subs)-1]
		l.subs = l.subs[:len(l.subs)-1]
		switch {
		case closed || op == ")" || op == "]":
			l.state = perlOperator
			l.out[len(l.out)-1].open = closed // a subscript's end: another may follow
		default:
			l.state = perlUnsure // a block's end, or an anonymous hash's
		}
	case op == "::":
		l.a.not("names a package")
	case op == "->":
		l.a.not("calls a method or dereferences with ->")
	}
}

// subscriptable reports whether the last token is a variable or the end of
// a subscript, after which [ and { open a subscript.
func (l *perlLexer) subscriptable() bool {
	t := l.out[len(l.out)-1]
	if t.kind == tName && len(t.text) > 1 && strings.IndexByte("$@%", t.text[0]) >= 0 {
		return true
	}
	return t.kind == tOp && (t.text == "]" || t.text == "}") && t.open
}

// number reads a numeric literal: 1_000, 1.5e3, .5, 0x1F, 0b101. Letters
// straight after one are not read.
func (l *perlLexer) number() {
	start := l.pos
	if l.peek(0) == '0' && (l.peek(1) == 'x' || l.peek(1) == 'X' || l.peek(1) == 'b' || l.peek(1) == 'B') {
		l.pos += 2
		for l.pos < len(l.src) && (isDigit(l.src[l.pos]) || strings.IndexByte("abcdefABCDEF_", l.src[l.pos]) >= 0) {
			l.pos++
		}
	} else {
		l.digits()
		if l.peek(0) == '.' && l.peek(1) != '.' {
			l.pos++
			l.digits()
		}
		if (l.peek(0) == 'e' || l.peek(0) == 'E') && (isDigit(l.peek(1)) || (l.peek(1) == '+' || l.peek(1) == '-') && isDigit(l.peek(2))) {
			l.pos += 2
			l.digits()
		}
	}
	if isASCIILetter(l.peek(0)) {
		l.fail("letters straight after a number")
		return
	}
	l.emit(tNumber, l.src[start:l.pos], start)
	l.state = perlOperator
}

func (l *perlLexer) digits() {
	for l.pos < len(l.src) && (isDigit(l.src[l.pos]) || l.src[l.pos] == '_') {
		l.pos++
	}
}

func (l *perlLexer) ident() string {
	start := l.pos
	for l.pos < len(l.src) && (isASCIILetter(l.src[l.pos]) || isDigit(l.src[l.pos])) {
		l.pos++
	}
	return l.src[start:l.pos]
}

// word reads a bare word: a string before =>, the x operator, a quote-like
// operator, or a name.
func (l *perlLexer) word() {
	start := l.pos
	if l.state != perlTerm && l.peek(0) == 'x' && (l.pos+1 >= len(l.src) || !isASCIILetter(l.peek(1))) {
		l.pos++
		op := "x"
		if l.peek(0) == '=' && l.peek(1) != '=' && l.peek(1) != '~' {
			l.pos++
			op = "x="
		}
		l.emit(tOp, op, start)
		l.state = perlTerm
		return
	}
	name := l.ident()
	switch {
	case strings.HasPrefix(l.src[l.pos:], "::"):
		l.a.not("names the package %s::", name)
	case l.peek(0) == '\'' && isASCIILetter(l.peek(1)):
		l.fail("a name with the old package separator '")
		return
	case name == "__END__" || name == "__DATA__":
		l.fail("%s", name)
		return
	}
	if rest := strings.TrimLeft(l.src[l.pos:], " \t"); strings.HasPrefix(rest, "=>") {
		l.emit(tString, name, start)
		l.state = perlOperator
		return
	}
	if perlQuoteOps[name] {
		if l.state == perlOperator {
			l.fail("%s where an operator was expected", name)
			return
		}
		l.quoteOp(name, start)
		return
	}
	l.emit(tName, name, start)
	l.state = perlNameState(name)
}

// perlNameState is what may follow a name: a term after the keywords and
// the builtins perl reads as unary or list operators. After the others
// (time takes no argument; after shift and pop // is defined-or and / a
// regex; after a file handle perl guesses), and after any unknown name,
// the reader cannot tell.
func perlNameState(name string) int {
	switch name {
	case "time", "wantarray", "shift", "pop", "pos", "undef", "defined", "eof", "sort", "my", "our", "local", "do", "next", "last", "redo":
		return perlUnsure
	}
	if perlHandles.Get()[name] {
		return perlUnsure
	}
	if perlKeywords.Get()[name] || perlFuncs.Get()[name] {
		return perlTerm
	}
	return perlUnsure
}

// perlHandleTaker reports the builtins whose first argument may be a file
// handle in a scalar (print $fh LIST) or a sort routine (sort $by LIST).
func perlHandleTaker(t token) bool {
	return t.kind == tName && (t.text == "print" || t.text == "printf" || t.text == "say" || t.text == "sort" || t.text == "exec" || t.text == "system")
}

// variable reads a sigil and the variable it starts: $x, @F, %h, $#a,
// ${name}, $1, $_, $., and the punctuation variables one-liners use.
// Dereferences (@$x, ${ expr }, $$x) and typeglobs are not pure.
func (l *perlLexer) variable() {
	start := l.pos
	sigil := l.src[l.pos]
	l.pos++
	l.state = perlOperator
	switch sigil {
	case '&':
		l.a.not("calls code through &")
		l.emit(tOp, "&", start)
		l.state = perlTerm
		return
	case '*':
		l.a.not("uses a typeglob")
		l.emit(tOp, "*", start)
		l.state = perlTerm
		return
	}
	prefix := string(sigil)
	if sigil == '$' && l.peek(0) == '#' {
		l.pos++
		prefix = "$#"
		if !isASCIILetter(l.peek(0)) {
			l.fail("$# not followed by an array name")
			return
		}
	}
	c := l.peek(0)
	switch {
	case c == '{':
		if m := perlBracedName.Compiled().FindStringSubmatch(l.src[l.pos:]); m != nil && prefix != "%" && !isDigit(m[1][0]) {
			l.pos += len(m[0])
			l.emit(tName, prefix+m[1], start)
			return
		}
		l.a.not("dereferences an expression with %s{", prefix)
		l.emit(tOp, prefix, start)
		l.state = perlTerm
	case c == '$' && prefix == "$" && !isASCIILetter(l.peek(1)) && l.peek(1) != '{' && l.peek(1) != '$' && l.peek(1) != ':':
		l.pos++
		l.emit(tName, "$$", start) // the process id
	case c == '$' || c == ':' || c == '^':
		l.a.not("dereferences or names a special or package variable with %s%c", prefix, c)
		l.emit(tOp, prefix, start)
		l.state = perlTerm
	case isASCIILetter(c):
		name := l.ident()
		switch {
		case strings.HasPrefix(l.src[l.pos:], "::"):
			l.a.not("names a package variable %s%s::", prefix, name)
		case l.peek(0) == '\'' && isASCIILetter(l.peek(1)):
			l.fail("a variable with the old package separator '")
			return
		}
		l.emit(tName, prefix+name, start)
		if prefix == "$" && len(l.out) > 1 && perlHandleTaker(l.out[len(l.out)-2]) {
			// print $fh /x/: perl guesses whether $fh is a file handle
			// and / starts a regex.
			l.state = perlUnsure
		}
	case isDigit(c) && prefix == "$":
		l.digits()
		l.emit(tName, l.src[start:l.pos], start)
	case prefix == "$" && strings.IndexByte("./\\,!@&|+?", c) >= 0:
		l.pos++
		l.emit(tName, l.src[start:l.pos], start)
	default:
		l.fail("cannot read the variable %s%c", prefix, c)
	}
}

// angle reads <> in term position: <>, <<>>, <STDIN> and <ARGV> read
// lines; <$fh> and <*.txt> read a handle or a glob, which are not pure; <<
// starts a heredoc, which the reader does not read.
func (l *perlLexer) angle() {
	start := l.pos
	rest := l.src[l.pos:]
	switch {
	case strings.HasPrefix(rest, "<<>>"):
		l.pos += 4
	case strings.HasPrefix(rest, "<<"):
		l.fail("a heredoc")
		return
	default:
		end := strings.IndexAny(rest[1:], ">\n")
		if end < 0 || rest[1+end] != '>' {
			l.fail("unterminated <")
			return
		}
		switch inner := rest[1 : 1+end]; inner {
		case "", "STDIN", "ARGV":
		default:
			l.a.not("reads <%s>, a file handle or a file-name glob", inner)
		}
		l.pos += end + 2
	}
	l.emit(tName, "<>", start)
	l.state = perlOperator
}

// delimited reads a quoted body at the delimiter under l.pos; bracketing
// delimiters nest. A backslash escapes the next byte.
func (l *perlLexer) delimited() (string, bool) {
	start := l.pos
	open := l.src[l.pos]
	shut := open
	if i := strings.IndexByte("([{<", open); i >= 0 {
		shut = ")]}>"[i]
	}
	depth := 0
	for l.pos++; l.pos < len(l.src); l.pos++ {
		c := l.src[l.pos]
		switch {
		case c == '\\':
			l.pos++
		case c == shut && depth == 0:
			l.pos++
			return l.src[start+1 : l.pos-1], true
		case c == shut:
			depth--
		case c == open && open != shut:
			depth++
		}
	}
	l.pos = start
	l.fail("unterminated %c", open)
	return "", false
}

// quoteOp reads a quote-like operator from its delimiter on: q qq qw qr
// qx m s tr y, and // (as m).
func (l *perlLexer) quoteOp(name string, start int) {
	d := l.peek(0)
	if d == 0 || d == ' ' || d == '\t' || d == '\n' || d == '\r' || d == '\f' || isASCIILetter(d) || isDigit(d) {
		l.fail("%s without a delimiter straight after it", name)
		return
	}
	body, ok := l.delimited()
	if !ok {
		return
	}
	interpolate := d != '\''
	var repl string
	if name == "s" || name == "tr" || name == "y" {
		if strings.IndexByte("([{<", d) >= 0 {
			for l.pos < len(l.src) && strings.IndexByte(" \t\n\r", l.src[l.pos]) >= 0 {
				l.pos++
			}
			if l.pos >= len(l.src) || l.src[l.pos] == '#' {
				l.fail("%s without a second part", name)
				return
			}
			interpolateRepl := l.src[l.pos] != '\''
			if repl, ok = l.delimited(); !ok {
				return
			}
			interpolate = interpolate && interpolateRepl
		} else {
			l.pos-- // the closing delimiter opens the second part
			if repl, ok = l.delimited(); !ok {
				return
			}
		}
	}
	flags := l.ident()
	l.emit(tString, body, start)
	l.out[len(l.out)-1].open = true
	l.state = perlOperator
	switch name {
	case "q", "qw":
		if flags != "" {
			l.fail("letters after %s", name)
		}
	case "qq":
		if flags != "" {
			l.fail("letters after %s", name)
		}
		l.interpolates(body, false)
	case "qx":
		l.a.spawn("perl qx")
	case "tr", "y":
		l.flags(name, flags, "cdsr")
	case "m", "qr":
		l.flags(name, flags, "gimsxo")
		l.regex(body, d != '\'')
	case "s":
		l.flags(name, flags, "gimsxro")
		l.regex(body, d != '\'')
		if strings.IndexByte(flags, 'e') < 0 && interpolate {
			l.interpolates(repl, false)
		}
	}
}

func (l *perlLexer) flags(name, flags, allowed string) {
	for i := 0; i < len(flags); i++ {
		switch {
		case flags[i] == 'e' && name == "s":
			l.a.dynamic("s///e runs its replacement as Perl code")
		case strings.IndexByte(allowed, flags[i]) < 0:
			l.a.not("uses the %s flag %q, which arbiter does not know to be inert", name, flags[i])
		}
	}
}

// regex checks a pattern: (?{ }) and (??{ }) run code, and so do the
// expressions it interpolates.
func (l *perlLexer) regex(body string, interpolate bool) {
	if strings.Contains(body, "?{") || strings.Contains(body, "*{") {
		l.a.dynamic("a regular expression runs code with (?{ }) or (??{ })")
	}
	if interpolate {
		l.interpolates(body, true)
	}
}

var (
	perlSimpleIndex = lazyregexp.New(`^\[(-?\d+|\$\w+)\]`)
	perlSimpleKey   = lazyregexp.New(`^\{(-?\w+|\$\w+)\}`)
	perlBracedName  = lazyregexp.New(`^\{(\w+)\}`)
	perlQuantifier  = lazyregexp.New(`^\{\d*,?\d*\}`)
)

// interpolates checks what a double-quoted string, a pattern or a
// replacement interpolates: plain variables, with subscripts that are a
// number, a word or a variable. Any other expression (@{[ … ]}, ${\ … },
// $a[f()], ->) runs code.
func (l *perlLexer) interpolates(s string, regex bool) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' {
			i++
			continue
		}
		if c != '$' && c != '@' || i+1 >= len(s) {
			continue
		}
		k, name, ok := l.interpolated(s, i, regex)
		if !ok {
			return
		}
		if k < 0 {
			continue // a literal $ or @, or an anchor
		}
		if name == "ENV" && (c == '@' || !l.envKey(s[k:])) {
			l.a.envDump("perl %ENV")
		}
		if k, ok = l.subscripts(s, k, c, regex); !ok {
			return
		}
		i = k - 1
	}
}

// interpolated reads the variable whose sigil is at s[i]: the offset
// after its name (-1 when the sigil is literal text) and the name; false
// when it is an expression, reported.
func (l *perlLexer) interpolated(s string, i int, regex bool) (int, string, bool) {
	c, rest := s[i], s[i+1:]
	n, k := rest[0], i+1
	switch {
	case n == '{':
		m := perlBracedName.Compiled().FindStringSubmatch(rest)
		if m == nil {
			l.a.dynamic("the string interpolates an expression, which runs code")
			return 0, "", false
		}
		return k + len(m[0]), m[1], true
	case isASCIILetter(n):
		j := 0
		for j < len(rest) && (isASCIILetter(rest[j]) || isDigit(rest[j])) {
			j++
		}
		k += j
		if strings.HasPrefix(s[k:], "::") || s[k:] != "" && s[k] == '\'' && k+1 < len(s) && isASCIILetter(s[k+1]) {
			l.a.not("the string interpolates a package variable")
			return 0, "", false
		}
		return k, rest[:j], true
	case n == '$' || n == ':':
		if c == '$' && regex && (len(rest) == 1 || strings.IndexByte(")|", rest[1]) >= 0) {
			return -1, "", true // $$ at a pattern's end
		}
		l.a.not("the string interpolates a dereference or a package variable")
		return 0, "", false
	case c == '$' && isDigit(n):
		k++
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		return k, "", true
	case c == '$' && n == '^':
		l.a.not("the string interpolates a special variable $^…")
		return 0, "", false
	case c == '$' && n == '#':
		j := k + 1
		for j < len(s) && (isASCIILetter(s[j]) || isDigit(s[j])) {
			j++
		}
		if j == k+1 {
			// $#{…} and $#$x: an expression, or a reference's last index.
			l.a.dynamic("the string interpolates $#… with an expression")
			return 0, "", false
		}
		return j, s[k+1 : j], true
	case c == '$' && n > ' ' && n < 0x7f && !isDigit(n) || c == '@' && (n == '-' || n == '+'):
		// A punctuation variable ($&, $., $!, $-[0], @+): a subscript
		// after it is read as one.
		return k + 1, "", true
	}
	return -1, "", true
}

// subscripts reads the subscripts after an interpolated variable, from
// s[k]: each must be a number, a word or a variable. In a pattern, {2,3}
// is a quantifier; any other {…} or […] may be read by perl as a
// subscript expression, which runs code.
func (l *perlLexer) subscripts(s string, k int, sigil byte, regex bool) (int, bool) {
	for k < len(s) {
		rest := s[k:]
		switch {
		case strings.HasPrefix(rest, "->[") || strings.HasPrefix(rest, "->{"):
			l.a.not("the string interpolates a dereference with ->")
			return k, false
		case rest[0] == '[':
			if m := perlSimpleIndex.Compiled().FindString(rest); m != "" {
				k += len(m)
				continue
			}
			l.a.dynamic(fmt.Sprintf("the string interpolates a subscript expression %c…[ ], which perl may run", sigil))
			return k, false
		case rest[0] == '{':
			if m := perlSimpleKey.Compiled().FindString(rest); m != "" {
				k += len(m)
				continue
			}
			if regex && perlQuantifier.MatchString(rest) {
				return k, true
			}
			l.a.dynamic("the string interpolates a subscript expression, which runs code")
			return k, false
		}
		return k, true
	}
	return k, true
}

// envKey records $ENV{NAME} in a string; false for any other subscript.
func (l *perlLexer) envKey(s string) bool {
	m := perlBracedName.Compiled().FindStringSubmatch(s)
	if m == nil {
		return false
	}
	l.a.env(m[1])
	return true
}
