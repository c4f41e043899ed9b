package hook

import (
	"fmt"
	"os"
	"slices"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// droid is Factory Droid. Its PreToolUse payload is Claude Code's
// (snake_case, tool_name and tool_input), with Droid's own tools
// (tools.Droid). As read in the 0.225.2 binary: permissionDecision allow
// runs the call without Droid's prompt, deny refuses it with the reason,
// and ask only logs and goes on to Droid's own flow, which at --auto high
// or --skip-permissions-unsafe runs the call unconfirmed. So an arbiter
// ask is a deny whose reason says a person must confirm. No output is no
// decision: Droid's autonomy level decides.
type droid struct{}

func (droid) fallbackEvent() string { return "PreToolUse" }

func (droid) probe(cmd string) any {
	return map[string]any{"session_id": "arbiter-doctor", "transcript_path": "", "cwd": "/tmp", "permission_mode": "default",
		"hook_event_name": "PreToolUse", "tool_name": "Execute", "tool_input": map[string]any{"command": cmd}}
}

// droidObserved are the events Droid sends that decide nothing.
var droidObserved = []string{"PostToolUse", "UserPromptSubmit", "Notification", "Stop", "SubagentStop", "PreCompact", "SessionStart", "SessionEnd"}

func (droid) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName}
	switch {
	case p.HookEventName == "PreToolUse":
		ev.Gate = true
	case p.HookEventName == "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	case slices.Contains(droidObserved, p.HookEventName):
		return ev, nil
	default:
		return ev, fmt.Errorf("unknown Factory Droid event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	project := os.Getenv("FACTORY_PROJECT_DIR")
	if project == "" {
		project = p.Cwd
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: project, Cwd: p.Cwd, PermissionMode: p.PermissionMode, SessionID: p.SessionID}
	ev.Calls, err = translate(base, tools.Droid(), p.ToolName, in)
	return ev, err
}

func (droid) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate || d.Decision == arbiter.Defer || d.Decision == arbiter.Allow && asksPerson(ev.Calls) {
		return nil
	}
	decision, why := d.Decision.String(), reason(d)
	if d.Decision == arbiter.Ask {
		decision, why = "deny", confirmReason(d)
	}
	return mustMarshal(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName": "PreToolUse", "permissionDecision": decision, "permissionDecisionReason": why,
	}})
}
