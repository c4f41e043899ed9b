package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Kiro is Kiro CLI's table.
func Kiro() *Table { return kiro.Get() }

// Sources: the built-in tools and their input schemas in Kiro CLI's
// tool_index.json (crates/chat-cli of aws/amazon-q-developer-cli, from
// which Kiro CLI grew) and the built-in tools page of Kiro CLI's
// documentation. A hook receives the tool's own name (fs_write, not its
// alias write). fs_read runs a list of operations, each reading a file,
// a directory or images; fs_write creates, replaces, inserts into or
// appends to a file, so each is judged as a write of the text it adds.
// Left out, so deferred by name: code (symbol search and edits through a
// language server), whose operations are not documented.
var kiro = lazy.New(func() *Table {
	opaque := func(name string, rule catalog.ID, why string) Tool {
		return Tool{Name: name, Effect: Opaque, Rule: rule, Why: why}
	}
	return &Table{ID: agents.Kiro, Runtime: agents.Name(agents.Kiro), File: "tools/kiro.go", Var: "kiro", tools: []Tool{
		{Name: "execute_bash", Effect: Runs, Command: []string{"command"}, Dir: []string{"working_dir"}},
		{Name: "fs_read", Effect: ReadsMany, Paths: []string{"operations[].path", "operations[].image_paths"}},
		{Name: "glob", Effect: Lists, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "grep", Effect: Searches, Path: []string{"path"}, Pattern: []string{"pattern"}},
		{Name: "fs_write", Effect: Writes, Path: []string{"path"}, Content: []string{"file_text", "new_str"}},
		{Name: "web_fetch", Effect: Fetches, URL: []string{"url"}},
		{Name: "web_search", Effect: SearchesWeb, Query: []string{"query"}},
		{Name: "todo_list", Effect: Session},
		{Name: "thinking", Effect: Session},
		{Name: "introspect", Effect: Session},
		// dummy is Kiro's answer to a call of a tool it does not have: it
		// runs nothing.
		{Name: "dummy", Effect: Session},
		{Name: "knowledge", Effect: Memory},
		{Name: "switch_to_execution", Effect: Asks},
		{Name: "use_subagent", Effect: Delegates},
		{Name: "delegate", Effect: Delegates},
		opaque("use_aws", catalog.C1CloudRead, "calls the AWS API its service and operation name, which arbiter does not analyse (the call may change resources as well as read them)"),
		opaque("session", catalog.B5AgentConfig, "changes Kiro CLI's settings for the session, which can widen what it is allowed to do"),
		opaque("report_issue", catalog.C5Upload, "opens an issue form prefilled with the conversation, so its content may leave the machine"),
	}}
})
