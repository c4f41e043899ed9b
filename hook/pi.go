package hook

import "github.com/arbitergate/arbiter"

// pi is the pi coding agent, through the extension arbiter install
// writes (setup's piModule). Its payload is OpenCode's plugin payload with
// pi's tool names (tools.Pi) and the event tool_call; the extension blocks
// the call on deny and on any answer it cannot read, and puts an ask to
// the person where pi has a UI. pi has no approval prompt of its own, so
// allow and defer run the call.
type pi struct{}

func (pi) fallbackEvent() string { return "tool_call" }

func (pi) probe(cmd string) any {
	return map[string]any{"hook_event_name": "tool_call", "tool": "bash", "call_id": "doctor", "cwd": "/tmp",
		"args": map[string]any{"command": cmd}}
}

func (pi) parse(raw []byte) (Event, error) { return parseModuleCall(raw, "tool_call", "pi") }

// render leaves an ask's reason as it is: the extension asks the person
// with it, or says itself that a person must confirm.
func (pi) render(_ Event, d arbiter.Decision) []byte {
	return mustMarshal(map[string]any{"decision": d.Decision.String(), "reason": reason(d)})
}
