package replay

import (
	"context"
	"encoding/json"
	"path/filepath"
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
	// Runtime forces every file's format (empty: each file's own).
	Runtime Runtime
	// Home resolves "~" in the calls (empty: the process's own).
	Home string
	// Progress, when set, is called after each file with the files done
	// and the calls replayed so far.
	Progress func(files, calls int)
}

// Decided is one replayed call: what it was, what arbiter decides, and
// what the session says happened.
type Decided struct {
	Session int       `json:"session"`
	Time    time.Time `json:"time"`
	Tool    string    `json:"tool"`
	Native  string    `json:"native_tool"`
	// Subject is what the call acts on (command, path, URL), redacted.
	Subject  string           `json:"subject"`
	Decision arbiter.Decision `json:"decision"`
	Outcome  Outcome          `json:"outcome"`
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

// Run replays the files.
func Run(ctx context.Context, files []File, opt Options) Result {
	res := Result{Sessions: []SessionLine{}, Calls: []Decided{}, Unreadable: []Unreadable{}}
	project := ""
	if opt.Project != "" {
		project = filepath.Clean(opt.Project)
	}
	for i, f := range files {
		if ctx.Err() != nil {
			break
		}
		if !opt.Since.IsZero() && !f.ModTime.IsZero() && f.ModTime.Before(opt.Since) {
			// A file last written before the cut holds no later call.
			continue
		}
		rt := f.Runtime
		if opt.Runtime != "" {
			rt = opt.Runtime
		}
		s, err := Read(f.Path, ReadOptions{Runtime: rt, Home: opt.Home})
		if err != nil {
			res.Unreadable = append(res.Unreadable, Unreadable{Path: f.Path, Error: err.Error()})
			progress(opt, i, res)
			continue
		}
		if project != "" && !within(s.Project, project) {
			progress(opt, i, res)
			continue
		}
		res.add(ctx, s, opt)
		progress(opt, i, res)
	}
	res.Summary = summarise(res)
	return res
}

func progress(opt Options, i int, res Result) {
	if opt.Progress != nil {
		opt.Progress(i+1, len(res.Calls))
	}
}

func within(p, dir string) bool {
	if p == "" {
		return false
	}
	p = filepath.Clean(p)
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}

func (res *Result) add(ctx context.Context, s *Session, opt Options) {
	line := SessionLine{Session: *s, Decisions: map[string]int{}}
	line.Session.Calls = nil
	idx := len(res.Sessions)
	for _, c := range s.Calls {
		if !opt.Since.IsZero() && !c.Time.IsZero() && c.Time.Before(opt.Since) {
			continue
		}
		d := decide(ctx, opt.Decider, c.Calls)
		dc := Decided{Session: idx, Time: c.Time, Native: c.Native, Decision: d, Outcome: c.Outcome}
		if len(c.Calls) > 0 {
			dc.Tool, dc.Subject = c.Calls[0].Tool, subject(c.Calls)
		}
		res.Calls = append(res.Calls, dc)
		line.Calls++
		line.Decisions[d.Decision.String()]++
	}
	res.Sessions = append(res.Sessions, line)
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
