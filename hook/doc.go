// Package hook connects arbiter to the coding agents' hook systems. Each
// runtime (Claude Code, Codex CLI, Gemini CLI, Cursor, GitHub Copilot CLI)
// sends a JSON payload on stdin before a tool runs and reads an answer on
// stdout; Run maps the payload onto arbiter's Call, decides it, and maps
// the Decision back onto what that runtime honours.
//
// Bad input never becomes allow: a payload that cannot be read, an event
// or tool arbiter does not know, or a panic is answered as defer (the
// runtime's own flow decides), or as the runtime's deny with FailClosed.
package hook
