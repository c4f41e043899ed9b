package tools

import (
	"strings"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
)

// Effect is what a tool does, in the terms the policy judges.
type Effect uint8

// The effects. Each says which checks the policy applies.
const (
	// Unknown is the zero Effect: no entry.
	Unknown Effect = iota
	// Runs runs a shell command (judged as Bash).
	Runs
	// Reads reads one file or image (judged as Read).
	Reads
	// ReadsMany reads every file a list of paths or patterns names.
	ReadsMany
	// Searches searches file contents under a directory (judged as Grep).
	Searches
	// Lists lists a directory or matches file names (LS, Glob): it shows
	// names and reads no file, as ls does.
	Lists
	// Writes creates or replaces a file (judged as Write).
	Writes
	// Edits changes part of a file (judged as Edit).
	Edits
	// Patches applies a patch that may add, change, move and delete
	// files; the hook adapter turns it into one call per file.
	Patches
	// Deletes deletes a file (judged as rm).
	Deletes
	// Fetches fetches a URL (judged as WebFetch).
	Fetches
	// SearchesWeb sends a query to a web search (judged as WebSearch).
	SearchesWeb
	// Delegates starts or steers a sub-agent of this session, whose own
	// tool calls pass the gate.
	Delegates
	// Asks asks the person something and waits for the answer: a
	// question, or approval of a plan. The runtime's own dialog is the
	// point of the call, so a hook must not answer it for the person.
	Asks
	// Tells shows the person something without waiting.
	Tells
	// Session is bookkeeping inside the agent's session: a todo list,
	// plan mode, a background task's output, loading deferred tools.
	Session
	// Skill loads an installed skill's or command's instructions; what
	// the skill then runs passes the gate call by call.
	Skill
	// MCPResource lists or reads a resource an MCP server offers.
	MCPResource
	// Memory saves text to the agent's memory, which later sessions
	// read as instructions.
	Memory
	// Input types text into a program the agent started.
	Input
	// Opaque does something arbiter does not judge statically; the
	// entry's Rule and Why say what, and the call is deferred.
	Opaque
	// RunsCode runs a program's source given in the call (Content) with
	// an interpreter (Interpreter, the argument vector before the code):
	// judged as that command line, so the language's reader reads it as
	// inline code.
	RunsCode
)

var effectNames = [...]string{Unknown: "unknown", Runs: "runs a command", Reads: "reads a file",
	ReadsMany: "reads files", Searches: "searches files", Lists: "lists file names", Writes: "writes a file", Edits: "edits a file",
	Patches: "applies a patch", Deletes: "deletes a file", Fetches: "fetches a URL", SearchesWeb: "searches the web",
	Delegates: "runs a sub-agent", Asks: "asks the person", Tells: "tells the person", Session: "session bookkeeping",
	Skill: "loads a skill", MCPResource: "reads an MCP resource", Memory: "saves to memory",
	Input: "types into a running program", Opaque: "not judged statically",
	RunsCode: "runs code given inline"}

func (e Effect) String() string {
	if int(e) < len(effectNames) {
		return effectNames[e]
	}
	return "effect(?)"
}

// Tool is one built-in tool and the input fields that matter to the
// policy. Each field list names the input keys that may hold the value,
// in order of preference; the first that holds a non-empty string wins.
type Tool struct {
	Name   string
	Effect Effect
	// Path names the file or directory acted on.
	Path []string
	// Paths hold lists of paths or glob patterns, each one read.
	Paths []string
	// Command holds a shell command; Dir the directory it runs in.
	Command []string
	Dir     []string
	// URL holds the URL fetched; Prompt the text sent with it (for a
	// fetch with no URL field, the first URL in Prompt is fetched).
	URL    []string
	Prompt []string
	// Query holds a web search's text; Pattern a search pattern.
	Query   []string
	Pattern []string
	// Content holds the text written. "edits[].new_string" reaches each
	// new_string of a list of edits.
	Content []string
	// Old holds the text an edit replaces.
	Old []string
	// Subject names what the call is about: the skill or command loaded,
	// the MCP resource read.
	Subject []string
	// Rule and Why explain an Opaque tool's deferral.
	Rule catalog.ID
	Why  string
	// Interpreter is the command a RunsCode tool's code is given to,
	// inline: python3 -c.
	Interpreter []string
}

// Table is one runtime's built-in tools.
type Table struct {
	// ID is the runtime as `arbiter hook` names it ("claude", "gemini").
	ID string
	// Runtime is the product's name.
	Runtime string
	// File and Var locate the table for a contributor.
	File, Var string
	tools     []Tool
}

// Lookup returns the named tool.
func (t *Table) Lookup(name string) (Tool, bool) {
	for _, x := range t.tools {
		if x.Name == name {
			return x, true
		}
	}
	return Tool{}, false
}

// Names lists the tools of the table, in table order.
func (t *Table) Names() []string {
	out := make([]string, len(t.tools))
	for i, x := range t.tools {
		out[i] = x.Name
	}
	return out
}

// Where names the table for a contributor: "claudeCode in tools/claude.go".
func (t *Table) Where() string { return t.Var + " in " + t.File }

// tables are the runtimes' tables by their IDs in the registry (package
// agents), Claude Code's first. A table is built when it is first asked
// for, not when another runtime's is.
var tables = [...]struct {
	id    string
	table func() *Table
}{
	{agents.Claude, ClaudeCode},
	{agents.Codex, Codex},
	{agents.Gemini, Gemini},
	{agents.Cursor, Cursor},
	{agents.Copilot, Copilot},
	{agents.Qwen, Qwen},
	{agents.Droid, Droid},
	{agents.OpenCode, OpenCode},
	{agents.Pi, Pi},
	{agents.Kiro, Kiro},
	{agents.Cline, Cline},
	{agents.Kilo, Kilo},
	{agents.Amp, Amp},
	{agents.Antigravity, Antigravity},
	{agents.Devin, Devin},
	{agents.OpenClaw, OpenClaw},
	{agents.Hermes, Hermes},
}

// Tables returns every runtime's table, Claude Code's first.
func Tables() []*Table {
	out := make([]*Table, len(tables))
	for i, t := range tables {
		out[i] = t.table()
	}
	return out
}

// ForRuntime returns the table of a runtime by its ID.
func ForRuntime(id string) (*Table, bool) {
	for _, t := range tables {
		if t.id == id {
			return t.table(), true
		}
	}
	return nil, false
}

// Qualify names another runtime's tool in a Call: "gemini:save_memory".
// Claude Code's tools keep their own names, which are the Call's naming.
func Qualify(t *Table, name string) string {
	if t.ID == agents.Claude {
		return name
	}
	return t.ID + ":" + name
}

// Resolve finds the tool a Call names: a Claude Code name, or a name
// qualified with another runtime's ID. It returns the table it looked in
// (for the reason when the name is in none) and the unqualified name.
func Resolve(callTool string) (Tool, *Table, string, bool) {
	if id, name, ok := strings.Cut(callTool, ":"); ok {
		if t, ok := ForRuntime(id); ok && t.ID != agents.Claude {
			x, found := t.Lookup(name)
			return x, t, name, found
		}
	}
	t := ClaudeCode()
	x, found := t.Lookup(callTool)
	return x, t, callTool, found
}
