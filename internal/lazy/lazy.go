package lazy

import "sync"

// Value is a T built on first use by the function given to New. It is
// safe for concurrent use.
type Value[T any] struct {
	once  sync.Once
	build func() T
	v     T
}

// New returns a Value that build makes on first use. It returns the
// Value itself, not a pointer to one: `var table = lazy.New(f)` is then a
// package variable set by a few stores when the program starts, where a
// pointer cost every such table a heap allocation before main (144 of
// them in the hook, BENCHMARKS.md). Use a Value where it was declared;
// copied after its first Get, a copy would build it again.
func New[T any](build func() T) Value[T] { return Value[T]{build: build} }

// Get returns the value, building it on the first call.
func (l *Value[T]) Get() T {
	l.once.Do(func() { l.v = l.build() })
	return l.v
}
