// Package e2e runs arbiter inside the real agent clients (Claude Code,
// Codex CLI, Gemini CLI) installed from npm at pinned versions, each
// driven by a scripted model server on loopback, and checks what the
// client did with arbiter's answer: whether the tool call ran, and what
// the model was told about it.
//
// Each case runs in its own network namespace with only loopback, with
// its own HOME and a fresh git project, and arbiter installed there with
// `arbiter install RUNTIME`. The tests need root (for `unshare -n`) and
// the clients, installed by install-clients.sh; without them they skip
// and say what is missing. See the README's "End-to-end tests".
package e2e
