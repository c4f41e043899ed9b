package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// expand turns one shell word into the words a program would receive after
// brace expansion and quote removal, walking any substitutions it contains.
func (w *walker) expand(word *syntax.Word, ctx Context) []Word {
	if word == nil {
		return nil
	}
	if !syntax.SplitBraces(word) {
		return []Word{w.flatten(word, ctx)}
	}
	alts, ok := braceWords(word, maxBraces)
	if !ok {
		w.problem(TooLarge, "brace expansion produces more than %d words, or a malformed sequence", maxBraces)
	}
	out := make([]Word, 0, len(alts))
	for _, alt := range alts {
		out = append(out, w.flatten(alt, ctx))
	}
	return out
}

func (w *walker) flatten(word *syntax.Word, ctx Context) Word {
	var out Word
	var b strings.Builder
	for i, part := range word.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				// Tilde expansion: keep "~" for the path resolver.
				b.WriteString("~")
				v = v[1:]
			}
			if strings.ContainsAny(v, "*?[") {
				out.Glob = true
			}
			b.WriteString(unescapeBare(v))
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(decodeANSI(p.Value))
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				w.part(q, ctx, &b, &out, true)
			}
		default:
			w.part(part, ctx, &b, &out, false)
		}
	}
	out.Text = b.String()
	return out
}

// part handles the word parts that may appear inside or outside quotes.
func (w *walker) part(part syntax.WordPart, ctx Context, b *strings.Builder, out *Word, quoted bool) {
	switch p := part.(type) {
	case *syntax.Lit:
		if quoted {
			b.WriteString(unescapeQuoted(p.Value))
		} else {
			b.WriteString(unescapeBare(p.Value))
		}
	case *syntax.ParamExp:
		text, known := w.param(p, ctx)
		b.WriteString(text)
		if !known {
			out.Dynamic = true
		}
	case *syntax.CmdSubst:
		w.subst(p.Stmts, ctx)
		b.WriteString("$(…)")
		out.Dynamic = true
	case *syntax.ArithmExp:
		w.arith(p.X, ctx)
		b.WriteString("$((…))")
		out.Dynamic = true
	case *syntax.ProcSubst:
		start := len(w.a.Commands)
		w.subst(p.Stmts, ctx)
		for _, c := range w.a.Commands[start:] {
			if c.Program != "" {
				out.From = append(out.From, c.Program)
			}
		}
		b.WriteString("/dev/fd/63")
		out.Dynamic = true
	case *syntax.ExtGlob:
		b.WriteString(p.Op.String() + p.Pattern.Value + ")")
		out.Glob = true
	default:
		out.Dynamic = true
	}
}

// param resolves a parameter expansion when its value is known.
func (w *walker) param(p *syntax.ParamExp, ctx Context) (string, bool) {
	name := ""
	if p.Param != nil {
		name = p.Param.Value
	}
	if p.Exp != nil && p.Exp.Word != nil {
		w.words(p.Exp.Word, ctx)
	}
	if p.Repl != nil {
		w.words(p.Repl.Orig, ctx)
		w.words(p.Repl.With, ctx)
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
	if p.Excl || p.Length || p.Slice != nil || p.Repl != nil || p.Index != nil || p.Names != 0 || p.NestedParam != nil {
		return shown, false
	}
	v, known := w.lookup(name)
	if p.Exp != nil {
		switch p.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull:
			if known {
				return v, true
			}
		}
		return shown, false
	}
	if known {
		return v, true
	}
	return shown, false
}

// lookup returns a variable's value when the analysis knows it. A few
// environment variables have values that matter for paths and are the same
// for every user in meaning: $HOME is the home directory, $TMPDIR a temp dir.
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
	case "TMPDIR", "TMP", "TEMP":
		return "/tmp", true
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
