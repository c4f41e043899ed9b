package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Amp is Amp's table.
func Amp() *Table { return amp.Get() }

// Sources: the tool names and input schemas of the Amp CLI (its tool
// registry of the smart, rush and free modes, and the tools it lists for
// itself), and the plugin API that amp plugins show-docs prints (0.0.1790142911):
// a tool.call event carries {toolUseID, tool, input}. Bash takes cmd and
// cwd; Read, create_file, edit_file and list_directory a path; glob a
// filePattern. Left out, so deferred by name: undo_edit and format_file
// (each rewrites a file with content the call does not carry), Check
// and kraken (whose inputs are not documented), diff, and the GitHub
// tools (read_github, search_github, …), which read remote repositories
// with the person's token.
var amp = lazy.New(func() *Table {
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	return &Table{ID: agents.Amp, Runtime: agents.Name(agents.Amp), File: "tools/amp.go", Var: "amp", tools: []Tool{
		{Name: "Bash", Effect: Runs, Command: []string{"cmd", "command"}, Dir: []string{"cwd"}},
		{Name: "shell_command", Effect: Runs, Command: []string{"cmd", "command"}, Dir: []string{"cwd"}},
		{Name: "Read", Effect: Reads, Path: []string{"path"}},
		{Name: "look_at", Effect: Reads, Path: []string{"path"}},
		{Name: "list_directory", Effect: Lists, Path: []string{"path"}},
		{Name: "glob", Effect: Lists, Pattern: []string{"filePattern", "pattern"}},
		{Name: "Glob", Effect: Lists, Pattern: []string{"filePattern", "pattern"}},
		{Name: "Grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "create_file", Effect: Writes, Path: []string{"path"}, Content: []string{"content"}},
		{Name: "edit_file", Effect: Edits, Path: []string{"path"}, Content: []string{"new_str"}, Old: []string{"old_str"}},
		{Name: "apply_patch", Effect: Patches, Content: []string{"patch", "patchText", "input"}},
		{Name: "delete_file", Effect: Deletes, Path: []string{"path"}},
		{Name: "read_web_page", Effect: Fetches, URL: []string{"url"}, Prompt: []string{"prompt"}},
		{Name: "web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "read_mcp_resource", Effect: MCPResource, Subject: []string{"uri", "server"}},
		{Name: "skill", Effect: Skill, Subject: []string{"name"}},
		{Name: "todo_write", Effect: Session},
		{Name: "todo_read", Effect: Session},
		{Name: "task_list", Effect: Session},
		{Name: "get_diagnostics", Effect: Session},
		{Name: "read_thread", Effect: Session},
		{Name: "find_thread", Effect: Session},
		{Name: "mermaid", Effect: Tells},
		// Sub-agents of the session, whose own tool calls pass the gate;
		// the oracle and the librarian only read and answer.
		{Name: "Task", Effect: Delegates},
		{Name: "finder", Effect: Delegates},
		{Name: "oracle", Effect: Delegates},
		{Name: "librarian", Effect: Delegates},
		{Name: "handoff", Effect: Delegates},
		opaque("repl", catalog.UReplCode, "runs code in a long-lived interpreter, which arbiter does not analyse"),
		opaque("painter", catalog.C5Upload, "sends a prompt and images to an image model and writes the image it returns"),
	}}
})
