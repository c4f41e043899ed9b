package replay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter/policy"
)

// benchCommands are a day's mix of calls: reads, tests, git, edits, and
// the odd install or risky command.
var benchCommands = []string{
	"git status", "go test ./...", "ls -la", "cat README.md", "git diff --stat", "npm test",
	"grep -rn TODO src", "make build", "git log --oneline -5", "rm -rf build", "npm install lodash",
	"curl -s https://example.com", "git push origin main", "python3 -m pytest -q", "sed -n 1,20p main.go",
}

// writeBenchSessions writes n sessions of each runtime, each with calls
// tool calls, in the runtimes' real formats.
func writeBenchSessions(tb testing.TB, dir string, n, calls int) int {
	total := 0
	for i := range n {
		var claude, codex strings.Builder
		fmt.Fprintf(&claude, `{"type":"user","timestamp":"2026-11-20T09:00:00.000Z","sessionId":"s%d","cwd":"/home/dev/p","message":{"role":"user","content":"work on the build"}}`+"\n", i)
		fmt.Fprintf(&codex, `{"timestamp":"2026-11-20T09:00:00.000Z","type":"session_meta","payload":{"id":"c%d","cwd":"/home/dev/p"}}`+"\n", i)
		fmt.Fprintf(&codex, `{"timestamp":"2026-11-20T09:00:00.001Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"run the tests"}]}}`+"\n")
		var gemini strings.Builder
		fmt.Fprintf(&gemini, `{"sessionId":"g%d","projectHash":"h","startTime":"2026-11-20T09:00:00.000Z","kind":"main"}`+"\n", i)
		fmt.Fprintf(&gemini, `{"id":"u","timestamp":"2026-11-20T09:00:00.000Z","type":"user","content":[{"text":"fix it"}]}`+"\n")
		for j := range calls {
			cmd := benchCommands[(i+j)%len(benchCommands)]
			ts := fmt.Sprintf("2026-11-20T09:%02d:%02d.000Z", j/60%60, j%60)
			fmt.Fprintf(&claude, `{"type":"assistant","timestamp":%q,"sessionId":"s%d","cwd":"/home/dev/p","message":{"role":"assistant","content":[{"type":"tool_use","id":"t%d-%d","name":"Bash","input":{"command":%q,"description":"step"}}]}}`+"\n", ts, i, i, j, cmd)
			fmt.Fprintf(&claude, `{"type":"user","timestamp":%q,"sessionId":"s%d","cwd":"/home/dev/p","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t%d-%d","content":"ok","is_error":false}]},"toolUseResult":{"stdout":"ok"}}`+"\n", ts, i, i, j)
			args := strings.ReplaceAll(fmt.Sprintf(`{"cmd":%q,"workdir":"/home/dev/p"}`, cmd), `"`, `\"`)
			fmt.Fprintf(&codex, `{"timestamp":%q,"type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"%s","call_id":"c%d-%d"}}`+"\n", ts, args, i, j)
			fmt.Fprintf(&codex, `{"timestamp":%q,"type":"response_item","payload":{"type":"function_call_output","call_id":"c%d-%d","output":"Exit code: 0\nWall time: 0.1 seconds\nOutput:\nok"}}`+"\n", ts, i, j)
			fmt.Fprintf(&gemini, `{"id":"m%d","timestamp":%q,"type":"gemini","content":"","toolCalls":[{"id":"g%d-%d","name":"run_shell_command","args":{"command":%q},"status":"success","timestamp":%q}]}`+"\n", j, ts, i, j, cmd, ts)
		}
		for name, b := range map[string]string{
			filepath.Join("claude", fmt.Sprintf("s%d.jsonl", i)):                 claude.String(),
			filepath.Join("codex", fmt.Sprintf("rollout-%d.jsonl", i)):           codex.String(),
			filepath.Join("gemini", "chats", fmt.Sprintf("session-%d.jsonl", i)): gemini.String(),
		} {
			p := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
				tb.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(b), 0o600); err != nil {
				tb.Fatal(err)
			}
		}
		total += 3 * calls
	}
	return total
}

// BenchmarkReplay replays a directory of sessions (30 sessions of 200
// calls, 6,000 calls) and reports calls per second.
func BenchmarkReplay(b *testing.B) {
	dir := b.TempDir()
	total := writeBenchSessions(b, dir, 10, 200)
	files, _ := Files([]string{dir}, "")
	opt := Options{Decider: policy.New(policy.Options{}), Home: "/home/dev"}
	b.ResetTimer()
	for range b.N {
		res := Run(context.Background(), files, opt)
		if res.Summary.Calls != total {
			b.Fatalf("replayed %d calls, want %d (unreadable %v)", res.Summary.Calls, total, res.Unreadable)
		}
	}
	b.ReportMetric(float64(total*b.N)/b.Elapsed().Seconds(), "calls/s")
}
