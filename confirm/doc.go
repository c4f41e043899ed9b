// Package confirm tells when a call is the same as one a person already
// approved in the session (the confirmation policy's hygiene rule 6:
// avoid redundant confirmations when there is no material new risk).
//
// A call's Identity is a digest of what it does, not of how it was
// written: for a shell command, every simple command the shell analysis
// finds (program, arguments after quote removal, redirections,
// environment assignments, the folder an earlier cd moved to, wrappers,
// context) and the command line's structure (&&, ||, |, ;, subshells,
// loops); for another tool, its input with its description left out.
// The working folder and project are part of it. A command the analysis
// cannot read whole (a problem, a word known only at run time, a
// pattern the shell expands) has no identity and is never taken for an
// approved one.
//
// Beside it, Files lists the files whose content decides what the call
// does: every existing file a word of the command names, and the
// manifests and settings its program reads from the folder (package.json
// and .npmrc for npm, .git/config for git, …: see files.go). Their
// contents' digest, with the sums of the files the policy itself read to
// decide (arbiter.Decision.Read: the modules a script imports, …), is kept
// with the approval; a file that changed, appeared or went away since is
// a new risk.
package confirm
