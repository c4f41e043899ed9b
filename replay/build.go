package replay

import (
	"bytes"
	"context"
	"encoding/json"
	"io"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/hook"
)

// builder turns a runtime's recorded tool call into the Calls its hook
// would have decided. Codex and Gemini calls go through the hook's own
// payload reader, so that tool names, patches and working directories
// are translated exactly as they are live; Claude Code's tools are
// arbiter's own names, so its calls are built directly (its hook reads
// the project from CLAUDE_PROJECT_DIR, which on replay would be the
// replaying shell's, not the session's).
type builder struct {
	home string
}

// record is one recorded call, in the runtime's terms.
type record struct {
	runtime        Runtime
	session        string
	cwd            string
	permissionMode string
	tool           string
	input          json.RawMessage
	id             string
	requests       []string
}

func (b builder) calls(r record) []arbiter.Call {
	if r.runtime == Claude {
		if !isObject(r.input) {
			return nil
		}
		return []arbiter.Call{{ID: r.id, Tool: r.tool, Input: r.input, ProjectDir: r.cwd, Cwd: r.cwd,
			Home: b.home, Requests: r.requests, PermissionMode: r.permissionMode, SessionID: r.session}}
	}
	event := "PreToolUse"
	if r.runtime == Gemini {
		event = "BeforeTool"
	}
	payload, err := json.Marshal(map[string]any{
		"hook_event_name": event, "session_id": r.session, "cwd": r.cwd, "permission_mode": r.permissionMode,
		"tool_name": r.tool, "tool_input": r.input, "tool_use_id": r.id,
	})
	if err != nil {
		return nil
	}
	var c capture
	hook.Run(context.Background(), string(r.runtime), bytes.NewReader(payload), io.Discard, io.Discard, &c, hook.Options{Home: b.home})
	for i := range c.calls {
		c.calls[i].Requests = r.requests
	}
	return c.calls
}

// capture is a Decider that keeps the calls it is given and decides
// nothing: the decision is made later, by the replay's own gate.
type capture struct{ calls []arbiter.Call }

func (c *capture) Decide(_ context.Context, call arbiter.Call) arbiter.Decision {
	c.calls = append(c.calls, call)
	return arbiter.Decision{Decision: arbiter.Defer, Source: arbiter.SourceStatic}
}

func isObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{' && json.Valid(t)
}
