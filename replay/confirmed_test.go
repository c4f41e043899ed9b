package replay

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// confirmedSessions are sessions of each runtime in which the same calls
// come again after a person approved (or refused) them.
func confirmedSessions(t *testing.T) string {
	dir := t.TempDir()
	claude := []string{`{"sessionId":"c1","cwd":"/home/dev/project","type":"user","timestamp":"2026-11-20T09:00:00.000Z","message":{"role":"user","content":"set it up"}}`}
	var n int
	claudeCall := func(cmd, result string, isErr bool) {
		n++
		claude = append(claude,
			fmt.Sprintf(`{"sessionId":"c1","cwd":"/home/dev/project","type":"assistant","timestamp":"2026-11-20T09:0%d:00.000Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"t%d","name":"Bash","input":{"command":%q}}]}}`, n, n, cmd),
			fmt.Sprintf(`{"sessionId":"c1","cwd":"/home/dev/project","type":"user","timestamp":"2026-11-20T09:0%d:05.000Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d","content":%q,"is_error":%v}]}}`, n, n, result, isErr))
	}
	const refusal = "The user doesn't want to proceed with this tool use. The tool use was rejected."
	claudeCall("npm install", "added 3 packages", false)
	claudeCall("npm install", "up to date", false)       // removed
	claudeCall("npm install left-pad", "added 1", false) // another package: asked
	claudeCall("npm install", "up to date", false)       // removed
	claudeCall("git push origin feature", refusal, true)
	claudeCall("git push origin feature", "pushed", false) // refused before: asked
	claudeCall("rm -rf ~", "", false)                      // a deny: never
	claudeCall("rm -rf ~", "", false)
	codex := []string{
		`{"timestamp":"2026-11-21T10:00:00.000Z","type":"session_meta","payload":{"id":"x1","cwd":"/home/dev/app"}}`,
	}
	for i, out := range []string{"Exit code: 0", "exec command rejected by user", "Exit code: 0"} {
		codex = append(codex,
			fmt.Sprintf(`{"timestamp":"2026-11-21T10:0%d:00.000Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"rm -rf build\"}","call_id":"k%d"}}`, i, i),
			fmt.Sprintf(`{"timestamp":"2026-11-21T10:0%d:05.000Z","type":"response_item","payload":{"type":"function_call_output","call_id":"k%d","output":%q}}`, i, i, out))
	}
	gemini := []string{`{"sessionId":"g1","projectHash":"abc","startTime":"2026-11-22T08:00:00.000Z","kind":"main"}`,
		`{"id":"u0","timestamp":"2026-11-22T08:00:00.001Z","type":"user","content":[{"text":"<session_context>\nI'm currently working in the directory: /home/dev/site\n</session_context>"}]}`}
	for i := range 2 {
		gemini = append(gemini, fmt.Sprintf(`{"id":"m%d","timestamp":"2026-11-22T08:0%d:00.000Z","type":"gemini","content":"","toolCalls":[{"id":"r%d","name":"run_shell_command","args":{"command":"git push origin main"},"status":"success","timestamp":"2026-11-22T08:0%d:09.000Z"}]}`, i, i, i, i))
	}
	for name, lines := range map[string][]string{"claude/repeat.jsonl": claude, "codex/rollout-2026-11-21T10-00-00-x1.jsonl": codex, "gemini/chats/session-2026-11-22T08-00-g1.jsonl": gemini} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestReplayCountsConfirmed: replay counts the prompts H6.confirmed would
// have removed (a repeat of a call approved in its session, not of one
// refused, never of a deny) and says so beside the waiting times.
func TestReplayCountsConfirmed(t *testing.T) {
	res := replayDir(t, Options{}, confirmedSessions(t))
	var got []string
	for _, c := range res.Calls {
		if c.Confirmed {
			got = append(got, string(res.Sessions[c.Session].Runtime)+" "+c.Subject)
		}
	}
	// Codex's second rm -rf build was refused when asked again: H6 would
	// have let it run, which the summary shows; after the refusal, the
	// third is asked.
	want := "claude npm install|claude npm install|codex rm -rf build|gemini git push origin main"
	if strings.Join(got, "|") != want {
		t.Errorf("calls H6.confirmed would allow: %q, want %q", got, want)
	}
	if s := res.Summary; s.Confirmed != 4 || s.ConfirmedRefused != 1 {
		t.Errorf("summary: %d removed, %d refused; want 4, 1", s.Confirmed, s.ConfirmedRefused)
	}
	var out bytes.Buffer
	res.Write(&out)
	if !strings.Contains(out.String(), "H6.confirmed would have removed up to 4 prompts: the same call, approved earlier in its session (1 of them the person refused when asked again)") {
		t.Errorf("the replay's text does not say what H6.confirmed removes:\n%s", out.String())
	}
}

// TestReplayOwnSessionsConfirmed: the repository's own session fixtures
// hold no call repeated after an approval, and replay says so.
func TestReplayOwnSessionsConfirmed(t *testing.T) {
	res := replayDir(t, Options{}, "testdata")
	var out bytes.Buffer
	res.Write(&out)
	if res.Summary.Confirmed != 0 || !strings.Contains(out.String(), "H6.confirmed would have removed no prompt") {
		t.Errorf("H6.confirmed on the own fixtures: %d\n%s", res.Summary.Confirmed, out.String())
	}
}
