package hook

import (
	"fmt"
	"os"
	"slices"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// qwen is Qwen Code. Its hooks are Claude Code's (read in the Qwen Code
// 0.24.4 bundle, packages/core/src/hooks): PreToolUse acts on
// hookSpecificOutput.permissionDecision deny (the call is refused with
// the reason) and ask (its confirmation shows; a headless run refuses
// the call), while allow only lets the call go on, after Qwen Code's own
// approval, which PreToolUse runs behind. PermissionRequest (its prompt
// is about to show) settles the prompt with behavior allow or deny. No
// output is no decision. The tools are Qwen Code's (tools.Qwen).
//
// The transcript it names is not read: its format is Qwen Code's own,
// which arbiter does not parse, so a command the user typed is not
// softened from deny to ask there.
type qwen struct{}

func (qwen) fallbackEvent() string { return "PreToolUse" }

func (qwen) probe(cmd string) any {
	return map[string]any{"session_id": "arbiter-doctor", "cwd": "/tmp", "hook_event_name": "PreToolUse", "timestamp": "2026-01-01T00:00:00.000Z",
		"permission_mode": "default", "tool_name": "run_shell_command", "tool_input": map[string]any{"command": cmd}, "tool_use_id": "doctor"}
}

// qwenObserved are the events Qwen Code sends that decide nothing.
var qwenObserved = []string{"InstructionsLoaded", "MessageDisplay", "Notification", "PermissionDenied", "PostCompact",
	"PostToolBatch", "PostToolUse", "PostToolUseFailure", "PreCompact", "SessionDelete", "SessionEnd", "SessionStart", "Stop",
	"StopFailure", "SubagentStart", "SubagentStop", "TodoCompleted", "TodoCreated", "UserPromptExpansion", "UserPromptSubmit"}

func (qwen) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName}
	switch p.HookEventName {
	case "PreToolUse", "PermissionRequest":
		ev.Gate = true
	case "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	default:
		if slices.Contains(qwenObserved, p.HookEventName) {
			return ev, nil
		}
		return ev, fmt.Errorf("unknown Qwen Code event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	project := os.Getenv("QWEN_PROJECT_DIR")
	if project == "" {
		project = p.Cwd
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: project, Cwd: p.Cwd, PermissionMode: p.PermissionMode, SessionID: p.SessionID}
	ev.Calls, err = translate(base, tools.Qwen(), p.ToolName, in)
	return ev, err
}

// render answers as Claude Code's hooks do: Qwen Code reads the same
// fields.
func (qwen) render(ev Event, d arbiter.Decision) []byte { return claude{}.render(ev, d) }
