// Package arbiter defines what a permission gate for AI coding agents reads
// and answers: a [Call] (one tool call an agent is about to make) and a
// [Decision] (allow, deny, ask or defer, with the rules that fired and a
// reason written for whoever reads it).
//
// The decision logic lives in the policy package; this package holds only
// the shared vocabulary so that adapters, the policy, the judge and the
// evaluation tools can all speak it without importing each other.
package arbiter
