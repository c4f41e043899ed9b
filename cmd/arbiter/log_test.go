package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// hookIn runs the built hook on one shell command in project with env.
func hookIn(t *testing.T, env []string, project, session, cmd string) string {
	t.Helper()
	p, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": cmd}, "cwd": project, "session_id": session})
	out, _, _ := runBinary(t, p, env, "hook", "claude")
	return out
}

// TestDecisionLogOnByDefault: with no setting at all the hook keeps every
// decision in $XDG_STATE_HOME/arbiter/decisions.jsonl (0600, in a 0700
// folder), arbiter log reads it back with its filters, and arbiter log
// why explains the most recent prompt or denial. ARBITER_LOG=off turns
// it off.
func TestDecisionLogOnByDefault(t *testing.T) {
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	env := []string{"HOME=" + dir, "XDG_STATE_HOME=" + state, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"), "USER=dev"}
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, p := range []string{a, b} {
		os.MkdirAll(filepath.Join(p, ".git"), 0o755)
	}
	run := func(args ...string) (string, string, int) {
		t.Helper()
		return runBinary(t, nil, env, args...)
	}
	hookIn(t, env, a, "s1", "git status")
	hookIn(t, env, a, "s1", "rm -rf ~")
	hookIn(t, env, b, "s2", "npm ci")
	hookIn(t, env, b, "s2", "git log")
	file := filepath.Join(state, "arbiter", "decisions.jsonl")
	st, err := os.Stat(file)
	if err != nil {
		t.Fatal("no log by default:", err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("log mode %v", st.Mode().Perm())
	}
	if dst, _ := os.Stat(filepath.Dir(file)); dst.Mode().Perm() != 0o700 {
		t.Errorf("log folder mode %v", dst.Mode().Perm())
	}
	for _, tc := range []struct {
		args      []string
		has, lack []string
	}{
		{[]string{"log"}, []string{"git status", "rm -rf ~", "npm ci", "git log"}, nil},
		{[]string{"log", "--decision", "deny,ask"}, []string{"rm -rf ~", "npm ci"}, []string{"git status", "git log"}},
		{[]string{"log", "--rule", "A2"}, []string{"rm -rf ~"}, []string{"npm ci"}},
		{[]string{"log", "--session", "s2"}, []string{"npm ci", "git log"}, []string{"rm -rf ~"}},
		{[]string{"log", "--project", a}, []string{"git status", "rm -rf ~"}, []string{"npm ci"}},
		{[]string{"log", "--since", "1h", "--decision", "allow"}, []string{"git status", "git log"}, []string{"rm -rf ~"}},
		{[]string{"log", "--since", "2999-01-01"}, nil, []string{"git"}},
		{[]string{"log", "--json", "--decision", "ask"}, []string{`"arbiter.decision":"ask"`, `"user.name":"dev"`}, []string{"rm -rf"}},
		{[]string{"log", "why"}, []string{"asked you about", "npm ci", "B4.install", "the static policy"}, []string{"rm -rf"}},
		{[]string{"log", "why", "--project", a}, []string{"denied", "rm -rf ~", "A2.home-delete", "instead:"}, []string{"npm ci"}},
	} {
		out, errs, code := run(tc.args...)
		if code != 0 && !(len(tc.has) == 0) {
			t.Errorf("%v: exit %d: %s", tc.args, code, errs)
		}
		for _, s := range tc.has {
			if !strings.Contains(out, s) {
				t.Errorf("%v does not show %q:\n%s", tc.args, s, out)
			}
		}
		for _, s := range tc.lack {
			if strings.Contains(out, s) {
				t.Errorf("%v shows %q:\n%s", tc.args, s, out)
			}
		}
	}
	if _, errs, code := run("log", "--decision", "maybe"); code != 2 || !strings.Contains(errs, "maybe") {
		t.Errorf("a bad --decision: exit %d %q", code, errs)
	}
	// One setting turns it off.
	off := filepath.Join(dir, "off")
	env = append(env, "XDG_STATE_HOME="+off, "ARBITER_LOG=off")
	hookIn(t, env, a, "s3", "git status")
	if _, err := os.Stat(filepath.Join(off, "arbiter")); err == nil {
		t.Error("ARBITER_LOG=off still wrote a log")
	}
	if _, errs, code := run("log"); code != 1 || !strings.Contains(errs, "off") {
		t.Errorf("arbiter log with the log off: exit %d %q", code, errs)
	}
}

// TestUnwritableLogKeepsTheDecision: a log that cannot be written is one
// line on stderr; the decision stands.
func TestUnwritableLogKeepsTheDecision(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o600)
	env := []string{"HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "ARBITER_LOG=" + filepath.Join(blocker, "decisions.jsonl")}
	os.MkdirAll(filepath.Join(dir, "p", ".git"), 0o755)
	for cmd, want := range map[string]string{"git status": `"allow"`, "rm -rf ~": `"deny"`} {
		p, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": cmd}, "cwd": filepath.Join(dir, "p"), "session_id": "s"})
		out, errs, code := runBinary(t, p, env, "hook", "claude")
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("%q with an unwritable log: exit %d, %q", cmd, code, out)
		}
		if n := strings.Count(errs, "decision log"); n != 1 {
			t.Errorf("%q: %d lines about the log on stderr, want 1: %q", cmd, n, errs)
		}
	}
}

// TestDoctorBrokenManagedFile: doctor names a managed file that cannot
// be used whole, says what still applies, and fails.
func TestDoctorBrokenManagedFile(t *testing.T) {
	dir := t.TempDir()
	managed := filepath.Join(dir, "managed.toml")
	os.WriteFile(managed, []byte("[[rule]]\ndecision = \"deny\"\ncommand = \"git push\"\n[[rule]]\ndecision = \"alow\"\ncommand = \"npm ci\"\n"), 0o600)
	env := []string{"HOME=" + dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"), "ARBITER_MANAGED_CONFIG=" + managed}
	out, _, code := runBinaryIn(t, dir, env, "doctor", "--no-judge")
	for _, s := range []string{managed + ":5: rule[2].decision", "cannot be used whole", "1 deny, ask or defer rule(s) of it that parse still apply", "R.managed:1"} {
		if !strings.Contains(out, s) {
			t.Errorf("doctor does not say %q:\n%s", s, out)
		}
	}
	if code != 1 {
		t.Errorf("doctor exit %d, want 1", code)
	}
	out, _, _ = runBinaryIn(t, dir, env, "rules")
	if !strings.Contains(out, "R.managed:1") || !strings.Contains(out, managed+":1") {
		t.Errorf("arbiter rules does not show where the managed rule comes from:\n%s", out[max(0, len(out)-600):])
	}
}
