package gate

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"testing"

	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/judge/judgetest"
	"github.com/arbitergate/arbiter/judge/remote"
)

// BenchmarkServerAlone is the floor for the judge path: one POST of a
// System One request to a loopback server that answers at once, and
// reading its reply.
func BenchmarkServerAlone(b *testing.B) {
	srv := judgetest.NewSystemOne()
	defer srv.Close()
	srv.Answer(answers(0.9, 0.01))
	body := []byte(`{"model":"jev-test","state":{"user_requests":["is the API up?"],"tool_call":{"tool":"Bash","command":"curl -s https://api.example.com/status"},"project_directory":"/home/dev/proj"},"questions":{}}`)
	client := srv.Client()
	for b.Loop() {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/v1/systemone", bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer k")
		resp, err := client.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// BenchmarkJudgePath is a whole decision through the gate with the judge
// asked every time (no cache): static policy, privacy checks, state,
// request, validation, thresholds. Its excess over BenchmarkServerAlone
// is what the judge path adds to the server's own time.
func BenchmarkJudgePath(b *testing.B) {
	srv := judgetest.NewSystemOne()
	defer srv.Close()
	srv.Answer(answers(0.9, 0.01))
	g := benchGate(b, srv)
	g.Judge.Cache = nil
	for b.Loop() {
		if d := g.Decide(context.Background(), network); d.Judge == nil || !d.Judge.Asked {
			b.Fatal("the judge was not asked")
		}
	}
}

// BenchmarkJudgeCacheHit is a decision answered from the disk cache.
func BenchmarkJudgeCacheHit(b *testing.B) {
	srv := judgetest.NewSystemOne()
	defer srv.Close()
	srv.Answer(answers(0.9, 0.01))
	g := benchGate(b, srv)
	g.Decide(context.Background(), network)
	for b.Loop() {
		if d := g.Decide(context.Background(), network); !d.Judge.Cached {
			b.Fatal("not a cache hit")
		}
	}
}

func benchGate(b *testing.B, srv *judgetest.Server) *Gate {
	env := map[string]string{
		"HOME": b.TempDir(), "ARBITER_CONFIG": os.DevNull, "ARBITER_MANAGED_CONFIG": os.DevNull, "ARBITER_JUDGE_URL": srv.URL,
		"TYPESAFE_API_KEY": "k", "ARBITER_JUDGE_MODEL": "jev-test",
	}
	g, _, err := FromConfig(Options{
		Getenv:  func(k string) string { return env[k] },
		Log:     io.Discard,
		Backend: func(s judge.Spec) (judge.Backend, error) { return remote.New(s, srv.Client()) },
	})
	if err != nil || g.Judge == nil {
		b.Fatal(err)
	}
	return g
}
