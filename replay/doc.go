// Package replay reads the sessions coding agents keep on disk (Claude
// Code's project transcripts, Codex's rollouts, Gemini CLI's chats) back
// into the tool calls a hook would have seen, with the user's messages
// before each one and what actually happened to it (it ran, the person
// refused it, the runtime or a hook denied it, it failed), and decides
// each one again with a gate. It reads only; it writes nothing.
package replay
