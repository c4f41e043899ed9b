package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokenConfigKeepsStaticPolicy: no broken file or setting may switch
// the static policy off. Each configuration here is unusable; through the
// real hook, a disaster is still denied, and a routine call is left to
// the runtime (rules the user wrote could not be read), never allowed.
func TestBrokenConfigKeepsStaticPolicy(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	unreadable := filepath.Join(dir, "missing-dir", "config")
	configs := map[string][]string{
		"typo in a value":  {"ARBITER_CONFIG=" + write("typo", "ARBITER_JUDGE_MODE=enforc\n")},
		"unknown name":     {"ARBITER_CONFIG=" + write("unknown", "ARBITER_JUDGE_MOOD=enforce\n")},
		"not NAME=value":   {"ARBITER_CONFIG=" + write("garbage", "this is not a setting\n")},
		"unreadable file":  {"ARBITER_CONFIG=" + unreadable},
		"bad env value":    {"ARBITER_JUDGE_TIMEOUT=soon"},
		"bad env url":      {"TYPESAFE_API_KEY=k", "ARBITER_JUDGE_URL=http://judge.example"},
		"bad threshold":    {"ARBITER_JUDGE_MAX_RISK=lots"},
		"directory config": {"ARBITER_CONFIG=" + dir},
	}
	payload := func(cmd string) []byte {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": cmd}, "cwd": "/work/app", "session_id": "s"})
		return b
	}
	for name, env := range configs {
		t.Run(name, func(t *testing.T) {
			out, errs, _ := runBinary(t, payload("rm -rf / --no-preserve-root"), env, "hook", "claude")
			if !strings.Contains(out, `"permissionDecision":"deny"`) {
				t.Errorf("disaster not denied with a broken config: stdout %q stderr %q", out, errs)
			}
			if !strings.Contains(errs, "configuration") {
				t.Errorf("stderr does not name the configuration problem: %q", errs)
			}
			out, _, _ = runBinary(t, payload("git status"), env, "hook", "claude")
			if strings.Contains(out, `"allow"`) {
				t.Errorf("routine call allowed although the configuration could not be read: %q", out)
			}
			out, _, _ = runBinary(t, payload("git status"), env, "hook", "claude", "--fail-closed")
			if !strings.Contains(out, `"deny"`) {
				t.Errorf("--fail-closed with a broken configuration did not deny: %q", out)
			}
		})
	}
}
