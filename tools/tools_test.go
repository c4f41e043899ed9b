package tools

import (
	"reflect"
	"testing"

	"github.com/arbitergate/arbiter/agents"
)

// documented lists each runtime's built-in tools as its documentation
// names them (the sources are in each table's comment). A tool dropped
// from a table, or renamed there by mistake, fails this test.
var documented = map[string][]string{
	// Claude Code: Tools reference, and the tools of a 2.1.332 session.
	"claude": {"Agent", "AskUserQuestion", "Bash", "BashOutput", "CronCreate", "CronDelete", "CronList", "Edit",
		"EnterPlanMode", "EnterWorktree", "ExitPlanMode", "ExitWorktree", "Glob", "Grep", "KillShell", "LS",
		"ListMcpResourcesTool", "LSP", "Monitor", "MultiEdit", "NotebookEdit", "Read", "ReadMcpResourceTool",
		"SendMessage", "Skill", "SlashCommand", "Task", "TaskCreate", "TaskGet", "TaskList", "TaskOutput",
		"TaskStop", "TaskUpdate", "TodoWrite", "ToolSearch", "WebFetch", "WebSearch", "Write", "Artifact",
		"ListAgents", "ReportFindings", "ScheduleWakeup", "Workflow", "DeferredToolPlaceholder"},
	// Codex CLI: hook tool names, and the model's built-in tools.
	"codex": {"Bash", "apply_patch", "NetworkAccess", "shell", "exec_command", "local_shell", "unified_exec",
		"write_stdin", "update_plan", "view_image", "web_search", "request_user_input", "spawn_agent",
		"send_input", "wait", "close_agent", "list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"},
	// Gemini CLI: ALL_BUILTIN_TOOL_NAMES, the legacy alias, and the
	// sub-agents Plan Mode lists.
	"gemini": {"glob", "write_todos", "write_file", "google_web_search", "web_fetch", "replace", "run_shell_command",
		"grep_search", "read_many_files", "read_file", "list_directory", "save_memory", "activate_skill", "ask_user",
		"tracker_create_task", "tracker_update_task", "tracker_get_task", "tracker_list_tasks", "tracker_add_dependency",
		"tracker_visualize", "get_internal_docs", "enter_plan_mode", "exit_plan_mode", "update_topic",
		"search_file_content", "codebase_investigator", "cli_help"},
	// Cursor: the hook tool types and the agent's tools.
	"cursor": {"Shell", "Read", "Write", "Grep", "Delete", "Task", "Glob", "LS", "StrReplace", "Edit", "WebFetch",
		"WebSearch", "TodoWrite", "EditNotebook", "run_terminal_cmd", "read_file", "edit_file", "search_replace",
		"delete_file", "grep_search", "codebase_search", "file_search", "glob_file_search", "list_dir", "web_search", "todo_write"},
	// Copilot CLI: "Tool availability values" of the command reference.
	"copilot": {"bash", "powershell", "list_bash", "list_powershell", "read_bash", "read_powershell", "stop_bash",
		"stop_powershell", "write_bash", "write_powershell", "apply_patch", "create", "edit", "view", "list_agents",
		"read_agent", "task", "write_agent", "ask_user", "glob", "grep", "rg", "skill", "web_fetch"},
	// Qwen Code: ToolNames of the 0.24.4 bundle, but for tool_call and the
	// omni_* media tools, which are deferred by name.
	"qwen": {"exec", "edit", "write_file", "read_file", "zoom_image", "grep_search", "glob", "run_shell_command",
		"todo_write", "save_memory", "agent", "skill", "exit_plan_mode", "enter_plan_mode", "web_fetch", "web_search",
		"image_gen", "list_directory", "lsp", "ask_user_question", "cron_create", "cron_list", "cron_delete", "loop_wakeup",
		"create_sub_session", "list_agents", "task_stop", "task_create", "task_update", "task_list", "team_create",
		"team_delete", "team_plan_approval", "request_shutdown", "send_message", "structured_output", "monitor",
		"notebook_edit", "tool_search", "read_mcp_resource", "enter_worktree", "exit_worktree", "workflow", "artifact",
		"record_artifact", "record_source", "report_findings", "get_goal", "update_goal"},
	// Factory Droid: the tool IDs of the 0.225.2 binary.
	"droid": {"LS", "Read", "Create", "Edit", "MultiEdit", "ApplyPatch", "Glob", "Grep", "Execute", "Script", "WaitForScript",
		"TodoWrite", "AskUser", "StageSettingsChanges", "WebSearch", "FetchUrl", "GenerateImage", "getIdeDiagnostics",
		"ExitSpecMode", "RecommendMission", "ExitMissionPlanning", "ProposeMission", "StartMissionRun", "SelectFeature",
		"EndFeatureRun", "DismissHandoffItems", "Task", "ConnectorSearch", "ConnectApp", "TaskOutput", "TaskStop",
		"UpgradeSessionModel", "Skill", "ToolSearch", "GenerateDroid", "Loop"},
	// OpenCode: the tool IDs of the 1.18.33 binary.
	"opencode": {"bash", "read", "write", "edit", "apply_patch", "glob", "grep", "lsp", "webfetch", "websearch",
		"todowrite", "question", "plan_exit", "skill", "task", "invalid"},
	// pi: the built-in tools of 0.73.1 (dist/core/tools).
	"pi": {"bash", "read", "write", "edit", "find", "grep", "ls"},
	// Kiro CLI: the tools of tool_index.json but for code, which is
	// deferred by name.
	"kiro": {"introspect", "glob", "grep", "execute_bash", "fs_read", "fs_write", "use_aws", "report_issue", "thinking",
		"knowledge", "todo_list", "delegate", "web_search", "web_fetch", "use_subagent", "switch_to_execution", "session", "dummy"},
	// Cline: ClineDefaultTool of the IDE (use_mcp_tool is named for the
	// MCP tool it calls), and the CLI 3.0.65's built-in tools.
	"cline": {"ask_followup_question", "attempt_completion", "send_user_message", "workflow_progress_request", "execute_command",
		"replace_in_file", "read_file", "read_file_range", "write_to_file", "search_files", "list_files", "list_code_definition_names",
		"browser_action", "access_mcp_resource", "load_mcp_documentation", "new_task", "generate_plan_output", "plan_mode_respond",
		"act_mode_respond", "focus_chain", "web_fetch", "web_search", "condense", "summarize_task", "report_bug", "new_rule",
		"apply_patch", "generate_explanation", "use_skill", "run_commands", "read_files", "editor", "search_codebase",
		"fetch_web_content", "skills", "ask_question", "submit_and_exit", "team_spawn_teammate", "team_run_task", "team_task",
		"team_send_message", "team_broadcast", "team_status",
		// Offered to the model by the real CLI 3.0.65 (e2e).
		"spawn_agent", "team_shutdown_teammate", "team_cancel_run", "team_list_runs", "team_await_runs", "team_read_mailbox",
		"team_mission_log", "team_cleanup", "team_create_outcome", "team_attach_outcome_fragment", "team_review_outcome_fragment",
		"team_finalize_outcome", "team_list_outcomes"},
	// Kilo Code CLI: ToolRegistry's tools but for the experimental batch.
	"kilo": {"invalid", "question", "bash", "read", "glob", "grep", "edit", "write", "task", "webfetch", "todowrite",
		"todoread", "websearch", "codesearch", "codebase_search", "skill", "apply_patch", "lsp", "plan_exit",
		// Offered to the model by the real 7.7.7 (e2e), but for
		// background_process and kilo_local_recall, deferred by name.
		"board_read", "board_post", "schedule_wakeup", "cancel_wakeup"},
	// Amp: the tools Amp lists for itself (smart mode), and the plugin
	// API's shell_command.
	"amp": {"Bash", "create_file", "edit_file", "finder", "glob", "Grep", "librarian", "mermaid", "oracle", "Read",
		"read_mcp_resource", "read_thread", "read_web_page", "skill", "Task", "todo_read", "todo_write", "web_search",
		"shell_command", "look_at", "handoff", "task_list", "get_diagnostics", "find_thread", "painter", "repl"},
	// Google Antigravity: the tools its hook matchers name.
	"antigravity": {"run_command", "view_file", "write_to_file", "replace_file_content", "multi_replace_file_content",
		"list_dir", "grep_search", "find_by_name", "read_url_content", "search_web", "command_status", "send_command_input"},
	// Devin: the tools its hooks documentation names, and those of
	// payloads captured from Devin CLI 3000.6.14 whose inputs are known.
	"devin": {"exec", "read", "write", "edit", "grep", "glob", "webfetch", "ask_user_question", "skill", "todo_write",
		"run_subagent", "read_subagent", "notebook_read"},
	// OpenClaw 2026.9.6: the coding tools of its dist, and the tools of
	// the runtime, fs, web, ui, automation, messaging, nodes and media
	// groups of its tool policy reference, Code Mode's wait and Tool
	// Search's tools.
	"openclaw": {"exec", "process", "code_execution", "read", "write", "edit", "apply_patch", "grep", "find", "ls",
		"web_fetch", "web_search", "x_search", "ask_user", "message", "browser", "cron", "automations", "gateway",
		"plugins", "openclaw", "nodes", "image_generate", "music_generate", "video_generate", "tts", "wait",
		"tool_search", "tool_describe"},
	// Hermes Agent: _HERMES_CORE_TOOLS of toolsets.py but for the Home
	// Assistant, kanban, vision and computer-use tools, deferred by name.
	"hermes": {"web_search", "web_extract", "terminal", "process_manage", "read_file", "write_file", "patch", "search_files",
		"image_generate", "skills_list", "skill_view", "skill_manage", "browser_navigate", "browser_snapshot",
		"browser_click", "browser_type", "browser_scroll", "browser_back", "browser_press", "browser_get_images",
		"browser_vision", "browser_console", "browser_cdp", "browser_dialog", "browser_exec", "text_to_speech",
		"todo_list", "memory", "session_search", "clarify", "execute_code", "delegate_task", "cronjob_manage"},
}

func TestDocumentedToolsAreInTheTable(t *testing.T) {
	for _, table := range Tables() {
		t.Run(table.ID, func(t *testing.T) {
			names := documented[table.ID]
			if len(names) == 0 {
				t.Fatalf("no documented list for %s", table.Runtime)
			}
			for _, n := range names {
				if _, ok := table.Lookup(n); !ok {
					t.Errorf("%s's documented tool %q is not in %s", table.Runtime, n, table.Where())
				}
			}
		})
	}
}

// TestEntriesSayWhatTheyRead checks that every entry whose checks read an
// input field names that field, and that every table has no duplicate.
func TestEntriesSayWhatTheyRead(t *testing.T) {
	for _, table := range Tables() {
		seen := map[string]bool{}
		for _, x := range table.tools {
			if x.Name == "" || seen[x.Name] {
				t.Errorf("%s: empty or duplicate name %q", table.Where(), x.Name)
			}
			seen[x.Name] = true
			var need []string
			switch x.Effect {
			case Unknown:
				t.Errorf("%s: %s has no effect", table.Where(), x.Name)
			case Runs:
				need = x.Command
			case Reads, Writes, Edits, Deletes:
				need = x.Path
			case ReadsMany:
				need = x.Paths
			case SearchesWeb:
				need = x.Query
			case Fetches:
				need = append(append(append([]string{}, x.URL...), x.Prompt...), x.Command...)
			case Patches, Skill:
				need = append(append([]string{}, x.Content...), x.Subject...)
			case Opaque:
				if x.Rule == "" || x.Why == "" {
					t.Errorf("%s: %s is opaque without a rule and a reason", table.Where(), x.Name)
				}
				continue
			default:
				continue
			}
			if len(need) == 0 {
				t.Errorf("%s: %s (%s) names no input field", table.Where(), x.Name, x.Effect)
			}
			if (x.Effect == Writes || x.Effect == Edits) && len(x.Content) == 0 {
				t.Errorf("%s: %s writes but names no content field", table.Where(), x.Name)
			}
		}
	}
}

func TestResolve(t *testing.T) {
	for _, c := range []struct {
		call, table, name string
		effect            Effect
		found             bool
	}{
		{"Read", "claude", "Read", Reads, true},
		{"gemini:save_memory", "gemini", "save_memory", Memory, true},
		{"copilot:write_bash", "copilot", "write_bash", Input, true},
		{"gemini:Read", "gemini", "Read", Unknown, false},
		{"claude:Read", "claude", "claude:Read", Unknown, false},
		{"vscode:read", "claude", "vscode:read", Unknown, false},
		{"Teleport", "claude", "Teleport", Unknown, false},
	} {
		x, table, name, ok := Resolve(c.call)
		if ok != c.found || table.ID != c.table || name != c.name || x.Effect != c.effect {
			t.Errorf("Resolve(%q) = %v %s %q %v, want %v %s %q %v", c.call, x.Effect, table.ID, name, ok, c.effect, c.table, c.name, c.found)
		}
	}
}

func TestValues(t *testing.T) {
	in := map[string]any{
		"content": "a",
		"edits":   []any{map[string]any{"new_string": "b"}, "not an object", map[string]any{"new_string": 3}, map[string]any{"new_string": "c"}},
		"include": []any{"x.go", 4, "y.go"},
		"empty":   "",
	}
	got := Values(in, []string{"empty", "content", "edits[].new_string", "include", "missing[].x", "content[].x"})
	want := []string{"a", "b", "c", "x.go", "y.go"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Values = %q, want %q", got, want)
	}
	if v := Value(in, []string{"empty", "missing", "content"}); v != "a" {
		t.Errorf("Value = %q, want the first non-empty string", v)
	}
}

// TestTablesAreUnderTheirIDs: a table registered under a runtime's ID
// says that ID, and the product name the registry gives it.
func TestTablesAreUnderTheirIDs(t *testing.T) {
	for _, r := range tables {
		if got := r.table(); got.ID != r.id || got.Runtime != agents.Name(r.id) {
			t.Errorf("the table under %q says ID %q, runtime %q (want %q)", r.id, got.ID, got.Runtime, agents.Name(r.id))
		}
	}
}

// TestValuesReadNestedLists: "list[].key" reaches a key that holds a
// list of strings in each object (Kiro CLI's image_paths).
func TestValuesReadNestedLists(t *testing.T) {
	in := map[string]any{"operations": []any{
		map[string]any{"path": "a"},
		map[string]any{"image_paths": []any{"b", "", 3, "c"}},
		"not an object",
	}}
	got := Values(in, []string{"operations[].path", "operations[].image_paths"})
	if want := []string{"a", "b", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Values = %q, want %q", got, want)
	}
}
