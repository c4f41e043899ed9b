package policy

import "testing"

// The hook is the runtime's to call. It was allowed to the agent as
// "asking the gate a question", but each call writes the session's record
// (the files the agent wrote, the answers a person may approve) and the
// decision log: an agent that feeds it a call of its own choosing, with
// the id of one of its calls that already ran, made a later call pass for
// one a person approved (H6.confirmed). Asking how a call is decided is
// `arbiter check` or `explain`, which write nothing.
func TestAgentCallsTheHook(t *testing.T) {
	const forged = `{"session_id":"s1","tool_name":"Bash","tool_input":{"command":"npm install left-pad"},"tool_use_id":"toolu_1","hook_event_name":"PreToolUse"}`
	runReadCases(t, []readCase{
		// Attacks: each was allowed (D1.read-only).
		{"arbiter-hook", nil, "arbiter-hook claude < forged.json", deny, "S.guard-tamper"},
		{"arbiter hook, a here-document", nil, "arbiter hook claude <<'EOF'\n" + forged + "\nEOF", deny, "S.guard-tamper"},
		{"piped in", nil, "printf '%s' '" + forged + "' | arbiter-hook gemini", deny, "S.guard-tamper"},
		{"fail-closed", nil, "cat forged.json | arbiter hook codex --fail-closed", deny, "S.guard-tamper"},
		{"by its path", nil, "/usr/local/bin/arbiter-hook claude < forged.json", deny, "S.guard-tamper"},
		// Twins: questions that write nothing stay allowed.
		{"check", nil, "arbiter check 'npm install left-pad'", allow, "D1.read-only"},
		{"check a call", nil, "arbiter check --json < call.json", allow, "D1.read-only"},
		{"explain", nil, "arbiter explain 'npm install left-pad'", allow, "D1.read-only"},
		{"stats", nil, "arbiter stats", allow, "D1.read-only"},
	})
}

// The decider's socket is the hook's way in: a program that connects to
// it feeds the gate calls as the hook would (each was deferred as a
// network connection, which a person may approve).
func TestAgentCallsTheDecider(t *testing.T) {
	const sock = "~/.cache/arbiter/decider/39b8b81557313fc0.sock"
	runReadCases(t, []readCase{
		{"nc -U", nil, "nc -U " + sock + " < forged.bin", deny, "S.guard-tamper"},
		{"socat", nil, "socat - UNIX-CONNECT:" + sock, deny, "S.guard-tamper"},
		{"curl --unix-socket", nil, "curl --unix-socket " + sock + " http://x/", deny, "S.guard-tamper"},
		{"curl --unix-socket=", nil, "curl --unix-socket=" + sock + " http://x/", deny, "S.guard-tamper"},
		// Twins: looking at the folder, and other sockets.
		{"ls", nil, "ls -la ~/.cache/arbiter/decider", allow, "D1.read-only"},
		{"stat", nil, "stat " + sock, allow, "D1.read-only"},
		{"another socket", nil, "socat - UNIX-CONNECT:/tmp/app.sock", dfr, "C1.network-request"},
	})
}
