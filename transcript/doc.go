// Package transcript reads the user's recent requests from an agent's
// session log: the messages a person typed, never tool results, the
// agent's own text, or the runtime's meta lines. It reads Claude Code's
// JSONL transcripts, Codex's rollout JSONL, Gemini CLI's JSONL sessions
// (0.61 and later) and older session JSON, and Cursor's role lines.
//
// A JSONL log is read backwards from its end, a block at a time, and
// reading stops at the last few requests: a long session costs no more
// than a short one.
package transcript
