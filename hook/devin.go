package hook

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// devin is Devin (the CLI and Devin Local). Its PreToolUse payload is
// Claude Code's (hook_event_name, session_id, prompt_id, tool_name,
// tool_input, tool_use_id) with Devin's tools (tools.Devin); payloads
// captured from Devin CLI 3000.6.14 carry no cwd, and the project's root
// is the DEVIN_PROJECT_DIR the hook runs with.
// Devin's hooks documentation: exit status 2 blocks the call, 0 goes on,
// any other status is logged and does not block; the output
// {"decision": "approve" | "block" | "deny", "reason"} decides too. So a
// deny exits 2 with the reason on stderr and prints {"decision":
// "deny"}; an ask does the same saying a person must confirm (a hook
// cannot show Devin's prompt); an allow prints approve; a defer prints
// nothing and goes on to Devin's own permissions, which Bypass mode
// (/yolo) skips: hooks still run there, so a deny holds and a defer runs.
type devin struct{}

func (devin) fallbackEvent() string { return "PreToolUse" }

func (devin) probe(cmd string) any {
	return map[string]any{"hook_event_name": "PreToolUse", "session_id": "arbiter-doctor", "cwd": "/tmp",
		"tool_name": "exec", "tool_input": map[string]any{"command": cmd, "shell_id": "main"}}
}

// devinObserved are the events Devin sends that decide nothing.
var devinObserved = []string{"PostToolUse", "PermissionRequest", "UserPromptSubmit", "Stop", "SessionStart", "SessionEnd"}

func (devin) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName}
	switch {
	case p.HookEventName == "PreToolUse":
		ev.Gate = true
	case p.HookEventName == "" && p.ToolName != "":
		// The documented payload lists only tool_name and tool_input, and
		// arbiter registers for PreToolUse alone: a call without an event
		// name is decided as one, never let through undecided.
		ev.Name, ev.Gate = "PreToolUse", true
	case p.HookEventName == "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	case slices.Contains(devinObserved, p.HookEventName):
		return ev, nil
	default:
		return ev, fmt.Errorf("unknown Devin event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	project, cwd := os.Getenv("DEVIN_PROJECT_DIR"), p.Cwd
	if project == "" {
		project = cwd
	}
	if cwd == "" {
		cwd = project // Devin's commands run at the project's root
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: project, Cwd: cwd, PermissionMode: p.PermissionMode, SessionID: p.SessionID}
	ev.Calls, err = translate(base, tools.Devin(), p.ToolName, in)
	return ev, err
}

func (devin) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate {
		return nil
	}
	switch d.Decision {
	case arbiter.Deny:
		return mustMarshal(map[string]any{"decision": "deny", "reason": reason(d)})
	case arbiter.Ask:
		return mustMarshal(map[string]any{"decision": "deny", "reason": confirmReason(d)})
	case arbiter.Allow:
		if !asksPerson(ev.Calls) {
			return mustMarshal(map[string]any{"decision": "approve", "reason": reason(d)})
		}
	}
	return nil
}

// blockReason reads back the deny render wrote: Devin blocks on exit
// status 2, with the reason on stderr.
func (devin) blockReason(answer []byte) (string, bool) {
	var a struct{ Decision, Reason string }
	if json.Unmarshal(answer, &a) != nil || a.Decision != "deny" {
		return "", false
	}
	return a.Reason, true
}
