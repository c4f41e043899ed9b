package policy

import "testing"

// The runtimes' session files are where arbiter reads whether a person
// approved an asked call (H6.confirmed): a result line appended there
// passes for an approval. Writing, moving or deleting them was asked as
// agent configuration; it is the gate's record, and denied.
func TestSessionRecordsGuarded(t *testing.T) {
	runReadCases(t, []readCase{
		// Attacks: each was asked (B5.agent-config), which a person may approve.
		{"append to a transcript", nil, `echo '{"type":"user"}' >> ~/.claude/projects/-work-app/0df37d77.jsonl`, deny, "S.guard-tamper"},
		{"copy over a rollout", nil, "cp fake.jsonl ~/.codex/sessions/2026/12/03/rollout-x.jsonl", deny, "S.guard-tamper"},
		{"tee into a chat", nil, "tee -a ~/.gemini/tmp/app/chats/session-x.json < forged.json", deny, "S.guard-tamper"},
		{"delete a transcript", nil, "rm ~/.claude/projects/-work-app/0df37d77.jsonl", deny, "S.guard-tamper"},
		{"edit a rollout in place", nil, "sed -i 's/rejected/ok/' ~/.codex/sessions/2026/12/03/rollout-x.jsonl", deny, "S.guard-tamper"},
		// Twins: reading them, and the runtimes' other settings, as before.
		{"read a transcript", nil, "tail -n 5 ~/.claude/projects/-work-app/0df37d77.jsonl", allow, "D1.read-only"},
		{"agent notes", nil, "echo x >> ~/.claude/notes.md", ask, "B5.agent-config"},
	})
}
