// Package shell reads a Bash command the way the shell would run it and
// reports every simple command inside it: the program, its arguments after
// quote removal, its redirections and environment prefixes, and the context
// it runs in (pipeline, substitution, subshell, loop, function, background).
//
// It parses with mvdan.cc/sh/v3/syntax and then follows what actually runs:
// wrappers such as sudo, env, timeout and xargs with their option arities,
// runners such as npx and uv run, nested shells (-c strings, heredocs,
// here-strings and literal text piped to a shell), find -exec, options that
// make a tool run another program, and interpreter one-liners, whose code is
// scanned for shell-outs, deletions, writes and network use.
//
// Nothing is executed or expanded against the real environment. Whatever the
// analysis cannot resolve statically (a program name taken from a variable,
// eval of built text, a shell reading commands it cannot see, nesting beyond
// a bound) is reported as a [Problem]; callers must never allow a command
// that has one.
package shell
