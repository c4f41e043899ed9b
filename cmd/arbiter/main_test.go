package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
)

func TestCheckBatchKeepsOrderAndDefersBadLines(t *testing.T) {
	in := `{"id":"1","tool":"Bash","input":{"command":"git status"},"project_directory":"/p"}
{"id":"2", broken
{"id":"3","tool":"Bash","input":{"command":"rm -rf /"},"project_directory":"/p"}
{"id":"4","input":{}}
`
	var out, errb bytes.Buffer
	if code := run([]string{"check", "--jsonl"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []struct {
		id string
		v  arbiter.Verdict
	}{{"1", arbiter.Allow}, {"", arbiter.Defer}, {"3", arbiter.Deny}, {"4", arbiter.Defer}}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, l := range lines {
		var d arbiter.Decision
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if d.ID != want[i].id || d.Decision != want[i].v {
			t.Errorf("line %d: got id %q %s, want id %q %s", i+1, d.ID, d.Decision, want[i].id, want[i].v)
		}
	}
}

func TestCheckExplains(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"check", "--project", "/p", "git push -f"}, nil, &out, &errb); code != exitAsk {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"decision: ask", "B7.git-force-push", "runs:", "git push -f"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

// TestExplainShowsTheReasoning: arbiter explain is check under the name
// people look for: the same decision and status, and each rule's answer
// and meaning with how they decided.
func TestExplainShowsTheReasoning(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", home+"/.cache")
	t.Setenv("XDG_CONFIG_HOME", home+"/.config")
	for _, tc := range []struct {
		command string
		status  int
		want    []string
	}{
		{"git push -f", exitAsk, []string{"decision: ask", "why:", "B7.git-force-push (ask): rewrites", "the strictest answer decides"}},
		{"git status", exitAllow, []string{"decision: allow", "D6.git-read (allow):", "understood and routine"}},
		{"frobnicate --x", exitDefer, []string{"decision: defer", "U.unknown-program (defer):"}},
	} {
		var out, errb bytes.Buffer
		if code := run([]string{"explain", "--project", "/p", tc.command}, nil, &out, &errb); code != tc.status {
			t.Errorf("%s: exit %d, want %d: %s", tc.command, code, tc.status, errb.String())
		}
		for _, want := range tc.want {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%s: output lacks %q:\n%s", tc.command, want, out.String())
			}
		}
		var plain bytes.Buffer
		run([]string{"check", "--project", "/p", tc.command}, nil, &plain, &errb)
		if !strings.HasPrefix(out.String(), plain.String()) || strings.Contains(plain.String(), "why:") {
			t.Errorf("%s: explain is not check's output with the reasoning after it:\n%s\n---\n%s", tc.command, plain.String(), out.String())
		}
	}
}

func TestCheckJSONFromStdinFailsClosed(t *testing.T) {
	var out, errb bytes.Buffer
	run([]string{"check", "--json"}, strings.NewReader("{not json"), &out, &errb)
	var d arbiter.Decision
	if err := json.Unmarshal(out.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	if d.Decision != arbiter.Defer {
		t.Errorf("malformed call decided %s, want defer", d.Decision)
	}
}

// TestCheckJSONHomeDefaults: a Call without "home" is decided with the
// user's home directory, as the hook decides it; without one, a search of
// a credential store in it was allowed.
func TestCheckJSONHomeDefaults(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, in := range []string{
		`{"tool":"Grep","input":{"pattern":"token","path":"` + home + `/.config","output_mode":"content"}}`,
		`{"tool":"Grep","input":{"pattern":"token","path":"` + home + `/.codex","glob":"auth.json","output_mode":"content"}}`,
		`{"tool":"Read","input":{"file_path":"~/.ssh/id_rsa"}}`,
	} {
		var out, errb bytes.Buffer
		run([]string{"check", "--json"}, strings.NewReader(in), &out, &errb)
		var d arbiter.Decision
		if err := json.Unmarshal(out.Bytes(), &d); err != nil {
			t.Fatalf("%s: %v (%s)", in, err, errb.String())
		}
		if d.Decision == arbiter.Allow {
			t.Errorf("%s: allowed %v", in, d.Rules)
		}
	}
}
