package hook

import (
	"fmt"
	"os"

	"github.com/arbitergate/arbiter"
)

// claude is Claude Code. PreToolUse answers allow, deny and ask through
// hookSpecificOutput.permissionDecision; PermissionRequest (its prompt is
// about to show) answers allow or deny, and ask leaves the prompt up.
// No output is no decision: the runtime's own flow.
type claude struct{}

func (claude) fallbackEvent() string { return "PreToolUse" }

func (claude) probe(cmd string) any {
	return map[string]any{"session_id": "arbiter-doctor", "transcript_path": nil, "cwd": "/tmp", "hook_event_name": "PreToolUse",
		"permission_mode": "default", "tool_name": "Bash", "tool_input": map[string]any{"command": cmd}, "tool_use_id": "doctor"}
}

func (claude) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName, Transcript: p.transcript()}
	switch p.HookEventName {
	case "PreToolUse", "PermissionRequest":
		ev.Gate = true
	case "UserPromptSubmit", "PostToolUse", "PostToolUseFailure", "PermissionDenied", "Notification",
		"Stop", "SubagentStop", "SubagentStart", "SessionStart", "SessionEnd", "PreCompact", "PostCompact":
		return ev, nil
	case "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	default:
		return ev, fmt.Errorf("unknown Claude Code event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	project := os.Getenv("CLAUDE_PROJECT_DIR")
	if project == "" {
		project = p.Cwd
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: project, Cwd: p.Cwd, PermissionMode: p.PermissionMode, SessionID: p.SessionID}
	ev.Calls = []arbiter.Call{call(base, p.ToolName, in)}
	return ev, nil
}

func (claude) render(ev Event, d arbiter.Decision) []byte {
	if d.Decision == arbiter.Allow && asksPerson(ev.Calls) {
		// Claude Code's dialog for a question or a plan is its permission
		// prompt: allowing it would answer for the person.
		return nil
	}
	if ev.Name == "PermissionRequest" {
		return permissionRequestAnswer(d)
	}
	if d.Decision == arbiter.Defer {
		return nil
	}
	return mustMarshal(map[string]any{"hookSpecificOutput": map[string]any{
		"hookEventName":            "PreToolUse",
		"permissionDecision":       d.Decision.String(),
		"permissionDecisionReason": reason(d),
	}})
}
