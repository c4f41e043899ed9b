package project

import (
	"errors"
	"fmt"
	"github.com/arbitergate/arbiter/internal/lazy"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Bounds on following a Makefile.
const (
	maxTargets   = 256  // targets visited for one make call
	maxSteps     = 2048 // recipe lines returned
	maxExpansion = 32   // variables referring to variables
	maxGlob      = 256  // files one $(wildcard …) may name
	maxValue     = 1 << 20
)

// ErrNotPlain marks a Makefile whose recipes cannot be known without
// running make: includes, $(shell …), $(eval …), a changed SHELL, values
// that hold shell syntax and depend on conditions.
var ErrNotPlain = errors.New("the Makefile is not plain")

func notPlain(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrNotPlain, fmt.Sprintf(format, args...))
}

// Makefile is a parsed plain Makefile.
type Makefile struct {
	Path string
	Dir  string
	// First is the default goal: the first ordinary target.
	First    string
	vars     map[string]*variable
	rules    map[string][]*rule
	patterns []*rule
	shell    []string // the commands of $(shell …) and != , unexpanded
}

type variable struct {
	value     string
	simple    bool // := already expanded
	uncertain bool // assigned inside a conditional or for one target only
	values    []string
}

type rule struct {
	targets []string
	prereqs string // unexpanded
	recipe  []string
}

// Step is one recipe line make would hand to the shell.
type Step struct {
	Target string
	// Line is the expanded line, with make's @, - and + prefixes removed.
	Line string
	// Always is set for lines make runs even with -n (a + prefix or a
	// reference to $(MAKE)).
	Always bool
}

// FindMakefile returns the Makefile make would read in dir:
// GNUmakefile, makefile, then Makefile. The error wraps fs.ErrNotExist when
// there is none.
func FindMakefile(dir string) (string, error) {
	var last error
	for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
		p := filepath.Join(dir, name)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		} else {
			last = err
		}
	}
	return "", fmt.Errorf("no makefile in %s: %w", dir, last)
}

// ReadMakefile reads and parses the Makefile at p; dir is the directory
// make runs in.
func ReadMakefile(p, dir string) (*Makefile, error) {
	data, size, err := readBounded(p, MaxManifest)
	if err != nil {
		return nil, err
	}
	if size > MaxManifest {
		return nil, fmt.Errorf("%s of %d bytes is over the %d read", p, size, MaxManifest)
	}
	m, err := parseMakefile(string(data), func(name string) (string, bool, error) {
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		data, size, err := readBounded(name, MaxManifest)
		switch {
		case IsNotExist(err):
			return "", false, nil
		case err != nil:
			return "", false, err
		case size > MaxManifest:
			return "", false, fmt.Errorf("%s of %d bytes is over the %d read", name, size, MaxManifest)
		}
		return string(data), true, nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	m.Path, m.Dir = p, dir
	return m, nil
}

// ParseMakefile parses Makefile text. Anything it cannot follow is an
// error wrapping ErrNotPlain.
func ParseMakefile(text string) (*Makefile, error) {
	if len(text) > MaxManifest {
		return nil, fmt.Errorf("makefile of %d bytes is over the %d read", len(text), MaxManifest)
	}
	return parseMakefile(text, nil)
}

// includer reads a file a Makefile includes: its text, or ok false when it
// does not exist.
type includer func(name string) (text string, ok bool, err error)

// maxIncludes bounds the files one Makefile may include.
const maxIncludes = 32

func parseMakefile(text string, include includer) (*Makefile, error) {
	if err := checkFunctions(text); err != nil {
		return nil, err
	}
	m := &Makefile{vars: map[string]*variable{}, rules: map[string][]*rule{}}
	m.collectShell(text)
	includes, included := 0, 0
	var cur *rule
	cond := 0
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		// Join backslash continuations.
		for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
			i++
			if strings.HasPrefix(line, "\t") && cur != nil {
				line += "\n" + strings.TrimPrefix(lines[i], "\t")
			} else {
				line = strings.TrimRight(strings.TrimSuffix(line, "\\"), " \t") + " " + strings.TrimLeft(lines[i], " \t")
			}
		}
		if strings.HasPrefix(line, "\t") {
			if cur != nil {
				cur.recipe = append(cur.recipe, line[1:])
				continue
			}
			// Outside a rule, a tab-indented line is ordinary make syntax.
		}
		line = stripComment(line)
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		word, rest, _ := strings.Cut(trimmed, " ")
		switch word {
		case "load", "-load":
			return nil, notPlain("line %d: %s loads compiled code into make", i+1, word)
		case "include", "-include", "sinclude":
			if include == nil {
				return nil, notPlain("line %d: %s reads other files", i+1, word)
			}
			names, err := m.expand(rest, nil, 0)
			if err != nil {
				return nil, err
			}
			if strings.Contains(names, unknownMark) {
				return nil, notPlain("line %d: %s names files only known when make runs", i+1, word)
			}
			var spliced []string
			for _, name := range strings.Fields(names) {
				if includes++; includes > maxIncludes {
					return nil, notPlain("more than %d included files", maxIncludes)
				}
				text, ok, err := include(name)
				switch {
				case err != nil:
					return nil, err
				case !ok && word == "include":
					return nil, notPlain("line %d: it includes %s, which does not exist and make would first build", i+1, name)
				case !ok:
					continue
				}
				if included += len(text); included > 4*MaxManifest {
					return nil, notPlain("included files over %d bytes", 4*MaxManifest)
				}
				if err := checkFunctions(text); err != nil {
					return nil, fmt.Errorf("%s: %w", name, err)
				}
				m.collectShell(text)
				spliced = append(spliced, strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")...)
			}
			lines = append(lines[:i+1], append(spliced, lines[i+1:]...)...)
			continue
		case "define":
			return nil, notPlain("line %d: a define block", i+1)
		case "ifeq", "ifneq", "ifdef", "ifndef":
			// Both branches are followed: what either runs is read.
			cond++
			continue
		case "else":
			continue
		case "endif":
			cond--
			continue
		case "vpath", "unexport":
			continue
		case "export", "override", "private":
			if !strings.ContainsAny(rest, "=") {
				continue
			}
			trimmed = strings.TrimSpace(rest)
			if w, r, _ := strings.Cut(trimmed, " "); w == "export" || w == "override" || w == "private" {
				trimmed = strings.TrimSpace(r)
			}
		}
		if name, op, value, ok := assignment(trimmed); ok {
			if err := m.assign(name, op, value, cond > 0); err != nil {
				return nil, fmt.Errorf("line %d: %w", i+1, err)
			}
			cur = nil
			continue
		}
		colon := topLevelIndex(trimmed, ':')
		if colon < 0 {
			if strings.HasPrefix(trimmed, "$(") || strings.HasPrefix(trimmed, "${") {
				continue // a bare $(info …) or $(warning …)
			}
			return nil, notPlain("line %d: %q is neither a rule nor an assignment", i+1, clip(trimmed))
		}
		r, err := m.parseRule(trimmed, colon, cond > 0)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		cur = r
	}
	return m, nil
}

// checkFunctions refuses the functions that make code or files out of
// text: what they do cannot be read off the Makefile.
func checkFunctions(text string) error {
	for _, bad := range []string{"$(eval", "${eval", "$(file", "${file", "$(guile", "${guile"} {
		if strings.Contains(text, bad) {
			return notPlain("it uses %s…), which makes code or files at run time", bad)
		}
	}
	return nil
}

// collectShell records every $(shell …) command in text. Make runs them
// when it reads the Makefile or expands the variable that holds them;
// taking them all is the safe side of "when".
func (m *Makefile) collectShell(text string) {
	for i := 0; i < len(text); i++ {
		if text[i] != '$' || !(strings.HasPrefix(text[i+1:], "(shell ") || strings.HasPrefix(text[i+1:], "{shell ")) {
			continue
		}
		j := closing(text, i)
		if j < 0 {
			m.shell = append(m.shell, text[i+8:])
			return
		}
		m.shell = append(m.shell, text[i+8:j])
	}
}

// ShellCommands returns the commands the Makefile's $(shell …) and !=
// assignments run, expanded.
func (m *Makefile) ShellCommands() ([]string, error) {
	var out []string
	for _, raw := range m.shell {
		x, err := m.expand(raw, nil, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, strings.ReplaceAll(x, unknownMark, ""))
	}
	return out, nil
}

func (m *Makefile) parseRule(line string, colon int, inCond bool) (*rule, error) {
	targets := strings.Fields(line[:colon])
	rest := strings.TrimPrefix(line[colon+1:], ":") // double-colon rules
	var inline string
	if k := topLevelIndex(rest, ';'); k >= 0 {
		rest, inline = rest[:k], rest[k+1:]
	}
	if name, op, value, ok := assignment(strings.TrimSpace(rest)); ok {
		// A target-specific variable: its value holds only for some targets.
		return nil, m.assign(name, op, value, true)
	}
	if k := topLevelIndex(rest, ':'); k >= 0 {
		rest = rest[k+1:] // static pattern rule: targets: pattern: prerequisites
	}
	rest = strings.ReplaceAll(rest, "|", " ")
	r := &rule{targets: targets, prereqs: rest}
	if strings.TrimSpace(inline) != "" {
		r.recipe = append(r.recipe, strings.TrimSpace(inline))
	}
	for _, t := range targets {
		switch {
		case t == ".RECIPEPREFIX" || t == ".SHELLFLAGS":
			return nil, notPlain("it changes %s", t)
		case strings.Contains(t, "%"):
			m.patterns = append(m.patterns, r)
		default:
			m.rules[t] = append(m.rules[t], r)
			if m.First == "" && !inCond && !strings.HasPrefix(t, ".") && !strings.Contains(t, "$") {
				m.First = t
			}
		}
	}
	return r, nil
}

func (m *Makefile) assign(name, op, value string, uncertain bool) error {
	switch name {
	case "SHELL":
		if !plainShell(value) {
			return notPlain("it sets SHELL to %q, so recipes are not shell code", clip(value))
		}
	case ".SHELLFLAGS":
		if !plainShellFlags(value) {
			return notPlain("it sets .SHELLFLAGS to %q", clip(value))
		}
	case "MAKESHELL", ".RECIPEPREFIX", "MAKEFILES":
		return notPlain("it sets %s, which changes how recipes run", name)
	}
	if op == "!=" {
		m.shell = append(m.shell, value)
		op, value = ":=", "$(shell "+value+")"
	}
	if strings.Contains(name, "$") {
		return notPlain("variable name %q is computed", name)
	}
	v := m.vars[name]
	if v == nil {
		v = &variable{}
		m.vars[name] = v
	} else if op == "?=" {
		return nil
	}
	switch op {
	case ":=", "::=", ":::=":
		x, err := m.expand(value, nil, 0)
		if err != nil {
			return err
		}
		value, v.simple = x, true
	case "+=":
		if v.value != "" {
			value = v.value + " " + value
		}
	default:
		v.simple = false
	}
	v.value = value
	v.values = append(v.values, value)
	v.uncertain = v.uncertain || uncertain
	return nil
}

// assignment splits "NAME op value" for the operators make knows.
func assignment(s string) (name, op, value string, ok bool) {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '$':
			if j := closing(s, i); j > i {
				i = j
			}
		case ':':
			for _, o := range []string{":::=", "::=", ":="} {
				if strings.HasPrefix(s[i:], o) {
					return strings.TrimSpace(s[:i]), o, strings.TrimSpace(s[i+len(o):]), true
				}
			}
			return "", "", "", false // a rule
		case '=':
			op, k := "=", i
			if i > 0 && strings.IndexByte("?+!", s[i-1]) >= 0 {
				op, k = s[i-1:i+1], i-1
			}
			name = strings.TrimSpace(s[:k])
			if name == "" || strings.ContainsAny(name, " \t") {
				return "", "", "", false
			}
			return name, op, strings.TrimSpace(s[i+1:]), true
		}
	}
	return "", "", "", false
}

// closing returns the index of the bracket closing the reference that
// starts with the $ at i, or -1.
func closing(s string, i int) int {
	if i+1 >= len(s) || (s[i+1] != '(' && s[i+1] != '{') {
		return -1
	}
	open, shut := s[i+1], byte(')')
	if open == '{' {
		shut = '}'
	}
	depth := 0
	for k := i + 1; k < len(s); k++ {
		switch s[k] {
		case open:
			depth++
		case shut:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// topLevelIndex finds c outside $(…) references.
func topLevelIndex(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '$' {
			if j := closing(s, i); j > i {
				i = j
				continue
			}
			i++ // $$ or $X
			continue
		}
		if s[i] == c {
			if c == ':' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '/') && i == 1 {
				continue // a drive letter, C:\ or C:/
			}
			return i
		}
	}
	return -1
}

func stripComment(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' {
			i++
			continue
		}
		if s[i] == '#' {
			return s[:i]
		}
	}
	return s
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// Plan lists the recipe lines make would run for the goals (the first
// target when there are none), prerequisites first, with command-line
// variables (make NAME=value) applied.
func (m *Makefile) Plan(goals []string, overrides map[string]string) ([]Step, error) {
	for name, value := range overrides {
		m.vars[name] = &variable{value: value, simple: true, values: []string{value}}
	}
	if len(goals) == 0 {
		if m.First == "" {
			return nil, nil
		}
		goals = []string{m.First}
	}
	p := &planner{m: m, seen: map[string]bool{}}
	for _, g := range goals {
		if err := p.visit(g, 0); err != nil {
			return nil, err
		}
	}
	return p.steps, nil
}

type planner struct {
	m     *Makefile
	seen  map[string]bool
	steps []Step
}

func (p *planner) visit(target string, depth int) error {
	if p.seen[target] {
		return nil
	}
	p.seen[target] = true
	if len(p.seen) > maxTargets || depth > maxTargets {
		return notPlain("more than %d targets to follow", maxTargets)
	}
	rules := p.m.rules[target]
	stem := ""
	if len(rules) == 0 || !hasRecipe(rules) {
		if r, s := p.m.pattern(target); r != nil {
			rules, stem = append(rules, r), s
		}
	}
	if len(rules) == 0 {
		// A target with no rule at all runs .DEFAULT's recipe, when there
		// is one (a file that does not exist would otherwise stop make).
		rules = p.m.rules[".DEFAULT"]
	}
	for _, r := range rules {
		a := &autos{target: target, stem: stem}
		pre, err := p.m.expand(strings.ReplaceAll(r.prereqs, "%", stem), a, 0)
		if err != nil {
			return err
		}
		if strings.Contains(pre, unknownMark) {
			// Any target could be among them: follow every one.
			if err := p.visitAll(depth + 1); err != nil {
				return err
			}
			pre = strings.ReplaceAll(pre, unknownMark, "")
		}
		a.prereqs = strings.Fields(pre)
		for _, q := range a.prereqs {
			if err := p.visit(q, depth+1); err != nil {
				return err
			}
		}
		for _, line := range r.recipe {
			if err := p.step(target, line, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// visitAll follows every explicit target, in a stable order.
func (p *planner) visitAll(depth int) error {
	names := make([]string, 0, len(p.m.rules))
	for name := range p.m.rules {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := p.visit(name, depth); err != nil {
			return err
		}
	}
	return nil
}

func (p *planner) step(target, line string, a *autos) error {
	raw := strings.TrimLeft(line, " \t")
	always := false
	for raw != "" && strings.IndexByte("@-+", raw[0]) >= 0 {
		always = always || raw[0] == '+'
		raw = strings.TrimLeft(raw[1:], " \t")
	}
	always = always || strings.Contains(raw, "$(MAKE)") || strings.Contains(raw, "${MAKE}")
	text, err := p.m.expand(raw, a, 0)
	if err != nil {
		return err
	}
	if len(p.steps) >= maxSteps {
		return notPlain("more than %d recipe lines", maxSteps)
	}
	p.steps = append(p.steps, Step{Target: target, Line: strings.ReplaceAll(text, unknownMark, ""), Always: always})
	return nil
}

func hasRecipe(rules []*rule) bool {
	for _, r := range rules {
		if len(r.recipe) > 0 {
			return true
		}
	}
	return false
}

// pattern finds the first pattern rule with a recipe whose target matches.
func (m *Makefile) pattern(target string) (*rule, string) {
	for _, r := range m.patterns {
		if len(r.recipe) == 0 {
			continue
		}
		for _, t := range r.targets {
			pre, suf, _ := strings.Cut(t, "%")
			if len(target) >= len(pre)+len(suf) && strings.HasPrefix(target, pre) && strings.HasSuffix(target, suf) {
				return r, target[len(pre) : len(target)-len(suf)]
			}
		}
	}
	return nil, ""
}

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
		if err != nil {
			return "", err
		}
		b.WriteString(v)
		i = j
	}
	return b.String(), nil
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
	switch path.Base(f[0]) {
	case "sh", "bash", "dash", "ksh", "zsh", "ash", "mksh":
	default:
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
