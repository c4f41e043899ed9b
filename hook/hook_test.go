package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
)

func TestPatchCalls(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: a.txt\n+hello\n*** Update File: b.go\n@@\n-x\n+y\n*** Move to: c.go\n*** Delete File: d.txt\n*** End Patch\n"
	calls, err := patchCalls(arbiter.Call{Cwd: "/p"}, patch)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range calls {
		got = append(got, c.Tool+" "+string(c.Input))
	}
	want := []string{
		`Write {"content":"hello","file_path":"a.txt"}`,
		`Bash {"command":"mv -- b.go c.go"}`,
		`Edit {"file_path":"c.go","new_string":"y","old_string":""}`,
		`Bash {"command":"rm -- d.txt"}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := patchCalls(arbiter.Call{}, "rm -rf /"); err == nil {
		t.Error("a non-patch was accepted")
	}
}

// fixed answers every call with one decision per tool name.
type fixed map[string]arbiter.Verdict

func (f fixed) Decide(_ context.Context, c arbiter.Call) arbiter.Decision {
	return arbiter.Decision{Decision: f[c.Tool], Rules: []string{c.Tool}, Source: arbiter.SourceStatic}
}

func TestDecideAllKeepsStrictest(t *testing.T) {
	dec := fixed{"Write": arbiter.Allow, "Bash": arbiter.Ask, "Edit": arbiter.Allow}
	d := decideAll(context.Background(), dec, []arbiter.Call{{Tool: "Write"}, {Tool: "Bash"}, {Tool: "Edit"}})
	if d.Decision != arbiter.Ask || strings.Join(d.Rules, ",") != "Bash" {
		t.Errorf("got %s %v, want ask [Bash]", d.Decision, d.Rules)
	}
}

// panicky fails inside the decision, as a bug would.
type panicky struct{}

func (panicky) Decide(context.Context, arbiter.Call) arbiter.Decision { panic("boom") }

func TestPanicDefers(t *testing.T) {
	payload := `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	for _, failClosed := range []bool{false, true} {
		var out, errb bytes.Buffer
		code := Run(context.Background(), "claude", strings.NewReader(payload), &out, &errb, panicky{}, Options{FailClosed: failClosed})
		if code != 0 {
			t.Errorf("exit %d", code)
		}
		switch {
		case !failClosed && out.Len() != 0:
			t.Errorf("a panic answered %q, want no decision", out.String())
		case failClosed && !strings.Contains(out.String(), `"deny"`):
			t.Errorf("a panic with FailClosed answered %q, want deny", out.String())
		}
		if !strings.Contains(errb.String(), "boom") {
			t.Errorf("stderr %q does not name the failure", errb.String())
		}
	}
}

// FuzzHook feeds arbitrary payloads to every runtime: no panic escapes,
// the status is 0, and the answer is valid JSON (or nothing).
func FuzzHook(f *testing.F) {
	f.Add("claude", `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf /"}}`)
	f.Add("codex", `{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch"}}`)
	f.Add("gemini", `{"hook_event_name":"BeforeTool","tool_name":"read_many_files","tool_input":{"paths":["~/.ssh/id_rsa"]}}`)
	f.Add("cursor", `{"hook_event_name":"preToolUse","tool_name":"MCP:x","tool_input":"{\"a\":1}"}`)
	f.Add("copilot", `{"toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`)
	p := policy.New(policy.Options{})
	f.Fuzz(func(t *testing.T, runtime, payload string) {
		if !Known(runtime) {
			runtime = "claude"
		}
		var out, errb bytes.Buffer
		code := Run(context.Background(), runtime, strings.NewReader(payload), &out, &errb, p, Options{Home: "/home/u"})
		if code != 0 {
			t.Fatalf("exit %d for %q", code, payload)
		}
		if out.Len() > 0 && !json.Valid(out.Bytes()) {
			t.Fatalf("answer is not JSON: %q", out.String())
		}
		if !json.Valid([]byte(payload)) && strings.Contains(out.String(), "allow") {
			t.Fatalf("invalid JSON was allowed: %q", out.String())
		}
	})
}
