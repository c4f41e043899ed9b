package hook

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// openClaw is OpenClaw, through the plugin arbiter install writes
// (setup's openClawModule). The plugin sends each before_tool_call event
// as {hook_event_name, tool, tool_kind, call_id, session_id, cwd, args,
// exec_host} and reads back {"decision", "reason"}: deny becomes
// {block: true}, which is terminal in OpenClaw; ask becomes
// requireApproval, which OpenClaw puts to the person through its plugin
// approvals and denies when nobody answers; allow and defer return no
// decision, which leaves the call to OpenClaw's own policy (tool allow and
// deny lists, exec approvals). An answer is always printed, so that the
// plugin can tell a defer from a hook that said nothing.
type openClaw struct{}

func (openClaw) fallbackEvent() string { return "before_tool_call" }

func (openClaw) probe(cmd string) any {
	return map[string]any{"hook_event_name": "before_tool_call", "tool": "exec", "session_id": "arbiter-doctor", "call_id": "doctor",
		"cwd": "/tmp", "args": map[string]any{"command": cmd}}
}

type openClawPayload struct {
	HookEventName string          `json:"hook_event_name"`
	Tool          string          `json:"tool"`
	ToolKind      string          `json:"tool_kind"`
	SessionID     string          `json:"session_id"`
	CallID        string          `json:"call_id"`
	Cwd           string          `json:"cwd"`
	Args          json.RawMessage `json:"args"`
	// ExecHost is the configured exec host (tools.exec.host), which an
	// exec call without a host of its own runs on.
	ExecHost string `json:"exec_host"`
}

func (openClaw) parse(raw []byte) (Event, error) {
	var p openClawPayload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: "before_tool_call", Gate: true}
	if p.HookEventName != "before_tool_call" {
		return ev, fmt.Errorf("unknown OpenClaw event %q", p.HookEventName)
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
	base := arbiter.Call{ID: p.CallID, ProjectDir: p.Cwd, Cwd: p.Cwd, SessionID: p.SessionID}
	name, in, err := openClawRewrite(p, in)
	if err != nil {
		return ev, err
	}
	ev.Calls, err = translate(base, tools.OpenClaw(), name, in)
	return ev, err
}

// openClawRewrite names what a call does where its tool name does not
// tell: Code Mode's exec (JavaScript, not a shell command), an exec that
// runs on a paired device, an exec whose env overrides reach the command,
// and an MCP tool (SERVER__TOOL).
func openClawRewrite(p openClawPayload, in map[string]any) (string, map[string]any, error) {
	switch {
	case p.ToolKind == "code_mode_exec":
		return "code_mode_exec", in, nil
	case p.ToolKind != "":
		// A kind arbiter does not know shares a tool's name for something
		// else: deferred by its own name.
		return p.Tool + "@" + p.ToolKind, in, nil
	case p.Tool == "exec" || p.Tool == "bash":
		host := str(in, "host")
		if host == "" || host == "auto" {
			host = p.ExecHost
		}
		if host == "node" {
			return "exec_on_node", in, nil
		}
		in, err := withEnv(in)
		return p.Tool, in, err
	case strings.Contains(p.Tool, "__"):
		if _, known := tools.OpenClaw().Lookup(p.Tool); !known {
			return "mcp__" + p.Tool, in, nil
		}
	}
	return p.Tool, in, nil
}

// withEnv puts an exec call's env overrides in front of its command as
// exports, so that the shell analysis judges them (LD_PRELOAD, PATH) as
// it judges the same assignments written in the command.
func withEnv(in map[string]any) (map[string]any, error) {
	env, ok := in["env"]
	if !ok || env == nil {
		return in, nil
	}
	m, ok := env.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("the exec call's env is not an object")
	}
	if len(m) == 0 {
		return in, nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		v, ok := m[k].(string)
		if !ok {
			return nil, fmt.Errorf("the exec call's env value for %q is not a string", k)
		}
		if !validEnvName(k) {
			return nil, fmt.Errorf("the exec call's env names %q, which is not a variable name", k)
		}
		q, err := syntax.Quote(v, syntax.LangBash)
		if err != nil {
			return nil, fmt.Errorf("the exec call's env value for %q cannot be quoted: %w", k, err)
		}
		b.WriteString("export " + k + "=" + q + "; ")
	}
	out := make(map[string]any, len(in))
	for k, v := range in {
		out[k] = v
	}
	out["command"] = b.String() + str(in, "command")
	return out, nil
}

// validEnvName reports whether s is a shell variable name.
func validEnvName(s string) bool {
	for i, r := range s {
		if r == '_' || r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return s != ""
}

func (openClaw) render(ev Event, d arbiter.Decision) []byte {
	return mustMarshal(map[string]any{"decision": d.Decision.String(), "reason": reason(d)})
}
