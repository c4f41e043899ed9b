package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Pi is pi's table.
func Pi() *Table { return pi.Get() }

// Sources: the built-in tools of pi 0.73.1 and their schemas
// (dist/core/tools of @mariozechner/pi-coding-agent). edit takes a list
// of edits, or one oldText and newText in older calls.
var pi = lazy.New(func() *Table {
	return &Table{ID: agents.Pi, Runtime: agents.Name(agents.Pi), File: "tools/pi.go", Var: "pi", tools: []Tool{
		{Name: "bash", Effect: Runs, Command: []string{"command"}},
		{Name: "read", Effect: Reads, Path: []string{"path"}},
		{Name: "ls", Effect: Lists, Path: []string{"path"}},
		{Name: "find", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "write", Effect: Writes, Path: []string{"path"}, Content: []string{"content"}},
		{Name: "edit", Effect: Edits, Path: []string{"path"}, Content: []string{"edits[].newText", "newText"}, Old: []string{"edits[].oldText", "oldText"}},
	}}
})
