package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Qwen is Qwen Code's table.
func Qwen() *Table { return qwen.Get() }

// Sources: ToolNames in the Qwen Code 0.24.4 bundle (packages/core
// tools/tool-names.ts) and each tool's parameter schema there. Qwen Code
// forked Gemini CLI but renamed most parameters in Claude Code's style
// (file_path, old_string); the shell still runs in "directory". Left out,
// so deferred by name: tool_call (another tool called by name from code)
// and the omni_* media tools, which only fixed policies call by default.
var qwen = lazy.New(func() *Table {
	file := []string{"file_path", "absolute_path", "path"}
	dir := []string{"path", "dir_path"}
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	return &Table{ID: agents.Qwen, Runtime: agents.Name(agents.Qwen), File: "tools/qwen.go", Var: "qwen", tools: []Tool{
		{Name: "run_shell_command", Effect: Runs, Command: []string{"command"}, Dir: []string{"directory", "dir_path"}},
		// monitor runs a command in the background and streams its events.
		{Name: "monitor", Effect: Runs, Command: []string{"command"}, Dir: []string{"directory"}},
		{Name: "read_file", Effect: Reads, Path: file},
		{Name: "zoom_image", Effect: Reads, Path: file},
		{Name: "list_directory", Effect: Lists, Path: dir},
		{Name: "glob", Effect: Lists, Path: dir, Pattern: []string{"pattern"}},
		{Name: "grep_search", Effect: Searches, Path: dir, Pattern: []string{"pattern"}},
		{Name: "lsp", Effect: Searches, Path: []string{"filePath", "file_path"}},
		{Name: "write_file", Effect: Writes, Path: file, Content: []string{"content"}},
		{Name: "edit", Effect: Edits, Path: file, Content: []string{"new_string"}, Old: []string{"old_string"}},
		{Name: "notebook_edit", Effect: Edits, Path: []string{"notebook_path"}, Content: []string{"new_source"}},
		{Name: "web_fetch", Effect: Fetches, URL: []string{"url"}, Prompt: []string{"prompt"}},
		{Name: "web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "save_memory", Effect: Memory},
		{Name: "todo_write", Effect: Session},
		{Name: "task_create", Effect: Session},
		{Name: "task_update", Effect: Session},
		{Name: "task_list", Effect: Session},
		{Name: "task_stop", Effect: Session},
		{Name: "list_agents", Effect: Session},
		{Name: "tool_search", Effect: Session},
		{Name: "cron_list", Effect: Session},
		{Name: "cron_delete", Effect: Session},
		{Name: "enter_plan_mode", Effect: Session},
		{Name: "enter_worktree", Effect: Session},
		{Name: "get_goal", Effect: Session},
		{Name: "update_goal", Effect: Session},
		{Name: "structured_output", Effect: Tells},
		{Name: "report_findings", Effect: Tells},
		{Name: "record_source", Effect: Session},
		{Name: "ask_user_question", Effect: Asks},
		{Name: "exit_plan_mode", Effect: Asks},
		{Name: "skill", Effect: Skill, Subject: []string{"skill"}},
		{Name: "read_mcp_resource", Effect: MCPResource, Subject: []string{"uri", "server"}},
		{Name: "agent", Effect: Delegates},
		{Name: "create_sub_session", Effect: Delegates},
		{Name: "team_create", Effect: Delegates},
		{Name: "team_delete", Effect: Delegates},
		{Name: "team_plan_approval", Effect: Delegates},
		{Name: "request_shutdown", Effect: Delegates},
		opaque("exec", catalog.UReplCode, "runs JavaScript in Qwen Code's isolated runtime, which arbiter does not analyse"),
		opaque("cron_create", catalog.CScheduledPrompt, "a scheduled prompt later runs as if the person had typed it"),
		opaque("loop_wakeup", catalog.CScheduledPrompt, "a scheduled prompt later runs as if the person had typed it"),
		opaque("send_message", catalog.CAgentMessage, "a message to another agent session can steer what it does"),
		opaque("exit_worktree", catalog.CWorktreeExit, "leaving a worktree can remove it together with its uncommitted changes"),
		opaque("workflow", catalog.UWorkflowScript, "runs a workflow script, which arbiter does not analyse"),
		opaque("artifact", catalog.C5Upload, "publishes a file as an artifact, so its content may leave the machine"),
		opaque("record_artifact", catalog.C5Upload, "publishes a file as an artifact, so its content may leave the machine"),
		opaque("image_gen", catalog.C5Upload, "sends a prompt to an image model and writes the image it returns"),
	}}
})
