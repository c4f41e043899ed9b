package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Hermes is Hermes Agent's table.
func Hermes() *Table { return hermes.Get() }

// Sources: _HERMES_CORE_TOOLS and TOOLSETS in NousResearch/hermes-agent
// (toolsets.py), and the schemas of the file tools (tools/file_tools.py):
// patch edits in mode replace and applies a V4A patch in mode patch,
// which the adapter tells apart. execute_code runs a Python script, whose
// calls into hermes_tools the Python reader does not know, so only code
// that only computes is allowed. MCP tools (mcp_SERVER_TOOL) cannot be
// split into server and tool and are deferred by name.
var hermes = lazy.New(func() *Table {
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	tools := []Tool{
		{Name: "terminal", Effect: Runs, Command: []string{"command"}, Dir: []string{"workdir"}},
		{Name: "process_manage", Effect: Input},
		{Name: "execute_code", Effect: RunsCode, Content: []string{"code"}, Interpreter: []string{"python3", "-c"}},
		{Name: "read_file", Effect: Reads, Path: []string{"path"}},
		{Name: "write_file", Effect: Writes, Path: []string{"path"}, Content: []string{"content"}},
		{Name: "patch", Effect: Edits, Path: []string{"path"}, Content: []string{"new_string"}, Old: []string{"old_string"}},
		{Name: "search_files", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "web_extract", Effect: Fetches, URL: []string{"urls", "url"}},
		{Name: "todo_list", Effect: Session},
		{Name: "skills_list", Effect: Session},
		{Name: "session_search", Effect: Session},
		{Name: "skill_view", Effect: Skill, Subject: []string{"name"}},
		{Name: "memory", Effect: Memory},
		{Name: "clarify", Effect: Asks},
		{Name: "delegate_task", Effect: Delegates},
		opaque("skill_manage", catalog.B5AgentConfig, "writes a skill, whose instructions later sessions follow"),
		opaque("cronjob_manage", catalog.CScheduledPrompt, "a scheduled prompt later runs as if the person had typed it"),
		opaque("image_generate", catalog.C5Upload, "sends a prompt to an image model and keeps what it returns"),
		opaque("text_to_speech", catalog.C5Upload, "sends the text to a speech service"),
	}
	// Each browser tool operates the browser Hermes drives.
	for _, b := range []string{"browser_navigate", "browser_snapshot", "browser_click", "browser_type", "browser_scroll",
		"browser_back", "browser_press", "browser_get_images", "browser_vision", "browser_console", "browser_cdp",
		"browser_dialog", "browser_exec"} {
		tools = append(tools, opaque(b, catalog.CExternal, "operates a web browser"))
	}
	return &Table{ID: agents.Hermes, Runtime: agents.Name(agents.Hermes), File: "tools/hermes.go", Var: "hermes", tools: tools}
})
