package shell

import (
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// expand turns one shell word into the words a program would receive after
// brace expansion and quote removal, walking any substitutions it contains.
// It does not split fields: assignments, redirections, case words and [[ ]]
// operands are not split by the shell.
func (w *walker) expand(word *syntax.Word, ctx Context) []Word {
	return w.expandWord(word, ctx, false)
}

// expandArgs is expand for a command's arguments, loop items and array
// elements, where unquoted expansions are split into fields and globbed.
func (w *walker) expandArgs(word *syntax.Word, ctx Context) []Word {
	return w.expandWord(word, ctx, true)
}

func (w *walker) expandWord(word *syntax.Word, ctx Context, split bool) []Word {
	if word == nil {
		return nil
	}
	w.see(word)
	uses := w.uses(word)
	if !syntax.SplitBraces(word) {
		return withUses(w.flatten(word, ctx, split), uses)
	}
	w.seeBraces(word)
	alts, ok := braceWords(word, maxBraces)
	if !ok {
		w.problem(TooLarge, "brace expansion produces more than %d words, or a malformed sequence", maxBraces)
	}
	out := make([]Word, 0, len(alts))
	for _, alt := range alts {
		out = append(out, w.flatten(alt, ctx, split)...)
	}
	return withUses(out, uses)
}

// withUses sets the variables each word carries.
func withUses(ws []Word, uses []string) []Word {
	for i := range ws {
		ws[i].Uses = uses
	}
	return ws
}

// seeBraces marks the brace expressions SplitBraces made; their elements'
// parts are read when the alternatives are flattened (a sequence's are
// plain literals).
func (w *walker) seeBraces(word *syntax.Word) {
	if w.trace == nil {
		return
	}
	for _, part := range word.Parts {
		be, ok := part.(*syntax.BraceExp)
		if !ok {
			continue
		}
		w.see(be)
		for _, el := range be.Elems {
			w.see(el)
			if be.Sequence {
				for _, p := range el.Parts {
					w.see(p)
				}
			}
			w.seeBraces(el)
		}
	}
}

// fields collects the words one shell word becomes after field splitting.
type fields struct {
	out     []Word
	b       strings.Builder
	started bool // the current field exists (even if empty: "")
	flags   Word // Dynamic, Glob and From, shared by all fields of the word
	// kind is what is known of every part only known at run time, once
	// each is a number or a name; unknown is set by any other such part.
	kind    ValueKind
	unknown bool
}

// dynamic records a part only known at run time, of the given kind.
func (f *fields) dynamic(kind ValueKind) {
	f.flags.Dynamic = true
	switch {
	case kind == AnyValue:
		f.unknown = true
	case f.kind == AnyValue || f.kind == kind:
		f.kind = kind
	default:
		f.kind = NameValue // digits are a name's characters too
	}
}

func (f *fields) write(s string) {
	f.b.WriteString(s)
	f.started = true
}

// end closes the current field, if one was started.
func (f *fields) end() {
	if f.started {
		f.out = append(f.out, Word{Text: f.b.String()})
	}
	f.b.Reset()
	f.started = false
}

// split appends an unquoted expansion's value, splitting it at the default
// IFS characters (space, tab, newline) as bash does.
func (f *fields) split(v string) {
	for i := 0; i < len(v); {
		if isIFS(v[i]) {
			f.end()
			i++
			continue
		}
		j := i
		for j < len(v) && !isIFS(v[j]) {
			j++
		}
		f.write(v[i:j])
		i = j
	}
}

func isIFS(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

func (f *fields) words() []Word {
	f.end()
	kind := f.kind
	if f.unknown || !f.flags.Dynamic {
		kind = AnyValue
	}
	for i := range f.out {
		f.out[i].Dynamic, f.out[i].Split, f.out[i].Glob, f.out[i].From, f.out[i].Value = f.flags.Dynamic, f.flags.Split, f.flags.Glob, f.flags.From, kind
		if f.out[i].Glob {
			text, ok := matchPattern(f.out[i].Text)
			f.out[i].Text = text
			f.out[i].Dynamic = f.out[i].Dynamic || !ok
		}
	}
	return f.out
}

// matchPattern turns a Bash pattern into the form Go's path.Match reads,
// which is what every later match of it uses: Bash's [!a] is [^a]. A
// pattern Go reads differently or not at all (a POSIX class such as
// [[:alpha:]], a bracket Go rejects) is not known: what it expands to is
// only known when the shell runs.
func matchPattern(p string) (string, bool) {
	if open := strings.IndexByte(p, '['); open < 0 || !strings.Contains(p[open:], "]") {
		return p, true // no bracket expression: a lone [ is itself (the test command)
	}
	p = strings.ReplaceAll(p, "[!", "[^")
	if strings.Contains(p, "[:") || strings.Contains(p, "[=") || strings.Contains(p, "[.") {
		return p, false
	}
	if _, err := path.Match(p, ""); err != nil {
		return p, false
	}
	return p, true
}

// flatten turns one word (after brace expansion) into its fields. Without
// split it is always exactly one word.
func (w *walker) flatten(word *syntax.Word, ctx Context, split bool) []Word {
	f := &fields{}
	for i, part := range word.Parts {
		w.see(part)
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			if i+1 < len(word.Parts) && strings.HasSuffix(v, "$") {
				w.zshDollar(word.Parts[i+1])
			}
			if i == 0 && strings.HasPrefix(v, "~") {
				// Tilde expansion: keep "~" for the path resolver.
				f.write("~")
				v = v[1:]
			}
			if strings.ContainsAny(v, "*?[") {
				f.flags.Glob = true
			}
			f.write(unescapeBare(v))
		case *syntax.SglQuoted:
			if p.Dollar {
				f.write(decodeANSI(p.Value))
			} else {
				f.write(p.Value)
			}
		case *syntax.DblQuoted:
			f.started = true
			for _, q := range p.Parts {
				w.see(q)
				w.part(q, ctx, f, true, false)
			}
		default:
			w.part(part, ctx, f, false, split)
		}
	}
	if !split {
		f.started = true // an unsplit word is one word, even when empty
	}
	return f.words()
}

// zshDollar reports $~x, $=x and $^x: Bash reads a literal "$", but zsh
// globs, splits or distributes the value of x.
func (w *walker) zshDollar(next syntax.WordPart) {
	if lit, ok := next.(*syntax.Lit); ok && lit.Value != "" && strings.ContainsRune("~=^", rune(lit.Value[0])) {
		w.problem(ZshSyntax, "$%c%s expands a variable in zsh with globbing or splitting that Bash does not do", lit.Value[0], clip(lit.Value[1:], 20))
	}
}

// part handles the word parts that may appear inside or outside quotes.
func (w *walker) part(part syntax.WordPart, ctx Context, f *fields, quoted, split bool) {
	switch p := part.(type) {
	case *syntax.Lit:
		if quoted {
			f.write(unescapeQuoted(p.Value))
		} else {
			f.write(unescapeBare(p.Value))
		}
	case *syntax.ParamExp:
		text, known := w.param(p, ctx)
		switch {
		case !known && numberParam(p):
			// Digits hold no space or pattern: one word (unless IFS was changed).
			f.write(text)
			f.dynamic(NumberValue)
			f.flags.Split = f.flags.Split || w.ifsLost && !quoted && split
		case !known:
			f.write(text)
			f.dynamic(AnyValue)
			f.flags.Split = f.flags.Split || !quoted && split
		case quoted || !split:
			f.write(text)
		case w.ifsLost && text != "":
			// IFS was changed: where the value splits is unknown.
			f.write(text)
			f.dynamic(AnyValue)
			f.flags.Split = true
		default:
			if strings.ContainsAny(text, "*?[") {
				f.flags.Glob = true
			}
			f.split(text)
		}
	case *syntax.CmdSubst:
		start := len(w.a.Commands)
		w.cmdSubst(p, ctx)
		var inner *Command
		if len(w.a.Commands) == start+1 {
			inner = &w.a.Commands[start]
		}
		text, known, kind := w.substValue(p, inner)
		switch {
		case known && (quoted || !split):
			f.write(text)
		case known && !w.ifsLost:
			if strings.ContainsAny(text, "*?[") {
				f.flags.Glob = true
			}
			f.split(text)
		case kind != AnyValue:
			// A number or a name holds no space or pattern: it stays one
			// word (unless IFS was changed).
			f.write("$(…)")
			f.dynamic(kind)
			f.flags.Split = f.flags.Split || w.ifsLost && !quoted && split
		default:
			f.write("$(…)")
			f.dynamic(AnyValue)
			f.flags.Split = f.flags.Split || !quoted && split
		}
	case *syntax.ArithmExp:
		w.arith(p.X, ctx)
		f.write("$((…))")
		f.dynamic(AnyValue)
	case *syntax.ProcSubst:
		if p.Op == syntax.CmdInTemp {
			w.problem(ZshSyntax, "zsh's =(…) runs its commands into a temporary file")
		}
		start := len(w.a.Commands)
		w.subst(p.Stmts, ctx)
		for _, c := range w.a.Commands[start:] {
			if c.Program != "" {
				f.flags.From = append(f.flags.From, c.Program)
			}
		}
		f.write("/dev/fd/63")
		f.dynamic(AnyValue)
	case *syntax.ExtGlob:
		w.see(p.Pattern)
		w.extGlob(p)
		f.write(p.Op.String() + p.Pattern.Value + ")")
		f.flags.Glob = true
	default:
		w.problem(Unhandled, "the word part %s is not read by the analysis", nodeName(part))
		f.write("…")
		f.dynamic(AnyValue)
	}
}

func (w *walker) cmdSubst(p *syntax.CmdSubst, ctx Context) {
	if p.TempFile || p.ReplyVar {
		w.problem(Unhandled, "mksh's ${ …;} substitution is not read by the analysis")
	}
	w.subst(p.Stmts, ctx)
}

// extGlob reads an extended glob @(…), *(…), +(…), ?(…), !(…). The parser
// keeps its pattern as text, but Bash expands substitutions inside it, and
// zsh reads *(…) after a pattern as glob qualifiers, where e:…: and +cmd run
// code.
func (w *walker) extGlob(p *syntax.ExtGlob) {
	pat := p.Pattern.Value
	if strings.ContainsAny(pat, "$`") {
		w.problem(Unresolved, "the pattern %s(%s) contains an expansion the analysis does not read", strings.TrimSuffix(p.Op.String(), "("), clip(pat, 40))
	}
	if zshQualifier(pat) {
		w.problem(ZshSyntax, "the glob qualifier (%s) runs code in zsh", clip(pat, 40))
	}
}

// zshQualifier reports whether a parenthesised pattern reads as zsh glob
// qualifiers that run code: e with a delimited string, or +name.
func zshQualifier(pat string) bool {
	if strings.Contains(pat, "|") {
		return false // an alternation: Bash's extglob, not a qualifier list
	}
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '+':
			return true
		case 'e':
			if i+1 < len(pat) && !isAlnum(pat[i+1]) {
				return true
			}
		}
	}
	return false
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// param resolves a parameter expansion when its value is known, and reads
// every expression inside it: subscripts and slices are arithmetic, and the
// words of ${a:-w}, ${a/x/y} are expanded.
func (w *walker) param(p *syntax.ParamExp, ctx Context) (string, bool) {
	name := ""
	if p.Param != nil {
		w.see(p.Param)
		name = p.Param.Value
	}
	if p.Flags != nil || p.NestedParam != nil || len(p.Modifiers) > 0 || p.IsSet || p.Split != syntax.OptUnset || p.GlobSubst != syntax.OptUnset || p.RcExpand != syntax.OptUnset {
		w.problem(ZshSyntax, "the zsh parameter expansion of %s is not read by the analysis", name)
		return "${" + name + "}", false
	}
	if p.Width {
		w.problem(Unhandled, "mksh's ${%%%s} is not read by the analysis", name)
		return "${" + name + "}", false
	}
	if p.Index != nil {
		w.subscript(name, p.Index, ctx)
	}
	if p.Slice != nil {
		w.arith(p.Slice.Offset, ctx)
		w.arith(p.Slice.Length, ctx)
	}
	if p.Exp != nil && p.Exp.Word != nil {
		w.words(p.Exp.Word, ctx)
	}
	if p.Repl != nil {
		w.words(p.Repl.Orig, ctx)
		w.words(p.Repl.With, ctx)
	}
	if p.Exp != nil {
		switch p.Exp.Op {
		case syntax.OtherParamOps:
			w.transform(name, p.Exp.Word)
		case syntax.MatchEmpty, syntax.ArrayExclude, syntax.ArrayIntersect:
			w.problem(ZshSyntax, "the zsh parameter expansion of %s is not read by the analysis", name)
		}
	}
	if p.Excl && p.Names == 0 && p.Index == nil {
		// ${!x}: the value of x names the variable to expand, and a name
		// such as a[$(cmd)] runs cmd.
		w.reference(name, ctx)
	}
	shown := "$" + name
	switch {
	case p.Length:
		// ${#NAME} is the value's length, not the value.
		shown = "${#" + name + "}"
	case p.Exp != nil && (p.Exp.Op == syntax.AlternateUnset || p.Exp.Op == syntax.AlternateUnsetOrNull):
		// ${NAME:+word} says only whether NAME is set.
		shown = "${" + name + ":+…}"
	case !p.Short:
		shown = "${" + name + "}"
	}
	if p.Excl || p.Length || p.Slice != nil || p.Repl != nil || p.Index != nil || p.Names != 0 {
		return shown, false
	}
	v, known := w.lookup(name)
	if p.Exp != nil {
		switch p.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
			if known {
				return v, true
			}
			// ${TMPDIR:-/tmp} is a temp directory whether TMPDIR is set
			// (to one, by convention) or not.
			if tempVar(name) && p.Exp.Word != nil && !w.varsLost {
				d := p.Exp.Word.Lit()
				if _, set := w.vars[name]; !set && (d == "/tmp" || d == "/var/tmp") {
					return d, true
				}
			}
		}
		return shown, false
	}
	if known {
		return v, true
	}
	return shown, false
}

// transform checks a ${x@op} transformation. @P expands the value as a
// prompt string, which runs the command substitutions in it; the others
// quote, escape or describe the value and run nothing.
func (w *walker) transform(name string, op *syntax.Word) {
	switch op.Lit() {
	case "Q", "E", "A", "a", "K", "k", "U", "u", "L":
	case "P":
		w.problem(Unresolved, "${%s@P} expands the value of %s as a prompt, which runs any command substitution in it", name, name)
	default:
		w.problem(Unresolved, "the transformation ${%s@%s} is not read by the analysis", name, clip(op.Lit(), 10))
	}
}

// lookup returns a variable's value when the analysis knows it. $HOME is
// the home directory for every user. $TMPDIR, $TMP and $TEMP are not
// known: they are often unset, and then $TMPDIR/root/.bashrc is
// /root/.bashrc.
func (w *walker) lookup(name string) (string, bool) {
	if w.varsLost {
		return "", false
	}
	if v, ok := w.vars[name]; ok {
		return v.text, v.known
	}
	switch name {
	case "HOME":
		return "~", true
	case "PWD":
		if w.dirLost {
			return "", false
		}
		if w.dir == "" {
			return ".", true
		}
		return w.dir, true
	}
	return "", false
}

func tempVar(name string) bool { return name == "TMPDIR" || name == "TMP" || name == "TEMP" }

// unescapeBare removes backslash escapes from unquoted text.
func unescapeBare(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeQuoted removes the escapes that double quotes honour.
func unescapeQuoted(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// decodeANSI decodes the escapes of a $'…' string (and printf's).
func decodeANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e', 'E':
			b.WriteByte(27)
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'x', 'u', 'U':
			limit := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			j := i + 1
			for j < len(s) && j-i-1 < limit && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteString(`\` + string(e))
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if e == 'x' {
				b.WriteByte(byte(n))
			} else if utf8.ValidRune(rune(n)) {
				b.WriteRune(rune(n))
			}
			i = j - 1
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 31)
			}
		default:
			if e >= '0' && e <= '7' {
				j := i
				for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
					j++
				}
				n, _ := strconv.ParseUint(s[i:j], 8, 16)
				b.WriteByte(byte(n))
				i = j - 1
				continue
			}
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// numberParam reports a parameter expansion whose value is always decimal
// digits: $$ (the shell's process id), $# (the count of arguments), $?
// (the last exit status), none of which a script can assign, and ${#x}
// (a length), each with no operator. $! is left out: it is empty before
// a background job.
func numberParam(p *syntax.ParamExp) bool {
	if p.Excl || p.Exp != nil || p.Slice != nil || p.Repl != nil || p.Names != 0 || p.Width || p.Flags != nil || p.NestedParam != nil || len(p.Modifiers) > 0 || p.IsSet {
		return false
	}
	if p.Length {
		return p.Param != nil
	}
	if p.Param == nil || p.Index != nil {
		return false
	}
	switch p.Param.Value {
	case "$", "#", "?":
		return true
	}
	return false
}
