// Package tools is the table of every built-in tool of each runtime arbiter
// gates (Claude Code, Codex CLI, Gemini CLI, Cursor, Copilot CLI): its name,
// what it does (its Effect) and which input fields carry a path, a command,
// a URL, a pattern or the text written.
//
// The policy judges a tool by its effect, like the equivalent shell action:
// a read tool gets the read checks, a write tool the write checks, a shell
// tool the shell analysis. A name in no table is not understood, and the
// policy defers it, naming the table a contributor should add it to.
package tools
