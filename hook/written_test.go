package hook

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
)

func editCall(t *testing.T, tool string, input map[string]any) arbiter.Call {
	b, err := json.Marshal(input)
	if err != nil {
		t.Fatal(err)
	}
	return arbiter.Call{Tool: tool, Input: b, Cwd: "/", ProjectDir: "/", Home: "/home/dev"}
}

// TestWriteResult: the content an Edit or MultiEdit leaves is computed
// as Claude Code applies it; an edit that would fail is not recorded.
func TestWriteResult(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "run.sh")
	if err := os.WriteFile(file, []byte("echo a\necho b\necho a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		tool  string
		input map[string]any
		want  string // "" when nothing is recorded
	}{
		{"write", "Write", map[string]any{"file_path": file, "content": "echo x\n"}, "echo x\n"},
		{"edit once", "Edit", map[string]any{"file_path": file, "old_string": "echo b", "new_string": "echo c"}, "echo a\necho c\necho a\n"},
		{"edit twice found", "Edit", map[string]any{"file_path": file, "old_string": "echo a", "new_string": "echo c"}, ""},
		{"edit all", "Edit", map[string]any{"file_path": file, "old_string": "echo a", "new_string": "echo c", "replace_all": true}, "echo c\necho b\necho c\n"},
		{"edit not found", "Edit", map[string]any{"file_path": file, "old_string": "echo z", "new_string": "echo c"}, ""},
		{"multi", "MultiEdit", map[string]any{"file_path": file, "edits": []any{
			map[string]any{"old_string": "echo b", "new_string": "echo d"},
			map[string]any{"old_string": "echo d\n", "new_string": "rm -rf ~\n"},
		}}, "echo a\nrm -rf ~\necho a\n"},
		{"create by edit", "Edit", map[string]any{"file_path": filepath.Join(dir, "new.sh"), "old_string": "", "new_string": "echo n\n"}, "echo n\n"},
		{"not a write", "Read", map[string]any{"file_path": file}, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, sum, ok := writeResult(editCall(t, tt.tool, tt.input))
			if ok != (tt.want != "") || ok && sum != arbiter.ContentSum([]byte(tt.want)) {
				t.Errorf("writeResult: %v, want the sum of %q", ok, tt.want)
			}
		})
	}
}

// TestSessionRecord: an allowed write counts (what the file holds is
// compared with what it left anyway); one a person was asked about counts
// only when the transcript shows it ran, which is recorded so that the
// transcript is not read for it again; a denied one is not recorded.
func TestSessionRecord(t *testing.T) {
	dir := t.TempDir()
	transcript := filepath.Join(dir, "t.jsonl")
	os.WriteFile(transcript, []byte(`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_ok","is_error":false}]}}`+"\n"+
		`{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_no","is_error":true}]}}`+"\n"), 0o600)
	ev := Event{Transcript: transcript, Calls: []arbiter.Call{{SessionID: "s"}}}
	write := func(id, file string, v arbiter.Verdict) {
		rec := newSessionRecord(dir, "claude", ev, io.Discard)
		c := editCall(t, "Write", map[string]any{"file_path": file, "content": "echo\n"})
		c.ID = id
		rec.record([]arbiter.Call{c}, arbiter.Decision{Decision: v}, v)
	}
	write("toolu_allowed", "/tmp/a", arbiter.Allow)
	write("toolu_ok", "/tmp/b", arbiter.Ask)
	write("toolu_no", "/tmp/c", arbiter.Ask)
	write("toolu_pending", "/tmp/d", arbiter.Defer)
	write("toolu_denied", "/tmp/e", arbiter.Deny)
	rec := newSessionRecord(dir, "claude", ev, io.Discard)
	for file, want := range map[string]bool{"/tmp/a": true, "/tmp/b": true, "/tmp/c": false, "/tmp/d": false, "/tmp/e": false} {
		if _, got := rec.lookup(file); got != want {
			t.Errorf("lookup(%s) = %v, want %v", file, got, want)
		}
	}
	os.Remove(transcript)
	if _, ok := newSessionRecord(dir, "claude", ev, io.Discard).lookup("/tmp/b"); !ok {
		t.Error("the transcript's answer for /tmp/b was not recorded")
	}
	if newSessionRecord(dir, "claude", Event{Calls: []arbiter.Call{{}}}, io.Discard) != nil {
		t.Error("a call with no session id has a record")
	}
}

// TestRecordUnusable: a record that cannot be written or read changes no
// decision, and says so on stderr once.
func TestRecordUnusable(t *testing.T) {
	blocked := filepath.Join(t.TempDir(), "cache")
	os.WriteFile(blocked, []byte("not a folder"), 0o600) // the journal folder cannot be made under it
	p := policy.New(policy.Options{})
	for _, tt := range []struct{ tool, input string }{
		{"Write", `{"file_path":"/tmp/x/run.sh","content":"echo hi\n"}`},
		{"Bash", `{"command":"bash /tmp/x/run.sh"}`},
	} {
		payload := `{"session_id":"s","transcript_path":null,"cwd":"/home/u/proj","hook_event_name":"PreToolUse","tool_name":"` + tt.tool + `","tool_input":` + tt.input + `,"tool_use_id":"t1"}`
		var with, without, errWith, errWithout bytes.Buffer
		Run(context.Background(), "claude", strings.NewReader(payload), &with, &errWith, p, Options{Home: "/home/u", Journal: blocked})
		Run(context.Background(), "claude", strings.NewReader(payload), &without, &errWithout, p, Options{Home: "/home/u"})
		if with.String() != without.String() {
			t.Errorf("%s: with an unusable record %s, without %s", tt.tool, with.String(), without.String())
		}
		if n := strings.Count(errWith.String(), "record of this session"); tt.tool == "Write" && n != 1 {
			t.Errorf("%s: stderr says %d times that the record is not used: %s", tt.tool, n, errWith.String())
		}
	}
}
