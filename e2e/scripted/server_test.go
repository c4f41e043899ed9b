package scripted

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// post sends one request and returns the status and body.
func post(t *testing.T, srv *httptest.Server, path, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func TestTurns(t *testing.T) {
	const cmd = `touch "a b.txt"`
	tests := []struct {
		api  API
		path string
		// first offers tools and carries no result; second carries the
		// result; side offers no tools.
		first, second, side string
		// call is a fragment the tool-call stream must hold.
		call string
		want Result
	}{
		{
			api: Anthropic, path: "/v1/messages?beta=true",
			first:  `{"stream": true, "tools": [{"name": "Bash"}], "messages": [{"role": "user", "content": "go"}]}`,
			second: `{"tools": [{"name": "Bash"}], "messages": [{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_scripted_1", "is_error": true, "content": [{"type": "text", "text": "denied: no"}]}]}]}`,
			side:   `{"messages": [{"role": "user", "content": "title?"}]}`,
			call:   `"partial_json":"{\"command\":\"touch \\\"a b.txt\\\"\"`,
			want:   Result{CallID: "toolu_scripted_1", Output: "denied: no", IsError: true},
		},
		{
			api: OpenAI, path: "/v1/responses",
			first:  `{"tools": [{"type": "function", "name": "exec_command"}], "input": [{"type": "message", "role": "user"}]}`,
			second: `{"tools": [{"type": "function", "name": "exec_command"}], "input": [{"type": "function_call", "call_id": "call_scripted_1"}, {"type": "function_call_output", "call_id": "call_scripted_1", "output": "blocked"}]}`,
			side:   `{"input": []}`,
			call:   `"name":"exec_command"`,
			want:   Result{CallID: "call_scripted_1", Output: "blocked"},
		},
		{
			api: Chat, path: "/v1/chat/completions",
			first:  `{"stream": true, "tools": [{"type": "function", "function": {"name": "run_commands"}}], "messages": [{"role": "user", "content": "go"}]}`,
			second: `{"tools": [{"type": "function", "function": {"name": "run_commands"}}], "messages": [{"role": "assistant", "tool_calls": [{"id": "call_scripted_1"}]}, {"role": "tool", "tool_call_id": "call_scripted_1", "content": "cancelled"}]}`,
			side:   `{"messages": [{"role": "user", "content": "title?"}]}`,
			call:   `"arguments":"{\"commands\":[\"touch \\\"a b.txt\\\"\"]}"`,
			want:   Result{CallID: "call_scripted_1", Output: "cancelled"},
		},
		{
			api: Gemini, path: "/v1beta/models/m:streamGenerateContent",
			first:  `{"tools": [{"functionDeclarations": [{"name": "run_shell_command"}]}], "contents": [{"role": "user", "parts": [{"text": "go"}]}]}`,
			second: `{"tools": [{"functionDeclarations": [{"name": "run_shell_command"}]}], "contents": [{"role": "user", "parts": [{"functionResponse": {"id": "c1", "name": "run_shell_command", "response": {"error": "no"}}}]}]}`,
			side:   `{"contents": []}`,
			call:   `"functionCall":{"args":{"command":"touch \"a b.txt\""`,
			want:   Result{CallID: "c1", Output: `{"error":"no"}`},
		},
	}
	for _, tt := range tests {
		t.Run(string(tt.api), func(t *testing.T) {
			s := New(tt.api, Call{Command: cmd})
			srv := httptest.NewServer(s)
			defer srv.Close()

			status, body := post(t, srv, tt.path, tt.first)
			if status != http.StatusOK || !strings.Contains(body, tt.call) {
				t.Fatalf("first turn: status %d, want the tool call (%s) in:\n%s", status, tt.call, body)
			}
			if strings.Contains(body, closing) {
				t.Errorf("first turn also closed the run:\n%s", body)
			}
			select {
			case <-s.Done():
				t.Fatal("Done before any result came back")
			default:
			}

			for _, b := range []string{tt.second, tt.second} { // a retry is recorded once
				status, body = post(t, srv, tt.path, b)
				if status != http.StatusOK || !strings.Contains(body, closing) {
					t.Fatalf("second turn: status %d, want the closing text in:\n%s", status, body)
				}
			}
			if got := s.Results(); len(got) != 1 || got[0] != tt.want {
				t.Errorf("results = %+v, want [%+v]", got, tt.want)
			}
			select {
			case <-s.Done():
			default:
				t.Error("not Done after the result came back")
			}

			if status, body = post(t, srv, tt.path, tt.side); status != http.StatusOK || !strings.Contains(body, closing) {
				t.Errorf("a request offering no tools: status %d, want the closing text in:\n%s", status, body)
			}
			if got := len(s.Requests()); got != 4 {
				t.Errorf("recorded %d requests, want 4", got)
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	tests := []struct {
		name, api, path, body string
		want                  int
	}{
		{"unknown path", string(Anthropic), "/v1/complete", `{}`, http.StatusNotFound},
		{"Responses path to the Chat server", string(Chat), "/v1/responses", `{}`, http.StatusNotFound},
		{"other API's path", string(Gemini), "/v1/responses", `{}`, http.StatusNotFound},
		{"not JSON", string(OpenAI), "/v1/responses", `{"tools": [`, http.StatusBadRequest},
		{"JSON but not an object", string(Anthropic), "/v1/messages", `[1]`, http.StatusBadRequest},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(API(tt.api), Call{Command: "true"})
			srv := httptest.NewServer(s)
			defer srv.Close()
			if status, body := post(t, srv, tt.path, tt.body); status != tt.want {
				t.Errorf("status %d, want %d (%s)", status, tt.want, body)
			}
			if len(s.Results()) != 0 {
				t.Errorf("a refused request recorded a result")
			}
		})
	}
}

func TestEscalation(t *testing.T) {
	tests := []struct {
		name  string
		tools string
		want  []string
	}{
		{"exec_command", `[{"name": "exec_command"}]`, []string{`\"sandbox_permissions\":\"require_escalated\"`, `\"justification\":\"why\"`, `\"cmd\":\"touch x\"`}},
		{"older shell tool", `[{"name": "shell"}]`, []string{`"name":"shell"`, `\"with_escalated_permissions\":true`, `\"command\":[\"bash\",\"-lc\",\"touch x\"]`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(OpenAI, Call{Command: "touch x", Escalate: true, Justification: "why"})
			srv := httptest.NewServer(s)
			defer srv.Close()
			_, body := post(t, srv, "/v1/responses", `{"tools": `+tt.tools+`, "input": []}`)
			for _, w := range tt.want {
				if !strings.Contains(body, w) {
					t.Errorf("the function call lacks %s:\n%s", w, body)
				}
			}
		})
	}
}

func TestSequence(t *testing.T) {
	s := New(Anthropic, Call{Command: "git status"}, Call{Command: "touch x"})
	srv := httptest.NewServer(s)
	defer srv.Close()
	const tools = `"tools": [{"name": "Bash"}]`
	result := func(n int) string {
		return fmt.Sprintf(`{"type": "tool_result", "tool_use_id": "toolu_scripted_%d", "content": "ok %d"}`, n, n)
	}
	turns := []struct {
		body, want string
		done       bool
	}{
		{`{` + tools + `, "messages": [{"role": "user", "content": "go"}]}`, `git status`, false},
		{`{` + tools + `, "messages": [{"role": "user", "content": [` + result(1) + `]}]}`, `touch x`, false},
		{`{` + tools + `, "messages": [{"role": "user", "content": [` + result(1) + `]}, {"role": "user", "content": [` + result(2) + `]}]}`, closing, true},
	}
	for i, tt := range turns {
		if _, body := post(t, srv, "/v1/messages", tt.body); !strings.Contains(body, tt.want) {
			t.Fatalf("turn %d: want %q in:\n%s", i+1, tt.want, body)
		}
		select {
		case <-s.Done():
			if !tt.done {
				t.Fatalf("turn %d: Done before every call had its result", i+1)
			}
		default:
			if tt.done {
				t.Fatalf("turn %d: not Done after every call had its result", i+1)
			}
		}
	}
	if got := s.Results(); len(got) != 2 || got[0].Output != "ok 1" || got[1].Output != "ok 2" {
		t.Errorf("results = %+v", got)
	}
}
