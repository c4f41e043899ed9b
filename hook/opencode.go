package hook

import (
	"encoding/json"
	"fmt"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/tools"
)

// openCode is OpenCode, through the plugin arbiter install writes
// (setup's openCodeModule): the plugin sends each tool.execute.before
// call as {tool, args, cwd, worktree, session_id, call_id} and reads back
// {"decision", "reason"}. It blocks the call on deny and ask (a plugin
// cannot show OpenCode's prompt), and on any answer it cannot read;
// allow and defer leave the call to OpenCode's own permission rules. An
// answer is always printed, so that the plugin can tell a defer from a
// hook that said nothing.
type openCode struct{}

func (openCode) fallbackEvent() string { return "tool.execute.before" }

func (openCode) probe(cmd string) any {
	return map[string]any{"hook_event_name": "tool.execute.before", "tool": "bash", "session_id": "arbiter-doctor", "call_id": "doctor",
		"cwd": "/tmp", "worktree": "/tmp", "args": map[string]any{"command": cmd, "description": "doctor"}}
}

type openCodePayload struct {
	HookEventName string          `json:"hook_event_name"`
	Tool          string          `json:"tool"`
	SessionID     string          `json:"session_id"`
	CallID        string          `json:"call_id"`
	Cwd           string          `json:"cwd"`
	Worktree      string          `json:"worktree"`
	Args          json.RawMessage `json:"args"`
}

func (openCode) parse(raw []byte) (Event, error) {
	return parseModuleCall(raw, "tool.execute.before", agents.OpenCode)
}

// parseModuleCall reads the payload of a module arbiter wrote (OpenCode's
// plugin, pi's extension) for the runtime's one gate event, with the
// runtime's tool table.
func parseModuleCall(raw []byte, event, runtime string) (Event, error) {
	var p openCodePayload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: event, Gate: true}
	if p.HookEventName != event {
		return ev, fmt.Errorf("unknown %s event %q", agents.Name(runtime), p.HookEventName)
	}
	if p.Tool == "" {
		return ev, fmt.Errorf("the payload has no tool")
	}
	in := map[string]any{}
	if len(p.Args) > 0 && string(p.Args) != "null" {
		var err error
		if in, err = object(p.Args); err != nil {
			return ev, err
		}
	}
	project := p.Worktree
	if project == "" || project == "/" {
		project = p.Cwd
	}
	base := arbiter.Call{ID: p.CallID, ProjectDir: project, Cwd: p.Cwd, SessionID: p.SessionID}
	var err error
	table, _ := tools.ForRuntime(runtime)
	ev.Calls, err = translate(base, table, p.Tool, in)
	return ev, err
}

func (openCode) render(ev Event, d arbiter.Decision) []byte {
	answer := map[string]any{"decision": d.Decision.String(), "reason": reason(d)}
	if d.Decision == arbiter.Ask {
		answer["reason"] = confirmReason(d)
	}
	return mustMarshal(answer)
}
