package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter/replay"
)

const sessions = "../../replay/testdata"

func TestReplayCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"replay", sessions}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"21 tool calls in 4 sessions (1 session could not be read",
		"of the 2 calls you approved by hand, arbiter would have allowed 1",
		"2 calls ran that arbiter would have denied",
		"A2.system-tree-delete", "rm -rf /etc",
		"sessions:", "top rules:", "could not read:", "broken.jsonl",
		"time waiting for permission",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if errb.Len() != 0 {
		t.Errorf("stderr is not a terminal, yet replay wrote to it: %q", errb.String())
	}
}

func TestReplayJSON(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--json", "--runtime", "codex", sessions + "/codex"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res replay.Result
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	if res.Summary.Calls != 6 || res.Summary.Decisions["deny"] != 2 || res.Summary.Outcomes["refused"] != 1 {
		t.Errorf("got %+v", res.Summary)
	}
}

func TestReplayFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"replay", "--runtime", "cursor", sessions}, 2, "unknown runtime"},
		{[]string{"replay", "--since", "last tuesday", sessions}, 2, "--since"},
		{[]string{"replay", sessions, "--since", "2026-11-22"}, 0, "5 tool calls in 2 sessions"},
		{[]string{"replay", "--project", "/home/dev/app", sessions}, 0, "6 tool calls in 1 session"},
		{[]string{"replay", "--runtime", "gemini", sessions}, 0, "5 tool calls in 2 sessions"},
		{[]string{"replay", "--runtime", "claude", sessions + "/codex"}, 0, "0 tool calls in 0 sessions"},
		{[]string{"replay", filepath.Join(sessions, "nowhere")}, 1, "cannot read"},
		{[]string{"report", "--log", "x", "--replay"}, 2, "not both"},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, nil, &out, &errb)
		if code != tc.code || !strings.Contains(out.String()+errb.String(), tc.want) {
			t.Errorf("%v: exit %d, output %q %q; want exit %d and %q", tc.args, code, out.String(), errb.String(), tc.code, tc.want)
		}
	}
}

// With no path, replay reads every runtime's sessions under the home
// directory.
func TestReplayFindsSessionsUnderHome(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("CODEX_HOME", "")
	src := filepath.Join(sessions, "codex", "rollout-2026-11-21T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee.jsonl")
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(home, ".codex", "sessions", "2026", "11", "21", "rollout-x.jsonl")
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
	before := tree(t, home)
	var out, errb bytes.Buffer
	if code := run([]string{"replay"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "6 tool calls in 1 session") {
		t.Errorf("exit %d:\n%s%s", code, out.String(), errb.String())
	}
	// Replay wrote nothing anywhere under home: no cache, no log, no state.
	if after := tree(t, home); after != before {
		t.Errorf("replay changed the home directory:\nbefore %s\nafter  %s", before, after)
	}
}

// tree lists every path under dir with its size and time.
func tree(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %s; ", p, info.Size(), info.ModTime())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestParseSince(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for in, want := range map[string]time.Time{
		"30d":                  now.AddDate(0, 0, -30),
		"36h":                  now.Add(-36 * time.Hour),
		"2026-11-20T08:00:00Z": time.Date(2026, 11, 20, 8, 0, 0, 0, time.UTC),
	} {
		got, err := parseSince(in, now)
		if err != nil || !got.Equal(want) {
			t.Errorf("parseSince(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "-3d", "yesterday", "-1h"} {
		if _, err := parseSince(bad, now); err == nil {
			t.Errorf("parseSince(%q) accepted", bad)
		}
	}
}

// The report is created 0600, even over a file anyone could read, and
// the command says so.
func TestReportIsPrivate(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "report.html")
	if err := os.WriteFile(out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, errb bytes.Buffer
	if code := run([]string{"report", "--replay", sessions, "-o", out}, nil, &stdout, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	st, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("the report is %v, want 0600", st.Mode().Perm())
	}
	if !strings.Contains(stdout.String(), "0600") {
		t.Errorf("the command does not say the file is private: %q", stdout.String())
	}
	page, _ := os.ReadFile(out)
	if !bytes.Contains(page, []byte(`<section id="denies">`)) || !bytes.Contains(page, []byte("rm -rf /etc")) {
		t.Error("the report lacks the replay's denies")
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".report.html.*"))
	if len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestReportFromLog(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "decisions.jsonl")
	rec := `{"time":"2026-11-30T10:00:00Z","runtime":"claude","tool":"Bash","subject":"git push --force","decision":"ask","rules":["B7.git-force-push"],"reason":"r","source":"static","micros":30}` + "\n"
	if err := os.WriteFile(log, []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "r.html")
	var stdout, errb bytes.Buffer
	if code := run([]string{"report", "--log", log, "-o", out}, nil, &stdout, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	page, _ := os.ReadFile(out)
	if !bytes.Contains(page, []byte("B7.git-force-push")) {
		t.Error("the report lacks the log's ask")
	}
	if code := run([]string{"report", "--log", filepath.Join(dir, "missing.jsonl"), "-o", out}, nil, &stdout, &errb); code != 1 {
		t.Errorf("a missing log: exit %d, want 1", code)
	}
}

func TestReplayJudgeNeedsAJudge(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	for _, k := range []string{"ARBITER_CONFIG", "TYPESAFE_API_KEY", "ARBITER_JUDGE_BACKEND", "ARBITER_JUDGE_URL"} {
		t.Setenv(k, "")
	}
	var out, errb bytes.Buffer
	if code := run([]string{"replay", "--judge", sessions}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "configured judge") {
		t.Errorf("exit %d, stderr %q; want 2 and a word about the judge", code, errb.String())
	}
}

func TestProgressOnlyWhenLong(t *testing.T) {
	var b bytes.Buffer
	p := &progress{w: &b, total: 10, start: time.Now(), on: true}
	p.update(1, 10)
	if b.Len() != 0 {
		t.Errorf("a bar was drawn for work that has just begun: %q", b.String())
	}
	p.start = time.Now().Add(-time.Second)
	p.update(5, 100)
	p.done()
	if got := b.String(); !strings.Contains(got, "5/10 sessions, 100 calls") || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("got %q, want a bar, then the line cleared", got)
	}
	var off bytes.Buffer
	q := newProgress(&off, 10)
	q.start = time.Now().Add(-time.Second)
	q.update(5, 100)
	q.done()
	if off.Len() != 0 {
		t.Errorf("a bar was drawn on a writer that is not a terminal: %q", off.String())
	}
}
