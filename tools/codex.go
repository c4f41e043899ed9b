package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Codex is Codex CLI's table.
func Codex() *Table { return codex.Get() }

// Sources: the Hooks page of the Codex documentation (PreToolUse and
// PermissionRequest name shell tools "Bash", patches "apply_patch" and MCP
// tools mcp__server__tool), and the tool handlers of the Codex source
// (codex-rs/core/src/tools/handlers) for the model-facing names.
var codex = lazy.New(func() *Table {
	shell := []string{"command", "cmd"}
	dir := []string{"workdir"}
	return &Table{ID: agents.Codex, Runtime: agents.Name(agents.Codex), File: "tools/codex.go", Var: "codex", tools: []Tool{
		{Name: "Bash", Effect: Runs, Command: shell, Dir: dir},
		{Name: "shell", Effect: Runs, Command: shell, Dir: dir},
		{Name: "exec_command", Effect: Runs, Command: shell, Dir: dir},
		{Name: "local_shell", Effect: Runs, Command: shell, Dir: dir},
		{Name: "unified_exec", Effect: Runs, Command: shell, Dir: dir},
		{Name: "write_stdin", Effect: Input},
		{Name: "apply_patch", Effect: Patches, Content: []string{"command", "input", "patch"}},
		// An approval for network access: "network-access HOST", or the
		// command that needs it. The hook adapter reads it.
		{Name: "NetworkAccess", Effect: Fetches, Command: []string{"command"}},
		{Name: "read_file", Effect: Reads, Path: []string{"file_path", "path"}},
		{Name: "view_image", Effect: Reads, Path: []string{"path"}},
		{Name: "list_dir", Effect: Lists, Path: []string{"dir_path", "path"}},
		{Name: "grep_files", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "update_plan", Effect: Session},
		{Name: "request_user_input", Effect: Asks},
		{Name: "spawn_agent", Effect: Delegates},
		{Name: "send_input", Effect: Delegates},
		{Name: "wait", Effect: Delegates},
		{Name: "close_agent", Effect: Delegates},
		{Name: "resume_agent", Effect: Delegates},
		{Name: "list_mcp_resources", Effect: MCPResource, Subject: []string{"server"}},
		{Name: "list_mcp_resource_templates", Effect: MCPResource, Subject: []string{"server"}},
		{Name: "read_mcp_resource", Effect: MCPResource, Subject: []string{"uri"}},
		{Name: "js_repl", Effect: Opaque, Rule: catalog.UReplCode, Why: "runs JavaScript in a persistent session, which arbiter does not analyse"},
	}}
})
