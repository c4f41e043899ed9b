package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// OpenClaw is OpenClaw's table.
func OpenClaw() *Table { return openClaw.Get() }

// Sources: the tool groups of OpenClaw 2026.9.6's tool policy reference
// (docs/gateway/config-tools), the exec and apply_patch references, the
// Code Mode tool surface, and the schemas of its coding tools in the
// package's dist (read, write, edit, grep, find, ls). The hook sees the
// canonical tool ids (bash arrives as exec). Two names are the adapter's
// own, for calls the tool name does not tell apart: code_mode_exec is
// Code Mode's exec (toolKind code_mode_exec, JavaScript in code), and
// exec_on_node is an exec that runs on a paired device (host node).
var openClaw = lazy.New(func() *Table {
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	path := []string{"path", "file_path"}
	tools := []Tool{
		{Name: "exec", Effect: Runs, Command: []string{"command"}, Dir: []string{"workdir"}},
		{Name: "bash", Effect: Runs, Command: []string{"command"}, Dir: []string{"workdir"}},
		// Code Mode's JavaScript reaches tools only through nested calls,
		// each of which passes the gate; judged as node -e, which can do
		// more, so what is pure there is pure here.
		{Name: "code_mode_exec", Effect: RunsCode, Content: []string{"code", "command"}, Interpreter: []string{"node", "-e"}},
		opaque("exec_on_node", catalog.C1RemoteCommand, "runs the command on a paired device, whose files and programs arbiter cannot see"),
		{Name: "process", Effect: Input},
		opaque("code_execution", catalog.C5Upload, "runs Python in the model provider's sandbox, with whatever data the call carries"),
		{Name: "read", Effect: Reads, Path: path},
		{Name: "write", Effect: Writes, Path: path, Content: []string{"content"}},
		{Name: "edit", Effect: Edits, Path: path, Content: []string{"edits[].newText", "newText"}, Old: []string{"edits[].oldText", "oldText"}},
		{Name: "apply_patch", Effect: Patches, Content: []string{"input", "patch"}},
		{Name: "grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "find", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "ls", Effect: Lists, Path: []string{"path"}},
		{Name: "web_fetch", Effect: Fetches, URL: []string{"url"}},
		{Name: "web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "x_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "ask_user", Effect: Asks},
		{Name: "wait", Effect: Session},
		{Name: "tool_search", Effect: Session},
		{Name: "tool_describe", Effect: Session},
		opaque("message", catalog.B10SendMessage, "sends a message on one of the gateway's channels, which other people read"),
		opaque("browser", catalog.CExternal, "operates a web browser"),
		opaque("cron", catalog.CScheduledPrompt, "a scheduled prompt later runs as if the person had typed it"),
		opaque("automations", catalog.CScheduledPrompt, "a scheduled prompt later runs as if the person had typed it"),
		opaque("gateway", catalog.B5AgentConfig, "changes the gateway's configuration, which can widen what the agent may do"),
		opaque("plugins", catalog.B5AgentConfig, "installs, enables, disables or removes plugins, the permission gate's among them"),
		opaque("openclaw", catalog.B5AgentConfig, "changes OpenClaw's own setup"),
		opaque("nodes", catalog.C1RemoteCommand, "acts on paired devices, which arbiter cannot see"),
		opaque("image_generate", catalog.C5Upload, "sends a prompt to an image model and keeps what it returns"),
		opaque("music_generate", catalog.C5Upload, "sends a prompt to a music model and keeps what it returns"),
		opaque("video_generate", catalog.C5Upload, "sends a prompt to a video model and keeps what it returns"),
		opaque("tts", catalog.C5Upload, "sends the text to a speech service"),
	}
	return &Table{ID: agents.OpenClaw, Runtime: agents.Name(agents.OpenClaw), File: "tools/openclaw.go", Var: "openClaw", tools: tools}
})
