package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/tools"
)

// payload holds the fields Claude Code, Codex and Gemini CLI share (the
// snake_case hook format). Unknown fields are ignored.
type payload struct {
	SessionID      string          `json:"session_id"`
	TranscriptPath *string         `json:"transcript_path"`
	Cwd            string          `json:"cwd"`
	HookEventName  string          `json:"hook_event_name"`
	PermissionMode string          `json:"permission_mode"`
	ToolName       string          `json:"tool_name"`
	ToolInput      json.RawMessage `json:"tool_input"`
	ToolUseID      string          `json:"tool_use_id"`
	// MCPContext names the server and tool of a Gemini CLI MCP call.
	MCPContext *mcpContext `json:"mcp_context"`
}

type mcpContext struct {
	ServerName string `json:"server_name"`
	ToolName   string `json:"tool_name"`
}

// toolInput returns the call's tool input, failing when the payload names
// no tool or the input is not an object.
// UnmarshalJSON reads the payload's known keys by their exact names.
// Decoding through a map rather than by struct tags spares the hook the
// reflection over the struct's fields that a fresh process pays on its
// first struct decode.
func (p *payload) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	fields := [...]struct {
		key string
		to  *string
	}{
		{"session_id", &p.SessionID}, {"cwd", &p.Cwd}, {"hook_event_name", &p.HookEventName},
		{"permission_mode", &p.PermissionMode}, {"tool_name", &p.ToolName}, {"tool_use_id", &p.ToolUseID},
	}
	for _, f := range fields {
		if err := field(m, f.key, f.to); err != nil {
			return err
		}
	}
	if v, ok := m["transcript_path"]; ok && string(v) != "null" {
		p.TranscriptPath = new(string)
		if err := field(m, "transcript_path", p.TranscriptPath); err != nil {
			return err
		}
	}
	p.ToolInput = m["tool_input"]
	if v, ok := m["mcp_context"]; ok && string(v) != "null" {
		var c map[string]json.RawMessage
		if err := json.Unmarshal(v, &c); err != nil {
			return fmt.Errorf("mcp_context: %w", err)
		}
		p.MCPContext = &mcpContext{}
		if err := field(c, "server_name", &p.MCPContext.ServerName); err != nil {
			return err
		}
		if err := field(c, "tool_name", &p.MCPContext.ToolName); err != nil {
			return err
		}
	}
	return nil
}

// field decodes m[key], when present and not null, into a string.
func field(m map[string]json.RawMessage, key string, to *string) error {
	v, ok := m[key]
	if !ok || string(v) == "null" {
		return nil
	}
	if err := json.Unmarshal(v, to); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

func (p payload) toolInput() (map[string]any, error) {
	if p.ToolName == "" {
		return nil, fmt.Errorf("the payload has no tool_name")
	}
	return object(p.ToolInput)
}

// permissionRequestAnswer is Claude Code's and Codex's answer to a
// PermissionRequest: allow or deny settle the prompt; ask and defer print
// nothing, so the prompt shows as usual.
func permissionRequestAnswer(d arbiter.Decision) []byte {
	var decision map[string]any
	switch d.Decision {
	case arbiter.Allow:
		decision = map[string]any{"behavior": "allow"}
	case arbiter.Deny:
		decision = map[string]any{"behavior": "deny", "message": reason(d)}
	default:
		return nil
	}
	return mustMarshal(map[string]any{"hookSpecificOutput": map[string]any{"hookEventName": "PermissionRequest", "decision": decision}})
}

func (p payload) transcript() string {
	if p.TranscriptPath == nil {
		return ""
	}
	return *p.TranscriptPath
}

// decodePayload reads a payload that must be one JSON object.
func decodePayload(raw []byte, v any) error {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 || t[0] != '{' {
		return errors.New("the payload is not a JSON object")
	}
	if err := json.Unmarshal(t, v); err != nil {
		return fmt.Errorf("the payload is not valid JSON: %w", err)
	}
	return nil
}

// object returns a tool input as a JSON object. Some runtimes send the
// arguments as a string holding JSON; that is unwrapped once.
func object(raw json.RawMessage) (map[string]any, error) {
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && t[0] == '"' {
		var s string
		if err := json.Unmarshal(t, &s); err != nil {
			return nil, fmt.Errorf("the tool input is not valid JSON: %w", err)
		}
		t = bytes.TrimSpace([]byte(s))
	}
	if len(t) == 0 || t[0] != '{' {
		return nil, errors.New("the tool input is not a JSON object")
	}
	var m map[string]any
	if err := json.Unmarshal(t, &m); err != nil {
		return nil, fmt.Errorf("the tool input is not valid JSON: %w", err)
	}
	return m, nil
}

// str returns the first of keys that holds a string.
func str(m map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := m[k].(string); ok {
			return s
		}
	}
	return ""
}

// call builds a Call in Claude Code's naming from a tool and its input.
// The input is kept decoded beside Input, so that the policy and the
// decision log do not decode it again; an unencodable one (NaN) leaves
// Input empty, on which the policy fails closed.
func call(base arbiter.Call, tool string, input map[string]any) arbiter.Call {
	base.Tool = tool
	return base.WithDecoded(input)
}

// bash builds a Bash call for a command arbiter composes itself.
func bash(base arbiter.Call, words ...string) arbiter.Call {
	quoted := make([]string, len(words))
	for i, w := range words {
		q, err := syntax.Quote(w, syntax.LangBash)
		if err != nil {
			// A word bash cannot quote (a NUL byte) is left raw: the
			// analysis then reports it as unresolvable.
			q = w
		}
		quoted[i] = q
	}
	return call(base, "Bash", map[string]any{"command": strings.Join(quoted, " ")})
}

// reason prefixes a decision's reason with its rules, so that the reader
// can look a rule up by id.
func reason(d arbiter.Decision) string {
	if len(d.Rules) == 0 {
		return "arbiter: " + d.Reason
	}
	return "arbiter (" + strings.Join(d.Rules, ", ") + "): " + d.Reason
}

// confirmReason is the deny reason for an "ask" on a runtime that cannot
// show a confirmation from a hook: the call is blocked rather than left to
// run unreviewed, and the agent is told how a person can approve it.
func confirmReason(d arbiter.Decision) string {
	return reason(d) + " This needs a person's confirmation, which this runtime cannot ask for from a hook, so it was blocked. Instead, ask the user to confirm it or to run it themselves. Do not retry this in another form."
}

func mustMarshal(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only fixed shapes of strings are marshalled here
	}
	return append(b, '\n')
}

// translate turns one of a runtime's tool calls into arbiter's Calls, by
// the runtime's tool table. A tool whose checks read its input (a shell,
// file or web tool) becomes the Claude Code tool with the same effect, so
// that every layer (policy, judge, decision log) reads fields it knows. A
// patch becomes one call per file. Any other tool keeps its input under
// its name qualified with the runtime ("gemini:ask_user"), which the
// policy looks up in the same table; so does a name in no table, which
// the policy defers, naming the table to add it to.
func translate(base arbiter.Call, table *tools.Table, name string, in map[string]any) ([]arbiter.Call, error) {
	if strings.HasPrefix(name, "mcp__") {
		return []arbiter.Call{call(base, name, in)}, nil
	}
	t, ok := table.Lookup(name)
	if !ok {
		return []arbiter.Call{call(base, tools.Qualify(table, name), in)}, nil
	}
	get := func(keys []string) string { return tools.Value(in, keys) }
	all := func(keys []string) string { return strings.Join(tools.Values(in, keys), "\n") }
	one := func(tool string, input map[string]any) ([]arbiter.Call, error) {
		return []arbiter.Call{call(base, tool, input)}, nil
	}
	switch t.Effect {
	case tools.Runs:
		if dir := get(t.Dir); dir != "" {
			base.Cwd = resolveDir(base.Cwd, dir)
		}
		cmds := tools.Values(in, t.Command)
		if len(cmds) > 1 {
			// Each command of a list runs on its own (Cline's run_commands):
			// one Bash call each, so that one's cd does not move another.
			calls := make([]arbiter.Call, len(cmds))
			for i, cmd := range cmds {
				calls[i] = call(base, "Bash", map[string]any{"command": cmd})
			}
			return calls, nil
		}
		c := map[string]any{"command": get(t.Command)}
		if len(cmds) == 1 {
			c["command"] = cmds[0] // a list of one
		}
		if d := str(in, "description"); d != "" {
			c["description"] = d
		}
		return one("Bash", c)
	case tools.Reads:
		return one("Read", map[string]any{"file_path": get(t.Path)})
	case tools.ReadsMany:
		var calls []arbiter.Call
		for _, p := range tools.Values(in, t.Paths) {
			calls = append(calls, call(base, "Read", map[string]any{"file_path": p}))
		}
		if len(calls) > 0 {
			return calls, nil
		}
	case tools.Searches:
		// Grep's checks are the ones of every listing and search tool.
		return one("Grep", map[string]any{"pattern": get(t.Pattern), "path": get(t.Path)})
	case tools.Writes:
		return one("Write", map[string]any{"file_path": get(t.Path), "content": all(t.Content)})
	case tools.Edits:
		return one("Edit", map[string]any{"file_path": get(t.Path), "old_string": all(t.Old), "new_string": all(t.Content)})
	case tools.Deletes:
		if p := get(t.Path); p != "" {
			return []arbiter.Call{bash(base, "rm", "--", p)}, nil
		}
	case tools.Patches:
		return patchCalls(base, get(t.Content))
	case tools.Fetches:
		return fetchCalls(base, t, in), nil
	case tools.SearchesWeb:
		return one("WebSearch", map[string]any{"query": get(t.Query)})
	case tools.RunsCode:
		// The code as the interpreter's inline argument: the shell
		// analysis hands it to the language's reader.
		if code := get(t.Content); code != "" {
			return []arbiter.Call{bash(base, append(slices.Clone(t.Interpreter), code)...)}, nil
		}
	}
	return one(tools.Qualify(table, name), in)
}

// fetchCalls is a WebFetch per URL: the URL field's, or every URL of the
// prompt for a tool that has none.
func fetchCalls(base arbiter.Call, t tools.Tool, in map[string]any) []arbiter.Call {
	prompt := tools.Value(in, t.Prompt)
	urls := tools.Values(in, t.URL)
	if len(urls) > 1 {
		// A list of requests (Cline's fetch_web_content): a WebFetch each.
		prompt = strings.Join(tools.Values(in, t.Prompt), "\n")
		calls := make([]arbiter.Call, len(urls))
		for i, u := range urls {
			calls[i] = call(base, "WebFetch", map[string]any{"url": u, "prompt": prompt})
		}
		return calls
	}
	if len(t.URL) > 0 {
		u := tools.Value(in, t.URL)
		if len(urls) == 1 {
			u, prompt = urls[0], strings.Join(tools.Values(in, t.Prompt), "\n") // a list of one
		}
		return []arbiter.Call{call(base, "WebFetch", map[string]any{"url": u, "prompt": prompt})}
	}
	var calls []arbiter.Call
	for _, u := range urlPattern.FindAllStringSubmatch(prompt, -1) {
		calls = append(calls, call(base, "WebFetch", map[string]any{"url": u[0], "prompt": prompt}))
	}
	if len(calls) == 0 {
		// No URL: the policy defers a fetch that names none.
		calls = append(calls, call(base, "WebFetch", map[string]any{"url": "", "prompt": prompt}))
	}
	return calls
}

var urlPattern = lazyregexp.New(`https?://[^\s"'<>)\]]+`)

// resolveDir returns the directory a command runs in: dir, relative to
// the session's cwd unless absolute.
func resolveDir(cwd, dir string) string {
	if filepath.IsAbs(dir) || cwd == "" {
		return dir
	}
	return filepath.Join(cwd, dir)
}

// asksPerson reports whether a call only asks the person something. The
// runtime's permission dialog for such a tool is the question itself, so
// an allow from the hook would answer it for the person.
func asksPerson(calls []arbiter.Call) bool {
	for _, c := range calls {
		if t, _, _, ok := tools.Resolve(c.Tool); ok && t.Effect == tools.Asks {
			return true
		}
	}
	return false
}
