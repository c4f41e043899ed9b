package replay

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
)

func replayDir(t *testing.T, opt Options, paths ...string) Result {
	t.Helper()
	files, bad := Files(paths, opt.Runtime)
	if len(bad) > 0 {
		t.Fatalf("listing %v: %v", paths, bad)
	}
	if opt.Decider == nil {
		opt.Decider = policy.New(policy.Options{})
	}
	if opt.Home == "" {
		opt.Home = "/home/dev"
	}
	return Run(context.Background(), files, opt)
}

// counts is a runtime's figures: decisions and outcomes.
type counts struct {
	decisions map[string]int
	outcomes  map[string]int
}

func countBy(res Result) map[Runtime]counts {
	out := map[Runtime]counts{}
	for _, c := range res.Calls {
		rt := res.Sessions[c.Session].Runtime
		k, ok := out[rt]
		if !ok {
			k = counts{map[string]int{}, map[string]int{}}
			out[rt] = k
		}
		k.decisions[c.Decision.Decision.String()]++
		k.outcomes[string(c.Outcome.Status)]++
	}
	return out
}

func TestReplayOwnSessions(t *testing.T) {
	res := replayDir(t, Options{}, "testdata")
	want := map[Runtime]counts{
		Claude: {map[string]int{"allow": 5, "ask": 2, "deny": 2, "defer": 1},
			map[string]int{"ran": 3, "refused": 2, "denied": 2, "errored": 1, "interrupted": 1, "unknown": 1}},
		Codex: {map[string]int{"allow": 3, "ask": 1, "deny": 2},
			map[string]int{"ran": 3, "errored": 1, "refused": 1, "denied": 1}},
		Gemini: {map[string]int{"allow": 3, "ask": 1, "deny": 1},
			map[string]int{"ran": 2, "refused": 1, "denied": 1, "errored": 1}},
	}
	got := countBy(res)
	for rt, w := range want {
		if !reflect.DeepEqual(got[rt].decisions, w.decisions) {
			t.Errorf("%s decisions: got %v, want %v", rt, got[rt].decisions, w.decisions)
		}
		if !reflect.DeepEqual(got[rt].outcomes, w.outcomes) {
			t.Errorf("%s outcomes: got %v, want %v", rt, got[rt].outcomes, w.outcomes)
		}
	}
	s := res.Summary
	if s.Calls != 21 || s.Sessions != 4 {
		t.Errorf("got %d calls in %d sessions, want 21 in 4", s.Calls, s.Sessions)
	}
	if s.ByHand != 2 || s.ByHandAllowed != 1 {
		t.Errorf("approved by hand: got %d (arbiter allows %d), want 2 (1)", s.ByHand, s.ByHandAllowed)
	}
	if !reflect.DeepEqual(s.Refused, map[string]int{"ask": 3, "allow": 1}) {
		t.Errorf("refused by the person, by arbiter's decision: got %v", s.Refused)
	}
	var ranDenied []string
	for _, c := range s.RanDenied {
		ranDenied = append(ranDenied, strings.Join(c.Decision.Rules, ",")+" "+c.Subject)
	}
	sort.Strings(ranDenied)
	if want := []string{"A1.raw-disk-write dd if=/dev/zero of=/dev/sda", "A2.system-tree-delete rm -rf /etc"}; !reflect.DeepEqual(ranDenied, want) {
		t.Errorf("ran but arbiter denies: got %q, want %q", ranDenied, want)
	}
	if len(res.Unreadable) != 1 || !strings.HasSuffix(res.Unreadable[0].Path, "broken.jsonl") {
		t.Errorf("unreadable: got %+v, want broken.jsonl named", res.Unreadable)
	}
	if w := s.Waiting["person"]; w.Count != 6 || w.TotalMs != 4000+3000+8000+2000+6000+6900 {
		// Each is the span from call to result, less the run time where
		// recorded; Gemini's second call starts when its first ended.
		t.Errorf("person's waiting: got %+v, want 6 calls, 29.9 s", w)
	}
	if w := s.Waiting["hook"]; w.Count != 3 || w.TotalMs != 80+80+1050 {
		t.Errorf("hooks' waiting: got %+v, want 3 calls, 1210 ms", w)
	}
}

// The calls carry the person's messages before them, never the
// runtime's context, meta lines or a subagent's prompt.
func TestRequestsBeforeEachCall(t *testing.T) {
	for _, tc := range []struct {
		file string
		call int
		want []string
	}{
		{"testdata/claude/session.jsonl", 0, []string{"tidy the build, then push"}},
		{"testdata/claude/session.jsonl", 9, []string{"tidy the build, then push"}},
		{"testdata/codex/rollout-2026-11-21T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee.jsonl", 0, []string{"run the tests and clean up"}},
		{"testdata/gemini/chats/session-2026-11-22T08-00-9f0e0e0e.jsonl", 1, []string{"publish the site"}},
		{"testdata/gemini/chats/session-2026-11-23T08-00-old.json", 0, []string{"list the files"}},
	} {
		s, err := Read(tc.file, ReadOptions{Home: "/home/dev"})
		if err != nil {
			t.Fatal(err)
		}
		c := s.Calls[tc.call]
		if len(c.Calls) == 0 {
			t.Fatalf("%s call %d: not rebuilt", tc.file, tc.call)
		}
		if got := c.Calls[0].Requests; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s call %d (%s): requests %q, want %q", tc.file, tc.call, c.Native, got, tc.want)
		}
	}
}

// Each runtime's call is rebuilt as its hook rebuilds it: the tool
// name, the working directory and the project.
func TestCallsAsTheHookSawThem(t *testing.T) {
	for _, tc := range []struct {
		file, tool, cwd string
		call            int
	}{
		{"testdata/claude/session.jsonl", "Bash", "/home/dev/project", 0},
		{"testdata/codex/rollout-2026-11-21T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee.jsonl", "Bash", "/home/dev/app", 0},
		{"testdata/codex/rollout-2026-11-21T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee.jsonl", "Write", "/home/dev/app", 4},
		{"testdata/gemini/chats/session-2026-11-22T08-00-9f0e0e0e.jsonl", "Read", "/home/dev/site", 0},
	} {
		s, err := Read(tc.file, ReadOptions{Home: "/home/dev"})
		if err != nil {
			t.Fatal(err)
		}
		c := s.Calls[tc.call].Calls[0]
		if c.Tool != tc.tool || c.Cwd != tc.cwd || c.ProjectDir != tc.cwd || c.Home != "/home/dev" {
			t.Errorf("%s call %d: got %s in %s (project %s, home %s), want %s in %s", tc.file, tc.call, c.Tool, c.Cwd, c.ProjectDir, c.Home, tc.tool, tc.cwd)
		}
	}
}

func TestClaudeOutcome(t *testing.T) {
	rej := "The user doesn't want to proceed with this tool use. The tool use was rejected"
	for _, tc := range []struct {
		name, text string
		isErr      bool
		kind       string
		pd         *claudeDecision
		status     Status
		by         Party
		byHand     bool
	}{
		{"approved at a prompt", "ok", false, "", &claudeDecision{Decision: "accept", Source: "user_temporary"}, Ran, ByPerson, true},
		{"allowed by the mode", "ok", false, "", &claudeDecision{Decision: "accept", Source: "config", ReasonType: "mode"}, Ran, "", false},
		{"refused at a prompt", rej, true, "user-rejected", &claudeDecision{Decision: "reject", Source: "user_reject"}, Refused, ByPerson, false},
		{"a hook's ask the runtime could not show", "arbiter (A7)", true, "user-rejected", &claudeDecision{Decision: "reject", Source: "config", ReasonCode: "hook:PreToolUse"}, Denied, ByHook, false},
		{"a hook's deny", "PreToolUse:Bash hook error: no", true, "permission-rule", &claudeDecision{Decision: "reject", Source: "hook", ReasonType: "hook"}, Denied, ByHook, false},
		{"a rule's deny", "Permission to use Bash has been denied.", true, "permission-rule", &claudeDecision{Decision: "reject", Source: "config", ReasonType: "rule"}, Denied, ByRuntime, false},
		{"the classifier's deny, kind only", "denied", true, "automode-blocked", nil, Denied, ByRuntime, false},
		{"a hook's deny, kind only", "PreToolUse:Bash hook error: blocked", true, "permission-rule", nil, Denied, ByHook, false},
		{"refused, kind only", "User rejected tool use", true, "user-rejected", nil, Refused, ByPerson, false},
		{"refused, text only", rej, true, "", nil, Refused, ByPerson, false},
		{"interrupted", "[Request interrupted by user for tool use]", true, "", nil, Interrupted, "", false},
		{"interrupted, kind only", "x", true, "interrupted", nil, Interrupted, "", false},
		{"failed", "Exit code 1", true, "", nil, Errored, "", false},
		{"ran", "done", false, "", nil, Ran, "", false},
	} {
		o := claudeOutcome(tc.text, tc.isErr, tc.kind, tc.pd)
		if o.Status != tc.status || o.By != tc.by || o.ByHand != tc.byHand {
			t.Errorf("%s: got %s by %q (by hand %v), want %s by %q (%v)", tc.name, o.Status, o.By, o.ByHand, tc.status, tc.by, tc.byHand)
		}
	}
}

func TestCodexOutcome(t *testing.T) {
	for _, tc := range []struct {
		out    string
		status Status
		by     Party
		runMs  int64
	}{
		{"exec command rejected by user", Refused, ByPerson, -1},
		{"patch rejected by user", Refused, ByPerson, -1},
		{"Command blocked by PreToolUse hook: arbiter (A2.home-delete): no", Denied, ByHook, -1},
		{"This action was rejected due to unacceptable risk. Rationale: …", Denied, ByRuntime, -1},
		{"Exit code: 0\nWall time: 1.25 seconds\nOutput:\nok", Ran, "", 1250},
		{"Exit code: 2\nWall time: 0.1 seconds\nOutput:\n", Errored, "", 100},
		{`{"output":"x","metadata":{"exit_code":1,"duration_seconds":0.5}}`, Errored, "", 500},
		{"Success. Updated the following files:\nA x\n", Ran, "", -1},
	} {
		o := codexOutcome(tc.out)
		if o.Status != tc.status || o.By != tc.by || o.RunMs != tc.runMs {
			t.Errorf("%q: got %s by %q run %d ms, want %s by %q run %d", tc.out, o.Status, o.By, o.RunMs, tc.status, tc.by, tc.runMs)
		}
	}
}

func TestGeminiOutcome(t *testing.T) {
	for _, tc := range []struct {
		status, err string
		want        Status
		by          Party
	}{
		{"success", "", Ran, ""},
		{"cancelled", "", Refused, ByPerson},
		{"error", "Tool execution blocked: arbiter (A7.decoded-execution): no", Denied, ByHook},
		{"error", "Tool execution denied by policy.", Denied, ByRuntime},
		{"error", "ls: cannot access 'x'", Errored, ""},
		{"scheduled", "", Unknown, ""},
	} {
		o := geminiOutcome(tc.status, tc.err)
		if o.Status != tc.want || o.By != tc.by {
			t.Errorf("%s %q: got %s by %q, want %s by %q", tc.status, tc.err, o.Status, o.By, tc.want, tc.by)
		}
	}
}

func TestSinceAndProject(t *testing.T) {
	since := time.Date(2026, 11, 21, 10, 0, 10, 0, time.UTC)
	res := replayDir(t, Options{Since: since}, "testdata")
	// Codex's last three calls, and every Gemini call (the 22nd and 23rd).
	if res.Summary.Calls != 3+5 {
		t.Errorf("--since %s: got %d calls, want 8", since, res.Summary.Calls)
	}
	res = replayDir(t, Options{Project: "/home/dev/site"}, "testdata")
	if res.Summary.Calls != 4 || len(res.Sessions) != 1 {
		t.Errorf("--project /home/dev/site: got %d calls in %d sessions, want 4 in 1", res.Summary.Calls, len(res.Sessions))
	}
	res = replayDir(t, Options{Project: "/home/dev/sit"}, "testdata")
	if res.Summary.Calls != 0 {
		t.Errorf("--project /home/dev/sit matched %d calls of /home/dev/site", res.Summary.Calls)
	}
}

// Discover finds each runtime's sessions in its place under home, and
// nothing else there (settings, logs, hook payloads).
func TestDiscover(t *testing.T) {
	home := t.TempDir()
	put := func(src, dst string) {
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(home, dst)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	put("testdata/claude/session.jsonl", ".claude/projects/-home-dev-project/s1.jsonl")
	put("testdata/codex/rollout-2026-11-21T10-00-00-0199aaaa-bbbb-7ccc-8ddd-eeeeeeeeeeee.jsonl", ".codex/sessions/2026/11/21/rollout-x.jsonl")
	put("testdata/gemini/chats/session-2026-11-22T08-00-9f0e0e0e.jsonl", ".gemini/tmp/site/chats/session-1.jsonl")
	put("testdata/gemini/chats/session-2026-11-23T08-00-old.json", ".gemini/tmp/site/chats/session-2.json")
	put("testdata/gemini/chats/session-2026-11-23T08-00-old.json", ".gemini/tmp/site/logs.json")
	put("testdata/claude/session.jsonl", ".claude/settings.json")
	files := Discover(home, func(string) string { return "" }, "")
	var got []string
	for _, f := range files {
		rel, _ := filepath.Rel(home, f.Path)
		got = append(got, string(f.Runtime)+" "+rel)
	}
	want := []string{
		"claude .claude/projects/-home-dev-project/s1.jsonl",
		"codex .codex/sessions/2026/11/21/rollout-x.jsonl",
		"gemini .gemini/tmp/site/chats/session-1.jsonl",
		"gemini .gemini/tmp/site/chats/session-2.json",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if only := Discover(home, func(string) string { return "" }, Codex); len(only) != 1 {
		t.Errorf("--runtime codex: got %d files, want 1", len(only))
	}
	res := Run(context.Background(), files, Options{Decider: policy.New(policy.Options{}), Home: home})
	if res.Summary.Calls != 21 || len(res.Unreadable) != 0 {
		t.Errorf("got %d calls, %d unreadable; want 21, 0", res.Summary.Calls, len(res.Unreadable))
	}
}

// Replay reads and never writes: the sessions' directory is the same,
// byte for byte and time for time, after a replay.
func TestReplayWritesNothing(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata")); err != nil {
		t.Fatal(err)
	}
	snapshot := func() map[string]string {
		m := map[string]string{}
		_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			info, _ := d.Info()
			b, _ := os.ReadFile(p)
			m[p] = info.Mode().String() + info.ModTime().String() + string(b)
			return nil
		})
		return m
	}
	before := snapshot()
	replayDir(t, Options{}, dir)
	if after := snapshot(); !reflect.DeepEqual(before, after) {
		t.Error("replay changed the directory it read")
	}
}

// The fixtures are sessions the real clients wrote.
func TestReplayFixtures(t *testing.T) {
	dir := filepath.Join("..", "..", "shared", "fixtures")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the shared fixtures are absent (%v): skipping", err)
	}
	for _, tc := range []struct {
		file     string
		runtime  Runtime
		calls    int
		decision map[string]int
		outcome  map[string]int
		rule     string
	}{
		// Each client ran a decoded command the person had typed: arbiter
		// asks (H1.user-typed); the client, driven headless, could not
		// show the prompt, so the call was denied by the hook.
		{"runtimes/claude-code-2.1.332-transcript.jsonl", Claude, 1, map[string]int{"ask": 1}, map[string]int{"denied": 1}, "H1.user-typed"},
		{"runtimes/codex-0.171.0-rollout.jsonl", Codex, 1, map[string]int{"ask": 1}, map[string]int{"denied": 1}, "H1.user-typed"},
		{"runtimes/gemini-cli-0.61.0-session.jsonl", Gemini, 1, map[string]int{"ask": 1}, map[string]int{"denied": 1}, "H1.user-typed"},
		{"claude-transcripts/representative_messages.jsonl", Claude, 2, map[string]int{"allow": 2}, map[string]int{"ran": 2}, "D4.run-project-code"},
		{"claude-transcripts/todowrite_examples.jsonl", Claude, 3, map[string]int{"allow": 3}, map[string]int{"ran": 3}, "D.session"},
		// A tool that failed, and two whose results are malformed.
		{"claude-transcripts/edge_cases.jsonl", Claude, 3, map[string]int{"allow": 2, "defer": 1}, map[string]int{"errored": 1, "unknown": 2}, "U.unknown-tool"},
		{"claude-transcripts/session_b.jsonl", Claude, 0, map[string]int{}, map[string]int{}, ""},
	} {
		res := replayDir(t, Options{}, filepath.Join(dir, tc.file))
		if len(res.Unreadable) > 0 || len(res.Sessions) != 1 {
			t.Fatalf("%s: %d sessions, unreadable %v", tc.file, len(res.Sessions), res.Unreadable)
		}
		s := res.Summary
		if res.Sessions[0].Runtime != tc.runtime || s.Calls != tc.calls || !reflect.DeepEqual(s.Decisions, tc.decision) || !reflect.DeepEqual(s.Outcomes, tc.outcome) {
			t.Errorf("%s: got %s, %d calls, %v, %v; want %s, %d, %v, %v", tc.file, res.Sessions[0].Runtime, s.Calls, s.Decisions, s.Outcomes,
				tc.runtime, tc.calls, tc.decision, tc.outcome)
		}
		if tc.rule != "" && s.Rules[tc.rule] == 0 {
			t.Errorf("%s: rule %s did not fire (rules %v)", tc.file, tc.rule, s.Rules)
		}
	}
}

func TestUnreadableSessionsAreNamed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	paths := []string{
		write("empty.jsonl", ""),
		write("garbage.jsonl", "\x00\x01\x02"),
		write("array.jsonl", "[1,2,3]\n42\n"),
		filepath.Join(dir, "missing.jsonl"),
	}
	files, bad := Files(paths, "")
	res := Run(context.Background(), files, Options{Decider: policy.New(policy.Options{})})
	if len(res.Unreadable)+len(bad) != 4 {
		t.Errorf("got %d unreadable and %d unlisted, want 4 in all: %+v %v", len(res.Unreadable), len(bad), res.Unreadable, bad)
	}
	for _, u := range res.Unreadable {
		if !strings.Contains(u.Error, u.Path) {
			t.Errorf("the error for %s does not name it: %s", u.Path, u.Error)
		}
	}
}

// A recorded call that cannot be rebuilt is deferred, never allowed.
func TestUnbuildableCallDefers(t *testing.T) {
	d := decide(context.Background(), policy.New(policy.Options{}), nil)
	if d.Decision != arbiter.Defer || d.Rules[0] != "U.bad-input" {
		t.Errorf("got %s %v, want defer U.bad-input", d.Decision, d.Rules)
	}
	s, err := ReadFrom(strings.NewReader(`{"type":"assistant","message":{"content":[{"type":"tool_use","id":"x","name":"Bash","input":"rm -rf /"}]}}`+"\n"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Calls) != 1 || len(s.Calls[0].Calls) != 0 {
		t.Fatalf("got %+v, want one call that could not be rebuilt", s.Calls)
	}
}

// A session copied into another file (a fork, a resume) counts its
// calls once.
func TestRepeatedCallsCountOnce(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("testdata/claude/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a.jsonl", "b.jsonl"} {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	res := replayDir(t, Options{}, dir)
	if res.Summary.Calls != 10 || res.Sessions[1].Calls != 0 {
		t.Errorf("got %d calls (%d in the copy), want 10 (0)", res.Summary.Calls, res.Sessions[1].Calls)
	}
}

// A subagent's calls carry the person's messages from the session that
// started it, as its hook reads them, never the subagent's own prompt.
func TestSubagentCallsCarryTheSessionsRequests(t *testing.T) {
	project := t.TempDir()
	b, err := os.ReadFile("testdata/claude/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "s1.jsonl"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(project, "s1", "subagents", "agent-a1.jsonl")
	if err := os.MkdirAll(filepath.Dir(sub), 0o700); err != nil {
		t.Fatal(err)
	}
	lines := `{"type":"user","isSidechain":true,"timestamp":"2026-11-20T08:59:00.000Z","cwd":"/home/dev/project","message":{"role":"user","content":"Clean everything"}}
{"type":"assistant","isSidechain":true,"timestamp":"2026-11-20T08:59:30.000Z","cwd":"/home/dev/project","message":{"content":[{"type":"tool_use","id":"sa0","name":"Bash","input":{"command":"ls"}}]}}
{"type":"assistant","isSidechain":true,"timestamp":"2026-11-20T09:00:05.000Z","cwd":"/home/dev/project","message":{"content":[{"type":"tool_use","id":"sa1","name":"Bash","input":{"command":"rm -rf build"}}]}}
`
	if err := os.WriteFile(sub, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Read(sub, ReadOptions{Home: "/home/dev"})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range [][]string{nil, {"tidy the build, then push"}} {
		if got := s.Calls[i].Calls[0].Requests; !reflect.DeepEqual(got, want) {
			t.Errorf("call %d: requests %q, want %q", i, got, want)
		}
	}
	// Without its session beside it, a subagent's calls carry none.
	lone := filepath.Join(t.TempDir(), "x", "subagents", "agent-a2.jsonl")
	if err := os.MkdirAll(filepath.Dir(lone), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(lone, []byte(lines), 0o600); err != nil {
		t.Fatal(err)
	}
	if s, err := Read(lone, ReadOptions{}); err != nil || s.Calls[1].Calls[0].Requests != nil {
		t.Errorf("a lone subagent transcript: %v, requests %q", err, s.Calls[1].Calls[0].Requests)
	}
}
