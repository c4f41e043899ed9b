package policy_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/policy"
)

// TestGuardCoversEveryPlace: wherever arbiter's behaviour lives (the rule
// files wherever the environment put them, the judge cache, the decision
// log, arbiter's hook entries in each runtime's settings), changing it is
// S.guard-tamper and reading it is fine.
func TestGuardCoversEveryPlace(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	project := filepath.Join(root, "proj")
	env := map[string]string{
		"HOME":            home,
		"XDG_CONFIG_HOME": filepath.Join(root, "xdg-config"),
		"XDG_CACHE_HOME":  filepath.Join(root, "xdg-cache"),
		"XDG_STATE_HOME":  filepath.Join(root, "xdg-state"),
		"ARBITER_LOG":     filepath.Join(root, "logs", "arbiter.jsonl"),
	}
	getenv := func(k string) string { return env[k] }
	cfg, _ := config.Load(getenv)
	protect := gate.Protected(cfg, gate.Options{Getenv: getenv})
	explicit := filepath.Join(root, "elsewhere", "my-arbiter.toml")
	env["ARBITER_CONFIG"] = explicit
	cfg, _ = config.Load(getenv)
	protect = append(protect, gate.Protected(cfg, gate.Options{Getenv: getenv})...)
	p := policy.New(policy.Options{Protect: protect})

	// Hook settings that hold arbiter's entry, as arbiter install writes them.
	// User-level installs run arbiter-hook when it is installed.
	entry := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"'/usr/local/bin/arbiter' hook claude"}]}]}}`
	hookEntry := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"/home/dev/go/bin/arbiter-hook claude"}]}]}}`
	for f, e := range map[string]string{
		filepath.Join(project, ".claude", "settings.json"): entry, filepath.Join(home, ".claude", "settings.json"): hookEntry,
		filepath.Join(home, ".codex", "hooks.json"): hookEntry, filepath.Join(project, ".gemini", "settings.json"): entry,
		filepath.Join(home, ".cursor", "hooks.json"): hookEntry,
	} {
		os.MkdirAll(filepath.Dir(f), 0o755)
		os.WriteFile(f, []byte(e), 0o600)
	}
	os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte("[hooks.state.\"x:pre_tool_use:0:0\"]\ntrusted_hash = \"a\"\n"), 0o600)

	places := map[string]string{
		"user config at $XDG_CONFIG_HOME": filepath.Join(env["XDG_CONFIG_HOME"], "arbiter", "config.toml"),
		"old-format user config":          filepath.Join(env["XDG_CONFIG_HOME"], "arbiter", "config"),
		"$ARBITER_CONFIG":                 explicit,
		"project rules":                   filepath.Join(project, ".arbiter.toml"),
		"nested project rules":            filepath.Join(project, "services", "api", ".arbiter.toml"),
		"judge cache":                     filepath.Join(env["XDG_CACHE_HOME"], "arbiter", "judge", "ab", "cd.json"),
		"default judge cache":             filepath.Join(home, ".cache", "arbiter", "judge", "x.json"),
		"decider socket":                  filepath.Join(env["XDG_CACHE_HOME"], "arbiter", "decider", "39b8b81557313fc0.sock"),
		"decider lock":                    filepath.Join(home, ".cache", "arbiter", "decider", "39b8b81557313fc0.lock"),
		"decision log":                    env["ARBITER_LOG"],
		"default decision log":            filepath.Join(env["XDG_STATE_HOME"], "arbiter", "decisions.jsonl"),
		"claude project hooks":            filepath.Join(project, ".claude", "settings.json"),
		"claude user hooks":               filepath.Join(home, ".claude", "settings.json"),
		"codex hooks":                     filepath.Join(home, ".codex", "hooks.json"),
		"codex hook trust":                filepath.Join(home, ".codex", "config.toml"),
		"gemini hooks":                    filepath.Join(project, ".gemini", "settings.json"),
		"cursor hooks":                    filepath.Join(home, ".cursor", "hooks.json"),
		"copilot project hooks":           filepath.Join(project, ".github", "hooks", "arbiter.json"),
		"install backup":                  filepath.Join(project, ".claude", "settings.json.arbiter-backup"),
	}
	decide := func(tool string, in map[string]any) arbiter.Decision {
		b, _ := json.Marshal(in)
		return p.Decide(context.Background(), arbiter.Call{Tool: tool, Input: b, ProjectDir: project, Cwd: project, Home: home})
	}
	for name, f := range places {
		q := "'" + f + "'"
		changes := map[string]arbiter.Decision{
			"sed -i":    decide("Bash", map[string]any{"command": "sed -i 's/deny/allow/' " + q}),
			"tee":       decide("Bash", map[string]any{"command": "echo x | tee " + q}),
			">":         decide("Bash", map[string]any{"command": "echo '{}' > " + q}),
			">>":        decide("Bash", map[string]any{"command": "printf x >> " + q}),
			"cp":        decide("Bash", map[string]any{"command": "cp /tmp/x " + q}),
			"mv":        decide("Bash", map[string]any{"command": "mv /tmp/x " + q}),
			"rm":        decide("Bash", map[string]any{"command": "rm -f " + q}),
			"Write":     decide("Write", map[string]any{"file_path": f, "content": "{}"}),
			"Edit":      decide("Edit", map[string]any{"file_path": f, "old_string": "arbiter", "new_string": "true"}),
			"MultiEdit": decide("MultiEdit", map[string]any{"file_path": f, "edits": []map[string]any{{"old_string": "a", "new_string": "b"}}}),
		}
		for how, d := range changes {
			if d.Decision != arbiter.Deny || !hasRule(d, "S.guard-tamper") {
				t.Errorf("%s (%s) changed with %s: %s %v", name, f, how, d.Decision, d.Rules)
			}
		}
		for how, d := range map[string]arbiter.Decision{
			"cat":  decide("Bash", map[string]any{"command": "cat " + q}),
			"Read": decide("Read", map[string]any{"file_path": f}),
		} {
			if d.Decision == arbiter.Deny {
				t.Errorf("%s read with %s: %s %v", name, how, d.Decision, d.Rules)
			}
		}
	}
	// Settings that do not hold arbiter's hook stay the agent's own
	// configuration: asked about, not refused.
	other := filepath.Join(project, ".cursor", "hooks.json")
	if d := decide("Write", map[string]any{"file_path": other, "content": "{}"}); d.Decision != arbiter.Ask {
		t.Errorf("settings without arbiter's hook: %s %v", d.Decision, d.Rules)
	}
}

func hasRule(d arbiter.Decision, id string) bool {
	for _, r := range d.Rules {
		if r == id {
			return true
		}
	}
	return false
}
