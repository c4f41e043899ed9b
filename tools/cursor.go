package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Cursor is Cursor's agent table.
func Cursor() *Table { return cursor.Get() }

// Sources: the Hooks page of the Cursor documentation (preToolUse tool
// types Shell, Read, Write, Grep, Delete, Task and MCP tools), and the
// agent tool names of the Cursor documentation's Agent tools page, with
// the snake_case names earlier releases used.
var cursor = lazy.New(func() *Table {
	file := []string{"file_path", "path", "target_file"}
	shell := Tool{Effect: Runs, Command: []string{"command"}, Dir: []string{"cwd", "working_directory"}}
	read := Tool{Effect: Reads, Path: file}
	write := Tool{Effect: Writes, Path: file, Content: []string{"contents", "content", "file_text"}}
	edit := Tool{Effect: Edits, Path: file, Content: []string{"new_string", "code_edit", "edits[].new_string"}, Old: []string{"old_string", "edits[].old_string"}}
	del := Tool{Effect: Deletes, Path: file}
	grep := Tool{Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern", "query"}}
	glob := Tool{Effect: Lists, Path: []string{"target_directory", "path"}, Pattern: []string{"glob_pattern", "pattern", "query"}}
	ls := Tool{Effect: Lists, Path: []string{"target_directory", "path"}}
	fetch := Tool{Effect: Fetches, URL: []string{"url"}}
	search := Tool{Effect: SearchesWeb, Query: []string{"search_term", "query"}}
	named := func(t Tool, names ...string) []Tool {
		out := make([]Tool, len(names))
		for i, n := range names {
			out[i] = t
			out[i].Name = n
		}
		return out
	}
	var tools []Tool
	for _, group := range [][]Tool{
		named(shell, "Shell", "run_terminal_cmd", "Terminal"),
		named(read, "Read", "read_file"),
		named(write, "Write", "write", "create_file"),
		named(edit, "StrReplace", "Edit", "MultiEdit", "search_replace", "edit_file"),
		named(Tool{Effect: Edits, Path: []string{"target_notebook", "notebook_path", "path"}, Content: []string{"new_string"}}, "EditNotebook", "edit_notebook"),
		named(del, "Delete", "delete_file"),
		named(grep, "Grep", "grep_search", "codebase_search", "SemanticSearch"),
		named(glob, "Glob", "glob_file_search", "file_search"),
		named(ls, "LS", "list_dir"),
		named(fetch, "WebFetch", "web_fetch"),
		named(search, "WebSearch", "web_search"),
		named(Tool{Effect: Delegates}, "Task"),
		named(Tool{Effect: Session}, "TodoWrite", "todo_write", "UpdateTodos", "ReadTodos", "CreatePlan", "create_plan", "ReadLints", "read_lints"),
		named(Tool{Effect: Asks}, "AskQuestion"),
		named(Tool{Effect: Memory}, "update_memory"),
		named(Tool{Effect: Input}, "WriteShellStdin"),
		named(Tool{Effect: MCPResource, Subject: []string{"uri", "server"}}, "ListMcpResources", "FetchMcpResource"),
	} {
		tools = append(tools, group...)
	}
	return &Table{ID: agents.Cursor, Runtime: agents.Name(agents.Cursor), File: "tools/cursor.go", Var: "cursor", tools: tools}
})
