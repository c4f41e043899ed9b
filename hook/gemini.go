package hook

import (
	"fmt"
	"os"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/tools"
)

// gemini is Gemini CLI. BeforeTool acts on decision "deny" (or "block")
// with a reason sent to the agent; "allow" does not skip Gemini's own
// confirmation. Gemini CLI 0.61 acts on "ask" when a person is there (it
// forces its confirmation, showing systemMessage), but a headless run
// then exits without a word, and older versions ignore "ask", which
// under --approval-mode yolo runs the call unconfirmed. A hook cannot
// tell which of these it is in, so an arbiter ask is a deny that says a
// person must confirm: blocked and explained in every mode and version.
// Defer is an empty object.
type gemini struct{}

func (gemini) fallbackEvent() string { return "BeforeTool" }

func (gemini) probe(cmd string) any {
	return map[string]any{"session_id": "arbiter-doctor", "cwd": "/tmp", "hook_event_name": "BeforeTool", "timestamp": "2026-01-01T00:00:00Z",
		"tool_name": "run_shell_command", "tool_input": map[string]any{"command": cmd}}
}

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
	ev.Calls, err = translate(base, tools.Gemini(), geminiName(p), in)
	return ev, err
}

// geminiName is the name arbiter uses for a Gemini CLI tool: its own,
// or mcp__server__tool for an MCP tool.
func geminiName(p payload) string {
	if c := p.MCPContext; c != nil && c.ServerName != "" && c.ToolName != "" {
		return "mcp__" + c.ServerName + "__" + c.ToolName
	}
	return p.ToolName
}

func (gemini) render(ev Event, d arbiter.Decision) []byte {
	switch d.Decision {
	case arbiter.Allow:
		return mustMarshal(map[string]any{"decision": "allow"})
	case arbiter.Deny:
		return mustMarshal(map[string]any{"decision": "deny", "reason": reason(d)})
	case arbiter.Ask:
		return mustMarshal(map[string]any{"decision": "deny", "reason": geminiConfirmReason(d)})
	}
	return []byte("{}\n")
}

// geminiConfirmReason is the deny reason for an arbiter ask in Gemini CLI.
func geminiConfirmReason(d arbiter.Decision) string {
	return reason(d) + " This needs a person's confirmation; arbiter blocks it rather than ask through Gemini CLI, whose headless runs end without a word on an ask. Instead, ask the user to confirm it or to run it themselves. Do not retry this in another form."
}
