package hook

import (
	"encoding/json"
	"fmt"

	"github.com/arbitergate/arbiter"
)

// copilot is GitHub Copilot CLI. preToolUse answers
// {"permissionDecision": "allow"|"deny"|"ask"} with a reason; no output is
// no decision. Its payload is camelCase, with the tool's arguments as a
// JSON string (or an object, from the SDK).
type copilot struct{}

func (copilot) fallbackEvent() string { return "preToolUse" }

type copilotPayload struct {
	Timestamp     json.RawMessage `json:"timestamp"`
	Cwd           string          `json:"cwd"`
	ToolName      string          `json:"toolName"`
	ToolArgs      json.RawMessage `json:"toolArgs"`
	HookEventName string          `json:"hookEventName"`
	SessionID     string          `json:"sessionId"`
}

func (copilot) parse(raw []byte) (Event, error) {
	var p copilotPayload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: "preToolUse"}
	switch p.HookEventName {
	case "", "preToolUse":
		ev.Gate = true
	default:
		ev.Name = p.HookEventName
		return ev, nil
	}
	if p.ToolName == "" {
		return ev, fmt.Errorf("the payload has no toolName")
	}
	in := map[string]any{}
	if len(p.ToolArgs) > 0 && string(p.ToolArgs) != "null" {
		var err error
		if in, err = object(p.ToolArgs); err != nil {
			return ev, err
		}
	}
	base := arbiter.Call{ProjectDir: p.Cwd, Cwd: p.Cwd, SessionID: p.SessionID}
	ev.Calls = []arbiter.Call{copilotCall(base, p.ToolName, in)}
	return ev, nil
}

// copilotCall maps Copilot CLI's tools onto Claude Code's names.
func copilotCall(base arbiter.Call, tool string, in map[string]any) arbiter.Call {
	path := str(in, "path", "file_path")
	switch tool {
	case "bash", "shell", "powershell":
		return call(base, "Bash", map[string]any{"command": str(in, "command")})
	case "view", "read", "read_file":
		return call(base, "Read", map[string]any{"file_path": path})
	case "create", "write":
		return call(base, "Write", map[string]any{"file_path": path, "content": str(in, "file_text", "content")})
	case "edit", "str_replace", "str_replace_editor":
		return call(base, "Edit", map[string]any{"file_path": path, "old_string": str(in, "old_str", "old_string"), "new_string": str(in, "new_str", "new_string")})
	case "glob":
		return call(base, "Glob", map[string]any{"pattern": str(in, "pattern"), "path": path})
	case "grep", "rg":
		return call(base, "Grep", map[string]any{"pattern": str(in, "pattern"), "path": path})
	case "web_fetch", "fetch":
		return call(base, "WebFetch", map[string]any{"url": str(in, "url")})
	case "web_search":
		return call(base, "WebSearch", map[string]any{"query": str(in, "query")})
	}
	return call(base, tool, in)
}

func (copilot) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate || d.Decision == arbiter.Defer {
		return nil
	}
	return mustMarshal(map[string]any{"permissionDecision": d.Decision.String(), "permissionDecisionReason": reason(d)})
}
