package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Antigravity is Google Antigravity's table.
func Antigravity() *Table { return antigravity.Get() }

// Sources: Antigravity's hooks guide (as installed with agy), whose
// PreToolUse payload names the tool and its args as the agent wrote them
// (run_command {CommandLine, Cwd, WaitMsBeforeAsync}, view_file
// {AbsolutePath}, write_to_file {TargetFile, CodeContent, Overwrite},
// replace_file_content {TargetFile, TargetContent, ReplacementContent},
// multi_replace_file_content's ReplacementChunks of the same), and the
// tool names its hook matchers document; lower-case spellings are read
// as well. Left out, so deferred by name:
// codebase_search (a search over several directories at once) and the
// browser's own tools (browser_*), which drive a page.
var antigravity = lazy.New(func() *Table {
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	file := []string{"AbsolutePath", "TargetFile", "File", "file_path", "path"}
	return &Table{ID: agents.Antigravity, Runtime: agents.Name(agents.Antigravity), File: "tools/antigravity.go", Var: "antigravity", tools: []Tool{
		{Name: "run_command", Effect: Runs, Command: []string{"CommandLine", "command"}, Dir: []string{"Cwd", "cwd"}},
		{Name: "view_file", Effect: Reads, Path: file},
		{Name: "view_file_outline", Effect: Reads, Path: file},
		{Name: "view_code_item", Effect: Reads, Path: file},
		{Name: "list_dir", Effect: Lists, Path: []string{"DirectoryPath", "path"}},
		{Name: "find_by_name", Effect: Lists, Path: []string{"SearchDirectory", "path"}, Pattern: []string{"Pattern", "pattern"}},
		{Name: "grep_search", Effect: Searches, Path: []string{"SearchPath", "path"}, Pattern: []string{"Query", "pattern"}},
		{Name: "write_to_file", Effect: Writes, Path: file, Content: []string{"CodeContent", "content"}},
		{Name: "replace_file_content", Effect: Edits, Path: file,
			Content: []string{"ReplacementContent", "ReplacementChunks[].ReplacementContent"}, Old: []string{"TargetContent", "ReplacementChunks[].TargetContent"}},
		{Name: "multi_replace_file_content", Effect: Edits, Path: file,
			Content: []string{"ReplacementChunks[].ReplacementContent", "ReplacementContent"}, Old: []string{"ReplacementChunks[].TargetContent", "TargetContent"}},
		{Name: "read_url_content", Effect: Fetches, URL: []string{"Url", "url"}},
		{Name: "search_web", Effect: SearchesWeb, Query: []string{"query", "Query"}},
		{Name: "list_resources", Effect: MCPResource, Subject: []string{"ServerName"}},
		{Name: "read_resource", Effect: MCPResource, Subject: []string{"Uri", "ServerName"}},
		{Name: "command_status", Effect: Session},
		{Name: "read_terminal", Effect: Session},
		{Name: "view_content_chunk", Effect: Session},
		{Name: "task_boundary", Effect: Session},
		{Name: "send_command_input", Effect: Input},
		// Each waits for the person: a message that asks for review, and
		// a request for permission.
		{Name: "notify_user", Effect: Asks},
		{Name: "ask_permission", Effect: Asks},
		opaque("browser_subagent", catalog.C5Upload, "drives a browser, which can open any page and type into it"),
		opaque("generate_image", catalog.C5Upload, "sends a prompt to an image model and writes the image it returns"),
	}}
})
