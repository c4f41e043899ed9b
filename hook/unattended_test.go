package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestUnattendedSessions: in a session whose runtime asks nothing
// (permission_mode bypassPermissions), a defer runs unreviewed; with
// AskUnattended it becomes an ask, and a deny stays a deny. In other
// modes nothing changes.
func TestUnattendedSessions(t *testing.T) {
	payload := func(runtime, mode string) string {
		p := map[string]any{"session_id": "s", "cwd": "/p", "hook_event_name": "PreToolUse", "permission_mode": mode,
			"tool_name": "Bash", "tool_input": map[string]string{"command": "x"}, "tool_use_id": "t"}
		b, _ := json.Marshal(p)
		return string(b)
	}
	for _, tc := range []struct {
		runtime, mode string
		ask           bool
		verdict       arbiter.Verdict
		want          string // in the answer; "" for no answer
	}{
		{"claude", "bypassPermissions", true, arbiter.Defer, `"permissionDecision":"ask"`},
		{"claude", "bypassPermissions", false, arbiter.Defer, ""},
		{"claude", "default", true, arbiter.Defer, ""},
		{"claude", "acceptEdits", true, arbiter.Defer, ""},
		{"claude", "bypassPermissions", true, arbiter.Deny, `"permissionDecision":"deny"`},
		{"claude", "bypassPermissions", true, arbiter.Allow, `"permissionDecision":"allow"`},
		{"codex", "bypassPermissions", true, arbiter.Defer, "needs a person"},
		{"codex", "bypassPermissions", false, arbiter.Defer, ""},
	} {
		var out, errb bytes.Buffer
		Run(context.Background(), tc.runtime, strings.NewReader(payload(tc.runtime, tc.mode)), &out, &errb, fixed{"Bash": tc.verdict}, Options{AskUnattended: tc.ask})
		switch {
		case tc.want == "" && out.Len() != 0:
			t.Errorf("%+v: answered %q, want no decision", tc, out.String())
		case tc.want != "" && !strings.Contains(out.String(), tc.want):
			t.Errorf("%+v: answered %q, want %s", tc, out.String(), tc.want)
		}
	}
}

// TestNoticeInTheVisibleChannel: a notice reaches the person through
// Claude Code's and Gemini CLI's systemMessage, beside an unchanged
// decision (none included), and on stderr in a runtime without one.
func TestNoticeInTheVisibleChannel(t *testing.T) {
	claude := `{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"x"}}`
	gemini := `{"session_id":"s","cwd":"/p","hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"x"}}`
	for _, tc := range []struct {
		runtime, payload string
		verdict          arbiter.Verdict
		decision         string // the answer's decision, "" for none
	}{
		{"claude", claude, arbiter.Defer, ""},
		{"claude", claude, arbiter.Deny, "deny"},
		{"claude", claude, arbiter.Allow, "allow"},
		{"gemini", gemini, arbiter.Defer, ""},
		{"gemini", gemini, arbiter.Deny, "deny"},
	} {
		var out, errb bytes.Buffer
		calls := 0
		opt := Options{Notice: func(Event) string { calls++; return "hello person" }}
		Run(context.Background(), tc.runtime, strings.NewReader(tc.payload), &out, &errb, fixed{"Bash": tc.verdict, "run_shell_command": tc.verdict}, opt)
		var got map[string]any
		if err := json.Unmarshal(out.Bytes(), &got); err != nil {
			t.Fatalf("%+v: %q: %v", tc, out.String(), err)
		}
		if got["systemMessage"] != "hello person" || calls != 1 {
			t.Errorf("%+v: %q (asked %d times), want the notice as systemMessage once", tc, out.String(), calls)
		}
		decision := ""
		if h, ok := got["hookSpecificOutput"].(map[string]any); ok {
			decision, _ = h["permissionDecision"].(string)
		} else if d, ok := got["decision"].(string); ok {
			decision = d
		}
		if decision != tc.decision {
			t.Errorf("%+v: decision %q, want %q: %s", tc, decision, tc.decision, out.String())
		}
	}
	var out, errb bytes.Buffer
	codex := `{"session_id":"s","cwd":"/p","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"x"}}`
	Run(context.Background(), "codex", strings.NewReader(codex), &out, &errb, fixed{"Bash": arbiter.Defer}, Options{Notice: func(Event) string { return "hello person" }})
	if out.Len() != 0 || !strings.Contains(errb.String(), "hello person") {
		t.Errorf("codex: answered %q, stderr %q; want no answer and the notice on stderr", out.String(), errb.String())
	}
}
