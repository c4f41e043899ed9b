package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// OpenCode is OpenCode's table.
func OpenCode() *Table { return openCode.Get() }

// Sources: the built-in tools of the OpenCode 1.18.33 binary (each
// tool's ID and its parameter schema) and the permission keys its
// configuration reference names.
var openCode = lazy.New(func() *Table {
	file := []string{"filePath", "file_path", "path"}
	return &Table{ID: agents.OpenCode, Runtime: agents.Name(agents.OpenCode), File: "tools/opencode.go", Var: "openCode", tools: []Tool{
		{Name: "bash", Effect: Runs, Command: []string{"command"}, Dir: []string{"workdir"}},
		{Name: "read", Effect: Reads, Path: file},
		{Name: "list", Effect: Lists, Path: []string{"path"}},
		{Name: "glob", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "lsp", Effect: Searches, Path: file},
		{Name: "write", Effect: Writes, Path: file, Content: []string{"content"}},
		{Name: "edit", Effect: Edits, Path: file, Content: []string{"newString"}, Old: []string{"oldString"}},
		{Name: "apply_patch", Effect: Patches, Content: []string{"patchText"}},
		// patch is apply_patch's name in earlier releases.
		{Name: "patch", Effect: Patches, Content: []string{"patchText"}},
		{Name: "webfetch", Effect: Fetches, URL: []string{"url"}},
		{Name: "websearch", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "todowrite", Effect: Session},
		{Name: "todoread", Effect: Session},
		// invalid is OpenCode's answer to a call it could not parse: it
		// runs nothing.
		{Name: "invalid", Effect: Session},
		{Name: "question", Effect: Asks},
		{Name: "plan_exit", Effect: Asks},
		{Name: "skill", Effect: Skill, Subject: []string{"name"}},
		{Name: "task", Effect: Delegates},
	}}
})
