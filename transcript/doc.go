// Package transcript reads the user's recent requests from an agent's
// session log: the messages a person typed, never tool results, the
// agent's own text, or the runtime's meta lines. It reads Claude Code's
// JSONL transcripts, Codex's rollout JSONL and Gemini CLI's session JSON,
// and only the tail of a large file.
package transcript
