// Command floor is the baseline for the hook benchmark: a Go program that
// only decodes a Claude Code hook payload and prints an answer, with no
// decision. arbiter's hook is measured against it.
package main

import (
	"encoding/json"
	"os"
)

func main() {
	var p struct {
		HookEventName string          `json:"hook_event_name"`
		ToolName      string          `json:"tool_name"`
		ToolInput     json.RawMessage `json:"tool_input"`
	}
	if err := json.NewDecoder(os.Stdin).Decode(&p); err != nil {
		os.Exit(1)
	}
	json.NewEncoder(os.Stdout).Encode(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName": p.HookEventName, "permissionDecision": "allow", "permissionDecisionReason": "floor"}})
}
