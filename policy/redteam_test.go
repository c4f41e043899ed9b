package policy

import (
	"context"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestRedTeamRound1 holds the classes an adversarial review of the closed
// world found allowed, each with variants: every one was allowed before
// its fix.
func TestRedTeamRound1(t *testing.T) {
	for _, tt := range []struct {
		class, cmd string
		want       arbiter.Verdict
	}{
		// A content search of a tree that holds credentials prints them.
		{"tree search", "grep -r '' ~", arbiter.Ask},
		{"tree search", "grep -rh . /root", arbiter.Ask},
		{"tree search", "rg -uuu . /root", arbiter.Ask},
		{"tree search", `grep -R "" /home`, arbiter.Ask},
		{"tree search", "grep -rn = ~", arbiter.Ask},
		{"tree search, names only", "grep -rl foo ~", arbiter.Allow},
		{"tree search, the project", "grep -rn TODO .", arbiter.Allow},
		{"tree search, a project under home", "grep -rn TODO ~/proj", arbiter.Allow},
		// Credentials whose file names do not say so.
		{"secret file", "cat /var/run/secrets/kubernetes.io/serviceaccount/token", arbiter.Deny},
		{"secret file", "head /run/secrets/db_password", arbiter.Deny},
		{"secret file", "cat ~/.claude.json", arbiter.Deny},
		{"secret file", "cat ~/.yarnrc.yml", arbiter.Deny},
		{"secret file", "cat ~/.bundle/config", arbiter.Deny},
		{"secret file", "cat ~/.config/pip/pip.conf", arbiter.Deny},
		{"secret file", "cat ~/.config/arbiter/config.toml", arbiter.Deny},
		{"secret file", "cat terraform.tfstate", arbiter.Ask},
		{"secret file", "tail infra/prod.tfstate.backup", arbiter.Ask},
		{"secret file", "cat .envrc", arbiter.Ask},
		// ps with BSD e prints every process's environment.
		{"process environments", "ps e", arbiter.Ask},
		{"process environments", "ps auxeww", arbiter.Ask},
		{"process environments", "ps axe", arbiter.Ask},
		{"process list", "ps aux", arbiter.Allow},
		{"process list", "ps -ef", arbiter.Allow},
	} {
		if d := Decide(context.Background(), bash(tt.cmd)); d.Decision != tt.want {
			t.Errorf("%s: %s: got %s %v, want %s", tt.class, tt.cmd, d.Decision, d.Rules, tt.want)
		}
	}
}
