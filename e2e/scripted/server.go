package scripted

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
)

// API is the wire protocol a server speaks.
type API string

// The APIs a server can speak.
const (
	// Anthropic is the Messages API (Claude Code): POST /v1/messages.
	Anthropic API = "anthropic"
	// OpenAI is the Responses API (Codex CLI): POST .../responses.
	OpenAI API = "openai"
	// Chat is the Chat Completions API (Cline's OpenAI-compatible
	// provider): POST .../chat/completions.
	Chat API = "chat"
	// Gemini is the Gemini API (Gemini CLI): POST
	// /v1beta/models/MODEL:streamGenerateContent.
	Gemini API = "gemini"
)

// Call is one tool call a script makes: a shell command, in the
// client's own shell tool.
type Call struct {
	// Command is the shell command the tool call runs.
	Command string
	// Escalate asks Codex to run the command outside its sandbox, which
	// makes Codex ask for approval (its PermissionRequest hook).
	Escalate bool
	// Justification is the reason Codex shows for an escalation.
	Justification string
}

// Result is a tool result a client sent back: what the model was told
// about its call.
type Result struct {
	CallID  string `json:"call_id"`
	Output  string `json:"output"`
	IsError bool   `json:"is_error,omitempty"`
}

// Request is one request a client made, kept for the test's report.
type Request struct {
	Method string `json:"method"`
	Path   string `json:"path"`
	// Tools are the names of the tools the client offered the model.
	Tools []string `json:"tools,omitempty"`
	// Answer says what the server answered: "tool call", "text", or an
	// HTTP status.
	Answer string `json:"answer"`
}

// Server answers one client run. It is safe for concurrent use.
type Server struct {
	api   API
	calls []Call

	mu       sync.Mutex
	requests []Request
	results  []Result
	done     chan struct{}
	closed   bool
}

// New returns a server speaking api that makes calls, one a turn, each
// once the client has sent the previous one's result back.
func New(api API, calls ...Call) *Server {
	return &Server{api: api, calls: calls, done: make(chan struct{})}
}

// Results returns the tool results the client sent, in order, each once.
func (s *Server) Results() []Result {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Result(nil), s.results...)
}

// Requests returns every request the client made.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Done is closed when the client has sent every tool call's result
// back, so an interactive client that never exits can be stopped then.
func (s *Server) Done() <-chan struct{} { return s.done }

// maxBody bounds a request body: a client's system prompt and tool list
// are large, but not this large.
const maxBody = 64 << 20

// ServeHTTP answers a client's request: a tool call when no result has
// come back yet, a closing text once one has.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
	rec := Request{Method: r.Method, Path: r.URL.Path}
	if err != nil {
		rec.Answer = "400"
		s.record(rec, nil)
		http.Error(w, "reading the body: "+err.Error(), http.StatusBadRequest)
		return
	}
	var doc map[string]any
	if len(body) > 0 {
		if err := json.Unmarshal(body, &doc); err != nil {
			rec.Answer = "400"
			s.record(rec, nil)
			http.Error(w, "the body is not JSON: "+err.Error(), http.StatusBadRequest)
			return
		}
	}
	switch {
	case s.api == Anthropic && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/messages/count_tokens"):
		rec.Answer = "count"
		s.record(rec, nil)
		writeJSON(w, map[string]any{"input_tokens": 100})
	case s.api == Anthropic && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/messages"):
		s.turn(w, rec, doc, anthropicTools, anthropicResults, s.anthropic)
	case s.api == OpenAI && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/responses"):
		s.turn(w, rec, doc, openAITools, openAIResults, s.openAI)
	case s.api == Chat && r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/chat/completions"):
		s.turn(w, rec, doc, chatTools, chatResults, s.chat)
	case s.api == Gemini && r.Method == http.MethodPost && strings.Contains(r.URL.Path, ":streamGenerateContent"):
		s.turn(w, rec, doc, geminiTools, geminiResults, s.gemini)
	case s.api == Gemini && r.Method == http.MethodPost && strings.Contains(r.URL.Path, ":countTokens"):
		rec.Answer = "count"
		s.record(rec, nil)
		writeJSON(w, map[string]any{"totalTokens": 100})
	default:
		rec.Answer = "404"
		s.record(rec, nil)
		http.Error(w, fmt.Sprintf("the scripted %s server does not serve %s %s", s.api, r.Method, r.URL.Path), http.StatusNotFound)
	}
}

// turn plays one model turn: the next tool call, counted by the results
// the conversation already holds, or the closing text once every call
// has its result or when the client offers no tools (a side request
// such as a title or a summary).
func (s *Server) turn(w http.ResponseWriter, rec Request, doc map[string]any,
	tools func(map[string]any) []string, results func(map[string]any) []Result,
	stream func(w io.Writer, tools []string, call *Call, n int) error) {
	rec.Tools = tools(doc)
	got := distinct(results(doc))
	var next *Call
	if len(got) < len(s.calls) && len(rec.Tools) > 0 {
		next = &s.calls[len(got)]
	}
	rec.Answer = "text"
	if next != nil {
		rec.Answer = fmt.Sprintf("tool call %d", len(got)+1)
	}
	s.record(rec, got)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	// A client that hangs up mid-stream ends its own run; nothing to do.
	_ = stream(w, rec.Tools, next, len(got)+1)
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *Server) record(rec Request, got []Result) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, rec)
	for _, g := range got {
		if !s.seen(g.CallID) {
			s.results = append(s.results, g)
		}
	}
	if len(s.results) >= len(s.calls) && len(s.results) > 0 && !s.closed {
		s.closed = true
		close(s.done)
	}
}

// distinct drops results repeated under the same call id.
func distinct(rs []Result) []Result {
	var out []Result
	for _, r := range rs {
		if !slices.ContainsFunc(out, func(o Result) bool { return o.CallID == r.CallID }) {
			out = append(out, r)
		}
	}
	return out
}

func (s *Server) seen(id string) bool {
	for _, r := range s.results {
		if r.CallID == id {
			return true
		}
	}
	return false
}

// closing is the text that ends every run.
const closing = "The scripted run is over."

// description is what the tool call says it does. It names no command,
// so that nothing in the call reads as the user's request.
const description = "scripted probe"

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// event writes one server-sent event; name may be empty (Gemini sends
// data lines only).
func event(w io.Writer, name string, data any) error {
	b, err := json.Marshal(data)
	if err != nil {
		return err
	}
	if name != "" {
		if _, err := fmt.Fprintf(w, "event: %s\n", name); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
		return err
	}
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	return nil
}

// Helpers to walk decoded JSON without a schema per API.

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func text(v any) string {
	s, _ := v.(string)
	return s
}

// flatten turns a tool result's content (a string, or a list of text
// parts) into one string.
func flatten(v any) string {
	switch c := v.(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, p := range c {
			if t := text(obj(p)["text"]); t != "" {
				parts = append(parts, t)
			}
		}
		return strings.Join(parts, "\n")
	case nil:
		return ""
	}
	b, _ := json.Marshal(v)
	return string(b)
}
