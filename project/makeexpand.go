package project

import (
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// autos holds make's automatic variables for one rule.
type autos struct {
	target  string
	stem    string
	prereqs []string
}

func (a *autos) get(name string) (string, bool) {
	if a == nil || name == "" {
		return "", false // $() is the empty variable, not an automatic one
	}
	first := ""
	if len(a.prereqs) > 0 {
		first = a.prereqs[0]
	}
	var v string
	switch name[0] {
	case '@':
		v = a.target
	case '<':
		v = first
	case '^', '+', '?':
		v = strings.Join(a.prereqs, " ")
	case '*':
		v = a.stem
	case '|':
		v = ""
	default:
		return "", false
	}
	switch name[1:] {
	case "":
		return v, true
	case "D":
		return path.Dir(v), true
	case "F":
		return path.Base(v), true
	}
	return "", false
}

// unknownMark stands in, while expanding, for a value only known when make
// runs; the shell analysis sees the ${NAME} that follows it as an
// expansion it cannot resolve.
const unknownMark = "\x00"

// shellSyntax holds the characters that would let an unknown value change
// the structure of the shell command it is pasted into.
const shellSyntax = ";&|<>()`$\n\"'\\"

// expand expands make references in s.
func (m *Makefile) expand(s string, a *autos, depth int) (string, error) {
	if depth > maxExpansion {
		return "", notPlain("variables refer to each other more than %d deep", maxExpansion)
	}
	if err := m.spend(len(s)); err != nil {
		return "", err
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if b.Len() > maxValue {
			return "", notPlain("a value expands beyond %d bytes", maxValue)
		}
		if s[i] != '$' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		c := s[i+1]
		if c == '$' {
			b.WriteByte('$')
			i++
			continue
		}
		if c != '(' && c != '{' {
			v, err := m.reference(string(c), a, depth)
			if err == nil {
				err = m.spend(len(v))
			}
			if err != nil {
				return "", err
			}
			b.WriteString(v)
			i++
			continue
		}
		j := closing(s, i)
		if j < 0 {
			return "", notPlain("an unclosed reference in %q", clip(s))
		}
		v, err := m.reference(s[i+2:j], a, depth)
		if err == nil {
			err = m.spend(len(v))
		}
		if err != nil {
			return "", err
		}
		b.WriteString(v)
		i = j
	}
	return b.String(), nil
}

// Work is the bytes expansion has handled so far, within its bound.
func (m *Makefile) Work() int { return m.work }

// spend counts n bytes of expansion work against the Makefile's bound.
func (m *Makefile) spend(n int) error {
	m.work += n
	if m.work > maxWork {
		return notPlain("expanding it takes more than %d bytes of expansion work", maxWork)
	}
	return nil
}

// reference expands the inside of one $(…).
func (m *Makefile) reference(inner string, a *autos, depth int) (string, error) {
	if fn, args, ok := strings.Cut(inner, " "); ok && isFunction(fn) {
		return m.function(fn, args, a, depth)
	}
	if v, ok := a.get(inner); ok {
		return v, nil
	}
	name, subst, hasSubst := strings.Cut(inner, ":")
	if strings.Contains(name, "$") {
		return "", notPlain("variable name %q is computed", clip(name))
	}
	v, err := m.variable(name, depth)
	if err != nil || !hasSubst {
		return v, err
	}
	from, to, ok := strings.Cut(subst, "=")
	if !ok {
		return "", notPlain("reference %q", clip(inner))
	}
	if !strings.Contains(from, "%") {
		from, to = "%"+from, "%"+to
	}
	return patsubst(from, to, v), nil
}

func (m *Makefile) variable(name string, depth int) (string, error) {
	if name == "MAKE" {
		if v := m.vars[name]; v == nil {
			return "make", nil
		}
	}
	v := m.vars[name]
	if v == nil {
		if d, ok := defaults.Get()[name]; ok {
			return m.expand(d, nil, depth+1)
		}
		if name == "CURDIR" && m.Dir != "" {
			return m.Dir, nil
		}
		return unknown(name), nil // from the environment, or empty
	}
	if !v.uncertain {
		if v.simple {
			return v.value, nil
		}
		return m.expand(v.value, nil, depth+1)
	}
	for _, cand := range v.values {
		x, err := m.expand(cand, nil, depth+1)
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(strings.ReplaceAll(x, unknownMark, ""), shellSyntax) {
			return "", notPlain("%s depends on conditions the reader does not follow and holds shell syntax", name)
		}
	}
	return unknown(name), nil
}

// unknown renders a value the reader cannot know as a shell expansion.
func unknown(name string) string {
	ok := name != ""
	for i, r := range name {
		if !(r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			ok = false
		}
	}
	if !ok {
		name = "MAKE_VALUE"
	}
	return unknownMark + "${" + name + "}"
}

// defaults are make's built-in variables that recipes use most.
var defaults = lazy.New(func() map[string]string {
	return map[string]string{
		"CC": "cc", "CXX": "g++", "CPP": "$(CC) -E", "AR": "ar", "AS": "as", "LD": "ld", "RM": "rm -f",
		"FC": "f77", "LEX": "lex", "YACC": "yacc", "ARFLAGS": "rv", "MAKEFILE_LIST": "Makefile",
	}
})

// plainShell reports whether a SHELL value is a POSIX-style shell, so that
// recipes stay shell code.
func plainShell(v string) bool {
	f := strings.Fields(v)
	if len(f) == 0 {
		return false
	}
	if path.Base(f[0]) == "env" && len(f) > 1 {
		f = f[1:]
	}
	if !shell.SpeaksSh(path.Base(f[0])) {
		return false
	}
	return plainShellFlags(strings.Join(f[1:], " ")) || len(f) == 1 || f[1] == "-e" && len(f) == 2
}

// plainShellFlags reports whether .SHELLFLAGS only sets the usual error
// options and ends with -c.
func plainShellFlags(v string) bool {
	f := strings.Fields(v)
	if len(f) == 0 || !strings.HasPrefix(f[len(f)-1], "-") || !strings.Contains(f[len(f)-1], "c") {
		return false
	}
	for _, w := range f {
		if w != "pipefail" && w != "errexit" && w != "nounset" && (len(w) < 2 || w[0] != '-' || strings.Trim(w[1:], "euxoc") != "") {
			return false
		}
	}
	return true
}

func isFunction(fn string) bool {
	switch fn {
	case "shell":
		return true
	case "wildcard", "patsubst", "subst", "addprefix", "addsuffix", "notdir", "dir", "basename", "suffix", "strip", "sort",
		"firstword", "lastword", "filter", "filter-out", "words", "word", "wordlist", "join", "findstring", "abspath", "realpath",
		"call", "foreach", "if", "or", "and", "value", "origin", "flavor", "info", "warning", "error", "let", "intcmp":
		return true
	}
	return false
}

// function evaluates the pure text functions; others become an unknown
// value, allowed only when nothing they work on holds shell syntax.
func (m *Makefile) function(fn, args string, a *autos, depth int) (string, error) {
	x, err := m.expand(args, a, depth+1)
	if err != nil {
		return "", err
	}
	parts := strings.Split(x, ",")
	arg := func(k int) string {
		if k < len(parts) {
			return strings.TrimSpace(parts[k])
		}
		return ""
	}
	known := !strings.Contains(x, unknownMark)
	switch {
	case fn == "shell":
		return unknown("MAKE_SHELL_OUTPUT"), nil // the command is judged on its own
	case fn == "info" || fn == "warning":
		return "", nil
	case fn == "error":
		return "", notPlain("it stops with $(error …)")
	case fn == "wildcard" && known && m.Dir != "":
		return m.wildcard(arg(0))
	case fn == "patsubst" && known && len(parts) == 3:
		return patsubst(arg(0), arg(1), parts[2]), nil
	case fn == "subst" && known && len(parts) == 3:
		return strings.ReplaceAll(parts[2], parts[0], parts[1]), nil
	case (fn == "addprefix" || fn == "addsuffix") && known && len(parts) == 2:
		var out []string
		for _, w := range strings.Fields(parts[1]) {
			if fn == "addprefix" {
				out = append(out, parts[0]+w)
			} else {
				out = append(out, w+parts[0])
			}
		}
		return strings.Join(out, " "), nil
	case (fn == "notdir" || fn == "dir" || fn == "basename") && known:
		var out []string
		for _, w := range strings.Fields(x) {
			switch fn {
			case "notdir":
				out = append(out, path.Base(w))
			case "dir":
				out = append(out, path.Dir(w)+"/")
			default:
				out = append(out, strings.TrimSuffix(w, path.Ext(w)))
			}
		}
		return strings.Join(out, " "), nil
	case fn == "strip" && known:
		return strings.Join(strings.Fields(x), " "), nil
	case fn == "sort" && known:
		w := strings.Fields(x)
		sort.Strings(w)
		return strings.Join(w, " "), nil
	case fn == "firstword" && known:
		if w := strings.Fields(x); len(w) > 0 {
			return w[0], nil
		}
		return "", nil
	}
	if fn == "call" {
		name := arg(0)
		body, err := m.variable(name, depth+1)
		if err != nil {
			return "", err
		}
		x += " " + body
	}
	if strings.ContainsAny(strings.ReplaceAll(x, unknownMark, ""), shellSyntax) {
		return "", notPlain("$(%s …) works on shell syntax the reader does not evaluate", fn)
	}
	return unknown("MAKE_VALUE"), nil
}

func (m *Makefile) wildcard(patterns string) (string, error) {
	var out []string
	for _, p := range strings.Fields(patterns) {
		pat := p
		if !filepath.IsAbs(pat) {
			pat = filepath.Join(m.Dir, pat)
		}
		matches, err := filepath.Glob(pat)
		if err != nil {
			return "", notPlain("bad pattern %q", p)
		}
		for _, f := range matches {
			if rel, err := filepath.Rel(m.Dir, f); err == nil && !filepath.IsAbs(p) {
				f = rel
			}
			if strings.ContainsAny(f, shellSyntax+" \t") {
				return "", notPlain("file name %q holds shell syntax", clip(f))
			}
			out = append(out, filepath.ToSlash(f))
		}
		if len(out) > maxGlob {
			return "", notPlain("$(wildcard %s) names more than %d files", clip(p), maxGlob)
		}
	}
	return strings.Join(out, " "), nil
}

func patsubst(from, to, text string) string {
	fpre, fsuf, fpat := strings.Cut(from, "%")
	var out []string
	for _, w := range strings.Fields(text) {
		switch {
		case !fpat && w == from:
			out = append(out, to)
		case fpat && len(w) >= len(fpre)+len(fsuf) && strings.HasPrefix(w, fpre) && strings.HasSuffix(w, fsuf):
			out = append(out, strings.Replace(to, "%", w[len(fpre):len(w)-len(fsuf)], 1))
		default:
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}
