package replay

import (
	"context"
	"encoding/json"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/secrets"
)

// Decider decides one call: *policy.Policy and *gate.Gate are.
type Decider interface {
	Decide(ctx context.Context, call arbiter.Call) arbiter.Decision
}

// Options tune a replay.
type Options struct {
	Decider Decider
	// Since drops calls made before it (zero: keep all).
	Since time.Time
	// Project keeps only sessions whose project is it or under it.
	Project string
	// Runtime keeps only that runtime's sessions (empty: all).
	Runtime Runtime
	// Home resolves "~" in the calls (empty: the process's own).
	Home string
	// Progress, when set, is called after each file with the files done
	// and the calls replayed so far.
	Progress func(files, calls int)
	// Workers is how many files are read and decided at once (0: one
	// per processor). The Decider must be safe for concurrent use.
	Workers int
}

// Decided is one replayed call: what it was, what arbiter decides, and
// what the session says happened.
type Decided struct {
	Session int `json:"session"`
	// ID is the runtime's id for the call.
	ID     string    `json:"id,omitempty"`
	Time   time.Time `json:"time"`
	Tool   string    `json:"tool"`
	Native string    `json:"native_tool"`
	// Subject is what the call acts on (command, path, URL), redacted.
	Subject  string           `json:"subject"`
	Decision arbiter.Decision `json:"decision"`
	Outcome  Outcome          `json:"outcome"`
	// Confirmed marks a call arbiter would ask or defer on that a person
	// approved earlier in the session: H6.confirmed would not ask again.
	Confirmed bool `json:"confirmed,omitempty"`
}

// Unreadable is a session that could not be read, and why.
type Unreadable struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// Result is a replay's whole answer.
type Result struct {
	Sessions   []SessionLine `json:"sessions"`
	Calls      []Decided     `json:"calls"`
	Unreadable []Unreadable  `json:"unreadable"`
	Summary    Summary       `json:"summary"`
}

// SessionLine summarises one session.
type SessionLine struct {
	Session
	Calls     int            `json:"calls"`
	Decisions map[string]int `json:"decisions"`
}

// Run replays the files, reading and deciding several at a time; the
// result lists sessions and calls in the files' order.
func Run(ctx context.Context, files []File, opt Options) Result {
	res := Result{Sessions: []SessionLine{}, Calls: []Decided{}, Unreadable: []Unreadable{}}
	if opt.Project != "" {
		opt.Project = filepath.Clean(opt.Project)
	}
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]chan fileResult, len(files))
	for i := range out {
		out[i] = make(chan fileResult, 1)
	}
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range files {
			select {
			case next <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	for range workers {
		go func() {
			for i := range next {
				out[i] <- replayFile(ctx, files[i], opt)
			}
		}()
	}
	seen := map[string]bool{}
	for i := range files {
		var fr fileResult
		select {
		case fr = <-out[i]:
		case <-ctx.Done():
			res.Summary = summarise(res)
			return res
		}
		switch {
		case fr.err != nil:
			res.Unreadable = append(res.Unreadable, Unreadable{Path: files[i].Path, Error: fr.err.Error()})
		case fr.line != nil:
			idx := len(res.Sessions)
			line := *fr.line
			line.Calls, line.Decisions = 0, map[string]int{}
			for _, c := range fr.calls {
				// A forked or resumed session repeats the calls of the
				// one it came from: each call counts once.
				key := string(line.Runtime) + "\x00" + c.ID
				if c.ID != "" && seen[key] {
					continue
				}
				seen[key] = true
				c.Session = idx
				res.Calls = append(res.Calls, c)
				line.Calls++
				line.Decisions[c.Decision.Decision.String()]++
			}
			res.Sessions = append(res.Sessions, line)
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(res.Calls))
		}
	}
	res.Summary = summarise(res)
	return res
}

// fileResult is one file replayed: its session line and calls, or why
// it could not be read; neither when a filter left it out.
type fileResult struct {
	line  *SessionLine
	calls []Decided
	err   error
}

func replayFile(ctx context.Context, f File, opt Options) fileResult {
	if !opt.Since.IsZero() && !f.ModTime.IsZero() && f.ModTime.Before(opt.Since) {
		// A file last written before the cut holds no later call.
		return fileResult{}
	}
	if opt.Runtime != "" && f.Runtime != "" && f.Runtime != opt.Runtime {
		return fileResult{}
	}
	s, err := Read(f.Path, ReadOptions{Runtime: f.Runtime, Home: opt.Home})
	if err != nil {
		return fileResult{err: err}
	}
	if opt.Runtime != "" && s.Runtime != opt.Runtime {
		return fileResult{}
	}
	if opt.Project != "" && !within(s.Project, opt.Project) {
		return fileResult{}
	}
	line := SessionLine{Session: *s, Decisions: map[string]int{}}
	line.Session.Calls = nil
	var calls []Decided
	confirmed := newConfirmations()
	for _, c := range s.Calls {
		if !opt.Since.IsZero() && !c.Time.IsZero() && c.Time.Before(opt.Since) {
			continue
		}
		d := decide(ctx, opt.Decider, c.Calls)
		dc := Decided{ID: c.ID, Time: c.Time, Native: c.Native, Decision: d, Outcome: c.Outcome, Confirmed: confirmed.see(c, d)}
		if len(c.Calls) > 0 {
			dc.Tool, dc.Subject = c.Calls[0].Tool, subject(c.Calls)
		}
		calls = append(calls, dc)
		line.Calls++
		line.Decisions[d.Decision.String()]++
	}
	if !opt.Since.IsZero() && line.Calls == 0 {
		return fileResult{} // nothing in it since the cut
	}
	return fileResult{line: &line, calls: calls}
}

func within(p, dir string) bool {
	if p == "" {
		return false
	}
	p = filepath.Clean(p)
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

// decide decides every part of a recorded call and keeps the strictest,
// as the hook does; a call that could not be rebuilt is deferred.
func decide(ctx context.Context, dec Decider, calls []arbiter.Call) arbiter.Decision {
	if len(calls) == 0 {
		return arbiter.Decision{Decision: arbiter.Defer, Rules: []string{"U.bad-input"}, Source: arbiter.SourceError,
			Reason: "the recorded call could not be read as a tool call, so the runtime would decide"}
	}
	var out arbiter.Decision
	for i, c := range calls {
		d := dec.Decide(ctx, c)
		switch {
		case i == 0 || d.Decision > out.Decision:
			micros := out.Micros
			out = d
			out.Micros += micros
		case d.Decision == out.Decision:
			out.Rules = append(out.Rules, d.Rules...)
			out.Micros += d.Micros
		default:
			out.Micros += d.Micros
		}
	}
	out.Reason = secrets.Redact(out.Reason)
	return out
}

// subject is what a call acts on, redacted, on one line and cut.
func subject(calls []arbiter.Call) string {
	var parts []string
	for _, c := range calls {
		var in map[string]any
		if json.Unmarshal(c.Input, &in) != nil {
			continue
		}
		for _, k := range []string{"command", "file_path", "notebook_path", "url", "path", "pattern", "query"} {
			if s, ok := in[k].(string); ok && s != "" {
				parts = append(parts, s)
				break
			}
		}
	}
	// Redact before cutting, so that a cut never hides half a secret.
	s := strings.ReplaceAll(secrets.Redact(strings.Join(parts, "; ")), "\n", "⏎")
	if r := []rune(s); len(r) > 300 {
		s = string(r[:300]) + "…"
	}
	return s
}

// Sorted returns the keys of m by falling count, then name; at most
// limit (0: all).
func Sorted(m map[string]int, limit int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	if limit > 0 && len(keys) > limit {
		keys = keys[:limit]
	}
	return keys
}
