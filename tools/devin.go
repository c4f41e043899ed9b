package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Devin is Devin's table.
func Devin() *Table { return devin.Get() }

// Sources: Devin CLI's hooks documentation (a PreToolUse payload names
// exec, read, write, edit, grep, glob or mcp__SERVER__TOOL, and exec's
// input is {command, shell_id}) and its permission rules (Read, Write,
// Exec). The file tools' field names are not documented: each is read
// under Claude Code's name and Devin's older one (file_path or path,
// old_string or old_str), and a call that carries neither is deferred as
// bad input. Any other tool is deferred by name.
var devin = lazy.New(func() *Table {
	path := []string{"file_path", "path"}
	return &Table{ID: agents.Devin, Runtime: agents.Name(agents.Devin), File: "tools/devin.go", Var: "devin", tools: []Tool{
		{Name: "exec", Effect: Runs, Command: []string{"command"}, Dir: []string{"cwd", "working_directory"}},
		{Name: "read", Effect: Reads, Path: path},
		{Name: "write", Effect: Writes, Path: path, Content: []string{"content"}},
		{Name: "edit", Effect: Edits, Path: path, Content: []string{"new_string", "new_str"}, Old: []string{"old_string", "old_str"}},
		{Name: "grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "glob", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern"}},
	}}
})
