// Command transcript writes a Claude Code session transcript of a given
// size for the hook benchmark. Its lines have the shapes Claude Code
// 2.1.332 writes (queue operations, attachments, API request records,
// tool calls, last-prompt and cost lines besides user and assistant
// turns), and, as in real sessions, most of its bytes are long tool
// output.
//
//	transcript -size 5MB -o session.jsonl
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	size := flag.String("size", "5MB", "approximate size of the transcript (bytes, or with KB/MB)")
	out := flag.String("o", "", "the file to write")
	turns := flag.Int("turns", 12, "user turns in the session")
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: transcript -size 5MB -o FILE [-turns N]")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "transcript:", err)
		os.Exit(1)
	}
	w := bufio.NewWriter(f)
	s := &session{w: w, perTurn: n / int64(*turns), seed: 1}
	for t := 0; t < *turns; t++ {
		s.turn(t)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "transcript:", err)
		os.Exit(1)
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(os.Stderr, "transcript:", err)
		os.Exit(1)
	}
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "MB"):
		mult, s = 1<<20, strings.TrimSuffix(s, "MB")
	case strings.HasSuffix(s, "KB"):
		mult, s = 1<<10, strings.TrimSuffix(s, "KB")
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}

// obj is a JSON object that keeps its keys in the order given, as
// Claude Code writes them (encoding/json would sort a map's keys).
type obj []kv

type kv struct {
	k string
	v any
}

func (o *obj) set(k string, v any) { *o = append(*o, kv{k, v}) }

func (o obj) MarshalJSON() ([]byte, error) {
	var b []byte
	b = append(b, '{')
	for i, f := range o {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(f.k)
		v, err := json.Marshal(f.v)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

const sessionID = "cd897436-2872-4ce3-a0a6-aade77bf0af2"

// session writes one session's lines.
type session struct {
	w       *bufio.Writer
	perTurn int64
	written int64
	seed    uint64
	uuid    int
}

func (s *session) line(v obj) {
	b, _ := json.Marshal(v)
	s.w.Write(b)
	s.w.WriteByte('\n')
	s.written += int64(len(b) + 1)
}

// next is a small deterministic random number generator.
func (s *session) next(n int) int {
	s.seed = s.seed*6364136223846793005 + 1442695040888963407
	return int((s.seed >> 33) % uint64(n))
}

func (s *session) id() string {
	s.uuid++
	return fmt.Sprintf("%08x-0000-4000-8000-%012x", s.uuid, s.uuid)
}

func (s *session) base(typ string) obj {
	return obj{{"parentUuid", s.id()}, {"isSidechain", false}, {"userType", "external"}, {"cwd", "/home/dev/project"}, {"sessionId", sessionID}, {"version", "2.1.332"}, {"gitBranch", "main"}, {"type", typ}, {"uuid", s.id()}, {"timestamp", "2026-12-01T06:15:02.347Z"}}
}

var prompts = []string{
	"The parser tests fail since the last refactor; find out why and fix them.",
	"Now run the whole test suite and tell me what else is broken.",
	"Rename the package util to textwidth and update the imports.",
	"Add a benchmark for the line breaker.",
	"Why is the build slower than last week? Look at the go build -x output.",
	"Clean up the build directory and rebuild.",
}

var commands = []string{"go test ./...", "go build -x ./cmd/...", "git log --stat -20", "grep -rn TODO .", "cat internal/parse/parse.go", "go vet ./..."}

func (s *session) turn(t int) {
	start := s.written
	prompt := prompts[t%len(prompts)]
	s.line(obj{{"type", "queue-operation"}, {"operation", "enqueue"}, {"timestamp", "2026-12-01T06:15:02.347Z"}, {"sessionId", sessionID}, {"content", prompt}})
	s.line(obj{{"type", "queue-operation"}, {"operation", "dequeue"}, {"timestamp", "2026-12-01T06:15:02.350Z"}, {"sessionId", sessionID}})
	u := s.base("user")
	u.set("promptId", s.id())
	u.set("message", obj{{"role", "user"}, {"content", prompt}})
	s.line(u)
	for _, kind := range []string{"environment", "date", "total_tokens_reminder"} {
		a := s.base("attachment")
		a.set("attachment", obj{{"type", kind}, {"text", strings.Repeat("context ", 60)}})
		s.line(a)
	}
	s.line(obj{{"type", "atis-latch"}, {"atis", ""}, {"sessionId", sessionID}})
	for s.written-start+130000 < s.perTurn {
		cmd := commands[s.next(len(commands))]
		s.line(obj{{"type", "api-request"}, {"sessionId", sessionID}, {"id", s.id()}, {"version", "2.1.332"}, {"querySource", "sdk"}, {"params", obj{{"model", "claude-sonnet-4-5"}, {"max_tokens", 32000}, {"stream", true}}}})
		s.line(obj{{"type", "tools-used"}, {"tools", []string{"Bash"}}, {"sessionId", sessionID}})
		a := s.base("assistant")
		a.set("message", obj{{"id", s.id()}, {"type", "message"}, {"role", "assistant"}, {"model", "claude-sonnet-4-5"}, {"content", []any{obj{{"type", "tool_use"}, {"id", "toolu_" + s.id()}, {"name", "Bash"}, {"input", obj{{"command", cmd}, {"description", "Run " + cmd}}}}}}, {"stop_reason", "tool_use"}, {"usage", obj{{"input_tokens", 1200}, {"output_tokens", 80}}}})
		s.line(a)
		h := s.base("attachment")
		h.set("attachment", obj{{"type", "hook_success"}, {"hookName", "PreToolUse:Bash"}, {"hookEvent", "PreToolUse"}, {"stdout", `{"hookSpecificOutput":{"permissionDecision":"allow"}}`}})
		s.line(h)
		r := s.base("user")
		output := toolOutput(cmd, 2000+s.next(120000))
		r.set("message", obj{{"role", "user"}, {"content", []any{obj{{"tool_use_id", "toolu_x"}, {"type", "tool_result"}, {"content", output}, {"is_error", false}}}}})
		r.set("toolUseResult", obj{{"stdout", output}, {"stderr", ""}, {"interrupted", false}})
		s.line(r)
	}
	a := s.base("assistant")
	a.set("message", obj{{"id", s.id()}, {"type", "message"}, {"role", "assistant"}, {"model", "claude-sonnet-4-5"}, {"content", []any{obj{{"type", "text"}, {"text", "Done: the tests pass now. " + strings.Repeat("Details. ", 40)}}}}, {"stop_reason", "end_turn"}})
	s.line(a)
	s.line(obj{{"type", "last-prompt"}, {"lastPrompt", prompt}, {"leafUuid", s.id()}, {"sessionId", sessionID}})
	s.line(obj{{"type", "cost-state"}, {"sessionId", sessionID}, {"totalCostUSD", 0.42}, {"totalAPIDuration", 64000}})
}

// toolOutput is n bytes of what a build or test run prints.
func toolOutput(cmd string, n int) string {
	var b strings.Builder
	b.WriteString("$ " + cmd + "\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "ok  \tgithub.com/dev/project/internal/pkg%03d\t0.%03ds\tcoverage: %d.%d%% of statements\n", i%400, i%997, i%100, i%10)
	}
	return b.String()
}
