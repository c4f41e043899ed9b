package hook

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Probe returns a payload in a runtime's format for a call every policy
// must refuse (deleting the filesystem root), and a check that the
// answer refuses it. arbiter doctor sends it through the installed hook.
func Probe(runtime string) (payload []byte, check func(out []byte) error) {
	const cmd = "rm -rf --no-preserve-root /"
	var v any
	switch runtime {
	case "claude", "codex":
		v = map[string]any{"session_id": "arbiter-doctor", "transcript_path": nil, "cwd": "/tmp", "hook_event_name": "PreToolUse",
			"permission_mode": "default", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}, "tool_use_id": "doctor"}
	case "gemini":
		v = map[string]any{"session_id": "arbiter-doctor", "cwd": "/tmp", "hook_event_name": "BeforeTool", "timestamp": "2026-01-01T00:00:00Z",
			"tool_name": "run_shell_command", "tool_input": map[string]any{"command": cmd}}
	case "cursor":
		v = map[string]any{"conversation_id": "arbiter-doctor", "generation_id": "doctor", "hook_event_name": "beforeShellExecution",
			"workspace_roots": []string{"/tmp"}, "command": cmd, "cwd": "/tmp"}
	case "copilot":
		args, _ := json.Marshal(map[string]any{"command": cmd})
		v = map[string]any{"timestamp": 1764539000000, "cwd": "/tmp", "toolName": "bash", "toolArgs": string(args)}
	default:
		return nil, func([]byte) error { return fmt.Errorf("unknown runtime %q", runtime) }
	}
	payload, _ = json.Marshal(v)
	return payload, func(out []byte) error {
		out = bytes.TrimSpace(out)
		if !json.Valid(out) {
			return fmt.Errorf("the answer is not JSON: %.200q", out)
		}
		if !bytes.Contains(out, []byte(`"deny"`)) {
			return fmt.Errorf("deleting / was not denied: %.200s", out)
		}
		return nil
	}
}
