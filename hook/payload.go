package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter"
)

// payload holds the fields Claude Code, Codex and Gemini CLI share (the
// snake_case hook format). Unknown fields are ignored.
type payload struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath *string         `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	PermissionMode string          `json:"permission_mode"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id"`
}

// toolInput returns the call's tool input, failing when the payload names
// no tool or the input is not an object.
func (p payload) toolInput() (map[string]any, error) {
	if p.ToolName == "" {
		return nil, fmt.Errorf("the payload has no tool_name")
	}
	return object(p.ToolInput)
}

// permissionRequestAnswer is Claude Code's and Codex's answer to a
// PermissionRequest: allow or deny settle the prompt; ask and defer print
// nothing, so the prompt shows as usual.
func permissionRequestAnswer(d arbiter.Decision) []byte {
	var decision map[string]any
	switch d.Decision {
	case arbiter.Allow:
		decision = map[string]any{"behavior": "allow"}
	case arbiter.Deny:
		decision = map[string]any{"behavior": "deny", "message": reason(d)}
	default:
		return nil
	}
	return mustMarshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": "PermissionRequest", "decision": decision}})
}

func (p payload) transcript() string {
	if p.TranscriptPath == nil {
		return ""
	}
	return *p.TranscriptPath
}

// decodePayload reads a payload that must be one JSON object.
func decodePayload(raw []byte, v any) error {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '{' {
		return errors.New("the payload is not a JSON object")
	}
	if err := json.Unmarshal(t, v); err != nil {
		return fmt.Errorf("the payload is not valid JSON: %w", err)
	}
	return nil
}

// object returns a tool input as a JSON object. Some runtimes send the
// arguments as a string holding JSON; that is unwrapped once.
func object(raw json.RawMessage) (map[string]any, error) {
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return nil, fmt.Errorf("the tool input is not valid JSON: %w", err)
		}
		t = bytes.TrimSpace([]byte(s))
	}
	if len(t) == 0 || t[0] != '{' {
		return nil, errors.New("the tool input is not a JSON object")
	}
	var m map[string]any
	if err := json.Unmarshal(t, &m); err != nil {
		return nil, fmt.Errorf("the tool input is not valid JSON: %w", err)
	}
	return m, nil
}

// str returns the first of keys that holds a string.
func str(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok {
			return s
		}
	}
	return ""
}

// call builds a Call in Claude Code's naming from a tool and its input.
func call(base arbiter.Call, tool string, input map[string]any) arbiter.Call {
	b, err := json.Marshal(input)
	if err != nil {
		// Only unencodable values (NaN) get here; the policy fails
		// closed on an empty input.
		b = nil
	}
	base.Tool = tool
	base.Input = b
	return base
}

// bash builds a Bash call for a command arbiter composes itself.
func bash(base arbiter.Call, words ...string) arbiter.Call {
	quoted := make([]string, len(words))
	for i, w := range words {
		q, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			// A word bash cannot quote (a NUL byte) is left raw: the
			// analysis then reports it as unresolvable.
			q = w
		}
		quoted[i] = q
	}
	return call(base, "Bash", map[string]any{"command": strings.Join(quoted, " ")})
}

// reason prefixes a decision's reason with its rules, so that the reader
// can look a rule up by id.
func reason(d arbiter.Decision) string {
	if len(d.Rules) == 0 {
		return "arbiter: " + d.Reason
	}
	return "arbiter (" + strings.Join(d.Rules, ", ") + "): " + d.Reason
}

// confirmReason is the deny reason for an "ask" on a runtime that cannot
// show a confirmation from a hook: the call is blocked rather than left to
// run unreviewed, and the agent is told how a person can approve it.
func confirmReason(d arbiter.Decision) string {
	return reason(d) + " This needs a person's confirmation, which this runtime cannot ask for from a hook, so it was blocked. Instead, ask the user to confirm it or to run it themselves. Do not retry this in another form."
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only fixed shapes of strings are marshalled here
	}
	return append(b, '\n')
}
