package hook

import (
	"fmt"
	"os"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

// gemini is Gemini CLI. BeforeTool acts on decision "deny" (or "block")
// with a reason sent to the agent; "allow" does not skip Gemini's own
// confirmation and "ask" is not acted on, so an arbiter ask is a deny
// that says a person must confirm. Defer is an empty object.
type gemini struct{}

func (gemini) fallbackEvent() string { return "BeforeTool" }

var urlPattern = lazyregexp.New(`https?://[^\s"'<>)\]]+`)

func (gemini) parse(raw []byte) (Event, error) {
	var p payload
	if err := decodePayload(raw, &p); err != nil {
		return Event{}, err
	}
	ev := Event{Name: p.HookEventName, Transcript: p.transcript()}
	switch p.HookEventName {
	case "BeforeTool":
		ev.Gate = true
	case "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "AfterModel", "BeforeToolSelection",
		"SessionStart", "SessionEnd", "Notification", "PreCompress":
		return ev, nil
	case "":
		ev.Name = "BeforeTool"
		return ev, fmt.Errorf("the payload has no hook_event_name")
	default:
		return ev, fmt.Errorf("unknown Gemini CLI event %q", p.HookEventName)
	}
	in, err := p.toolInput()
	if err != nil {
		return ev, err
	}
	project := os.Getenv("GEMINI_PROJECT_DIR")
	if project == "" {
		project = p.Cwd
	}
	base := arbiter.Call{ID: p.ToolUseID, ProjectDir: project, Cwd: p.Cwd, SessionID: p.SessionID}
	ev.Calls = geminiCalls(base, p.ToolName, in)
	return ev, nil
}

// geminiCalls maps Gemini CLI's built-in tools onto Claude Code's names.
func geminiCalls(base arbiter.Call, tool string, in map[string]any) []arbiter.Call {
	switch tool {
	case "run_shell_command":
		if dir := str(in, "dir_path", "directory"); dir != "" {
			base.Cwd = dir
		}
		return []arbiter.Call{call(base, "Bash", map[string]any{"command": str(in, "command")})}
	case "read_file":
		return []arbiter.Call{call(base, "Read", map[string]any{"file_path": str(in, "file_path", "absolute_path", "path")})}
	case "read_many_files":
		var calls []arbiter.Call
		for _, key := range []string{"paths", "include"} {
			if list, ok := in[key].([]any); ok {
				for _, v := range list {
					if s, ok := v.(string); ok {
						calls = append(calls, call(base, "Read", map[string]any{"file_path": s}))
					}
				}
			}
		}
		if len(calls) == 0 {
			return []arbiter.Call{call(base, tool, in)}
		}
		return calls
	case "write_file":
		return []arbiter.Call{call(base, "Write", map[string]any{"file_path": str(in, "file_path", "absolute_path", "path"), "content": str(in, "content")})}
	case "replace", "edit":
		return []arbiter.Call{call(base, "Edit", map[string]any{"file_path": str(in, "file_path", "absolute_path", "path"), "old_string": str(in, "old_string"), "new_string": str(in, "new_string")})}
	case "list_directory", "ls":
		return []arbiter.Call{call(base, "LS", map[string]any{"path": str(in, "dir_path", "path")})}
	case "glob":
		return []arbiter.Call{call(base, "Glob", map[string]any{"pattern": str(in, "pattern"), "path": str(in, "dir_path", "path")})}
	case "search_file_content", "grep_search", "grep":
		return []arbiter.Call{call(base, "Grep", map[string]any{"pattern": str(in, "pattern"), "path": str(in, "dir_path", "path")})}
	case "web_fetch":
		prompt := str(in, "prompt", "url")
		u := urlPattern.FindString(prompt)
		return []arbiter.Call{call(base, "WebFetch", map[string]any{"url": u, "prompt": prompt})}
	case "google_web_search", "web_search":
		return []arbiter.Call{call(base, "WebSearch", map[string]any{"query": str(in, "query")})}
	case "write_todos":
		return []arbiter.Call{call(base, "TodoWrite", in)}
	}
	// MCP tools keep their mcp__server__tool names; anything else is
	// unknown to the policy, which defers.
	return []arbiter.Call{call(base, tool, in)}
}

func (gemini) render(ev Event, d arbiter.Decision) []byte {
	switch d.Decision {
	case arbiter.Allow:
		return mustMarshal(map[string]any{"decision": "allow"})
	case arbiter.Deny:
		return mustMarshal(map[string]any{"decision": "deny", "reason": reason(d)})
	case arbiter.Ask:
		return mustMarshal(map[string]any{"decision": "deny", "reason": confirmReason(d)})
	}
	return []byte("{}\n")
}
