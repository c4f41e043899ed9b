// Package lazy holds a value built the first time it is needed. The hook
// is a fresh process per tool call, so a table built when its package is
// initialised is paid for on every call, whether the call needs it or
// not; a package-level Value costs one small allocation at start-up and
// builds its value only when first read.
package lazy
