package audit

import (
	"encoding/json"
	"os"
	"path/filepath"
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
	var r Record
	if err := json.Unmarshal([]byte(lines[0]), &r); err != nil || r.Decision != arbiter.Ask || r.Runtime != "claude" || r.Session != "s1" {
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
