package hook

import (
	"encoding/json"
	"fmt"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// copilot is GitHub Copilot CLI. preToolUse answers
// {"permissionDecision": "allow"|"deny"|"ask"} with a reason; no output is
// no decision. Its payload is camelCase, with the tool's arguments as an
// object (what 1.0.102 sends) or as a JSON string (its documented form).
type copilot struct{}

func (copilot) fallbackEvent() string { return "preToolUse" }

func (copilot) probe(cmd string) any {
	args, _ := json.Marshal(map[string]any{"command": cmd})
	return map[string]any{"timestamp": 1764539000000, "cwd": "/tmp", "toolName": "bash", "toolArgs": string(args)}
}

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
	var err error
	if len(p.ToolArgs) > 0 && string(p.ToolArgs) != "null" {
		if in, err = object(p.ToolArgs); err != nil {
			return ev, err
		}
	}
	base := arbiter.Call{ProjectDir: p.Cwd, Cwd: p.Cwd, SessionID: p.SessionID}
	ev.Calls, err = translate(base, tools.Copilot(), p.ToolName, in)
	return ev, err
}

func (copilot) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate || d.Decision == arbiter.Defer {
		return nil
	}
	return mustMarshal(map[string]any{"permissionDecision": d.Decision.String(), "permissionDecisionReason": reason(d)})
}
