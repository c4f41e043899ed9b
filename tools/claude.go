package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
)

// ClaudeCode is Claude Code's table. Its names are the Call's own naming.
func ClaudeCode() *Table { return claudeCode }

// Sources: the "Tools reference" page of the Claude Code documentation
// (every built-in tool and whether it prompts), and the input schemas
// Claude Code 2.1.332 sends to the model, as recorded in a real session.
var claudeCode = &Table{ID: agents.Claude, Runtime: agents.Name(agents.Claude), File: "tools/claude.go", Var: "claudeCode", tools: []Tool{
	{Name: "Bash", Effect: Runs, Command: []string{"command"}},
	// Monitor runs a command in the background and streams its output.
	{Name: "Monitor", Effect: Runs, Command: []string{"command"}},
	{Name: "BashOutput", Effect: Session},
	{Name: "KillShell", Effect: Session},
	{Name: "KillBash", Effect: Session}, // KillShell's former name
	{Name: "Read", Effect: Reads, Path: []string{"file_path"}},
	{Name: "NotebookRead", Effect: Reads, Path: []string{"notebook_path"}},
	{Name: "Glob", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern"}},
	{Name: "Grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
	{Name: "LS", Effect: Lists, Path: []string{"path"}},
	// LSP asks a language server about code: definitions, references.
	{Name: "LSP", Effect: Searches, Path: []string{"filePath", "file_path"}},
	{Name: "Write", Effect: Writes, Path: []string{"file_path"}, Content: []string{"content"}},
	{Name: "Edit", Effect: Edits, Path: []string{"file_path"}, Content: []string{"new_string"}, Old: []string{"old_string"}},
	{Name: "MultiEdit", Effect: Edits, Path: []string{"file_path"}, Content: []string{"edits[].new_string"}, Old: []string{"edits[].old_string"}},
	{Name: "NotebookEdit", Effect: Edits, Path: []string{"notebook_path"}, Content: []string{"new_source"}},
	{Name: "WebFetch", Effect: Fetches, URL: []string{"url"}, Prompt: []string{"prompt"}},
	{Name: "WebSearch", Effect: SearchesWeb, Query: []string{"query"}},
	{Name: "Agent", Effect: Delegates},
	{Name: "Task", Effect: Delegates}, // Agent's former name
	{Name: "AskUserQuestion", Effect: Asks},
	// ExitPlanMode's permission prompt is the person approving the plan.
	{Name: "ExitPlanMode", Effect: Asks},
	{Name: "EnterPlanMode", Effect: Session},
	{Name: "ReportFindings", Effect: Tells},
	{Name: "TaskOutput", Effect: Session},
	{Name: "TaskStop", Effect: Session},
	{Name: "TaskCreate", Effect: Session},
	{Name: "TaskGet", Effect: Session},
	{Name: "TaskList", Effect: Session},
	{Name: "TaskUpdate", Effect: Session},
	{Name: "TodoWrite", Effect: Session},
	{Name: "TodoRead", Effect: Session},
	{Name: "ToolSearch", Effect: Session},
	{Name: "DeferredToolPlaceholder", Effect: Session},
	{Name: "ListAgents", Effect: Session},
	{Name: "CronList", Effect: Session},
	{Name: "CronDelete", Effect: Session},
	// A worktree is a new checkout beside the project: nothing is lost.
	{Name: "EnterWorktree", Effect: Session},
	{Name: "Skill", Effect: Skill, Subject: []string{"skill"}},
	{Name: "SlashCommand", Effect: Skill, Subject: []string{"command"}},
	{Name: "ListMcpResourcesTool", Effect: MCPResource, Subject: []string{"server"}},
	{Name: "ReadMcpResourceTool", Effect: MCPResource, Subject: []string{"uri"}},
	{Name: "ExitWorktree", Effect: Opaque, Rule: catalog.CWorktreeExit, Why: "leaving a worktree can remove it together with its uncommitted changes"},
	{Name: "CronCreate", Effect: Opaque, Rule: catalog.CScheduledPrompt, Why: "a scheduled prompt later runs as if the person had typed it"},
	{Name: "ScheduleWakeup", Effect: Opaque, Rule: catalog.CScheduledPrompt, Why: "a scheduled prompt later runs as if the person had typed it"},
	{Name: "SendMessage", Effect: Opaque, Rule: catalog.CAgentMessage, Why: "a message to another agent session can steer what it does"},
	{Name: "Artifact", Effect: Opaque, Rule: catalog.C5Upload, Why: "publishes a file as a page on claude.ai, so its content leaves the machine"},
	{Name: "Workflow", Effect: Opaque, Rule: catalog.UWorkflowScript, Why: "runs a workflow script, which arbiter does not analyse"},
}}
