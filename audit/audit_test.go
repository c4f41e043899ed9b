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
