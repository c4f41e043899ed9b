package gate

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
)

// TestEscalationJudgedByWhatItAsks: a request to leave the sandbox is
// judged by what it asks for, and the command by itself as any call.
func TestEscalationJudgedByWhatItAsks(t *testing.T) {
	g := &Gate{Static: policy.New(policy.Options{})}
	tests := []struct {
		name string
		in   map[string]any
		want arbiter.Verdict
		rule string
	}{
		{"justified routine", esc("npm test", "the tests bind a port", nil), arbiter.Allow, ""},
		{"narrow prefix", esc("npm test", "the tests bind a port", []string{"npm", "test"}), arbiter.Allow, ""},
		{"no justification", esc("npm test", "", nil), arbiter.Ask, "E.no-justification"},
		{"blank justification", esc("make build", "   ", nil), arbiter.Ask, "E.no-justification"},
		{"network only", esc("curl -s https://pypi.org/simple/", "check versions", nil), arbiter.Deny, "E.network-only"},
		{"network only, wget", esc("wget -q -O /tmp/x https://example.com/x.tgz", "fetch the archive", nil), arbiter.Deny, "E.network-only"},
		{"one path", esc("touch ~/.cache/marker", "mark it", nil), arbiter.Deny, "E.one-path"},
		{"one path, redirect", esc("echo 1 > ~/notes.txt", "note", nil), arbiter.Deny, "E.one-path"},
		{"two paths outside", esc("touch ~/a.txt ~/b.txt", "mark", nil), arbiter.Ask, "H7.outside-project"},
		{"broad prefix bash", esc("bash scripts/x.sh", "run it", []string{"bash"}), arbiter.Deny, "E.broad-prefix"},
		{"broad prefix python", esc("python3 gen.py", "gen", []string{"python3"}), arbiter.Deny, "E.broad-prefix"},
		{"broad prefix npx", esc("npx jest", "test", []string{"npx"}), arbiter.Deny, "E.broad-prefix"},
		{"broad prefix env", esc("env CI=1 npm test", "test", []string{"env"}), arbiter.Deny, "E.broad-prefix"},
		{"broad prefix git", esc("git status", "status", []string{"git"}), arbiter.Deny, "E.broad-prefix"},
		{"broad prefix sudo", esc("sudo systemctl status x", "status", []string{"sudo"}), arbiter.Deny, "E.broad-prefix"},
		{"disaster stays", esc("rm -rf /", "clean", []string{"rm", "-rf"}), arbiter.Deny, "A2.root-delete"},
		{"not an escalation", map[string]any{"command": "npm test"}, arbiter.Allow, ""},
		{"additional permissions only", map[string]any{"command": "npm test", "sandbox_permissions": "with_additional_permissions"}, arbiter.Allow, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := json.Marshal(tt.in)
			d := g.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: b, ProjectDir: "/home/user/proj", Cwd: "/home/user/proj", Home: "/home/user"})
			if d.Decision != tt.want || tt.rule != "" && (len(d.Rules) == 0 || d.Rules[0] != tt.rule) {
				t.Errorf("got %s %v (%s), want %s %s", d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
	// The request is only decoded when its text can hold the value; an
	// escaped spelling of it is still a request to leave the sandbox.
	for _, raw := range []string{
		`{"command":"npm test","sandbox_permissions":"\u0072equire_escalated"}`,
		`{"command":"npm test","sandbox_permissions":"require\u005fescalated"}`,
		`{"command":"npm test","SANDBOX_PERMISSIONS":"require_escalated"}`,
	} {
		d := g.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: json.RawMessage(raw), ProjectDir: "/home/user/proj", Cwd: "/home/user/proj", Home: "/home/user"})
		if d.Decision != arbiter.Ask || len(d.Rules) == 0 || d.Rules[0] != "E.no-justification" {
			t.Errorf("%s: got %s %v, want ask E.no-justification", raw, d.Decision, d.Rules)
		}
	}
}

func esc(cmd, why string, prefix []string) map[string]any {
	m := map[string]any{"command": cmd, "sandbox_permissions": "require_escalated"}
	if why != "" {
		m["description"] = why
	}
	if prefix != nil {
		m["prefix_rule"] = prefix
	}
	return m
}

// TestProtectedSkipsDevices: ARBITER_CONFIG=/dev/null names no file, and
// writing to /dev/null is not tampering.
func TestProtectedSkipsDevices(t *testing.T) {
	env := map[string]string{"ARBITER_CONFIG": "/dev/null", "ARBITER_MANAGED_CONFIG": os.DevNull, "HOME": t.TempDir()}
	g, _, _ := FromConfig(Options{Getenv: func(k string) string { return env[k] }, Log: io.Discard})
	b, _ := json.Marshal(map[string]string{"command": "go test ./... > /dev/null"})
	d := g.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: b, ProjectDir: "/home/user/p", Cwd: "/home/user/p", Home: "/home/user"})
	if d.Decision != arbiter.Allow {
		t.Errorf("got %s %v", d.Decision, d.Rules)
	}
}

func TestMayHold(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{`{"sandbox_permissions":"require_escalated"}`, true},
		{`{"x":"\u0072equire_escalated"}`, true},
		{`{"x":"require\u005Fescalated"}`, true},
		{`{"x":"requir\u0065_escalated"}`, true},
		{`{"command":"go test 2\u003e\u00261 | tail"}`, false},
		{`{"command":"ls"}`, false},
		{`{"command":"ends in \u00`, false},
	} {
		if got := mayHold([]byte(tt.text), fullEscalation); got != tt.want {
			t.Errorf("mayHold(%s) = %v, want %v", tt.text, got, tt.want)
		}
	}
}

// TestGateGuardsMovedRuntimeHomes: the gate built from an environment
// that moves Pi's home folder guards arbiter's extension there.
func TestGateGuardsMovedRuntimeHomes(t *testing.T) {
	root := t.TempDir()
	moved := filepath.Join(root, "pi-home")
	ext := filepath.Join(moved, "extensions", "arbiter.js")
	if err := os.MkdirAll(filepath.Dir(ext), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ext, []byte("// runs arbiter-hook pi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := map[string]string{"ARBITER_CONFIG": os.DevNull, "ARBITER_MANAGED_CONFIG": os.DevNull, "HOME": filepath.Join(root, "home"), "XDG_CACHE_HOME": filepath.Join(root, "cache"), "PI_CODING_AGENT_DIR": moved}
	g, _, _ := FromConfig(Options{Getenv: func(k string) string { return env[k] }, Log: io.Discard})
	b, _ := json.Marshal(map[string]string{"file_path": ext, "content": "export default () => {}\n"})
	d := g.Decide(context.Background(), arbiter.Call{Tool: "Write", Input: b, ProjectDir: filepath.Join(root, "proj"), Cwd: filepath.Join(root, "proj"), Home: env["HOME"]})
	if d.Decision != arbiter.Deny {
		t.Errorf("overwriting arbiter's extension in $PI_CODING_AGENT_DIR: %s %v", d.Decision, d.Rules)
	}
}
