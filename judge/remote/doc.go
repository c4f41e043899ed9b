// Package remote holds the judge backends that talk HTTP: TypeSafe's
// System One API and OpenAI-compatible chat-completions servers. It is
// linked only into arbiter-judge, never into the arbiter binary that the
// hooks run, so the static path cannot reach the network and does not pay
// the start-up cost of an HTTP stack.
package remote
