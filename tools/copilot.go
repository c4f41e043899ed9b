package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Copilot is GitHub Copilot CLI's table.
func Copilot() *Table { return copilot.Get() }

// Sources: "Tool availability values" in the GitHub Copilot CLI command
// reference (shell, file, agent and other tools), and for the tools it
// does not list (report_intent, update_todo, task_complete, store_memory,
// think, fetch_copilot_cli_documentation) the names Copilot CLI sends in
// its preToolUse payloads.
var copilot = lazy.New(func() *Table {
	powershell := Tool{Effect: Opaque, Rule: catalog.UPowershell, Why: "runs a PowerShell command, and arbiter analyses only POSIX shell commands"}
	powershell.Name = "powershell"
	return &Table{ID: agents.Copilot, Runtime: agents.Name(agents.Copilot), File: "tools/copilot.go", Var: "copilot", tools: []Tool{
		{Name: "bash", Effect: Runs, Command: []string{"command"}},
		powershell,
		{Name: "list_bash", Effect: Session},
		{Name: "read_bash", Effect: Session},
		{Name: "stop_bash", Effect: Session},
		{Name: "write_bash", Effect: Input},
		{Name: "list_powershell", Effect: Session},
		{Name: "read_powershell", Effect: Session},
		{Name: "stop_powershell", Effect: Session},
		{Name: "write_powershell", Effect: Input},
		{Name: "apply_patch", Effect: Patches, Content: []string{"input", "patch", "command"}},
		{Name: "create", Effect: Writes, Path: []string{"path"}, Content: []string{"file_text"}},
		{Name: "edit", Effect: Edits, Path: []string{"path"}, Content: []string{"new_str"}, Old: []string{"old_str"}},
		{Name: "view", Effect: Reads, Path: []string{"path"}},
		{Name: "glob", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "rg", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "web_fetch", Effect: Fetches, URL: []string{"url"}},
		{Name: "task", Effect: Delegates},
		{Name: "write_agent", Effect: Delegates},
		{Name: "list_agents", Effect: Session},
		{Name: "read_agent", Effect: Session},
		{Name: "ask_user", Effect: Asks},
		{Name: "skill", Effect: Skill, Subject: []string{"skill", "name"}},
		{Name: "report_intent", Effect: Tells},
		{Name: "task_complete", Effect: Tells},
		{Name: "update_todo", Effect: Session},
		{Name: "think", Effect: Session},
		{Name: "fetch_copilot_cli_documentation", Effect: Session},
		{Name: "store_memory", Effect: Memory},
	}}
})
