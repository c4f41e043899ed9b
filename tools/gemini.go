package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Gemini is Gemini CLI's table.
func Gemini() *Table { return gemini.Get() }

// Sources: the Tools reference of the Gemini CLI documentation, and its
// tool registry in the Gemini CLI source (packages/core/src/tools:
// tool-names.ts ALL_BUILTIN_TOOL_NAMES and TOOL_LEGACY_ALIASES,
// definitions/base-declarations.ts for the parameter names). Older
// releases named some parameters differently (absolute_path, path,
// directory, paths); those are read too.
var gemini = lazy.New(func() *Table {
	file := []string{"file_path", "absolute_path", "path"}
	dir := []string{"dir_path", "path"}
	return &Table{ID: agents.Gemini, Runtime: agents.Name(agents.Gemini), File: "tools/gemini.go", Var: "gemini", tools: []Tool{
		{Name: "run_shell_command", Effect: Runs, Command: []string{"command"}, Dir: []string{"dir_path", "directory"}},
		{Name: "read_file", Effect: Reads, Path: file},
		{Name: "read_many_files", Effect: ReadsMany, Paths: []string{"include", "paths"}},
		{Name: "list_directory", Effect: Lists, Path: dir},
		{Name: "glob", Effect: Lists, Path: dir, Pattern: []string{"pattern"}},
		{Name: "grep_search", Effect: Searches, Path: dir, Pattern: []string{"pattern"}},
		{Name: "search_file_content", Effect: Searches, Path: dir, Pattern: []string{"pattern"}}, // grep_search's former name
		{Name: "write_file", Effect: Writes, Path: file, Content: []string{"content"}},
		{Name: "replace", Effect: Edits, Path: file, Content: []string{"new_string"}, Old: []string{"old_string"}},
		{Name: "web_fetch", Effect: Fetches, Prompt: []string{"prompt"}}, // fetches the URLs its prompt names
		{Name: "google_web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "save_memory", Effect: Memory},
		{Name: "write_todos", Effect: Session},
		// Reads Gemini CLI's own bundled documentation, by relative path.
		{Name: "get_internal_docs", Effect: Session, Subject: []string{"path"}},
		{Name: "activate_skill", Effect: Skill, Subject: []string{"name"}},
		{Name: "ask_user", Effect: Asks},
		{Name: "enter_plan_mode", Effect: Session},
		{Name: "exit_plan_mode", Effect: Asks},
		{Name: "update_topic", Effect: Tells},
		{Name: "tracker_create_task", Effect: Session},
		{Name: "tracker_update_task", Effect: Session},
		{Name: "tracker_get_task", Effect: Session},
		{Name: "tracker_list_tasks", Effect: Session},
		{Name: "tracker_add_dependency", Effect: Session},
		{Name: "tracker_visualize", Effect: Session},
		{Name: "codebase_investigator", Effect: Delegates},
		{Name: "cli_help", Effect: Delegates},
	}}
})
