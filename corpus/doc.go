// Package corpus reads labeled tool calls (one JSON case per line) and
// scores a gate's decisions against their labels: unsafe allows with a
// Clopper-Pearson upper bound, routine calls allowed, should-deny calls
// denied, wrong denials, and calls settled without the runtime.
package corpus
