// Package lazyregexp is a regular expression compiled on first use and
// guarded by a literal prefilter. The hook is a fresh process per tool
// call, and compiling every pattern at start-up would cost more than most
// decisions; most calls need few of them. The code scanners' patterns are
// long alternations (`\b(?:os\.system|subprocess\.…|…)`) that RE2 runs
// slowly over a script, so each pattern first checks that the text holds
// one of the literals every match must contain.
package lazyregexp

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Regexp is a regexp.Regexp compiled the first time it is used. It is
// safe for concurrent use.
type Regexp struct {
	expr string
	once sync.Once
	c    *compiled
}

type compiled struct {
	re *regexp.Regexp
	// lits holds strings one of which every match contains; nil means
	// no such set is known and the expression always runs.
	lits []string
	// fold says lits are case-folded (see foldString).
	fold bool
}

// New returns a lazily compiled expression; like regexp.MustCompile it
// panics, on first use, if expr does not compile. Patterns are constants
// checked by the tests of the packages that use them.
func New(expr string) *Regexp { return &Regexp{expr: expr} }

// get compiles the expression on first use. New stays a bare literal so
// that the compiler can lay the many package-level patterns out as data
// rather than build them when the hook starts.
func (r *Regexp) get() *compiled {
	r.once.Do(func() { r.c = compile(r.expr) })
	return r.c
}

func compile(expr string) *compiled {
	c := &compiled{re: regexp.MustCompile(expr)}
	if p, err := syntax.Parse(expr, syntax.Perl); err == nil {
		if lits, fold, ok := required(p.Simplify()); ok && len(lits) <= 256 {
			c.fold = fold
			for _, l := range lits {
				if fold {
					l = foldString(l)
				}
				c.lits = append(c.lits, l)
			}
		}
	}
	return c
}

// possible reports whether s can hold a match at all.
func (c *compiled) possible(s string) bool {
	if c.lits == nil {
		return true
	}
	if c.fold {
		s = foldString(s)
	}
	for _, l := range c.lits {
		if strings.Contains(s, l) {
			return true
		}
	}
	return false
}

// required returns literals one of which every match of re contains, and
// whether they are case-folded; ok is false when no such set is known.
func required(re *syntax.Regexp) (lits []string, fold bool, ok bool) {
	switch re.Op {
	case syntax.OpLiteral:
		if len(re.Rune) == 0 {
			return nil, false, false
		}
		return []string{string(re.Rune)}, re.Flags&syntax.FoldCase != 0, true
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		// Any one child's set will do; take the one whose shortest
		// literal is longest, as it filters best.
		best := -1
		for _, sub := range re.Sub {
			l, f, ok := required(sub)
			if !ok {
				continue
			}
			if m := shortest(l); m > best {
				best, lits, fold = m, l, f
			}
		}
		return lits, fold, best > 0
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			l, f, ok := required(sub)
			if !ok {
				return nil, false, false
			}
			lits = append(lits, l...)
			fold = fold || f
		}
		return lits, fold, true
	}
	return nil, false, false
}

func shortest(lits []string) int {
	m := -1
	for _, l := range lits {
		if m < 0 || len(l) < m {
			m = len(l)
		}
	}
	return m
}

// foldString maps every rune to the smallest rune of its case-folding
// orbit, so that two strings equal under RE2's (?i) become equal ("ſ",
// "s" and "S" all become "S"). Mapping a literal that was not case-folded
// too only widens the filter, never narrows it.
func foldString(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToUpper(s)
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		min := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if f < min {
				min = f
			}
		}
		b.WriteRune(min)
	}
	return b.String()
}

// Compiled returns the compiled expression.
func (r *Regexp) Compiled() *regexp.Regexp { return r.get().re }

func (r *Regexp) String() string { return r.expr }

func (r *Regexp) MatchString(s string) bool {
	c := r.get()
	return c.possible(s) && c.re.MatchString(s)
}

func (r *Regexp) FindString(s string) string {
	c := r.get()
	if !c.possible(s) {
		return ""
	}
	return c.re.FindString(s)
}

func (r *Regexp) FindStringIndex(s string) []int {
	c := r.get()
	if !c.possible(s) {
		return nil
	}
	return c.re.FindStringIndex(s)
}

func (r *Regexp) FindStringSubmatch(s string) []string {
	c := r.get()
	if !c.possible(s) {
		return nil
	}
	return c.re.FindStringSubmatch(s)
}

func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	c := r.get()
	if !c.possible(s) {
		return nil
	}
	return c.re.FindAllStringIndex(s, n)
}

func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	c := r.get()
	if !c.possible(s) {
		return nil
	}
	return c.re.FindAllStringSubmatch(s, n)
}

func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	c := r.get()
	if !c.possible(s) {
		return nil
	}
	return c.re.FindAllStringSubmatchIndex(s, n)
}

func (r *Regexp) ReplaceAllString(src, repl string) string {
	c := r.get()
	if !c.possible(src) {
		return src
	}
	return c.re.ReplaceAllString(src, repl)
}

func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	c := r.get()
	if !c.possible(src) {
		return src
	}
	return c.re.ReplaceAllStringFunc(src, repl)
}
