package policy_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/setup"
)

// TestStashKeepsTheGate: git stash puts the working tree back to the last
// commit (with -u or -a, taking untracked files out too), and pop, apply
// and branch write a stashed version back: in a project whose working
// tree holds arbiter's hook file, any of them can take the gate out or
// put another version of its file in place. Each was allowed as a local
// git operation (D6.git-local); they ask now, and the same commands in a
// project without the gate's file, and stash's reading forms, stay
// allowed.
func TestStashKeepsTheGate(t *testing.T) {
	root := t.TempDir()
	home, gated, plain := filepath.Join(root, "home"), filepath.Join(root, "gated"), filepath.Join(root, "plain")
	for _, dir := range []string{filepath.Join(gated, ".git"), filepath.Join(plain, ".git"), home} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	tg, err := setup.For("kiro", setup.Scope{Home: home, Project: gated}, "/usr/local/bin/arbiter-hook")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tg.Install(false); err != nil {
		t.Fatal(err)
	}
	p := policy.New(policy.Options{})
	decide := func(project, cmd string) arbiter.Decision {
		b, _ := json.Marshal(map[string]any{"command": cmd})
		return p.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: b, ProjectDir: project, Cwd: project, Home: home})
	}
	for _, tt := range []struct {
		project, cmd string
		want         arbiter.Verdict
		rule         string
	}{
		{gated, "git stash -u", arbiter.Ask, "B5.agent-config"},
		{gated, "git stash push --include-untracked -m wip", arbiter.Ask, "B5.agent-config"},
		{gated, "git stash", arbiter.Ask, "B5.agent-config"},
		{gated, "git stash pop", arbiter.Ask, "B5.agent-config"},
		{gated, "git stash apply stash@{1}", arbiter.Ask, "B5.agent-config"},

		// Twins.
		{plain, "git stash -u", arbiter.Allow, "D6.git-local"},
		{plain, "git stash pop", arbiter.Allow, "D6.git-local"},
		{gated, "git stash list", arbiter.Allow, ""},
		{gated, "git stash show -p", arbiter.Allow, ""},
	} {
		d := decide(tt.project, tt.cmd)
		if d.Decision != tt.want || tt.rule != "" && !hasRuleID(d.Rules, tt.rule) {
			t.Errorf("%s in %s: %s %v (%s), want %s %s", tt.cmd, filepath.Base(tt.project), d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
		}
	}
}

func hasRuleID(rules []string, id string) bool {
	for _, r := range rules {
		if r == id {
			return true
		}
	}
	return false
}
