package hook

import (
	"fmt"
	"slices"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// antigravity is Google Antigravity (agy and the desktop app). Its
// PreToolUse payload is Claude Code's (session_id, cwd, hook_event_name,
// tool_name, tool_input) with Antigravity's tools (tools.Antigravity). A
// hook answers allow (the call runs without Antigravity's prompt), deny
// (refused, the reason given to the agent), ask (Antigravity's own
// prompt) or force_ask (its prompt even where its settings or
// --dangerously-skip-permissions would skip it); no answer leaves the call
// to Antigravity's own policy. There is no neutral decision to print.
// So an arbiter ask is force_ask, a person must confirm it, and a defer
// prints nothing. The decision is written both at the top level and as
// Claude Code's hookSpecificOutput, the two shapes Antigravity's hooks
// have been documented to read; each says the same.
type antigravity struct{}

func (antigravity) fallbackEvent() string { return "PreToolUse" }

func (antigravity) probe(cmd string) any {
	return map[string]any{"session_id": "arbiter-doctor", "cwd": "/tmp", "hook_event_name": "PreToolUse",
		"tool_name": "run_command", "tool_input": map[string]any{"CommandLine": cmd, "Cwd": "/tmp"}}
}

// antigravityObserved are the events Antigravity sends that decide
// nothing (its event names match in any case).
var antigravityObserved = []string{"posttooluse", "preinvocation", "postinvocation", "stop", "sessionstart"}

func (antigravity) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName}
	switch name := lowerASCII(p.HookEventName); {
	case name == "pretooluse":
		ev.Gate = true
	case name == "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	case slices.Contains(antigravityObserved, name):
		return ev, nil
	default:
		return ev, fmt.Errorf("unknown Google Antigravity event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: p.Cwd, Cwd: p.Cwd, SessionID: p.SessionID}
	ev.Calls, err = translate(base, tools.Antigravity(), p.ToolName, in)
	return ev, err
}

func (antigravity) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate || d.Decision == arbiter.Defer || d.Decision == arbiter.Allow && asksPerson(ev.Calls) {
		return nil
	}
	decision, why := d.Decision.String(), reason(d)
	if d.Decision == arbiter.Ask {
		decision = "force_ask"
	}
	return mustMarshal(map[string]any{"decision": decision, "reason": why, "hookSpecificOutput": map[string]any{
		"hookEventName": "PreToolUse", "permissionDecision": decision, "permissionDecisionReason": why,
	}})
}

// lowerASCII lowers the ASCII letters of an event name, as Antigravity
// compares them.
func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
