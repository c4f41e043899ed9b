// Package rules applies the rules a person wrote (in the user's config
// file and a project's .arbiter.toml) on top of the static policy.
//
// A rule matches a call by tool, by program and argument prefix per shell
// segment, by a ** path glob, or by URL host, and decides allow, ask, deny
// or defer. Self-protection, class A, secrets (inline, or a credential
// file read or written), changes to the agent's own configuration and to
// files that run later are never overridden (see Protected). Among the rules, deny > ask > defer > allow; a rule that
// tightens the static verdict always applies, and an allow applies to a
// shell command only when every segment is covered, by an allow rule or by
// the static policy's own allow of that segment judged alone. Prefixes
// that would approve a shell, an interpreter, a wrapper or a bare
// multi-purpose tool are refused (see Narrow).
package rules
