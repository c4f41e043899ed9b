package hook

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/transcript"
)

// Decider decides one call; *policy.Policy is one.
type Decider interface {
	Decide(ctx context.Context, call arbiter.Call) arbiter.Decision
}

// Options tune how a hook answers.
type Options struct {
	// FailClosed answers bad input with the runtime's deny instead of
	// defer.
	FailClosed bool
	// Requests is how many recent user messages are read from the
	// transcript (default 3).
	Requests int
	// Home is the user's home directory for path resolution; empty means
	// the process's own.
	Home string
	// Setup is an error from loading the configuration: a gate event is
	// then answered as bad input, never decided without the settings the
	// user wrote.
	Setup error
	// Record, when set, is called with each decided call after the answer
	// is written (the decision log).
	Record func(call arbiter.Call, d arbiter.Decision)
	// Journal is the cache folder under which each session's record of
	// the files the agent wrote is kept (see package journal); empty keeps
	// none. With it, a
	// call that runs a file the agent wrote earlier in the session is
	// judged by what the agent put there.
	Journal string
	// AskUnattended makes a defer an ask in a session whose runtime asks
	// nothing (see Unattended), where a defer would run unreviewed.
	AskUnattended bool
	// Notice, when set, returns what to tell the person on this call, or
	// "": it rate-limits itself. It is shown through the runtime's visible
	// channel (Claude Code's and Gemini CLI's systemMessage), else on
	// stderr.
	Notice func(ev Event) string
	// NoticeErr is the stderr a notice goes to in a runtime without a
	// visible channel (default: Run's errw).
	NoticeErr io.Writer
	// Sessions reads what became of a call arbiter asked or deferred on
	// from the runtime's session file; with it (and Journal), a call a
	// person approved earlier in the session is not asked again
	// (H6.confirmed). Nil asks every time.
	Sessions SessionOutcomes
}

// maxPayload bounds what is read from stdin: a hook payload carries one
// tool call, and a file write can be large, but not unbounded.
const maxPayload = 32 << 20

// Event is one hook invocation, read from a runtime's payload.
type Event struct {
	// Name is the runtime's event name ("PreToolUse", "BeforeTool", …).
	Name string
	// Gate is false for events that are only observed (a prompt was
	// submitted, a tool ran): they are answered with no decision.
	Gate bool
	// Calls are what the tool call does, in arbiter's terms. Most tool
	// calls are one Call; a Codex patch is one per file it touches.
	Calls []arbiter.Call
	// Transcript is the session log the runtime named, if any.
	Transcript string
}

// Run answers one hook invocation: it reads the payload from in, decides,
// and writes the runtime's answer to out. Problems are reported on errw.
// The exit status is 0 whenever an answer was written, as most runtimes
// read a non-zero status as a failure of the hook, not as a verdict; a
// runtime that reads a block from the status (BlocksByExit) gets
// BlockStatus for a call it must block.
func Run(ctx context.Context, runtime string, in io.Reader, out, errw io.Writer, dec Decider, opt Options) (status int) {
	a, ok := adapterFor(runtime)
	if !ok {
		fmt.Fprintf(errw, "arbiter hook: unknown runtime %q (want one of %s)\n", runtime, strings.Join(Runtimes(), ", "))
		return 2
	}
	ev := Event{Name: a.fallbackEvent(), Gate: true}
	defer func() {
		if r := recover(); r != nil {
			status = answerBadInput(a, ev, out, errw, opt, fmt.Errorf("internal error: %v", r))
		}
	}()
	raw, err := io.ReadAll(io.LimitReader(in, maxPayload+1))
	if err != nil {
		return answerBadInput(a, ev, out, errw, opt, fmt.Errorf("reading stdin: %w", err))
	}
	if len(raw) > maxPayload {
		return answerBadInput(a, ev, out, errw, opt, fmt.Errorf("the payload is larger than %d bytes", maxPayload))
	}
	if len(strings.TrimSpace(string(raw))) == 0 {
		return answerBadInput(a, ev, out, errw, opt, errors.New("stdin is empty"))
	}
	parsed, err := a.parse(raw)
	if parsed.Name != "" {
		ev.Name = parsed.Name
	}
	if err != nil {
		return answerBadInput(a, ev, out, errw, opt, err)
	}
	ev = parsed
	if !ev.Gate {
		return answer(a, out, errw, a.render(ev, arbiter.Decision{Decision: arbiter.Defer}))
	}
	noticeErr := opt.NoticeErr
	if noticeErr == nil {
		noticeErr = errw
	}
	out = &noticed{w: out, errw: noticeErr, a: a, ev: ev, notice: opt.Notice}
	if len(ev.Calls) == 0 {
		return answerBadInput(a, ev, out, errw, opt, errors.New("the payload holds no tool call"))
	}
	home := opt.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	for i := range ev.Calls {
		if ev.Calls[i].Home == "" {
			ev.Calls[i].Home = home
		}
	}
	rec := newSessionRecord(opt.Journal, runtime, ev, errw)
	if rec != nil {
		for i := range ev.Calls {
			ev.Calls[i].Written = rec.lookup
			ev.Calls[i].WrittenUnder = rec.under
		}
	}
	load := lazyRequests(ev.Transcript, opt.Requests, transcript.Requests)
	d := decideWith(ctx, dec, ev.Calls, load.get)
	if load.err != nil && d.Decision == arbiter.Allow {
		// Only a verdict that rests on the user's words (the judge's)
		// read them: without them it cannot stand. A stricter one does.
		d = arbiter.Decision{Decision: arbiter.Defer, Rules: []string{string(catalog.UNoTranscript)}, Source: arbiter.SourceError,
			Reason: "the session transcript could not be read (" + load.err.Error() + "), so the runtime decides"}
	}
	for i := range ev.Calls {
		ev.Calls[i].Requests = load.requests
	}
	var conf *confirmation
	if opt.Setup == nil && Confirmable(d) {
		conf = rec.identify(runtime, ev, d, nil)
		d = rec.confirmed(conf, d, opt.Sessions)
	}
	d = askUnattended(ev, d, opt)
	answered := d.Decision
	if opt.Setup != nil {
		// A broken configuration never switches the static policy off: its
		// deny (and, unless failing closed, its ask) stands. Anything it would
		// let through is left to the runtime, since rules the user wrote
		// could not be read.
		fmt.Fprintln(errw, "arbiter hook:", opt.Setup)
		if d.Decision == arbiter.Deny || d.Decision == arbiter.Ask && !opt.FailClosed {
			status = answer(a, out, errw, a.render(ev, d))
		} else {
			status = answerBadInput(a, ev, out, errw, opt, opt.Setup)
			answered = badInputVerdict(ev, opt)
		}
	} else if d.Decision == arbiter.Defer && (d.Source == arbiter.SourceError || unresolved(d)) {
		status = answerBadInput(a, ev, out, errw, opt, errors.New(d.Reason))
		answered = badInputVerdict(ev, opt)
	} else {
		status = answer(a, out, errw, a.render(ev, d))
	}
	rec.record(ev.Calls, d, answered)
	rec.recordAnswer(conf, ev.Calls[0], d, answered)
	if opt.Record != nil {
		opt.Record(ev.Calls[0], d)
	}
	return status
}

// badInputVerdict is what answerBadInput answers.
func badInputVerdict(ev Event, opt Options) arbiter.Verdict {
	if opt.FailClosed {
		return arbiter.Deny
	}
	return askUnattended(ev, arbiter.Decision{Decision: arbiter.Defer}, opt).Decision
}

// noticed writes the one answer of a gate event with the person's
// notice, if there is one, added where the runtime shows it.
type noticed struct {
	w, errw io.Writer
	a       adapter
	ev      Event
	notice  func(ev Event) string
}

func (n *noticed) Write(b []byte) (int, error) {
	if n.notice == nil {
		return n.w.Write(b)
	}
	msg := n.notice(n.ev)
	n.notice = nil // one answer per call
	if msg == "" {
		return n.w.Write(b)
	}
	if m, ok := n.a.(messenger); ok {
		if _, err := n.w.Write(m.withMessage(b, msg)); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	fmt.Fprintln(n.errw, msg)
	return n.w.Write(b)
}

// answer writes a runtime's answer and returns the hook's exit status:
// for a runtime that blocks on the status, BlockStatus with the reason on
// stderr when the answer blocks.
func answer(a adapter, out, errw io.Writer, b []byte) int {
	status := write(out, errw, b)
	if eb, ok := a.(exitBlocker); ok && status == 0 && b != nil {
		if why, block := eb.blockReason(b); block {
			fmt.Fprintln(errw, why)
			return BlockStatus
		}
	}
	return status
}

func write(out, errw io.Writer, b []byte) int {
	if n, ok := out.(*noticed); b == nil && (!ok || n.notice == nil) {
		return 0 // no decision, and nothing to tell the person
	}
	if _, err := out.Write(b); err != nil {
		fmt.Fprintln(errw, "arbiter hook: writing the answer:", err)
		return 1
	}
	return 0
}

// answerBadInput answers a payload that could not be decided: defer, or
// the runtime's deny when the user asked for FailClosed.
func answerBadInput(a adapter, ev Event, out, errw io.Writer, opt Options, err error) int {
	d := arbiter.Decision{Decision: arbiter.Defer, Rules: []string{string(catalog.UBadInput)}, Source: arbiter.SourceError,
		Reason: "arbiter could not read this tool call (" + err.Error() + "), so the runtime decides"}
	if opt.FailClosed {
		d.Decision = arbiter.Deny
		d.Reason = "arbiter could not read this tool call (" + err.Error() + ") and runs fail-closed. Instead, ask the user to run it themselves or to check arbiter with `arbiter doctor`. Do not retry this in another form."
	}
	d = askUnattended(ev, d, opt)
	fmt.Fprintf(errw, "arbiter hook: %v; answering %s\n", err, d.Decision)
	return answer(a, out, errw, a.render(ev, d))
}

// LazyDecider is a Decider that fetches the user's requests itself, only
// when they could change its decision (*gate.Gate is one): the hook then
// reads the transcript only for those calls, not for every routine one.
type LazyDecider interface {
	DecideLazily(ctx context.Context, call arbiter.Call, requests func() []string) arbiter.Decision
}

// requestLoader reads a transcript's requests once, on first use.
type requestLoader struct {
	path     string
	n        int
	read     func(path string, n int) ([]string, error)
	loaded   bool
	requests []string
	// err is a transcript that exists but could not be read; one that
	// does not exist (yet) is no error.
	err error
}

func lazyRequests(path string, n int, read func(string, int) ([]string, error)) *requestLoader {
	if n <= 0 {
		n = 3
	}
	return &requestLoader{path: path, n: n, read: read}
}

// get returns the requests. A session's first call often comes before
// the runtime has written the transcript it names: that is no requests,
// not bad input.
func (l *requestLoader) get() []string {
	if l.loaded {
		return l.requests
	}
	l.loaded = true
	if l.path == "" {
		return nil
	}
	l.requests, l.err = l.read(l.path, l.n)
	if errors.Is(l.err, fs.ErrNotExist) {
		l.err = nil
	}
	return l.requests
}

// decideAll decides every call and keeps the strictest decision; rules
// of every call that reached that verdict are kept.
func decideAll(ctx context.Context, dec Decider, calls []arbiter.Call) arbiter.Decision {
	return decideWith(ctx, dec, calls, func() []string { return nil })
}

// decideWith is decideAll with the user's requests, fetched only when a
// decision needs them.
func decideWith(ctx context.Context, dec Decider, calls []arbiter.Call, requests func() []string) arbiter.Decision {
	var out arbiter.Decision
	lazy, _ := dec.(LazyDecider)
	for i, c := range calls {
		var d arbiter.Decision
		if lazy != nil {
			d = lazy.DecideLazily(ctx, c, requests)
		} else {
			c.Requests = requests()
			d = dec.Decide(ctx, c)
		}
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
	return out
}

// unresolved reports whether a decision rests on input arbiter could not
// read or does not know (rules U.*), which the user should hear about.
func unresolved(d arbiter.Decision) bool {
	for _, r := range d.Rules {
		if id := catalog.ID(r); id == catalog.UBadInput || id == catalog.UUnknownTool {
			return true
		}
	}
	return false
}
