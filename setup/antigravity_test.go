package setup

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestAntigravityBesideGeminiCLI: ~/.gemini is both Gemini CLI's folder
// and Google Antigravity's. Installing and uninstalling either leaves
// the other's file as it was, byte for byte, and a hooks.json holding
// the person's own named hooks keeps them.
func TestAntigravityBesideGeminiCLI(t *testing.T) {
	home := t.TempDir()
	theirs := "{\n  \"shell-audit\": {\n    \"PreToolUse\": [{\"matcher\": \"run_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"./audit.sh\", \"timeout\": 5}]}]\n  }\n}\n"
	hooks := filepath.Join(home, ".gemini", "config", "hooks.json")
	if err := os.MkdirAll(filepath.Dir(hooks), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(hooks, []byte(theirs), 0o644); err != nil {
		t.Fatal(err)
	}
	gemini, _ := For("gemini", Scope{Home: home}, "/usr/local/bin/arbiter-hook")
	anti, _ := For("antigravity", Scope{Home: home}, "/usr/local/bin/arbiter-hook")
	if gemini.Path == anti.Path {
		t.Fatalf("both runtimes install into %s", gemini.Path)
	}
	for _, tg := range []Target{gemini, anti} {
		if _, err := tg.Install(false); err != nil {
			t.Fatalf("%s install: %v", tg.Runtime, err)
		}
	}
	settings := readT(t, gemini.Path)
	installed := readT(t, hooks)
	// Antigravity's file stays strict JSON (it drops the whole file
	// otherwise), with the person's hook and arbiter's named hook.
	var doc map[string]map[string][]struct {
		Matcher string `json:"matcher"`
		Hooks   []struct {
			Type, Command string
			Timeout       int
		} `json:"hooks"`
	}
	if err := json.Unmarshal([]byte(installed), &doc); err != nil {
		t.Fatalf("hooks.json is not strict JSON after install: %v\n%s", err, installed)
	}
	if _, ok := doc["shell-audit"]; !ok {
		t.Errorf("the person's hook is gone: %s", installed)
	}
	g := doc["arbiter"]["PreToolUse"]
	if len(g) != 1 || g[0].Matcher != "*" || len(g[0].Hooks) != 1 || g[0].Hooks[0].Command != "/usr/local/bin/arbiter-hook antigravity" || g[0].Hooks[0].Timeout != 10 {
		t.Errorf("arbiter's named hook is not the one install writes: %s", installed)
	}
	plain, _ := For("antigravity", Scope{Home: home}, "")
	if _, err := plain.Uninstall(false); err != nil {
		t.Fatal(err)
	}
	if got := readT(t, hooks); got != theirs {
		t.Errorf("uninstall antigravity left\n%s\nwant\n%s", got, theirs)
	}
	if got := readT(t, gemini.Path); got != settings {
		t.Errorf("uninstall antigravity changed Gemini CLI's settings:\n%s\nwas\n%s", got, settings)
	}
	if _, err := anti.Install(false); err != nil {
		t.Fatal(err)
	}
	plainGemini, _ := For("gemini", Scope{Home: home}, "")
	if _, err := plainGemini.Uninstall(false); err != nil {
		t.Fatal(err)
	}
	if got := readT(t, hooks); got != installed {
		t.Errorf("uninstall gemini changed Antigravity's hooks.json:\n%s\nwas\n%s", got, installed)
	}
}
