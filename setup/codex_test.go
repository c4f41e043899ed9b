package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCodexTrust(t *testing.T) {
	const key = "/home/dev/.codex/hooks.json:pre_tool_use:0:0"
	for _, tc := range []struct {
		name, toml string
		want       string // the hash read for key; "" for none
	}{
		{"table per key", "model = \"x\"\n\n[hooks.state.\"" + key + "\"]\ntrusted_hash = \"sha256:ab\"\nenabled = true\n", "sha256:ab"},
		{"literal key", "[hooks.state.'" + key + "']\ntrusted_hash = 'sha256:cd'\n", "sha256:cd"},
		{"spaces and comments", "[ hooks . state . \"" + key + "\" ]  # arbiter\n  trusted_hash   =   \"sha256:ef\"  # trusted\n", "sha256:ef"},
		{"dotted under hooks.state", "[hooks.state]\n\"" + key + "\".trusted_hash = \"sha256:01\"\n", "sha256:01"},
		{"dotted under hooks", "[hooks]\nstate.\"" + key + "\".trusted_hash = \"sha256:02\"\n", "sha256:02"},
		{"inline table", "[hooks.state]\n\"" + key + "\" = { enabled = true, trusted_hash = \"sha256:03\" }\n", "sha256:03"},
		{"another key only", "[hooks.state.\"/home/dev/.codex/hooks.json:pre_tool_use:1:0\"]\ntrusted_hash = \"sha256:ff\"\n", ""},
		{"hash in another table", "[projects.\"" + key + "\"]\ntrusted_hash = \"sha256:04\"\n", ""},
		{"table header closed later", "[hooks.state.\"" + key + "\"]\n[other]\ntrusted_hash = \"sha256:05\"\n", ""},
		{"no hash", "[hooks.state.\"" + key + "\"]\nenabled = true\n", ""},
		{"a multi-line string is not read", "[hooks.state.\"" + key + "\"]\ntrusted_hash = \"\"\"sha256:06\"\"\"\n", ""},
		{"array of tables", "[[hooks.state.\"" + key + "\"]]\ntrusted_hash = \"sha256:07\"\n", ""},
		{"escaped key", "[hooks.state.\"/home/d\\u0065v/.codex/hooks.json:pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:08\"\n", "sha256:08"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := CodexTrust([]byte(tc.toml))[key]; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestCodexHooks(t *testing.T) {
	home := t.TempDir()
	tg, _ := For("codex", Scope{Home: home}, "/usr/local/bin/arbiter")
	os.MkdirAll(filepath.Dir(tg.Path), 0o755)
	os.WriteFile(tg.Path, []byte(`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./audit.sh"}]}]}}`), 0o644)
	if _, err := tg.Install(false); err != nil {
		t.Fatal(err)
	}
	hooks, err := tg.CodexHooks()
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, h := range hooks {
		keys = append(keys, strings.TrimPrefix(h.Key, tg.Path))
	}
	if strings.Join(keys, " ") != ":pre_tool_use:1:0 :permission_request:0:0" {
		t.Errorf("keys %q", keys)
	}
}

// FuzzCodexTrust: no panic on any config.toml, and every key read came
// from a hooks.state table.
func FuzzCodexTrust(f *testing.F) {
	f.Add("[hooks.state.\"/p:pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:ab\"\n")
	f.Add("[hooks.state]\n\"k\" = { trusted_hash = \"x\", enabled = true }\n")
	f.Add("[hooks]\nstate.'k'.trusted_hash = 'y'\n")
	f.Fuzz(func(t *testing.T, s string) {
		for k, v := range CodexTrust([]byte(s)) {
			if !strings.Contains(s, "state") || !strings.Contains(s, "trusted_hash") {
				t.Fatalf("read %q = %q from %q", k, v, s)
			}
		}
	})
}

func TestCodexHookDefinition(t *testing.T) {
	home := t.TempDir()
	tg, _ := For("codex", Scope{Home: home}, "/usr/local/bin/arbiter")
	if _, err := tg.Install(false); err != nil {
		t.Fatal(err)
	}
	before, _ := tg.CodexHooks()
	b, _ := os.ReadFile(tg.Path)
	os.WriteFile(tg.Path, []byte(strings.Replace(string(b), `"timeout": 10`, `"timeout": 600`, 1)), 0o600)
	after, _ := tg.CodexHooks()
	if len(before) != 2 || len(after) != 2 {
		t.Fatalf("hooks %v %v", before, after)
	}
	if before[0].Definition == after[0].Definition || before[0].Command != after[0].Command {
		t.Errorf("a changed timeout left the definition %s", after[0].Definition)
	}
	if before[1].Definition != after[1].Definition {
		t.Errorf("the untouched entry's definition changed")
	}
}
