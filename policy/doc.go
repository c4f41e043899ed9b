// Package policy decides a tool call statically: it applies the
// confirmation policy's classes (A blocked → deny, B always confirm → ask,
// C pre-approval works → defer, D no confirmation → allow) to what the call
// does, as the shell, paths and secrets packages read it. Every finding has
// a stable rule id that names its policy item ("A2.system-tree-delete",
// "B7.git-force-push", "D4.run-tests"); the strictest finding decides.
//
// Every rule is declared once, in package catalog, and named here by its
// typed constant (catalog.B1Delete); a test holds each call site to the
// verdict the catalogue declares. Rules prefixed H come from the policy's
// hygiene rules, S from arbiter's self-protection, and U mark what the
// analysis could not resolve, which is never allowed.
package policy
