package hook

import (
	"encoding/json"
	"fmt"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// antigravity is Google Antigravity (agy and the desktop app). Its
// hooks guide (as installed with agy): a PreToolUse hook gets
// {toolCall: {name, args}, stepIdx, conversationId, workspacePaths,
// transcriptPath, artifactDirectoryPath, modelName} on stdin, with
// Antigravity's tools (tools.Antigravity) and no event name (the entry a
// hook is registered under is the event, and arbiter registers only
// PreToolUse), and prints {"decision", "reason"}: allow, deny (refused,
// the reason given to the model), ask (Antigravity's prompt, which an
// "always allow" the person chose earlier skips) or force_ask (its prompt
// in any case). The empty decision is Antigravity's neutral answer (its
// own permission policy decides); a missing or malformed one blocks the
// call. So an arbiter ask is force_ask, and a defer, a call that is not
// arbiter's to gate and bad input (unless failing closed) are the empty
// decision. As observed in agy 1.1.2, its allow does not skip the
// review it asks for commands by default.
type antigravity struct{}

func (antigravity) fallbackEvent() string { return "PreToolUse" }

func (antigravity) probe(cmd string) any {
	return map[string]any{"toolCall": map[string]any{"name": "run_command", "args": map[string]any{"CommandLine": cmd, "Cwd": "/tmp"}},
		"stepIdx": 0, "conversationId": "arbiter-doctor", "workspacePaths": []string{"/tmp"}}
}

type antigravityPayload struct {
	ToolCall *struct {
		Name string          `json:"name"`
		Args json.RawMessage `json:"args"`
	} `json:"toolCall"`
	ConversationID string   `json:"conversationId"`
	WorkspacePaths []string `json:"workspacePaths"`
}

func (antigravity) parse(raw []byte) (Event, error) {
	var p antigravityPayload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: "PreToolUse", Gate: true}
	if p.ToolCall == nil || p.ToolCall.Name == "" {
		return ev, fmt.Errorf("the payload names no tool (toolCall.name)")
	}
	in := map[string]any{}
	if len(p.ToolCall.Args) > 0 && string(p.ToolCall.Args) != "null" {
		var err error
		if in, err = object(p.ToolCall.Args); err != nil {
			return ev, err
		}
	}
	workspace := ""
	if len(p.WorkspacePaths) > 0 {
		workspace = p.WorkspacePaths[0]
	}
	base := arbiter.Call{ProjectDir: workspace, Cwd: workspace, SessionID: p.ConversationID}
	var err error
	ev.Calls, err = translate(base, tools.Antigravity(), p.ToolCall.Name, in)
	return ev, err
}

func (antigravity) render(ev Event, d arbiter.Decision) []byte {
	neutral := map[string]any{"decision": ""}
	if !ev.Gate || d.Decision == arbiter.Defer || d.Decision == arbiter.Allow && asksPerson(ev.Calls) {
		return mustMarshal(neutral)
	}
	decision := d.Decision.String()
	if d.Decision == arbiter.Ask {
		decision = "force_ask"
	}
	return mustMarshal(map[string]any{"decision": decision, "reason": reason(d)})
}
