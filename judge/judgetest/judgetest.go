// Package judgetest provides fake judge servers on loopback for tests: a
// System One server and an OpenAI-compatible chat-completions server that
// answer with fixed probabilities, fail on demand, and record every
// request they receive.
package judgetest

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"

	"github.com/arbitergate/arbiter/judge"
)

// Server is a fake judge server.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	answers  judge.Answers
	status   int
	header   http.Header
	body     string
	block    chan struct{}
	requests []string
}

// Answer sets the probabilities the server answers with.
func (s *Server) Answer(a judge.Answers) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.answers, s.status, s.body = a, 0, ""
}

// Fail makes the server answer with an HTTP status, headers and body.
func (s *Server) Fail(status int, header http.Header, body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status, s.header, s.body = status, header, body
}

// Raw makes the server answer 200 with a fixed body.
func (s *Server) Raw(body string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.status, s.body = http.StatusOK, body
}

// Hang makes the server hold every request until the client gives up or
// Release is called.
func (s *Server) Hang() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.block = make(chan struct{})
}

// Release lets held requests go.
func (s *Server) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.block != nil {
		close(s.block)
		s.block = nil
	}
}

// Requests returns the bodies of every request received, in order.
func (s *Server) Requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.requests...)
}

// record stores a request and returns the server's current behaviour.
func (s *Server) record(r *http.Request) (judge.Answers, int, http.Header, string, chan struct{}) {
	b, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization")+"\n"+string(b))
	return s.answers, s.status, s.header, s.body, s.block
}

func (s *Server) override(w http.ResponseWriter, r *http.Request, status int, header http.Header, body string, block chan struct{}) bool {
	if block != nil {
		select {
		case <-block:
		case <-r.Context().Done():
			return true
		}
	}
	if status == 0 {
		return false
	}
	for k, v := range header {
		w.Header()[k] = v
	}
	w.WriteHeader(status)
	io.WriteString(w, body)
	return true
}

// NewSystemOne starts a fake System One server that answers model
// "served-model".
func NewSystemOne() *Server {
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, status, header, body, block := s.record(r)
		if s.override(w, r, status, header, body, block) {
			return
		}
		if r.URL.Path != "/v1/systemone" || r.Method != http.MethodPost {
			http.NotFound(w, r)
			return
		}
		out := map[string]any{"model": "served-model", "answers": map[string]any{}}
		for k, v := range a {
			out["answers"].(map[string]any)[k] = map[string]any{"type": "noul", "noul": v}
		}
		json.NewEncoder(w).Encode(out)
	}))
	return s
}

// NewOpenAI starts a fake chat-completions server that answers each
// yes-or-no question with log probabilities giving P(yes) = the answer
// for the question it recognises in the prompt.
func NewOpenAI() *Server {
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, status, header, body, block := s.record(r)
		if s.override(w, r, status, header, body, block) {
			return
		}
		var req struct {
			Messages []struct{ Content string } `json:"messages"`
		}
		s.mu.Lock()
		last := s.requests[len(s.requests)-1]
		s.mu.Unlock()
		_, raw, _ := strings.Cut(last, "\n")
		if json.Unmarshal([]byte(raw), &req) != nil || len(req.Messages) == 0 {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		prompt := req.Messages[len(req.Messages)-1].Content
		p := -1.0
		for _, q := range judge.Questions {
			if strings.Contains(prompt, q.Instructions) {
				v, ok := a[q.Key]
				if ok {
					p = v
				}
			}
		}
		if p < 0 {
			http.Error(w, "unknown question", http.StatusBadRequest)
			return
		}
		lp := func(x float64) float64 {
			if x <= 0 {
				return -100
			}
			return math.Log(x)
		}
		fmt.Fprintf(w, `{"model":"served-model","choices":[{"logprobs":{"content":[{"token":"yes","logprob":%g,"top_logprobs":[{"token":"Yes","logprob":%g},{"token":" no","logprob":%g},{"token":"maybe","logprob":-9}]}]}}]}`,
			lp(p), lp(p), lp(1-p))
	}))
	return s
}
