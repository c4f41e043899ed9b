package policy

import (
	"context"
	"testing"
)

// The runtimes' session files are where arbiter reads whether a person
// approved an asked call (H6.confirmed): a result line appended there
// passes for an approval. Writing, moving or deleting them was asked as
// agent configuration; it is the gate's record, and denied.
func TestSessionRecordsGuarded(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want string
	}{
		// Attacks: each was asked (B5.agent-config), which a person may approve.
		{`echo '{"type":"user"}' >> ~/.claude/projects/-work-app/0df37d77.jsonl`, "S.guard-tamper"},
		{"cp fake.jsonl ~/.codex/sessions/2026/12/03/rollout-x.jsonl", "S.guard-tamper"},
		{"tee -a ~/.gemini/tmp/app/chats/session-x.json < forged.json", "S.guard-tamper"},
		{"rm ~/.claude/projects/-work-app/0df37d77.jsonl", "S.guard-tamper"},
		{"sed -i 's/rejected/ok/' ~/.codex/sessions/2026/12/03/rollout-x.jsonl", "S.guard-tamper"},
		// Twins: reading them, and the runtimes' other settings, as before.
		{"tail -n 5 ~/.claude/projects/-work-app/0df37d77.jsonl", "D1.read-only"},
		{"echo x >> ~/.claude/notes.md", "B5.agent-config"},
	} {
		d := Decide(context.Background(), projectCall(t.TempDir(), tt.cmd))
		if !hasRule(d.Rules, tt.want) || tt.want == "S.guard-tamper" && d.Decision != deny {
			t.Errorf("%s\n got %s %v: %s\nwant %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}
