package main

import (
	"strings"
	"testing"
)

// TestDevinProjectFromEnv: Devin's payloads carry no cwd (as captured
// from Devin CLI 3000.6.14); the project is the DEVIN_PROJECT_DIR its
// hooks run with, so an edit inside it is the project's own, and
// without it the same edit is not approved.
func TestDevinProjectFromEnv(t *testing.T) {
	payload := []byte(`{"hook_event_name":"PreToolUse","session_id":"bramble-scorpion","tool_name":"edit","tool_use_id":"chatcmpl-tool-1",` +
		`"tool_input":{"file_path":"/home/dev/proj/main.go","old_string":"x := 1","new_string":"x := 2"}}`)
	out, _, code := runBinary(t, payload, []string{"DEVIN_PROJECT_DIR=/home/dev/proj"}, "hook", "devin")
	if code != 0 || !strings.Contains(out, `"decision":"approve"`) {
		t.Errorf("an edit inside DEVIN_PROJECT_DIR: exit %d, %s; want it approved", code, out)
	}
	out, _, _ = runBinary(t, payload, nil, "hook", "devin")
	if strings.Contains(out, "approve") {
		t.Errorf("an edit with no project known was approved: %s", out)
	}
	build := []byte(`{"hook_event_name":"PreToolUse","session_id":"s","tool_name":"exec","tool_input":{"command":"go test ./...","shell_id":"main"}}`)
	out, _, _ = runBinary(t, build, []string{"DEVIN_PROJECT_DIR=/home/dev/proj"}, "hook", "devin")
	if !strings.Contains(out, `"decision":"approve"`) {
		t.Errorf("a build run at DEVIN_PROJECT_DIR was not approved: %s", out)
	}
}
