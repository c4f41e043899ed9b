// Package lazyregexp is a regular expression compiled on first use. The
// hook is a fresh process per tool call, and compiling every pattern at
// start-up would cost more than most decisions; most calls need few of
// them.
package lazyregexp

import (
	"regexp"
	"sync"
)

// Regexp is a regexp.Regexp compiled the first time it is used. It is
// safe for concurrent use.
type Regexp struct {
	expr string
	get  func() *regexp.Regexp
}

// New returns a lazily compiled expression; like regexp.MustCompile it
// panics, on first use, if expr does not compile. Patterns are constants
// checked by the tests of the packages that use them.
func New(expr string) *Regexp {
	return &Regexp{expr: expr, get: sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
}

// Compiled returns the compiled expression.
func (r *Regexp) Compiled() *regexp.Regexp { return r.get() }

func (r *Regexp) String() string                 { return r.expr }
func (r *Regexp) MatchString(s string) bool      { return r.get().MatchString(s) }
func (r *Regexp) FindString(s string) string     { return r.get().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int { return r.get().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string {
	return r.get().FindStringSubmatch(s)
}
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.get().FindAllStringIndex(s, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.get().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.get().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.get().ReplaceAllString(src, repl)
}
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.get().ReplaceAllStringFunc(src, repl)
}
