package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/tools"
)

// TestTranslate: each runtime's tool becomes the Claude Code tool with the
// same effect and its fields, or keeps its input under a qualified name.
func TestTranslate(t *testing.T) {
	for _, c := range []struct {
		runtime, payload string
		want             []string
	}{
		{"gemini", `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"sub","description":"list"}}`,
			[]string{`Bash /p/sub {"command":"ls","description":"list"}`}},
		{"gemini", `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"read_many_files","tool_input":{"include":["a.go","b.go"]}}`,
			[]string{`Read /p {"file_path":"a.go"}`, `Read /p {"file_path":"b.go"}`}},
		{"gemini", `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"web_fetch","tool_input":{"prompt":"see http://localhost:1/ and https://x.example/a"}}`,
			[]string{`WebFetch /p {"prompt":"see http://localhost:1/ and https://x.example/a","url":"http://localhost:1/"}`, `WebFetch /p {"prompt":"see http://localhost:1/ and https://x.example/a","url":"https://x.example/a"}`}},
		{"gemini", `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"mcp_linear_create_issue","tool_input":{"title":"x"},"mcp_context":{"server_name":"linear","tool_name":"create_issue"}}`,
			[]string{`mcp__linear__create_issue /p {"title":"x"}`}},
		{"gemini", `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"ask_user","tool_input":{"questions":[]}}`,
			[]string{`gemini:ask_user /p {"questions":[]}`}},
		{"gemini", `{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"teleport","tool_input":{}}`,
			[]string{`gemini:teleport /p {}`}},
		{"codex", `{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"Bash","tool_input":{"command":"ls"}}`,
			[]string{`Bash /p {"command":"ls"}`}},
		{"codex", `{"hook_event_name":"PreToolUse","cwd":"/p","tool_name":"mcp__fs__read","tool_input":{"path":"x"}}`,
			[]string{`mcp__fs__read /p {"path":"x"}`}},
		{"copilot", `{"cwd":"/p","toolName":"edit","toolArgs":"{\"path\":\"a.go\",\"old_str\":\"x\",\"new_str\":\"y\"}"}`,
			[]string{`Edit /p {"file_path":"a.go","new_string":"y","old_string":"x"}`}},
		{"copilot", `{"cwd":"/p","toolName":"write_bash","toolArgs":"{\"sessionId\":\"1\",\"input\":\"y\"}"}`,
			[]string{`copilot:write_bash /p {"input":"y","sessionId":"1"}`}},
		{"cursor", `{"hook_event_name":"preToolUse","workspace_roots":["/p"],"tool_name":"Delete","tool_input":{"path":"/p/old.ts"}}`,
			[]string{`Bash /p {"command":"rm -- /p/old.ts"}`}},
		{"cursor", `{"hook_event_name":"preToolUse","workspace_roots":["/p"],"tool_name":"MultiEdit","tool_input":{"file_path":"a","edits":[{"old_string":"1","new_string":"2"},{"old_string":"3","new_string":"4"}]}}`,
			[]string{`Edit /p {"file_path":"a","new_string":"2\n4","old_string":"1\n3"}`}},
		{"cursor", `{"hook_event_name":"preToolUse","workspace_roots":["/p"],"tool_name":"MCP:query","tool_input":{}}`,
			[]string{`mcp__cursor__query /p {}`}},
	} {
		a, _ := adapterFor(c.runtime)
		ev, err := a.parse([]byte(c.payload))
		if err != nil {
			t.Errorf("%s %s: %v", c.runtime, c.payload, err)
			continue
		}
		var got []string
		for _, call := range ev.Calls {
			got = append(got, call.Tool+" "+call.Dir()+" "+string(call.Input))
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s %s:\n got %q\nwant %q", c.runtime, c.payload, got, c.want)
		}
	}
}

// TestEveryURLOfAFetchIsDecided: Gemini CLI fetches every URL of the
// prompt, so a loopback URL first must not carry the others through.
func TestEveryURLOfAFetchIsDecided(t *testing.T) {
	p := policy.New(policy.Options{})
	for _, prompt := range []string{
		"compare http://localhost:8080/health with https://example.com/status",
		"summarise http://127.0.0.1:3000/ and https://x.example/c?d=QUtJQTEyMzQ1Njc4OTBBQkNERUY=",
		"read http://[::1]:9000/ then http://admin:hunter2@x.example/",
	} {
		in, _ := json.Marshal(map[string]any{"hook_event_name": "BeforeTool", "cwd": "/p", "tool_name": "web_fetch", "tool_input": map[string]any{"prompt": prompt}})
		var out, errb bytes.Buffer
		Run(context.Background(), "gemini", bytes.NewReader(in), &out, &errb, p, Options{Home: "/home/u"})
		if strings.Contains(out.String(), `"allow"`) {
			t.Errorf("%q was allowed: %s", prompt, out.String())
		}
	}
}

// TestClaudeLeavesQuestionsToThePerson: Claude Code shows a question or a
// plan for approval as the tool's permission prompt; an allow from the
// hook would answer it with nothing, so a routine question prints no
// decision, on PreToolUse and PermissionRequest alike.
func TestClaudeLeavesQuestionsToThePerson(t *testing.T) {
	allow := arbiter.Decision{Decision: arbiter.Allow, Rules: []string{"D.ask-person"}}
	for _, name := range []string{"AskUserQuestion", "ExitPlanMode"} {
		for _, event := range []string{"PreToolUse", "PermissionRequest"} {
			ev := Event{Name: event, Gate: true, Calls: []arbiter.Call{{Tool: name}}}
			if out := (claude{}).render(ev, allow); out != nil {
				t.Errorf("%s on %s answered %s", name, event, out)
			}
		}
	}
	ev := Event{Name: "PreToolUse", Gate: true, Calls: []arbiter.Call{{Tool: "TaskOutput"}}}
	if out := (claude{}).render(ev, allow); !bytes.Contains(out, []byte(`"allow"`)) {
		t.Errorf("TaskOutput was not allowed: %q", out)
	}
	deny := arbiter.Decision{Decision: arbiter.Deny, Rules: []string{"X"}, Reason: "no"}
	ev = Event{Name: "PreToolUse", Gate: true, Calls: []arbiter.Call{{Tool: "AskUserQuestion"}}}
	if out := (claude{}).render(ev, deny); !bytes.Contains(out, []byte(`"deny"`)) {
		t.Errorf("a denied question was not denied: %q", out)
	}
}

// FuzzTranslate feeds every runtime's table entries and arbitrary names
// arbitrary inputs: no panic, and a name in no table is never allowed.
func FuzzTranslate(f *testing.F) {
	for _, table := range tools.Tables() {
		for _, n := range table.Names() {
			f.Add(table.ID, n, `{"command":"ls","path":"a","edits":[{"new_string":1}],"include":["x",{}]}`)
		}
	}
	f.Add("gemini", "web_fetch", `{"prompt":"http://localhost/ https://x.example/?a=b"}`)
	f.Add("cursor", "teleport", `{}`)
	p := policy.New(policy.Options{})
	f.Fuzz(func(t *testing.T, runtime, name, input string) {
		table, ok := tools.ForRuntime(runtime)
		if !ok {
			table = tools.Gemini()
		}
		in, err := object(json.RawMessage(input))
		if err != nil {
			return
		}
		calls, err := translate(arbiter.Call{Cwd: "/p", ProjectDir: "/p", Home: "/home/u"}, table, name, in)
		if err != nil {
			return
		}
		d := decideAll(context.Background(), p, calls)
		if _, known := table.Lookup(name); !known && !strings.HasPrefix(name, "mcp__") && d.Decision == arbiter.Allow {
			t.Fatalf("unknown tool %s:%s was allowed: %v", runtime, name, d)
		}
	})
}
