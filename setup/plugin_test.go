package setup

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestClaudePlugin checks the plugin shipped at the repository root: its
// hooks file registers arbiter for the same events install does.
func TestClaudePlugin(t *testing.T) {
	root := filepath.Join("..")
	manifest, err := os.ReadFile(filepath.Join(root, ".claude-plugin", "plugin.json"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := parse(manifest)
	if err != nil {
		t.Fatalf("plugin.json: %v", err)
	}
	if name := m.get("name"); name == nil || name.value != "arbiter" {
		t.Error(`plugin.json has no "name": "arbiter"`)
	}
	hooks, err := os.ReadFile(filepath.Join(root, "hooks", "hooks.json"))
	if err != nil {
		t.Fatal(err)
	}
	tg, _ := For("claude", Scope{Home: "/h"}, "arbiter")
	events, err := tg.statusOf(hooks)
	if err != nil {
		t.Fatalf("hooks.json: %v", err)
	}
	for _, ev := range tg.Events {
		if len(events[ev]) != 1 || events[ev][0] != "arbiter hook claude" {
			t.Errorf("hooks.json %s: %q, want [\"arbiter hook claude\"]", ev, events[ev])
		}
	}
	// Each entry is the one install writes, onFailure and timeout included:
	// without "onFailure": "block" a crashed or missing hook lets the call
	// through.
	var file struct {
		Hooks map[string][]any `json:"hooks"`
	}
	if err := json.Unmarshal(hooks, &file); err != nil {
		t.Fatal(err)
	}
	var want any
	b, _ := json.Marshal(tg.entry("arbiter hook claude"))
	json.Unmarshal(b, &want)
	for _, ev := range tg.Events {
		if len(file.Hooks[ev]) != 1 || !reflect.DeepEqual(file.Hooks[ev][0], want) {
			t.Errorf("hooks.json %s: %v, want the entry install writes, %s", ev, file.Hooks[ev], b)
		}
	}
}
