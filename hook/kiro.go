package hook

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// kiro is Kiro CLI. Its PreToolUse payload is {hook_event_name, cwd,
// session_id, tool_name, tool_input} with Kiro's tools (tools.Kiro); the
// hook answers only through its exit status (Kiro CLI's hooks
// documentation): 2 blocks the call and hands stderr to the model, 0
// goes on to Kiro's own permission flow (allowedTools, else its prompt),
// and any other status, a crash or a timeout only warns and goes on. So
// an arbiter deny exits 2 with the reason, an ask exits 2 saying a person
// must confirm (a hook cannot show Kiro's prompt), and allow and defer
// exit 0. The deny is printed on stdout as well, as JSON, for arbiter
// doctor and the tests; Kiro does not read it.
type kiro struct{}

func (kiro) fallbackEvent() string { return "PreToolUse" }

func (kiro) probe(cmd string) any {
	return map[string]any{"hook_event_name": "PreToolUse", "cwd": "/tmp", "session_id": "arbiter-doctor",
		"tool_name": "execute_bash", "tool_input": map[string]any{"command": cmd}}
}

// kiroObserved are the events Kiro CLI sends that decide nothing, in its
// 2.x agent configurations' spelling and in 3.0's hook files'.
var kiroObserved = []string{"agentSpawn", "AgentSpawn", "userPromptSubmit", "UserPromptSubmit", "postToolUse", "PostToolUse", "stop", "Stop"}

func (kiro) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName}
	switch {
	case p.HookEventName == "PreToolUse" || p.HookEventName == "preToolUse":
		ev.Gate = true
	case p.HookEventName == "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	case slices.Contains(kiroObserved, p.HookEventName):
		return ev, nil
	default:
		return ev, fmt.Errorf("unknown Kiro CLI event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: p.Cwd, Cwd: p.Cwd, SessionID: p.SessionID}
	ev.Calls, err = translate(base, tools.Kiro(), p.ToolName, in)
	return ev, err
}

func (kiro) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate {
		return nil
	}
	switch d.Decision {
	case arbiter.Deny:
		return mustMarshal(map[string]any{"decision": "deny", "reason": reason(d)})
	case arbiter.Ask:
		return mustMarshal(map[string]any{"decision": "deny", "reason": confirmReason(d)})
	}
	return nil
}

// blockReason reads back the deny render wrote: Kiro CLI blocks on exit
// status 2, with the reason on stderr.
func (kiro) blockReason(answer []byte) (string, bool) {
	var a struct{ Decision, Reason string }
	if json.Unmarshal(answer, &a) != nil || a.Decision != "deny" {
		return "", false
	}
	return a.Reason, true
}
