package hookcli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/replay"
)

// PresizeStack grows the calling goroutine's stack to 64 KB in one copy.
// Call it first thing in main, while the stack is two frames deep.
// Deciding a call needs between 32 and 64 KB of stack (every one of 150
// corpus calls reached 64 KB, none more); reached by doubling, the last
// copy is of a deep stack, whose every frame the runtime looks up in the
// binary's tables, pages a fresh process has not read yet. One copy of a
// shallow stack costs a fraction of that (BENCHMARKS.md).
func PresizeStack() { presize(0) }

//go:noinline
func presize(i int) byte {
	var frame [40 << 10]byte // more than 32 KB: the stack doubles to 64
	frame[i] = 1
	return frame[len(frame)-1-i]
}

// Run answers one hook call for runtime: it loads the configuration,
// reads the payload on stdin, decides, writes the runtime's answer and
// records the decision in the log unless it is turned off. The runtime must be one
// hook.Known accepts. The status is the one hook.Run documents.
func Run(runtime string, failClosed bool, stdin io.Reader, stdout, stderr io.Writer) int {
	g, cfg, err := gate.FromConfig(gate.Options{Log: stderr})
	// A setting can only make the hook stricter than its flag: the
	// managed file fixes it for every user.
	failClosed = failClosed || cfg.On("ARBITER_FAIL_CLOSED")
	cache := gate.CacheDir(gate.Options{})
	opt := hook.Options{FailClosed: failClosed, Setup: setupError(g, err, failClosed), Journal: cache,
		AskUnattended: g.AskUnattended, Notice: notices(g, runtime, cache, time.Now), NoticeErr: stderr,
		Sessions: replay.Outcomes}
	// The gate reports each configuration problem once a day; the hook
	// would repeat it on every call.
	stderr = quietAbout(stderr, g, opt.Setup)
	// The decision log is on unless a setting turns it off. Writing it
	// never changes the answer: a failure is one line on stderr.
	if p := audit.PathFor(cfg.Get("ARBITER_LOG"), os.Getenv); p != "" {
		log := &audit.Log{Path: p, User: os.Getenv("USER")}
		log.Host, _ = os.Hostname()
		opt.Record = func(call arbiter.Call, d arbiter.Decision) {
			if err := log.Write(runtime, call, d); err != nil {
				fmt.Fprintln(stderr, "arbiter hook:", err)
			}
		}
	}
	return hook.Run(context.Background(), runtime, stdin, stdout, stderr, g, opt)
}

// setupError is the configuration problem the hook answers as such: a
// file that could not be used (its rules are missing, so nothing the
// static policy would allow is let through), and, when failing closed,
// any problem at all, a wrong judge setting included. A wrong judge
// setting alone only switches the judge off.
func setupError(g *gate.Gate, err error, failClosed bool) error {
	if broken := g.Broken(); len(broken) > 0 {
		return fmt.Errorf("the configuration cannot be used: %w", broken)
	}
	if failClosed && err != nil {
		return fmt.Errorf("the configuration has a problem: %w", err)
	}
	return nil
}

// quietAbout drops the lines that only repeat a configuration problem the
// gate has already reported today.
func quietAbout(w io.Writer, g *gate.Gate, setup error) io.Writer {
	var known [][]byte
	for _, p := range g.Problems {
		known = append(known, []byte(p.Error()))
	}
	if setup != nil {
		known = append(known, []byte(setup.Error()))
	}
	return &quietWriter{w: w, known: known, projects: g.Projects}
}

type quietWriter struct {
	w        io.Writer
	known    [][]byte
	projects *gate.Projects // problems of project files, found as calls come
}

func (q *quietWriter) Write(b []byte) (int, error) {
	for _, k := range q.known {
		if bytes.Contains(b, k) {
			return len(b), nil
		}
	}
	if q.projects != nil && q.projects.Mentions(b) {
		return len(b), nil
	}
	return q.w.Write(b)
}
