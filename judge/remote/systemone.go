package remote

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"

	"github.com/arbitergate/arbiter/judge"
)

// SystemOne speaks TypeSafe's System One API: POST {base}/v1/systemone
// with a bearer key and {model, state, questions}; each answer comes back
// as answers[key].noul.
type SystemOne struct {
	BaseURL string
	Key     string
	Model   string
	Client  *http.Client
}

// Name identifies the backend, server and model.
func (s *SystemOne) Name() string {
	return judge.Spec{Backend: "systemone", URL: s.BaseURL, Model: s.Model}.Name()
}

type noulQuestion struct {
	Type         string `json:"type"`
	Instructions string `json:"instructions"`
}

type systemOneRequest struct {
	Model     string                  `json:"model"`
	State     judge.State             `json:"state"`
	Questions map[string]noulQuestion `json:"questions"`
}

type systemOneResponse struct {
	Model   string `json:"model"`
	Answers map[string]struct {
		Type string   `json:"type"`
		Noul *float64 `json:"noul"`
	} `json:"answers"`
}

// Ask sends one request with every question.
func (s *SystemOne) Ask(ctx context.Context, st judge.State, qs []judge.Question) (judge.Answers, string, error) {
	req := systemOneRequest{Model: s.Model, State: st, Questions: map[string]noulQuestion{}}
	for _, q := range qs {
		req.Questions[q.Key] = noulQuestion{Type: "noul", Instructions: q.Instructions}
	}
	rb, err := postJSON(ctx, s.Client, strings.TrimSuffix(s.BaseURL, "/")+"/v1/systemone", s.Key, req)
	if err != nil {
		return nil, "", err
	}
	return parseSystemOne(rb, qs)
}

// parseSystemOne reads a System One reply. Any answer that is missing, not
// a noul, or outside 0..1 makes the whole reply untrusted.
func parseSystemOne(body []byte, qs []judge.Question) (judge.Answers, string, error) {
	var out systemOneResponse
	if err := json.Unmarshal(body, &out); err != nil {
		return nil, "", fmt.Errorf("judge: the response is not the expected JSON: %w", err)
	}
	a := judge.Answers{}
	for _, q := range qs {
		ans, ok := out.Answers[q.Key]
		if !ok || ans.Noul == nil || (ans.Type != "" && ans.Type != "noul") || math.IsNaN(*ans.Noul) || *ans.Noul < 0 || *ans.Noul > 1 {
			return nil, out.Model, fmt.Errorf("judge: the answer for %q is missing, not a probability, or outside 0..1", q.Key)
		}
		a[q.Key] = *ans.Noul
	}
	return a, out.Model, nil
}
