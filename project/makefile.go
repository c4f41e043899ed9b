package project

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Bounds on following a Makefile.
const (
	maxTargets   = 256  // targets visited for one make call
	maxSteps     = 2048 // recipe lines returned
	maxExpansion = 32   // variables referring to variables
	maxGlob      = 256  // files one $(wildcard …) may name
	maxValue     = 1 << 20
	// maxWork bounds the bytes expansion reads and writes over one
	// Makefile's life: references that multiply (V2 = $(V1) $(V1), …)
	// cost k^n while every value stays small.
	maxWork = 16 << 20
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
	work     int      // bytes expansion has handled so far (maxWork)
	// Included are the files an include line named, as looked for
	// (whether or not they existed).
	Included []string
	// makefiles are the makefiles read, as a rule would name them: make
	// remakes each before any goal.
	makefiles []string
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
	var included []string
	written := []string{filepath.Base(p)}
	if rel, err := filepath.Rel(dir, p); err == nil {
		written = append(written, rel)
	}
	m, err := parseMakefile(string(data), func(name string) (string, bool, error) {
		written0 := name
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		included = append(included, name)
		written = append(written, written0)
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
	m.Included = included
	m.makefiles = written
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
	if len(targets) == 1 {
		if pat, pre, ok := suffixPattern(targets[0], rest); ok {
			r.targets, r.prereqs = []string{pat}, pre
			m.patterns = append(m.patterns, r)
			return r, nil
		}
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
