package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Cline is Cline's table.
func Cline() *Table { return cline.Get() }

// Sources: ClineDefaultTool in the IDE extension's src/shared/tools.ts
// (cline/cline) and each tool's parameters there, and the built-in tools
// of the CLI 3.0.65 (@cline/core 0.0.86, whose inputs are lists: several
// commands, files, queries or URLs in one call). The hook adapter turns
// use_mcp_tool into the MCP tool it calls and attempt_completion with a
// command into execute_command.
var cline = lazy.New(func() *Table {
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	return &Table{ID: agents.Cline, Runtime: agents.Name(agents.Cline), File: "tools/cline.go", Var: "cline", tools: []Tool{
		// The IDE's tools.
		{Name: "execute_command", Effect: Runs, Command: []string{"command"}},
		{Name: "read_file", Effect: Reads, Path: []string{"path"}},
		{Name: "read_file_range", Effect: Reads, Path: []string{"path"}},
		{Name: "list_files", Effect: Lists, Path: []string{"path"}},
		{Name: "search_files", Effect: Searches, Path: []string{"path"}, Pattern: []string{"regex"}},
		{Name: "list_code_definition_names", Effect: Searches, Path: []string{"path"}},
		{Name: "write_to_file", Effect: Writes, Path: []string{"path"}, Content: []string{"content"}},
		// new_rule writes a rule file Cline then reads as instructions.
		{Name: "new_rule", Effect: Writes, Path: []string{"path"}, Content: []string{"content"}},
		{Name: "replace_in_file", Effect: Edits, Path: []string{"path"}, Content: []string{"diff"}},
		{Name: "apply_patch", Effect: Patches, Content: []string{"input"}},
		{Name: "web_fetch", Effect: Fetches, URL: []string{"url"}},
		{Name: "web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "access_mcp_resource", Effect: MCPResource, Subject: []string{"uri", "server_name"}},
		{Name: "load_mcp_documentation", Effect: Session},
		{Name: "focus_chain", Effect: Session},
		{Name: "condense", Effect: Session},
		{Name: "summarize_task", Effect: Session},
		{Name: "workflow_progress_request", Effect: Session},
		{Name: "ask_followup_question", Effect: Asks},
		{Name: "plan_mode_respond", Effect: Tells},
		{Name: "generate_plan_output", Effect: Tells},
		{Name: "act_mode_respond", Effect: Tells},
		{Name: "attempt_completion", Effect: Tells},
		{Name: "send_user_message", Effect: Tells},
		{Name: "generate_explanation", Effect: Tells},
		{Name: "use_skill", Effect: Skill, Subject: []string{"skill_name", "skill"}},
		{Name: "new_task", Effect: Delegates},
		opaque("browser_action", catalog.C5Upload, "drives a browser, which can open any page and type into it"),
		opaque("report_bug", catalog.C5Upload, "files a bug report with the task's details, so its content may leave the machine"),
		// The CLI's tools.
		{Name: "run_commands", Effect: Runs, Command: []string{"commands", "command", "cmd"}},
		{Name: "read_files", Effect: ReadsMany, Paths: []string{"files[].path", "files", "file_paths"}},
		{Name: "search_codebase", Effect: Searches, Pattern: []string{"queries"}},
		{Name: "editor", Effect: Edits, Path: []string{"path"}, Content: []string{"new_text"}, Old: []string{"old_text"}},
		{Name: "fetch_web_content", Effect: Fetches, URL: []string{"requests[].url"}, Prompt: []string{"requests[].prompt"}},
		{Name: "skills", Effect: Skill, Subject: []string{"skill"}},
		{Name: "ask_question", Effect: Asks},
		{Name: "submit_and_exit", Effect: Tells},
		// spawn_agent (offered by the CLI 3.0.65 beside the team tools)
		// starts a sub-agent whose own tool calls reach the hook, as a
		// teammate's do.
		{Name: "spawn_agent", Effect: Delegates},
		{Name: "team_spawn_teammate", Effect: Delegates},
		{Name: "team_run_task", Effect: Delegates},
		{Name: "team_task", Effect: Delegates},
		{Name: "team_send_message", Effect: Delegates},
		{Name: "team_broadcast", Effect: Delegates},
		{Name: "team_shutdown_teammate", Effect: Delegates},
		{Name: "team_cancel_run", Effect: Delegates},
		{Name: "team_await_runs", Effect: Session},
		{Name: "team_status", Effect: Session},
		{Name: "team_list_runs", Effect: Session},
		{Name: "team_read_mailbox", Effect: Session},
		{Name: "team_mission_log", Effect: Session},
		{Name: "team_cleanup", Effect: Session},
		{Name: "team_create_outcome", Effect: Session},
		{Name: "team_attach_outcome_fragment", Effect: Session},
		{Name: "team_review_outcome_fragment", Effect: Session},
		{Name: "team_finalize_outcome", Effect: Session},
		{Name: "team_list_outcomes", Effect: Session},
	}}
})
