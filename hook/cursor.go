package hook

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter"
)

// cursor is Cursor's agent. beforeShellExecution and preToolUse answer
// {"permission": "allow"|"deny"|"ask"} with a message for the user and
// one for the agent; beforeReadFile takes only allow or deny, so an ask
// there is a deny that says a person must confirm. Defer is an empty
// object: Cursor's own settings decide.
type cursor struct{}

func (cursor) fallbackEvent() string { return "preToolUse" }

type cursorPayload struct {
	ConversationID string   `json:"conversation_id"`
	GenerationID   string   `json:"generation_id"`
	HookEventName  string   `json:"hook_event_name"`
	WorkspaceRoots []string `json:"workspace_roots"`
	Cwd            string   `json:"cwd"`
	Command        string   `json:"command"`
	FilePath       string   `json:"file_path"`
	payload
}

func (cursor) parse(raw []byte) (Event, error) {
	var p cursorPayload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName, Transcript: p.transcript()}
	project := p.Cwd
	if len(p.WorkspaceRoots) > 0 {
		project = p.WorkspaceRoots[0]
	}
	cwd := p.Cwd
	if cwd == "" {
		cwd = project
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: project, Cwd: cwd, SessionID: p.ConversationID}
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
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	if p.HookEventName == "beforeMCPExecution" {
		ev.Calls = []arbiter.Call{call(base, "mcp__cursor__"+p.ToolName, in)}
		return ev, nil
	}
	ev.Calls = []arbiter.Call{cursorCall(base, p.ToolName, in)}
	return ev, nil
}

// cursorCall maps Cursor's agent tools onto Claude Code's names.
func cursorCall(base arbiter.Call, tool string, in map[string]any) arbiter.Call {
	path := str(in, "file_path", "path", "target_file")
	switch tool {
	case "Shell", "run_terminal_cmd", "Terminal":
		if dir := str(in, "cwd", "working_directory"); dir != "" {
			base.Cwd = dir
		}
		return call(base, "Bash", map[string]any{"command": str(in, "command")})
	case "Read", "read_file":
		return call(base, "Read", map[string]any{"file_path": path})
	case "Write", "write", "create_file":
		return call(base, "Write", map[string]any{"file_path": path, "content": str(in, "contents", "content", "file_text")})
	case "StrReplace", "Edit", "MultiEdit", "search_replace", "edit_file":
		return call(base, "Edit", map[string]any{"file_path": path, "old_string": str(in, "old_string"), "new_string": str(in, "new_string", "code_edit")})
	case "Delete", "delete_file":
		return bash(base, "rm", "--", path)
	case "Grep", "grep_search", "codebase_search":
		return call(base, "Grep", map[string]any{"pattern": str(in, "pattern", "query"), "path": str(in, "path")})
	case "Glob", "glob_file_search", "file_search":
		return call(base, "Glob", map[string]any{"pattern": str(in, "glob_pattern", "pattern", "query"), "path": str(in, "target_directory", "path")})
	case "LS", "list_dir":
		return call(base, "LS", map[string]any{"path": str(in, "target_directory", "path")})
	case "WebFetch", "web_fetch":
		return call(base, "WebFetch", map[string]any{"url": str(in, "url")})
	case "WebSearch", "web_search":
		return call(base, "WebSearch", map[string]any{"query": str(in, "search_term", "query")})
	case "Task", "TodoWrite", "todo_write":
		return call(base, "TodoWrite", in)
	}
	if name, ok := strings.CutPrefix(tool, "MCP:"); ok {
		return call(base, "mcp__cursor__"+name, in)
	}
	return call(base, tool, in)
}

func (cursor) render(ev Event, d arbiter.Decision) []byte {
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
	return []byte("{}\n")
}
