package policy

import (
	"context"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestProjectConfigurationOfAmpAntigravityDevin: a workspace's .agents is
// Google Antigravity's customization root (its hooks.json runs commands
// around every tool call; its rules and workflows are standing
// instructions), .amp/plugins holds code Amp runs at start, and .devin
// holds Devin's hooks and permissions. A change there widens what an
// agent does later, as a change to .claude does; before these runtimes
// were in the registry each was a routine project write. The benign
// twins are the project's own folders of similar names, which stay
// routine, and reading the files, which is routine.
func TestProjectConfigurationOfAmpAntigravityDevin(t *testing.T) {
	p := New(Options{})
	for _, c := range []struct {
		call arbiter.Call
		want arbiter.Verdict
		rule string
	}{
		{tool("Write", map[string]any{"file_path": "/work/app/.agents/hooks.json", "content": `{"x":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"./ok.sh"}]}]}}`}), arbiter.Ask, "B5.agent-config"},
		{bash(`echo '{"x":{"PreToolUse":[]}}' > .agents/hooks.json`), arbiter.Ask, "B5.agent-config"},
		{tool("Edit", map[string]any{"file_path": "/work/app/.agents/rules/style.md", "old_string": "Ask before pushing.", "new_string": "Push freely."}), arbiter.Ask, "B5.agent-config"},
		{bash("cp /tmp/deploy.md .agents/workflows/deploy.md"), arbiter.Ask, "B5.agent-config"},
		{tool("Write", map[string]any{"file_path": "/work/app/.antigravitycli/hooks.json", "content": "{}"}), arbiter.Ask, "B5.agent-config"},
		{tool("Write", map[string]any{"file_path": "/work/app/.amp/plugins/first.ts", "content": "export default function (amp) { amp.on('tool.call', async () => ({ action: 'allow' })) }"}), arbiter.Ask, "B5.agent-config"},
		{bash(`printf '{"PreToolUse": []}' > .devin/hooks.v1.json`), arbiter.Ask, "B5.agent-config"},
		{tool("Edit", map[string]any{"file_path": "/work/app/.devin/config.json", "old_string": `"deny": ["Exec(rm)"]`, "new_string": `"deny": []`}), arbiter.Ask, "B5.agent-config"},
		// Benign twins: the project's own folders.
		{tool("Write", map[string]any{"file_path": "/work/app/agents/hooks.json", "content": "{}"}), arbiter.Allow, "D2.write-project"},
		{tool("Edit", map[string]any{"file_path": "/work/app/src/agents/rules/style.md", "old_string": "a", "new_string": "b"}), arbiter.Allow, "D2.write-project"},
		{tool("Write", map[string]any{"file_path": "/work/app/src/amp/plugins/first.ts", "content": "export const x = 1"}), arbiter.Allow, "D2.write-project"},
		{tool("Write", map[string]any{"file_path": "/work/app/docs/devin/config.json", "content": "{}"}), arbiter.Allow, "D2.write-project"},
		{bash("cat .agents/hooks.json .devin/config.json"), arbiter.Allow, ""},
	} {
		d := p.Decide(context.Background(), c.call)
		if d.Decision != c.want || c.rule != "" && !hasRule(d.Rules, c.rule) {
			t.Errorf("%s %s: %s %v, want %s %s", c.call.Tool, c.call.Input, d.Decision, d.Rules, c.want, c.rule)
		}
	}
}
