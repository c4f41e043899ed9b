package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokenConfigKeepsStaticPolicy: no broken file or setting may switch
// the static policy off. Through the real hook, with each broken
// configuration a disaster is still denied and the problem is named (file,
// line and key, or the environment variable). A file that cannot be used
// lets nothing through that the static policy would allow (the runtime
// decides); a wrong judge setting switches the judge off only. With
// --fail-closed every problem denies.
func TestBrokenConfigKeepsStaticPolicy(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	project := filepath.Join(dir, "proj")
	os.MkdirAll(filepath.Join(project, ".git"), 0o755)
	// A config.toml that is a folder cannot be read, even by root.
	unreadableXDG := filepath.Join(dir, "xdg-unreadable")
	os.MkdirAll(filepath.Join(unreadableXDG, "arbiter", "config.toml"), 0o755)
	const rule = "[[rule]]\ndecision = \"allow\"\ncommand = \"npm ci\"\n"
	tests := []struct {
		name      string
		env       []string
		project   string // .arbiter.toml text
		judgeOnly bool
		says      []string // in stderr
	}{
		{"toml: typo in a rule's decision", []string{"ARBITER_CONFIG=" + write("typo.toml", "[[rule]]\ndecision = \"alow\"\ncommand = \"npm ci\"\n")}, "", false, []string{"typo.toml:2", "rule[1].decision", `"alow"`}},
		{"toml: unknown key in a rule", []string{"ARBITER_CONFIG=" + write("key.toml", "[[rule]]\ndecision = \"allow\"\ncomand = \"npm ci\"\n")}, "", false, []string{"key.toml:3", "rule[1].comand", "unknown key"}},
		{"toml: unknown setting", []string{"ARBITER_CONFIG=" + write("setting.toml", "ARBITER_JUDGE_MOOD = \"enforce\"\n"+rule)}, "", false, []string{"setting.toml:1", "ARBITER_JUDGE_MOOD", "unknown key"}},
		{"toml: wrong type in a rule", []string{"ARBITER_CONFIG=" + write("type.toml", rule+"match = \"npm ci\"\n")}, "", false, []string{"type.toml:4", "rule[1].match", "wrong type"}},
		{"toml: wrong type of a setting", []string{"ARBITER_CONFIG=" + write("settype.toml", "ARBITER_JUDGE_TIMEOUT = [1]\n")}, "", false, []string{"settype.toml:1", "ARBITER_JUDGE_TIMEOUT", "wrong type"}},
		{"toml: not TOML", []string{"ARBITER_CONFIG=" + write("garbage.toml", "this is not toml\n")}, "", false, []string{"garbage.toml:1"}},
		{"toml: unreadable default file", []string{"XDG_CONFIG_HOME=" + unreadableXDG}, "", false, []string{filepath.Join(unreadableXDG, "arbiter", "config.toml"), "cannot be read"}},
		{"missing ARBITER_CONFIG file", []string{"ARBITER_CONFIG=" + filepath.Join(dir, "missing-dir", "config.toml")}, "", false, []string{"does not exist"}},
		{"directory as ARBITER_CONFIG", []string{"ARBITER_CONFIG=" + dir}, "", false, []string{"cannot be read"}},
		{"old format: not NAME=value", []string{"ARBITER_CONFIG=" + write("garbage", "this is not a setting\n")}, "", false, []string{"garbage:1", "NAME=value"}},
		{"old format: unknown name", []string{"ARBITER_CONFIG=" + write("unknown", "ARBITER_JUDGE_MOOD=enforce\n")}, "", false, []string{"unknown:1", "ARBITER_JUDGE_MOOD"}},
		{"project: unknown key", nil, "[[rule]]\ndecision = \"deny\"\npaht = \"**/prod.tfstate\"\n", false, []string{".arbiter.toml:3", "rule[1].paht"}},
		{"project: typo in a decision", nil, "[[rule]]\ndecision = \"dney\"\npath = \"**/prod.tfstate\"\n", false, []string{".arbiter.toml:2", "rule[1].decision"}},
		{"project: wrong type", nil, "[[rule]]\ndecision = \"deny\"\npath = 7\n", false, []string{".arbiter.toml:3", "rule[1].path", "wrong type"}},
		{"toml: typo in the judge mode", []string{"ARBITER_CONFIG=" + write("mode.toml", "ARBITER_JUDGE_MODE = \"enforc\"\n")}, "", true, []string{"mode.toml:1", "ARBITER_JUDGE_MODE", "the judge is off"}},
		{"old format: typo in the judge mode", []string{"ARBITER_CONFIG=" + write("mode", "ARBITER_JUDGE_MODE=enforc\n")}, "", true, []string{"mode:1", "ARBITER_JUDGE_MODE"}},
		{"environment: bad timeout", []string{"ARBITER_JUDGE_TIMEOUT=soon"}, "", true, []string{"environment variable ARBITER_JUDGE_TIMEOUT"}},
		{"environment: bad url", []string{"TYPESAFE_API_KEY=k", "ARBITER_JUDGE_URL=http://judge.example"}, "", true, []string{"environment variable ARBITER_JUDGE_URL"}},
		{"environment: bad threshold", []string{"ARBITER_JUDGE_MAX_RISK=lots"}, "", true, []string{"environment variable ARBITER_JUDGE_MAX_RISK"}},
	}
	payload := func(cmd string) []byte {
		b, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": cmd}, "cwd": project, "session_id": "s"})
		return b
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(filepath.Join(project, ".arbiter.toml"))
			if tt.project != "" {
				write("proj/.arbiter.toml", tt.project)
			}
			env := append([]string{"XDG_CACHE_HOME=" + t.TempDir(), "XDG_CONFIG_HOME=" + filepath.Join(dir, "no-config")}, tt.env...)
			out, errs, _ := runBinary(t, payload("rm -rf / --no-preserve-root"), env, "hook", "claude")
			if !strings.Contains(out, `"permissionDecision":"deny"`) {
				t.Errorf("disaster not denied with a broken config: stdout %q stderr %q", out, errs)
			}
			// The project file is read only for a call in its project, so
			// its problem is heard on that call.
			out, errs2, _ := runBinary(t, payload("git status"), env, "hook", "claude")
			errs += errs2
			for _, s := range append([]string{"configuration"}, tt.says...) {
				if !strings.Contains(errs, s) {
					t.Errorf("stderr does not say %q: %q", s, errs)
				}
			}
			if allowed := strings.Contains(out, `"allow"`); allowed != tt.judgeOnly {
				t.Errorf("routine call allowed: %v, want %v (a wrong judge setting switches off the judge only): %q", allowed, tt.judgeOnly, out)
			}
			out, _, _ = runBinary(t, payload("git status"), env, "hook", "claude", "--fail-closed")
			if !strings.Contains(out, `"deny"`) {
				t.Errorf("--fail-closed with a broken configuration did not deny: %q", out)
			}
			// arbiter check still works, and says what is wrong.
			out, errs, code := runBinary(t, nil, env, "check", "--project", project, "rm -rf /")
			if code != 3 || !strings.Contains(out, "deny") || !strings.Contains(errs+out, "configuration") {
				t.Errorf("check with a broken config: exit %d, stdout %q, stderr %q", code, out, errs)
			}
		})
	}
}

// TestConfigProblemOncePerDay: the hooks print a configuration problem
// once a day, not on every call.
func TestConfigProblemOncePerDay(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config.toml")
	os.WriteFile(file, []byte("[[rule]]\ndecision = \"alow\"\ncommand = \"npm ci\"\n"), 0o600)
	env := []string{"ARBITER_CONFIG=" + file, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache")}
	p, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": "rm -rf /"}, "cwd": dir, "session_id": "s"})
	total := 0
	for range 3 {
		out, errs, _ := runBinary(t, p, env, "hook", "claude")
		if !strings.Contains(out, "deny") {
			t.Fatalf("not denied: %q", out)
		}
		total += strings.Count(errs, "rule[1].decision")
	}
	if total != 1 {
		t.Errorf("the problem was printed %d times in three calls, want once", total)
	}
	// A broken project file too, on calls the static policy would allow.
	project := filepath.Join(dir, "proj")
	os.MkdirAll(filepath.Join(project, ".git"), 0o755)
	os.WriteFile(filepath.Join(project, ".arbiter.toml"), []byte("[[rule]]\ndecision = \"deny\"\npaht = \"x\"\n"), 0o600)
	p, _ = json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": "git status"}, "cwd": project, "session_id": "s"})
	total = 0
	for range 3 {
		out, errs, _ := runBinary(t, p, env, "hook", "claude")
		if strings.Contains(out, "allow") {
			t.Fatalf("allowed with a broken project file: %q", out)
		}
		total += strings.Count(errs, "rule[1].paht")
	}
	if total != 1 {
		t.Errorf("the project file's problem was printed %d times in three calls, want once", total)
	}
}

// TestHookTellsThePersonOncePerSession: a broken configuration and a
// session whose runtime asks nothing are said in the runtime's visible
// channel (Claude Code's systemMessage), on the next call and once per
// session, never on every call; a configuration problem names its file
// and line.
func TestHookTellsThePersonOncePerSession(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config.toml")
	os.WriteFile(file, []byte("ARBITER_LOG = \"off\"\n[[rule]]\ndecision = \"alow\"\ncommand = \"npm ci\"\n"), 0o600)
	env := []string{"ARBITER_CONFIG=" + file, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "HOME=" + dir}
	call := func(session, mode, command string, env []string) map[string]any {
		t.Helper()
		p, _ := json.Marshal(map[string]any{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": map[string]string{"command": command},
			"cwd": dir, "session_id": session, "permission_mode": mode})
		out, _, _ := runBinary(t, p, env, "hook", "claude")
		got := map[string]any{}
		if strings.TrimSpace(out) != "" {
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%q: %v", out, err)
			}
		}
		return got
	}
	message := func(got map[string]any) string { s, _ := got["systemMessage"].(string); return s }
	first := message(call("s1", "default", "git status", env))
	if !strings.Contains(first, file+":3: rule[1].decision") || !strings.Contains(first, "correct line 3 of "+file) {
		t.Errorf("first call of the session: systemMessage %q, want the problem with its file, line and fix", first)
	}
	if m := message(call("s1", "default", "git status", env)); m != "" {
		t.Errorf("second call of the session repeated %q", m)
	}
	if m := message(call("s2", "default", "git status", env)); !strings.Contains(m, "rule[1].decision") {
		t.Errorf("a new session was not told: %q", m)
	}
	// A session with the runtime's prompts off.
	os.WriteFile(file, nil, 0o600)
	got := call("s3", "bypassPermissions", "frobnicate", env)
	if m := message(got); !strings.Contains(m, "prompts off (bypassPermissions)") || !strings.Contains(m, "ARBITER_UNATTENDED=ask") {
		t.Errorf("bypassPermissions: systemMessage %q, want it said with the setting that asks instead", m)
	}
	if _, decided := got["hookSpecificOutput"]; decided {
		t.Errorf("bypassPermissions without the setting: %v, want the defer kept", got)
	}
	if m := message(call("s3", "bypassPermissions", "frobnicate", env)); m != "" {
		t.Errorf("second call of the session repeated %q", m)
	}
	ask := append(env, "ARBITER_UNATTENDED=ask")
	got = call("s3", "bypassPermissions", "frobnicate", ask)
	if h, _ := got["hookSpecificOutput"].(map[string]any); h["permissionDecision"] != "ask" {
		t.Errorf("ARBITER_UNATTENDED=ask: %v, want the defer asked", got)
	}
	if h, _ := call("s4", "default", "frobnicate", ask)["hookSpecificOutput"]; h != nil {
		t.Errorf("ARBITER_UNATTENDED=ask in a session with prompts: %v, want the defer kept", h)
	}
}
