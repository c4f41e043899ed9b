package policy_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/setup"
)

// TestGuardCoversFilesBesideTheHook: the files install writes beside a
// hook, without which the runtime does not run it, are the gate's too:
// OpenClaw's plugin manifest (no manifest, no plugin) and Hermes Agent's
// consent allowlist (no consent, no hook). Each attack is denied as
// tampering once arbiter is installed; the same change without arbiter's
// entry is not tampering.
func TestGuardCoversFilesBesideTheHook(t *testing.T) {
	cases := []struct {
		runtime, file string // file: relative to the hook file's folder
		attacks       []string
	}{
		{"openclaw", "openclaw.plugin.json", []string{"rm -f F", "mv F /tmp/m.json", "echo '{}' > F", "sed -i 's/arbiter/other/' F"}},
		{"hermes", "shell-hooks-allowlist.json", []string{"rm -f F", "echo '{\"approvals\": []}' > F", "mv F F.off", "truncate -s 0 F"}},
	}
	for _, c := range cases {
		for _, installed := range []bool{true, false} {
			root := t.TempDir()
			home, project := filepath.Join(root, "home"), filepath.Join(root, "proj")
			t.Setenv("HERMES_HOME", "")
			t.Setenv("OPENCLAW_STATE_DIR", "")
			tg, err := setup.For(c.runtime, setup.Scope{Home: home}, "/usr/local/bin/arbiter-hook")
			if err != nil {
				t.Fatal(err)
			}
			f := filepath.Join(filepath.Dir(tg.Path), c.file)
			if installed {
				if _, err := tg.Install(false); err != nil {
					t.Fatal(err)
				}
			} else {
				os.MkdirAll(filepath.Dir(f), 0o755)
			}
			if _, err := os.Stat(f); os.IsNotExist(err) {
				// Hermes's allowlist after the person consented; without
				// arbiter, someone else's file.
				body := `{"approvals": [{"event": "pre_tool_call", "command": "/usr/local/bin/arbiter-hook hermes"}]}`
				if !installed {
					body = `{"id": "other"}`
				}
				os.WriteFile(f, []byte(body), 0o600)
			}
			p := policy.New(policy.Options{})
			for _, a := range c.attacks {
				cmd := strings.ReplaceAll(a, "F", "'"+f+"'")
				b, _ := json.Marshal(map[string]any{"command": cmd})
				d := p.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: b, ProjectDir: project, Cwd: project, Home: home})
				switch {
				case installed && (d.Decision != arbiter.Deny || !hasRule(d, "S.guard-tamper")):
					t.Errorf("%s: %s with arbiter installed: %s %v, want deny S.guard-tamper", c.runtime, cmd, d.Decision, d.Rules)
				case !installed && hasRule(d, "S.guard-tamper"):
					t.Errorf("%s: %s without arbiter: %s %v, want no S.guard-tamper", c.runtime, cmd, d.Decision, d.Rules)
				}
			}
		}
	}
}
