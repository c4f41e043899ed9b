package remote

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/arbitergate/arbiter/judge"
)

// FuzzSystemOneResponse: a reply from the server is untrusted; parsing
// never panics, and what it accepts is a full set of probabilities.
func FuzzSystemOneResponse(f *testing.F) {
	f.Add([]byte(`{"model":"m","answers":{"serves_request":{"type":"noul","noul":0.5}}}`))
	f.Add([]byte(`{"answers":null}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		a, _, err := parseSystemOne(body, judge.Questions)
		if err != nil {
			return
		}
		if verr := a.Validate(); verr != nil {
			t.Fatalf("accepted invalid answers: %v", verr)
		}
	})
}

// FuzzChatLogprobs: the same for an OpenAI-compatible reply's log
// probabilities.
func FuzzChatLogprobs(f *testing.F) {
	f.Add([]byte(`[{"token":"yes","logprob":-0.1},{"token":"no","logprob":-2.3}]`))
	f.Add([]byte(`[{"token":" No","logprob":0}]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var top []struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
		}
		if json.Unmarshal(body, &top) != nil {
			return
		}
		p, err := yesProbability(top)
		if err == nil && (math.IsNaN(p) || p < 0 || p > 1) {
			t.Fatalf("P(yes) = %v", p)
		}
	})
}

func TestYesProbability(t *testing.T) {
	type tl = struct {
		Token   string  `json:"token"`
		Logprob float64 `json:"logprob"`
	}
	p, err := yesProbability([]tl{{"Yes", math.Log(0.6)}, {" yes", math.Log(0.1)}, {"no", math.Log(0.3)}})
	if err != nil || math.Abs(p-0.7) > 1e-9 {
		t.Errorf("P(yes) = %v, %v; want 0.7", p, err)
	}
	if _, err := yesProbability([]tl{{"maybe", -0.1}}); err == nil {
		t.Error("no yes or no token was accepted")
	}
	if _, err := yesProbability([]tl{{"yes", 0.5}}); err == nil {
		t.Error("a positive log probability was accepted")
	}
}
