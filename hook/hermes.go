package hook

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// hermes is Hermes Agent, through the shell hook arbiter install adds to
// the hooks key of its config.yaml (agent/shell_hooks.py in
// NousResearch/hermes-agent). Its payload is {hook_event_name: pre_tool_call,
// tool_name, tool_input, session_id, cwd, profile, extra}, with Hermes's
// tools (tools.Hermes). It reads {"decision": "block", "reason"} (or its
// own {"action": "block", "message"}) as a block and anything else as no
// directive, which goes on to Hermes's own approval: the dangerous-command
// prompt of its terminal tool, which --yolo skips, and none for the other
// tools. A hook has no way to put Hermes's prompt to the person, so an
// arbiter ask blocks, saying a person must confirm; allow and defer print
// nothing. The entry is written with fail_closed, so that Hermes blocks
// the call when the hook is missing, crashes, times out or prints
// something that is not a JSON object.
type hermes struct{}

func (hermes) fallbackEvent() string { return "pre_tool_call" }

func (hermes) probe(cmd string) any {
	return map[string]any{"hook_event_name": "pre_tool_call", "tool_name": "terminal", "session_id": "arbiter-doctor",
		"cwd": "/tmp", "profile": "default", "tool_input": map[string]any{"command": cmd}, "extra": map[string]any{}}
}

// hermesObserved are the events Hermes's shell hooks can be registered
// for that decide nothing a pre_tool_call hook would.
var hermesObserved = []string{"post_tool_call", "pre_llm_call", "post_llm_call", "on_session_start", "on_session_end",
	"on_session_finalize", "pre_verify", "pre_api_request", "post_api_request", "pre_approval_request", "post_approval_response"}

func (hermes) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName}
	switch {
	case p.HookEventName == "pre_tool_call":
		ev.Gate = true
	case p.HookEventName == "":
		ev.Name = "pre_tool_call"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	case slices.Contains(hermesObserved, p.HookEventName):
		return ev, nil
	default:
		return ev, fmt.Errorf("unknown Hermes Agent event %q", p.HookEventName)
	}
	// Hermes sends tool_input null when the arguments are not an object.
	if string(p.ToolInput) == "null" || len(p.ToolInput) == 0 {
		return ev, fmt.Errorf("the payload's tool_input is not an object")
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	base := arbiter.Call{ProjectDir: p.Cwd, Cwd: p.Cwd, SessionID: p.SessionID}
	if p.ToolName == "patch" {
		ev.Calls, err = hermesPatch(base, in)
		return ev, err
	}
	ev.Calls, err = translate(base, tools.Hermes(), p.ToolName, in)
	return ev, err
}

// hermesPatch is the patch tool, which edits one file in mode replace
// (the default) and applies a V4A patch, one call per file, in mode
// patch; a mode Hermes does not know is deferred by name.
func hermesPatch(base arbiter.Call, in map[string]any) ([]arbiter.Call, error) {
	switch mode := in["mode"]; mode {
	case nil, "replace":
		return translate(base, tools.Hermes(), "patch", in)
	case "patch":
		return patchCalls(base, str(in, "patch"))
	}
	return []arbiter.Call{call(base, tools.Qualify(tools.Hermes(), "patch mode"), in)}, nil
}

func (hermes) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate {
		return nil
	}
	switch d.Decision {
	case arbiter.Deny:
		return mustMarshal(map[string]any{"decision": "block", "reason": reason(d)})
	case arbiter.Ask:
		return mustMarshal(map[string]any{"decision": "block", "reason": confirmReason(d)})
	}
	return nil
}

// denies reads Hermes's blocking answer, a block.
func (hermes) denies(answer []byte) bool {
	var a struct {
		Decision string `json:"decision"`
	}
	return json.Unmarshal(answer, &a) == nil && a.Decision == "block"
}
