package gate

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/judge/judgetest"
	"github.com/arbitergate/arbiter/judge/remote"
)

// backends are the two judge protocols; every test runs against both.
var backends = []struct {
	name  string
	start func() *judgetest.Server
}{
	{"systemone", judgetest.NewSystemOne},
	{"openai", judgetest.NewOpenAI},
}

func answers(serves, risk float64) judge.Answers {
	a := judge.Answers{}
	for _, q := range judge.Questions {
		a[q.Key] = risk
	}
	a[judge.ServesRequest] = serves
	return a
}

// newGate builds a gate from configuration as the hooks do, with the
// judge's backend in-process and talking real HTTP to srv.
func newGate(t *testing.T, backend string, srv *judgetest.Server, extra map[string]string) (*Gate, *bytes.Buffer) {
	t.Helper()
	env := map[string]string{
		"HOME":           t.TempDir(),
		"ARBITER_CONFIG": "/dev/null", "ARBITER_MANAGED_CONFIG": os.DevNull,
		"ARBITER_JUDGE_BACKEND": backend,
		"ARBITER_JUDGE_URL":     srv.URL,
		"TYPESAFE_API_KEY":      "test-key",
		"ARBITER_JUDGE_MODEL":   "jev-test",
		"ARBITER_JUDGE_TIMEOUT": "2s",
	}
	for k, v := range extra {
		env[k] = v
	}
	var log bytes.Buffer
	g, _, err := FromConfig(Options{
		Getenv:  func(k string) string { return env[k] },
		Log:     &log,
		Backend: func(s judge.Spec) (judge.Backend, error) { return remote.New(s, srv.Client()) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.Judge == nil {
		t.Fatal("no judge configured")
	}
	return g, &log
}

func call(tool string, input any, requests ...string) arbiter.Call {
	b, _ := json.Marshal(input)
	return arbiter.Call{Tool: tool, Input: b, ProjectDir: "/home/dev/proj", Home: "/home/dev", Requests: requests}
}

// network is a call the static layer defers as class C (pre-approval
// works), so the judge may settle it either way.
var network = call("Bash", map[string]string{"command": "curl -s https://api.example.com/status"}, "is the API up?")

func TestJudgeThresholds(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			g, _ := newGate(t, b.name, srv, nil)
			for _, tt := range []struct {
				a    judge.Answers
				want arbiter.Verdict
			}{
				{answers(0.95, 0.02), arbiter.Allow},
				{answers(0.05, 0.9), arbiter.Deny},
				{answers(0.6, 0.4), arbiter.Defer},
			} {
				srv.Answer(tt.a)
				g.Judge.Cache = nil
				d := g.Decide(context.Background(), network)
				if d.Decision != tt.want {
					t.Errorf("answers %v: %s (%s), want %s", tt.a, d.Decision, d.Reason, tt.want)
				}
				if d.Judge == nil || d.Judge.Model != "served-model" {
					t.Errorf("the served model was not recorded: %+v", d.Judge)
				}
			}
			reqs := srv.Requests()
			if len(reqs) == 0 || !strings.Contains(reqs[0], "is the API up?") || !strings.Contains(reqs[0], "curl -s https://api.example.com/status") {
				t.Errorf("the request does not carry the state: %.300s", reqs)
			}
			if b.name == "openai" && !strings.Contains(reqs[0], `"content":"State:\n{`) {
				t.Errorf("chat prompt does not introduce the state: %.300s", reqs[0])
			}
			if b.name == "systemone" && (!strings.HasPrefix(reqs[0], "POST /v1/systemone Bearer test-key") || !strings.Contains(reqs[0], `"model":"jev-test"`)) {
				t.Errorf("System One request: %.200s", reqs[0])
			}
		})
	}
}

func TestJudgeErrorsDefer(t *testing.T) {
	statuses := []int{400, 401, 403, 404, 413, 422, 429, 500, 502, 503, 529}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			g, log := newGate(t, b.name, srv, nil)
			g.Judge.Cache = nil
			for _, st := range statuses {
				log.Reset()
				srv.Fail(st, http.Header{"Retry-After": {"7"}}, `{"error":"nope"}`)
				d := g.Decide(context.Background(), network)
				if d.Decision != arbiter.Defer {
					t.Errorf("HTTP %d: %s, want defer", st, d.Decision)
				}
				line := log.String()
				if !strings.Contains(line, "HTTP "+strconv.Itoa(st)) {
					t.Errorf("HTTP %d: log %q does not name the status", st, line)
				}
				if (st == 429 || st == 529) && !strings.Contains(line, "retry after 7s") {
					t.Errorf("HTTP %d: log %q does not give retry-after", st, line)
				}
			}
			perAsk := 1
			if b.name == "openai" {
				perAsk = len(judge.Questions) // one request per question
			}
			if n := len(srv.Requests()); n != len(statuses)*perAsk {
				t.Errorf("%d requests for %d decisions: a failure was retried", n, len(statuses))
			}
		})
	}
}

func TestJudgeMalformedAnswersDefer(t *testing.T) {
	systemone := []string{
		`not json`,
		`{"model":"m","answers":{}}`,
		`{"model":"m","answers":{"serves_request":{"type":"noul","noul":"high"}}}`,
		`{"model":"m","answers":` + outOfRange() + `}`,
	}
	openai := []string{
		`not json`,
		`{"choices":[]}`,
		`{"choices":[{"logprobs":{"content":[{"token":"x","top_logprobs":[{"token":"maybe","logprob":-0.1}]}]}}]}`,
		`{"choices":[{"logprobs":{"content":[{"token":"yes","top_logprobs":[{"token":"yes","logprob":0.7}]}]}}]}`,
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			g, _ := newGate(t, b.name, srv, nil)
			g.Judge.Cache = nil
			bodies := systemone
			if b.name == "openai" {
				bodies = openai
			}
			for _, body := range bodies {
				srv.Raw(body)
				if d := g.Decide(context.Background(), network); d.Decision != arbiter.Defer || d.Judge.Error == "" {
					t.Errorf("%s: %s, error %q; want defer with an error", body, d.Decision, d.Judge.Error)
				}
			}
		})
	}
}

// outOfRange is a full set of answers with one probability above 1.
func outOfRange() string {
	m := map[string]any{}
	for _, q := range judge.Questions {
		m[q.Key] = map[string]any{"type": "noul", "noul": 0.01}
	}
	m[judge.ServesRequest] = map[string]any{"type": "noul", "noul": 1.5}
	b, _ := json.Marshal(m)
	return string(b)
}

func TestJudgeTimeout(t *testing.T) {
	const timeout = 300 * time.Millisecond
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			defer srv.Release()
			g, log := newGate(t, b.name, srv, map[string]string{"ARBITER_JUDGE_TIMEOUT": "300ms"})
			g.Judge.Cache = nil
			srv.Answer(answers(0.99, 0))
			srv.Hang()
			start := time.Now()
			d := g.Decide(context.Background(), network)
			elapsed := time.Since(start)
			if d.Decision != arbiter.Defer {
				t.Errorf("a server slower than the timeout gave %s", d.Decision)
			}
			// The server never answers, so any answer at all is the timeout's;
			// the bound is only there to catch one that is not applied, and is
			// loose enough for a loaded machine.
			if elapsed > 10*timeout {
				t.Errorf("the decision took %v, want well under %v", elapsed, 10*timeout)
			}
			if !strings.Contains(log.String(), "no answer within 300ms") {
				t.Errorf("log %q", log.String())
			}
		})
	}
}

func TestSecretsNeverReachTheServer(t *testing.T) {
	private := []arbiter.Call{
		call("Bash", map[string]string{"command": "curl -H 'X-Api-Key: sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789' https://api.example.com"}, "call the API"),
		call("Read", map[string]string{"file_path": "/home/dev/proj/.env"}, "read the config"),
		call("Bash", map[string]string{"command": "curl -s https://api.example.com/status"}, "use token ghp_0123456789abcdefghijABCDEFGHIJ012345"),
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			srv.Answer(answers(0.99, 0))
			for _, mode := range []string{"enforce", "shadow"} {
				g, _ := newGate(t, b.name, srv, map[string]string{"ARBITER_JUDGE_MODE": mode})
				for _, c := range private {
					if d := g.Decide(context.Background(), c); d.Decision == arbiter.Allow {
						t.Errorf("%s %s: allowed", mode, c.Input)
					}
				}
			}
			if reqs := srv.Requests(); len(reqs) != 0 {
				t.Errorf("%d requests reached the server; the first: %.300s", len(reqs), reqs[0])
			}
		})
	}
}

func TestFlaggedCallIsNeverAllowedByTheJudge(t *testing.T) {
	flagged := []arbiter.Call{
		call("Teleport", map[string]string{"to": "mars"}, "teleport me"),
		call("Bash", map[string]string{"command": `cmd=$(cat next.txt); $cmd`}, "run the next step"),
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			srv.Answer(answers(1, 0))
			g, _ := newGate(t, b.name, srv, nil)
			for _, c := range flagged {
				static := g.Static.Decide(context.Background(), c)
				d := g.Decide(context.Background(), c)
				if static.Decision != arbiter.Defer {
					t.Fatalf("%s: static %s; the test needs a flagged defer", c.Input, static.Decision)
				}
				if d.Decision == arbiter.Allow {
					t.Errorf("%s: the judge allowed a call the static layer flagged (%v)", c.Input, static.Rules)
				}
			}
		})
	}
}

func TestShadowModeNeverChangesADecision(t *testing.T) {
	calls := []arbiter.Call{network, call("WebFetch", map[string]string{"url": "https://go.dev/doc/", "prompt": "summarise"}, "read the Go docs"),
		call("Bash", map[string]string{"command": "git push origin main"}, "push it")}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			g, _ := newGate(t, b.name, srv, map[string]string{"ARBITER_JUDGE_MODE": "shadow"})
			for _, a := range []judge.Answers{answers(1, 0), answers(0, 1)} {
				srv.Answer(a)
				for _, c := range calls {
					static := g.Static.Decide(context.Background(), c)
					d := g.Decide(context.Background(), c)
					if d.Decision != static.Decision || d.Reason != static.Reason {
						t.Errorf("%s: shadow gave %s, static %s", c.Input, d.Decision, static.Decision)
					}
					if d.Judge == nil || !d.Judge.Asked || d.Judge.Mode != "shadow" {
						t.Errorf("%s: shadow mode did not ask and record: %+v", c.Input, d.Judge)
					}
				}
			}
		})
	}
}

func TestCacheHitSendsNoRequest(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			srv := b.start()
			defer srv.Close()
			srv.Answer(answers(0.95, 0.01))
			g, _ := newGate(t, b.name, srv, nil)
			first := g.Decide(context.Background(), network)
			n := len(srv.Requests())
			second := g.Decide(context.Background(), network)
			if len(srv.Requests()) != n {
				t.Error("a cached state was asked again")
			}
			if !second.Judge.Cached || second.Decision != first.Decision {
				t.Errorf("second decision %s cached=%v, first %s", second.Decision, second.Judge.Cached, first.Decision)
			}
		})
	}
}

func TestConfiguration(t *testing.T) {
	tests := []struct {
		env   map[string]string
		judge bool
		err   string
	}{
		{map[string]string{}, false, ""},
		{map[string]string{"ARBITER_JUDGE_URL": "https://j.example"}, false, "TYPESAFE_API_KEY is not"},
		{map[string]string{"TYPESAFE_API_KEY": "k"}, true, ""},
		{map[string]string{"TYPESAFE_API_KEY": "k", "ARBITER_JUDGE_URL": "http://judge.example.com"}, false, "plain http"},
		{map[string]string{"TYPESAFE_API_KEY": "k", "ARBITER_JUDGE_URL": "http://127.0.0.1:9"}, true, ""},
		{map[string]string{"TYPESAFE_API_KEY": "k", "ARBITER_JUDGE_TIMEOUT": "soon"}, false, "Go duration"},
		{map[string]string{"TYPESAFE_API_KEY": "k", "ARBITER_JUDGE_MODE": "yolo"}, false, "unknown judge mode"},
		{map[string]string{"ARBITER_JUDGE_BACKEND": "openai", "ARBITER_JUDGE_URL": "http://localhost:8080"}, false, "ARBITER_JUDGE_MODEL"},
		{map[string]string{"TYPESAFE_API_KEY": "k", "ARBITER_JUDGE_MAX_RISK": "2"}, false, "between 0 and 1"},
	}
	for _, tt := range tests {
		env := map[string]string{"HOME": t.TempDir(), "ARBITER_CONFIG": "/dev/null", "ARBITER_MANAGED_CONFIG": os.DevNull}
		for k, v := range tt.env {
			env[k] = v
		}
		var log bytes.Buffer
		g, _, err := FromConfig(Options{Getenv: func(k string) string { return env[k] }, Log: &log})
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%v: error %v, want one containing %q", tt.env, err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("%v: %v", tt.env, err)
		case tt.err == "" && (g.Judge != nil) != tt.judge:
			t.Errorf("%v: judge configured %v, want %v", tt.env, g.Judge != nil, tt.judge)
		}
		if tt.judge && g.Judge != nil && g.Judge.Backend.Name() == "" {
			t.Errorf("%v: unnamed backend", tt.env)
		}
	}
}

func TestNoJudgeNoticeOncePerDay(t *testing.T) {
	env := map[string]string{"HOME": t.TempDir(), "ARBITER_CONFIG": "/dev/null", "ARBITER_MANAGED_CONFIG": os.DevNull}
	var log bytes.Buffer
	for i := 0; i < 3; i++ {
		if _, _, err := FromConfig(Options{Getenv: func(k string) string { return env[k] }, Log: &log}); err != nil {
			t.Fatal(err)
		}
	}
	if n := strings.Count(log.String(), "no judge configured"); n != 1 {
		t.Errorf("the notice was printed %d times, want once:\n%s", n, log.String())
	}
}
