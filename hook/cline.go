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

// cline is Cline, through the PreToolUse script arbiter install writes
// (setup's clineModule). The IDE sends {hookName: "PreToolUse", taskId,
// workspaceRoots, preToolUse: {toolName, parameters}} (parameters as
// strings); the CLI 3.x sends hookName "tool_call" with the same
// preToolUse and the call itself in tool_call {id, name, input}, which is
// read first. The answer is {"cancel", "errorMessage"}: cancel true stops
// the call, and the task with it, showing the message (the IDE cancels the
// task; the CLI stops the run with the reason); cancel false goes on to
// Cline's own approval, which the hook runs after in the IDE. So deny and
// ask cancel (an ask says a person must confirm), allow and defer do not.
type cline struct{}

func (cline) fallbackEvent() string { return "PreToolUse" }

func (cline) probe(cmd string) any {
	return map[string]any{"clineVersion": "3.0.65", "hookName": "tool_call", "timestamp": "2026-01-01T00:00:00.000Z",
		"taskId": "arbiter-doctor", "workspaceRoots": []string{"/tmp"},
		"tool_call":  map[string]any{"id": "doctor", "name": "run_commands", "input": map[string]any{"commands": []string{cmd}}},
		"preToolUse": map[string]any{"toolName": "run_commands", "parameters": map[string]any{"commands": `["` + cmd + `"]`}}}
}

type clinePayload struct {
	HookName       string   `json:"hookName"`
	TaskID         string   `json:"taskId"`
	WorkspaceRoots []string `json:"workspaceRoots"`
	ToolCall       *struct {
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	} `json:"tool_call"`
	PreToolUse *struct {
		ToolName   string          `json:"toolName"`
		Parameters json.RawMessage `json:"parameters"`
	} `json:"preToolUse"`
}

// clineObserved are the events Cline sends that decide nothing: the IDE's
// names and the CLI's.
var clineObserved = []string{"PostToolUse", "UserPromptSubmit", "TaskStart", "TaskResume", "TaskCancel", "TaskComplete",
	"TaskError", "PreCompact", "SessionShutdown", "Notification", "tool_result", "prompt_submit", "agent_start",
	"agent_resume", "agent_abort", "agent_end", "agent_error", "session_shutdown"}

func (cline) parse(raw []byte) (Event, error) {
	var p clinePayload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookName}
	switch {
	case p.HookName == "PreToolUse" || p.HookName == "tool_call":
		ev.Gate = true
	case p.HookName == "":
		ev.Name = "PreToolUse"
		return ev, fmt.Errorf("the payload has no hookName")
	case slices.Contains(clineObserved, p.HookName):
		return ev, nil
	default:
		return ev, fmt.Errorf("unknown Cline event %q", p.HookName)
	}
	name, in, id, err := p.call()
	if err != nil {
		return ev, err
	}
	cwd := ""
	if len(p.WorkspaceRoots) > 0 {
		cwd = p.WorkspaceRoots[0]
	}
	base := arbiter.Call{ID: id, ProjectDir: cwd, Cwd: cwd, SessionID: p.TaskID}
	name, in, err = clineRewrite(name, in)
	if err != nil {
		return ev, err
	}
	ev.Calls, err = translate(base, tools.Cline(), name, in)
	return ev, err
}

// call returns the tool and its input: the CLI's tool_call, else the
// IDE's preToolUse.
func (p clinePayload) call() (name string, in map[string]any, id string, err error) {
	if c := p.ToolCall; c != nil && c.Name != "" {
		in := map[string]any{}
		if len(c.Input) > 0 && string(c.Input) != "null" {
			if in, err = object(c.Input); err != nil {
				return "", nil, "", err
			}
		}
		return c.Name, in, c.ID, nil
	}
	if c := p.PreToolUse; c != nil && c.ToolName != "" {
		in := map[string]any{}
		if len(c.Parameters) > 0 && string(c.Parameters) != "null" {
			if in, err = object(c.Parameters); err != nil {
				return "", nil, "", err
			}
		}
		return c.ToolName, in, "", nil
	}
	return "", nil, "", fmt.Errorf("the payload names no tool (tool_call.name or preToolUse.toolName)")
}

// clineRewrite names what a call does where its tool only carries it:
// use_mcp_tool is the MCP tool it calls, attempt_completion with a
// command runs the command, and each command of run_commands given as
// {command, args} (run without a shell) is the command line that runs
// the same argument vector.
func clineRewrite(name string, in map[string]any) (string, map[string]any, error) {
	switch name {
	case "use_mcp_tool":
		server, tool := str(in, "server_name"), str(in, "tool_name")
		if server == "" || tool == "" {
			return name, in, nil // deferred by its own name
		}
		args := map[string]any{}
		switch a := in["arguments"].(type) {
		case map[string]any:
			args = a
		case string:
			if json.Unmarshal([]byte(a), &args) != nil {
				return "", nil, fmt.Errorf("use_mcp_tool's arguments are not a JSON object")
			}
		}
		return "mcp__" + server + "__" + tool, args, nil
	case "attempt_completion":
		if cmd := str(in, "command"); cmd != "" {
			return "execute_command", map[string]any{"command": cmd}, nil
		}
	case "run_commands":
		list, ok := in["commands"].([]any)
		if !ok {
			return name, in, nil
		}
		out := make([]any, len(list))
		for i, c := range list {
			s, err := clineCommand(c)
			if err != nil {
				return "", nil, err
			}
			out[i] = s
		}
		return name, map[string]any{"commands": out}, nil
	}
	return name, in, nil
}

// clineCommand is one command of run_commands as a command line.
func clineCommand(c any) (string, error) {
	switch c := c.(type) {
	case string:
		return c, nil
	case map[string]any:
		prog, _ := c["command"].(string)
		if prog == "" {
			return "", fmt.Errorf("a command of run_commands names no program")
		}
		words := []string{prog}
		args, _ := c["args"].([]any)
		for _, a := range args {
			s, ok := a.(string)
			if !ok {
				return "", fmt.Errorf("an argument of %q in run_commands is not a string", prog)
			}
			words = append(words, s)
		}
		for i, w := range words {
			q, err := syntax.Quote(w, syntax.LangBash)
			if err != nil {
				return "", fmt.Errorf("an argument of %q in run_commands cannot be quoted: %w", prog, err)
			}
			words[i] = q
		}
		return strings.Join(words, " "), nil
	}
	return "", fmt.Errorf("a command of run_commands is neither a string nor {command, args}")
}

func (cline) render(ev Event, d arbiter.Decision) []byte {
	switch d.Decision {
	case arbiter.Deny:
		return mustMarshal(map[string]any{"cancel": true, "errorMessage": reason(d)})
	case arbiter.Ask:
		return mustMarshal(map[string]any{"cancel": true, "errorMessage": confirmReason(d)})
	}
	return mustMarshal(map[string]any{"cancel": false})
}

// denies reads Cline's blocking answer, a cancel.
func (cline) denies(answer []byte) bool {
	var a struct {
		Cancel bool `json:"cancel"`
	}
	return json.Unmarshal(answer, &a) == nil && a.Cancel
}
