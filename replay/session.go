package replay

import (
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
)

// Runtime names an agent whose sessions replay reads.
type Runtime string

// The runtimes replay reads, by their IDs in the registry (package
// agents).
const (
	Claude Runtime = agents.Claude
	Codex  Runtime = agents.Codex
	Gemini Runtime = agents.Gemini
)

// Runtimes lists the runtimes replay reads, in the registry's order.
func Runtimes() []Runtime {
	var out []Runtime
	for _, id := range agents.IDs() {
		if _, ok := readerFor(Runtime(id)); ok {
			out = append(out, Runtime(id))
		}
	}
	return out
}

// Status is what happened to a call, as far as the session records it.
type Status string

// The statuses. A call that ran and failed is Errored; one that never ran
// because someone or something said no is Refused (the person) or Denied
// (a runtime rule, its classifier or sandbox, or a hook).
const (
	Ran         Status = "ran"
	Errored     Status = "errored"
	Refused     Status = "refused"
	Denied      Status = "denied"
	Interrupted Status = "interrupted"
	Unknown     Status = "unknown"
)

// Party names who settled a call's permission, for waiting times.
type Party string

// The parties a session can show.
const (
	ByPerson  Party = "person"  // a permission prompt the person answered
	ByHook    Party = "hook"    // a hook (arbiter or another) answered
	ByRuntime Party = "runtime" // the runtime's rules, mode, classifier or sandbox
	ByArbiter Party = "arbiter" // arbiter's own decision time on replay
)

// Outcome is what a session records about a call after it was made.
type Outcome struct {
	Status Status `json:"status"`
	// By is who said no, for Refused and Denied; for a call that ran, the
	// person when they approved a prompt for it.
	By Party `json:"by,omitempty"`
	// ByHand is set when the person approved a permission prompt.
	ByHand bool `json:"by_hand,omitempty"`
	// Detail is the start of the runtime's message, redacted.
	Detail string `json:"detail,omitempty"`
	// WaitMs estimates how long the call waited for permission, -1 when
	// the session does not say.
	WaitMs int64 `json:"wait_ms"`
	// RunMs is how long the tool ran, -1 when unknown.
	RunMs int64 `json:"run_ms"`
	// At is when the session recorded the outcome; zero when it does not
	// say.
	At time.Time `json:"-"`
}

// Call is one recorded tool call.
type Call struct {
	// ID is the runtime's id for the call; Native its own tool name.
	ID     string    `json:"id,omitempty"`
	Native string    `json:"native_tool"`
	Time   time.Time `json:"time"`
	// Calls are what the hook would have decided (one, or one per file
	// of a patch), with the user's messages before the call.
	Calls   []arbiter.Call `json:"-"`
	Outcome Outcome        `json:"outcome"`
}

// Session is one session file read back.
type Session struct {
	Path    string    `json:"path"`
	Runtime Runtime   `json:"runtime"`
	ID      string    `json:"id"`
	Project string    `json:"project"`
	Start   time.Time `json:"start"`
	End     time.Time `json:"end"`
	Calls   []Call    `json:"-"`
	// BadLines counts lines that were not JSON; a session may end in a
	// line cut short.
	BadLines int `json:"bad_lines,omitempty"`
}

// requestsKept is how many recent user messages go with each call, as
// the hooks read them.
const requestsKept = 3

// history keeps the last few messages the person typed.
type history struct{ msgs []string }

func (h *history) add(s string) {
	if s == "" {
		return
	}
	h.msgs = append(h.msgs, s)
	if len(h.msgs) > requestsKept {
		h.msgs = h.msgs[len(h.msgs)-requestsKept:]
	}
}

// recent returns a copy, so that later messages do not change a call's.
func (h *history) recent() []string {
	if len(h.msgs) == 0 {
		return nil
	}
	return append([]string(nil), h.msgs...)
}

func (s *Session) see(t time.Time) {
	if t.IsZero() {
		return
	}
	if s.Start.IsZero() || t.Before(s.Start) {
		s.Start = t
	}
	if t.After(s.End) {
		s.End = t
	}
}

func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// span is b-a in milliseconds, -1 when either is unknown or b is first.
func span(a, b time.Time) int64 {
	if a.IsZero() || b.IsZero() || b.Before(a) {
		return -1
	}
	return b.Sub(a).Milliseconds()
}
