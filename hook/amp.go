package hook

import (
	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
)

// amp is Amp, through the plugin arbiter install writes (setup's
// ampModule). The plugin sends each tool.call event ({toolUseID, tool,
// input, thread}) as OpenCode's plugin payload with Amp's tool names
// (tools.Amp) and reads back {"decision", "reason"}. Amp's plugin answer
// has no neutral value: the plugin returns allow (the call goes on to
// Amp's own permission rules) or reject-and-continue (the call is
// refused and the agent told why). So a deny is a rejection, an ask is
// put to the person with Amp's confirmation dialog where there is one
// and rejected where there is none, allow goes on, and a defer goes on
// unless install chose --defer-as ask; an answer the plugin cannot read
// is a rejection.
type amp struct{}

func (amp) fallbackEvent() string { return "tool.call" }

func (amp) probe(cmd string) any {
	return map[string]any{"hook_event_name": "tool.call", "tool": "Bash", "session_id": "arbiter-doctor", "call_id": "doctor",
		"cwd": "/tmp", "args": map[string]any{"cmd": cmd}}
}

func (amp) parse(raw []byte) (Event, error) { return parseModuleCall(raw, "tool.call", agents.Amp) }

// render leaves an ask's reason as it is: the plugin asks the person
// with it, or says itself that a person must confirm.
func (amp) render(_ Event, d arbiter.Decision) []byte {
	return mustMarshal(map[string]any{"decision": d.Decision.String(), "reason": reason(d)})
}
