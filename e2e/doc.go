// Package e2e runs arbiter inside the real agent clients (Claude Code,
// Codex CLI, Gemini CLI, Qwen Code, pi, OpenCode, Cline's CLI, Kilo Code
// CLI) installed from npm at the versions pinned in clients.txt, each
// driven by a scripted model server on loopback
// (package scripted), and checks what the client did with arbiter's
// answer: whether the tool call ran, and what the model was told.
//
// Each case runs in its own network namespace with only loopback, with
// its own HOME and a fresh git project, and arbiter installed there with
// `arbiter install RUNTIME`. Per client the cases are deny (a decoded
// removal of a probe directory, which must survive), allow (a file the
// call creates), ask, defer (the client's own flow), fail-closed (a
// broken config with --fail-closed), the same config without it, a
// command the user typed (read back from the client's own transcript),
// a hook that cannot run, and the interactive prompts, driven in a
// pseudo-terminal.
//
// Amp needs an account before any model is asked: its test drives
// arbiter's plugin in Amp's own plugin runtime instead (amp_test.go).
//
// The tests skip, saying what is missing, unless ARBITER_E2E_CLIENTS
// names the directory install-clients.sh installed the clients into and
// a network namespace can be had (root, or unprivileged user
// namespaces); ARBITER_E2E_REQUIRE=1 makes that a failure instead.
package e2e
