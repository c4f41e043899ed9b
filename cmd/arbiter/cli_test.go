package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs arbiter in-process with a configuration that names no file.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	t.Setenv("ARBITER_CONFIG", "/dev/null")
	t.Setenv("TYPESAFE_API_KEY", "")
	t.Setenv("ARBITER_JUDGE_URL", "")
	t.Setenv("ARBITER_JUDGE_BACKEND", "")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		out, errs, code := runCLI(t, "", args...)
		if code != 0 || !strings.HasPrefix(out, "arbiter ") || !strings.Contains(out, "go1.") {
			t.Errorf("%v: exit %d, %q %q; want 0 and \"arbiter VERSION … go1.N\"", args, code, out, errs)
		}
	}
}

// TestHelpForEveryCommand: `arbiter help COMMAND` and `COMMAND -h` print
// the command's usage and every one of its flags, and succeed.
func TestHelpForEveryCommand(t *testing.T) {
	flags := map[string][]string{
		"check":     {"-json", "-jsonl", "-project", "exit status"},
		"explain":   {"-json", "-project", "exit status"},
		"hook":      {"-fail-closed", "RUNTIME"},
		"install":   {"-project", "-local", "-dry-run", "-binary", "RUNTIME"},
		"uninstall": {"-project", "-local", "-dry-run", "RUNTIME"},
		"doctor":    {"-no-judge"},
		"stats":     {"-json", "LOG"},
		"log":       {"why", "-since", "-decision", "-rule", "-session", "-project", "-json", "-file"},
		"rules":     {"-markdown", "ID"},
		"allow":     {"-project", "-yes", "-message"},
		"replay":    {"-since", "-project", "-runtime", "-judge", "-json"},
		"report":    {"-log", "-replay", "-o"},
		"eval":      {"-split", "-by", "-failures", "-floors", "-judge"},
		"version":   {"arbiter version"},
		"help":      {"arbiter help COMMAND"},
		"decider":   {"-idle", "-ready-fd", "ARBITER_DECIDER"},
	}
	for _, c := range commands() {
		want, ok := flags[c.name]
		if !ok {
			t.Errorf("command %s has no help test", c.name)
			continue
		}
		for _, args := range [][]string{{"help", c.name}, {c.name, "-h"}, {c.name, "--help"}} {
			out, errs, code := runCLI(t, "", args...)
			text := out + errs
			if code != 0 {
				t.Errorf("%v: exit %d: %s", args, code, text)
			}
			if !strings.Contains(text, "usage: arbiter "+c.name) {
				t.Errorf("%v: no usage line:\n%s", args, text)
			}
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("%v: help lacks %q:\n%s", args, w, text)
				}
			}
		}
	}
}

func TestUnknownCommandSuggests(t *testing.T) {
	for _, tc := range []struct{ typed, want string }{
		{"chek", "check"}, {"instal", "install"}, {"docter", "doctor"}, {"unistall", "uninstall"},
		{"verison", "version"}, {"stat", "stats"}, {"hooks", "hook"},
	} {
		_, errs, code := runCLI(t, "", tc.typed)
		if code != 2 || !strings.Contains(errs, "did you mean `arbiter "+tc.want+"`") {
			t.Errorf("%s: exit %d, %q; want 2 and a suggestion of %s", tc.typed, code, errs, tc.want)
		}
	}
	if _, errs, _ := runCLI(t, "", "frobnicate"); strings.Contains(errs, "did you mean") {
		t.Errorf("a word far from every command got a suggestion: %s", errs)
	}
	if _, errs, code := runCLI(t, "", "help", "chek"); code != 2 || !strings.Contains(errs, "did you mean `arbiter check`") {
		t.Errorf("help for a near-miss: %d %s", code, errs)
	}
}

// TestCheckExitStatus: each decision has its own exit status, so that a
// script can branch on it.
func TestCheckExitStatus(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"check", "--project", "/p", "git status"}, exitAllow},
		{[]string{"check", "--project", "/p", "rm -rf /"}, exitDeny},
		{[]string{"check", "--project", "/p", "git push --force origin main"}, exitAsk},
		{[]string{"check", "--project", "/p", "curl -s https://example.com"}, exitDefer},
		{[]string{"check", "--json", "--project", "/p", "rm -rf /"}, exitDeny},
		{[]string{"check", "--project", "/p", "--", "rm", "-rf", "/"}, exitDeny},
	} {
		_, errs, code := runCLI(t, "", tc.args...)
		if code != tc.want {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, tc.want, errs)
		}
	}
	if _, _, code := runCLI(t, `{"tool":"Bash","input":{"command":"rm -rf /"}}`, "check", "--json"); code != exitDeny {
		t.Errorf("check --json from stdin: exit %d, want %d", code, exitDeny)
	}
}

// TestCheckRejectsFlagsAfterTheCommand: a flag of check's written after
// the command words would otherwise become part of the command.
func TestCheckRejectsFlagsAfterTheCommand(t *testing.T) {
	for _, args := range [][]string{
		{"check", "git status", "--json"},
		{"check", "git", "status", "-json"},
		{"check", "ls", "--project", "/p"},
		{"check", "ls", "--project=/p"},
		{"check", "ls", "--jsonl"},
	} {
		out, errs, code := runCLI(t, "", args...)
		if code != 2 || !strings.Contains(errs, "before the command") || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and a message", args, code, out, errs)
		}
	}
	// After --, every word is the command's, and the command's own
	// options are never check's.
	for _, args := range [][]string{{"check", "--project", "/p", "--", "echo", "--json"}, {"check", "--project", "/p", "git", "log", "--oneline"}} {
		if _, errs, code := runCLI(t, "", args...); code == 2 {
			t.Errorf("%v: rejected: %s", args, errs)
		}
	}
}

// TestCheckJSONLEchoesIDs: an id comes back as the same JSON value, a
// number as a number.
func TestCheckJSONLEchoesIDs(t *testing.T) {
	in := `{"id":7,"tool":"Bash","input":{"command":"git status"},"project_directory":"/p"}
{"id":"a-7","tool":"Bash","input":{"command":"git status"},"project_directory":"/p"}
{"id":1.5e3,"tool":"Bash","input":{"command":"rm -rf /"},"project_directory":"/p"}
{"id":12345678901234567890, broken
{"tool":"Bash","input":{"command":"ls"},"project_directory":"/p"}
`
	out, errs, code := runCLI(t, in, "check", "--jsonl")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := []string{`7`, `"a-7"`, `1.5e3`, ``, ``}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(want) {
		t.Fatalf("got %d lines:\n%s", len(lines), out)
	}
	for i, l := range lines {
		var d struct {
			ID       json.RawMessage `json:"id"`
			Decision string          `json:"decision"`
		}
		if err := json.Unmarshal([]byte(l), &d); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if string(d.ID) != want[i] {
			t.Errorf("line %d: id %s, want %s", i+1, d.ID, want[i])
		}
		if d.Decision == "" {
			t.Errorf("line %d: no decision: %s", i+1, l)
		}
	}
}

// TestInputsNeverIgnored: a flag value, a path or an input that cannot be
// used is an error that says so, not a run that quietly does nothing.
func TestInputsNeverIgnored(t *testing.T) {
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		says  string
	}{
		{"eval with an unknown split", "", []string{"eval", "--split", "foo", "x.jsonl"}, 2, "--split takes dev or test"},
		{"eval with a misspelt split", "", []string{"eval", "--split", "Dev", "x.jsonl"}, 2, "--split takes dev or test"},
		{"replay of a path that is not there", "", []string{"replay", "/nonexistent/sessions"}, 1, "cannot read /nonexistent/sessions"},
		{"replay of two such paths", "", []string{"replay", "/nonexistent/a.jsonl", "/nonexistent/b"}, 1, "cannot read /nonexistent/a.jsonl"},
	} {
		out, errs, code := runBinary(t, []byte(tc.stdin), nil, tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.says) {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want exit %d saying %q", tc.name, code, errs, out, tc.code, tc.says)
		}
	}
	for _, in := range []string{"[]", `"a string"`, `{"tool": 3}`, `{"tool": "Bash", "input": []}`} {
		out, _, _ := runBinary(t, []byte(in), nil, "check", "--json")
		if strings.Contains(out, "Go value") || strings.Contains(out, "main.") || !strings.Contains(out, `"defer"`) {
			t.Errorf("check --json of %s: %s", in, out)
		}
	}
}

// TestCheckExitStatusAsDocumented: what arbiter help check says each exit
// status means is what check returns, a broken configuration included
// (the help once said 1; check decides with the static policy and
// returns the decision's status).
func TestCheckExitStatusAsDocumented(t *testing.T) {
	help, _, _ := runBinary(t, nil, nil, "help", "check")
	for _, e := range checkExits {
		if !strings.Contains(help, fmt.Sprintf("%d  %s", e.status, e.meaning)) {
			t.Errorf("help check does not say %d means %q:\n%s", e.status, e.meaning, help)
		}
	}
	dir := t.TempDir()
	broken := filepath.Join(dir, "config.toml")
	os.WriteFile(broken, []byte("x = [\n"), 0o600)
	for cmd, want := range map[string]int{"ls": exitDefer, "git status": exitDefer, "rm -rf /": exitDeny} {
		_, errs, code := runBinary(t, nil, []string{"ARBITER_CONFIG=" + broken}, "check", "--project", dir, cmd)
		if code != want || !strings.Contains(errs, "configuration") {
			t.Errorf("check %q with a broken configuration: exit %d (%s), want %d and the problem on stderr", cmd, code, errs, want)
		}
	}
}

// TestCheckWorkingDirectory: a command given on the command line runs in
// the current directory when that is inside --project (a script named
// from a subfolder is that subfolder's), and --project may be relative.
func TestCheckWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "tools")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	// The harmful script is only in the subfolder: judged from the
	// project's root, ./run.sh is not there and runs nothing.
	if err := os.WriteFile(filepath.Join(sub, "run.sh"), []byte("#!/bin/sh\nrm -rf ~/\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, project := range []string{dir, ".."} {
		_, _, code := runBinaryIn(t, sub, nil, "check", "--project", project, "bash run.sh")
		if code != exitDeny {
			t.Errorf("--project %s, in %s: exit %d, want %d (the subfolder's run.sh judged)", project, sub, code, exitDeny)
		}
	}
	// Outside the project, the command runs in the project's folder.
	other := t.TempDir()
	if _, _, code := runBinaryIn(t, other, nil, "check", "--project", sub, "bash run.sh"); code != exitDeny {
		t.Errorf("outside the project: exit %d, want %d", code, exitDeny)
	}
}
