package gate

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/policy"
)

func withoutRequests(c arbiter.Call) arbiter.Call { c.Requests = nil; return c }

// asked counts how often the requests were fetched.
type asked struct {
	n        int
	requests []string
}

func (a *asked) get() []string { a.n++; return a.requests }

// recording is a judge backend that records the requests it was shown.
type recording struct {
	seen    [][]string
	answers judge.Answers
}

func (r *recording) Name() string { return "recording" }
func (r *recording) Ask(_ context.Context, st judge.State, _ []judge.Question) (judge.Answers, string, error) {
	r.seen = append(r.seen, st.UserRequests)
	return r.answers, "test-model", nil
}

// TestDecideLazilyReadsWordsOnlyWhenTheyMatter: the user's requests are
// fetched for a static deny (what the user typed is asked, not refused)
// for a class C defer the user's words may have asked for, and for a
// call the judge will see; never for a static allow or ask, nor when no
// judge is configured for any other defer.
func TestDecideLazilyReadsWordsOnlyWhenTheyMatter(t *testing.T) {
	static := &Gate{Static: policy.New(policy.Options{})}
	withJudge := func(mode judge.Mode) (*Gate, *recording) {
		r := &recording{answers: answers(0.9, 0.01)}
		return &Gate{Static: policy.New(policy.Options{}), Judge: &judge.Judge{Backend: r, Thresholds: judge.DefaultThresholds(), Mode: func() judge.Mode { return mode }}}, r
	}
	bash := func(cmd string) arbiter.Call { return call("Bash", map[string]string{"command": cmd}) }
	enforce, rec := withJudge(judge.Enforce)
	measure, _ := withJudge(judge.Measure)
	for _, tc := range []struct {
		name      string
		g         *Gate
		call      arbiter.Call
		requests  []string
		wantFetch int
		want      arbiter.Verdict
		wantRule  string
	}{
		{"static allow", static, bash("git status"), []string{"git status"}, 0, arbiter.Allow, ""},
		{"static allow with a judge", enforce, bash("ls -la"), nil, 0, arbiter.Allow, ""},
		{"static ask", static, bash("git push --force origin main"), []string{"force-push"}, 0, arbiter.Ask, "B7.git-force-push"},
		{"static deny, not typed", static, bash("vim notes.txt"), []string{"clean up"}, 1, arbiter.Deny, ""},
		{"static deny, typed", static, bash("vim main.go"), []string{"please run vim main.go"}, 1, arbiter.Ask, "H1.user-typed"},
		{"class A deny, typed: the words cannot change it", static, bash("rm -rf /usr/lib/python3"), []string{"please run rm -rf /usr/lib/python3"}, 0, arbiter.Deny, "A2.system-tree-delete"},
		{"defer, no judge", static, bash("docker run --rm alpine true"), []string{"is the API up?"}, 0, arbiter.Defer, ""},
		{"defer, judge in measure mode", measure, bash("docker run --rm alpine true"), []string{"is the API up?"}, 0, arbiter.Defer, ""},
		{"class C defer, words that do not ask for it", static, withoutRequests(network), []string{"is the API up?"}, 1, arbiter.Defer, "C1.network-request"},
		{"class C defer the user asked for", static, withoutRequests(network), []string{"curl api.example.com/status please"}, 1, arbiter.Allow, "C.user-asked"},
		{"defer, judge asked", enforce, withoutRequests(network), []string{"is the API up?"}, 1, arbiter.Allow, "J.requested-low-risk"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := &asked{requests: tc.requests}
			d := tc.g.DecideLazily(context.Background(), tc.call, a.get)
			if a.n != tc.wantFetch {
				t.Errorf("requests fetched %d times, want %d", a.n, tc.wantFetch)
			}
			if d.Decision != tc.want {
				t.Errorf("decision %s %v (%s), want %s", d.Decision, d.Rules, d.Reason, tc.want)
			}
			if tc.wantRule != "" && !strings.Contains(strings.Join(d.Rules, ","), tc.wantRule) {
				t.Errorf("rules %v lack %s", d.Rules, tc.wantRule)
			}
		})
	}
	if len(rec.seen) != 1 || strings.Join(rec.seen[0], "|") != "is the API up?" {
		t.Errorf("the judge was shown %q, want the user's request", rec.seen)
	}
}

// TestDecideLazilyAgreesOnTheCorpus: over every labeled case that has
// requests, deciding lazily gives the decision and rules that deciding
// with the requests up front gives.
func TestDecideLazilyAgreesOnTheCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpus", "*.jsonl"))
	if len(files) == 0 {
		t.Skip("../shared/corpus is absent (it sits beside the checkout in CI)")
	}
	g := &Gate{Static: policy.New(policy.Options{})}
	n := 0
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var c arbiter.Call
			if json.Unmarshal(sc.Bytes(), &c) != nil || len(c.Requests) == 0 || c.Tool == "" {
				continue
			}
			n++
			eager := g.Decide(context.Background(), c)
			requests := c.Requests
			lazy := g.DecideLazily(context.Background(), withoutRequests(c), func() []string { return requests })
			if eager.Decision != lazy.Decision || strings.Join(eager.Rules, ",") != strings.Join(lazy.Rules, ",") {
				t.Errorf("%s: %.80s: eager %s %v, lazy %s %v", filepath.Base(f), c.Input, eager.Decision, eager.Rules, lazy.Decision, lazy.Rules)
			}
		}
		fh.Close()
	}
	if n == 0 {
		t.Error("no corpus case has requests")
	}
}
