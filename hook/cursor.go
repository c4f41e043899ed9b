package hook

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// cursor is Cursor's agent. beforeShellExecution and preToolUse answer
// {"permission": "allow"|"deny"|"ask"} with a message for the user and
// one for the agent; beforeReadFile takes only allow or deny, so an ask
// there is a deny that says a person must confirm. Cursor's users report
// that an empty answer or {} to preToolUse is invalid and blocks the
// call, so a defer on a permission event is an explicit ask: Cursor's
// own prompt, the closest it has to "no verdict".
type cursor struct{}

func (cursor) fallbackEvent() string { return "preToolUse" }

func (cursor) probe(cmd string) any {
	return map[string]any{"conversation_id": "arbiter-doctor", "generation_id": "doctor", "hook_event_name": "beforeShellExecution",
		"workspace_roots": []string{"/tmp"}, "command": cmd, "cwd": "/tmp"}
}

type cursorPayload struct {
	ConversationID string   `json:"conversation_id"`
	GenerationID   string   `json:"generation_id"`
	HookEventName  string   `json:"hook_event_name"`
	WorkspaceRoots []string `json:"workspace_roots"`
	Cwd            string   `json:"cwd"`
	Command        string   `json:"command"`
	FilePath       string   `json:"file_path"`
	// shared holds the snake_case fields the other runtimes send too; it
	// is decoded on its own, by payload's own decoder.
	shared payload
}

func (cursor) parse(raw []byte) (Event, error) {
	var p cursorPayload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	if err := decodePayload(raw, &p.shared); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName, Transcript: p.shared.transcript()}
	project := p.Cwd
	if len(p.WorkspaceRoots) > 0 {
		project = p.WorkspaceRoots[0]
	}
	cwd := p.Cwd
	if cwd == "" {
		cwd = project
	}
	base := arbiter.Call{ID: p.shared.ToolUseID, ProjectDir: project, Cwd: cwd, SessionID: p.ConversationID}
	switch p.HookEventName {
	case "beforeShellExecution":
		ev.Gate = true
		ev.Calls = []arbiter.Call{call(base, "Bash", map[string]any{"command": p.Command})}
		return ev, nil
	case "beforeReadFile":
		ev.Gate = true
		if p.FilePath == "" {
			return ev, fmt.Errorf("the payload has no file_path")
		}
		ev.Calls = []arbiter.Call{call(base, "Read", map[string]any{"file_path": p.FilePath})}
		return ev, nil
	case "beforeMCPExecution", "preToolUse":
		ev.Gate = true
	case "afterShellExecution", "afterMCPExecution", "afterFileEdit", "beforeSubmitPrompt", "afterAgentResponse",
		"afterAgentThought", "stop", "sessionStart", "sessionEnd", "postToolUse", "postToolUseFailure",
		"subagentStart", "subagentStop", "preCompact", "beforeTabFileRead", "afterTabFileEdit":
		return ev, nil
	case "":
		ev.Name = "preToolUse"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	default:
		return ev, fmt.Errorf("unknown Cursor event %q", p.HookEventName)
	}
	in, err := p.shared.toolInput()
	if err != nil {
		return ev, err
	}
	if p.HookEventName == "beforeMCPExecution" {
		ev.Calls = []arbiter.Call{call(base, "mcp__cursor__"+p.shared.ToolName, in)}
		return ev, nil
	}
	if name, ok := strings.CutPrefix(p.shared.ToolName, "MCP:"); ok {
		ev.Calls = []arbiter.Call{call(base, "mcp__cursor__"+name, in)}
		return ev, nil
	}
	ev.Calls, err = translate(base, tools.Cursor(), p.shared.ToolName, in)
	return ev, err
}

func (cursor) render(ev Event, d arbiter.Decision) []byte {
	if !ev.Gate {
		return []byte("{}\n")
	}
	switch d.Decision {
	case arbiter.Allow:
		return mustMarshal(map[string]any{"permission": "allow"})
	case arbiter.Deny:
		r := reason(d)
		return mustMarshal(map[string]any{"permission": "deny", "user_message": r, "agent_message": r})
	case arbiter.Ask:
		if ev.Name == "beforeReadFile" {
			r := confirmReason(d)
			return mustMarshal(map[string]any{"permission": "deny", "user_message": r, "agent_message": r})
		}
		r := reason(d)
		return mustMarshal(map[string]any{"permission": "ask", "user_message": r, "agent_message": r})
	}
	if ev.Name == "beforeReadFile" {
		// Only allow or deny are read there; {} is Cursor's default.
		return []byte("{}\n")
	}
	r := strings.TrimSuffix(strings.TrimSpace(reason(d)), ".")
	r = strings.TrimSuffix(r, ", so the runtime decides") + "; arbiter has no verdict, so Cursor asks you."
	return mustMarshal(map[string]any{"permission": "ask", "user_message": r, "agent_message": r})
}
