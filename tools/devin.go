package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Devin is Devin's table.
func Devin() *Table { return devin.Get() }

// Sources: Devin CLI's hooks documentation (a PreToolUse payload names
// exec, read, write, edit, grep, glob or mcp__SERVER__TOOL, and exec's
// input is {command, shell_id}), and payloads captured from Devin CLI
// 3000.6.14: read, write and edit take file_path; grep a pattern, an
// optional path and a glob_pattern; glob a pattern and an optional path;
// notebook_read a notebook_path; run_subagent a profile and a task.
// Edits are read under Claude Code's field names and Devin's older ones
// (old_string or old_str). Left out, so deferred by name: notebook_edit
// and request_scope, whose inputs were not captured.
var devin = lazy.New(func() *Table {
	return &Table{ID: agents.Devin, Runtime: agents.Name(agents.Devin), File: "tools/devin.go", Var: "devin", tools: []Tool{
		{Name: "exec", Effect: Runs, Command: []string{"command"}, Dir: []string{"cwd", "working_directory"}},
		{Name: "read", Effect: Reads, Path: []string{"file_path", "path"}},
		{Name: "notebook_read", Effect: Reads, Path: []string{"notebook_path"}},
		{Name: "write", Effect: Writes, Path: []string{"file_path", "path"}, Content: []string{"content"}},
		{Name: "edit", Effect: Edits, Path: []string{"file_path", "path"}, Content: []string{"new_string", "new_str"}, Old: []string{"old_string", "old_str"}},
		{Name: "grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "glob", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern", "glob_pattern"}},
		{Name: "webfetch", Effect: Fetches, URL: []string{"url"}, Prompt: []string{"prompt"}},
		{Name: "ask_user_question", Effect: Asks},
		{Name: "skill", Effect: Skill, Subject: []string{"skill", "name"}},
		{Name: "todo_write", Effect: Session},
		{Name: "read_subagent", Effect: Session},
		{Name: "run_subagent", Effect: Delegates},
	}}
})
