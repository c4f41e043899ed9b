// Package gate is the whole path of a call: the static policy (with
// self-protection first), the user's and the project's rules (package
// rules), the judgement of sandbox escalations, then the model judge where
// one is configured. The hooks, `arbiter check` and Go programs that embed
// arbiter all decide through a Gate, so they decide alike.
package gate
