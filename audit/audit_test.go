package audit

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
)

func TestLogIsPrivateAndRedacted(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state", "arbiter", "decisions.jsonl")
	l := &Log{Path: p}
	secret := "ghp_0123456789abcdefghijABCDEFGHIJ012345"
	call := arbiter.Call{Tool: "Bash", Input: json.RawMessage(`{"command":"curl -H 'Authorization: token ` + secret + `' https://api.github.com"}`), SessionID: "s1"}
	d := arbiter.Decision{Decision: arbiter.Ask, Rules: []string{"B3.inline-secret"}, Reason: "uses " + secret, Source: arbiter.SourceStatic}
	for i := 0; i < 2; i++ {
		if err := l.Write("claude", call, d); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), secret) {
		t.Errorf("the log holds the secret:\n%s", b)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2", len(lines))
	}
	r, ok, err := Decode([]byte(lines[0]))
	if !ok || err != nil || r.Decision != arbiter.Ask || r.Runtime != "claude" || r.Session != "s1" {
		t.Errorf("record %+v (%v)", r, err)
	}
	st, _ := os.Stat(p)
	if st.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v, want 0600", st.Mode().Perm())
	}
	if dst, _ := os.Stat(filepath.Dir(p)); dst.Mode().Perm() != 0o700 {
		t.Errorf("log dir mode %v, want 0700", dst.Mode().Perm())
	}
}

func TestNoPathNoLog(t *testing.T) {
	var l *Log
	if err := l.Write("claude", arbiter.Call{}, arbiter.Decision{}); err != nil {
		t.Error(err)
	}
}

func TestSummarise(t *testing.T) {
	p := filepath.Join(t.TempDir(), "d.jsonl")
	l := &Log{Path: p}
	call := arbiter.Call{Tool: "Bash", Input: json.RawMessage(`{"command":"curl -s https://x.example"}`)}
	l.Write("claude", call, arbiter.Decision{Decision: arbiter.Defer, Rules: []string{"C1.network-request"}, Micros: 10,
		Judge: &arbiter.JudgeRecord{Mode: "shadow", Asked: true, Answers: map[string]float64{"serves_request": 1}, Verdict: arbiter.Allow}})
	l.Write("codex", call, arbiter.Decision{Decision: arbiter.Deny, Rules: []string{"A2.root-delete"}, Micros: 30})
	l.Write("codex", call, arbiter.Decision{Decision: arbiter.Defer, Rules: []string{"C1.network-request"}, Micros: 20,
		Judge: &arbiter.JudgeRecord{Mode: "enforce", Error: "judge: HTTP 529"}})
	f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("{cut short")
	f.Close()
	r, _ := os.Open(p)
	defer r.Close()
	s, err := Summarise(r)
	if err != nil {
		t.Fatal(err)
	}
	if s.Records != 3 || s.BadLines != 1 || s.Decisions["defer"] != 2 || s.Runtimes["codex"] != 2 || s.Rules["C1.network-request"] != 2 ||
		s.JudgeAsked != 1 || s.JudgeError != 1 || s.Shadow["defer→allow"] != 1 || s.P50 != 20 {
		t.Errorf("%+v", s)
	}
	var out strings.Builder
	s.Write(&out)
	if !strings.Contains(out.String(), "defer→allow") {
		t.Errorf("summary:\n%s", out.String())
	}
}

// TestRotation: past its size the log moves to FILE.1 (and FILE.1 to
// FILE.2, …); the oldest beyond keep is dropped, which caps its space.
func TestRotation(t *testing.T) {
	p := filepath.Join(t.TempDir(), "decisions.jsonl")
	l := &Log{Path: p}
	call := arbiter.Call{Tool: "Bash", Input: json.RawMessage(`{"command":"git status"}`)}
	for i := 0; i <= keep+2; i++ {
		// A file just past the size: the next write rotates it.
		if err := os.WriteFile(p, []byte(strings.Repeat("x", maxBytes+1)), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := l.Write("claude", call, arbiter.Decision{Decision: arbiter.Allow}); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range Files(p) {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, err := os.Stat(p + "." + strconv.Itoa(keep+1)); err == nil {
		t.Errorf("more than %d rotated files kept", keep)
	}
	if st, _ := os.Stat(p); st.Size() > 4096 {
		t.Errorf("the current file was not started afresh: %d bytes", st.Size())
	}
}

// TestOldLinesStillRead: a log written before the data model is read
// alike.
func TestOldLinesStillRead(t *testing.T) {
	r, ok, err := Decode([]byte(`{"time":"2026-01-02T03:04:05Z","runtime":"codex","tool":"Bash","subject":"ls","decision":"deny","rules":["A2.x"],"reason":"r","source":"static","micros":7}`))
	if !ok || err != nil || r.Runtime != "codex" || r.Decision != arbiter.Deny || r.Micros != 7 {
		t.Errorf("%+v %v %v", r, ok, err)
	}
	if _, ok, err := Decode([]byte(`{"time":"2026-01-02T03:04:05Z","event":"PostToolUse","tool_use_id":"t","duration_ms":3}`)); ok || err != nil {
		t.Errorf("a runtime's record read as a decision: %v %v", ok, err)
	}
}

// TestDataModel: a line is a record of the OpenTelemetry log data model:
// time, severity, body, resource and arbiter.* attributes.
func TestDataModel(t *testing.T) {
	b, err := Encode(Record{Time: "2026-01-02T03:04:05Z", Runtime: "claude", Session: "s", Project: "/p", Tool: "Bash", Subject: "rm -rf /",
		Decision: arbiter.Deny, Rules: []string{"A2.root-delete"}, Reason: "no", Source: arbiter.SourceStatic, Micros: 42, Host: "h", User: "u"})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(b, &m)
	attrs, _ := m["attributes"].(map[string]any)
	res, _ := m["resource"].(map[string]any)
	if m["severity_text"] != "ERROR" || m["severity_number"] != float64(17) || m["body"] != "deny Bash: rm -rf / (A2.root-delete)" ||
		res["service.name"] != "arbiter" || res["host.name"] != "h" || res["user.name"] != "u" ||
		attrs["arbiter.decision"] != "deny" || attrs["arbiter.decider"] != "static" || attrs["arbiter.latency_us"] != float64(42) || attrs["arbiter.project"] != "/p" {
		t.Errorf("%s", b)
	}
	for k := range attrs {
		if !strings.HasPrefix(k, "arbiter.") {
			t.Errorf("attribute %q is outside arbiter.*", k)
		}
	}
}
