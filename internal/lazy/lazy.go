// Package lazy holds a value built the first time it is needed. The hook
// is a fresh process per tool call, so a table built when a package is
// initialised is paid for on every call, whether the call needs it or
// not; a Value is laid out as data in the binary and built only when
// first read.
package lazy

import "sync"

// Value is a T built on first use by the function given to New. It is
// safe for concurrent use.
type Value[T any] struct {
	once  sync.Once
	build func() T
	v     T
}

// New returns a Value that build makes on first use. New is a bare
// literal so that a package-level Value needs no code at start-up.
func New[T any](build func() T) *Value[T] { return &Value[T]{build: build} }

// Get returns the value, building it on the first call.
func (l *Value[T]) Get() T {
	l.once.Do(func() { l.v = l.build() })
	return l.v
}
