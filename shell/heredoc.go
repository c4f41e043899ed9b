package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// document returns the text a here-document gives its command, as Bash
// makes it: with a quoted delimiter the body as written; otherwise with
// parameters, commands and arithmetic expanded, and a backslash quoting
// only $, `, \ and a newline. Neither brace expansion, globbing, tilde
// expansion nor field splitting applies to a body, and <<- drops the
// tabs that start its lines.
func (w *walker) document(r *syntax.Redirect, ctx Context) Word {
	w.see(r.Hdoc)
	f := &fields{started: true}
	quoted := quotedDelimiter(r.Word)
	for _, part := range r.Hdoc.Parts {
		w.see(part)
		lit, ok := part.(*syntax.Lit)
		switch {
		case ok && quoted:
			f.write(lit.Value)
		case ok:
			f.write(unescapeDocument(lit.Value))
		default:
			w.part(part, ctx, f, true, false)
		}
	}
	ws := f.words()
	text := joinWords(ws)
	if r.Op == syntax.DashHdoc {
		text = dropLeadingTabs(text)
	}
	out := Word{Text: text, Dynamic: anyDynamic(ws)}
	if !quoted {
		out.Uses = w.uses(r.Hdoc)
	}
	return out
}

// quotedDelimiter reports whether any part of a here-document's
// delimiter is quoted, which leaves the body unexpanded.
func quotedDelimiter(word *syntax.Word) bool {
	if word == nil {
		return false
	}
	for _, part := range word.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || strings.Contains(lit.Value, `\`) {
			return true
		}
	}
	return false
}

// unescapeDocument removes the backslashes an unquoted here-document's
// body quotes with: before $, `, \ and a newline (which it joins).
func unescapeDocument(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// dropLeadingTabs removes the tabs that start each line, as <<- does.
func dropLeadingTabs(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for k, l := range lines {
		lines[k] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "")
}
