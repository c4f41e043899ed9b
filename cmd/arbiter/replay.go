package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/replay"
)

// replayFlags are the options replay and report --replay share.
type replayFlags struct {
	since   string
	project string
	runtime string
	judge   bool
}

func (f *replayFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.since, "since", "", "only calls from this time on: a date (2026-11-01), an RFC 3339 time, or an age (36h, 30d)")
	fs.StringVar(&f.project, "project", "", "only sessions whose project is DIR or under it")
	fs.StringVar(&f.runtime, "runtime", "", "only this runtime's sessions (claude, codex, gemini)")
	fs.BoolVar(&f.judge, "judge", false, "also ask the configured model judge (through its cache and privacy filter)")
}

// parseInterleaved parses flags wherever they stand among the paths.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// replayCmd replays the user's sessions through arbiter.
func replayCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var rf replayFlags
	rf.register(fs)
	asJSON := fs.Bool("json", false, "print the whole result as JSON")
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	res, code := rf.run(paths, stderr)
	if code != 0 {
		return code
	}
	if *asJSON {
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			fmt.Fprintln(stderr, "arbiter replay:", err)
			return 1
		}
		fmt.Fprintln(stdout, string(b))
		return 0
	}
	res.Write(stdout)
	return 0
}

// run finds the sessions and replays them.
func (rf replayFlags) run(paths []string, stderr io.Writer) (replay.Result, int) {
	opt := replay.Options{Decider: policy.New(policy.Options{}), Project: rf.project}
	if rf.runtime != "" {
		rt := replay.Runtime(rf.runtime)
		if rt != replay.Claude && rt != replay.Codex && rt != replay.Gemini {
			fmt.Fprintf(stderr, "arbiter replay: unknown runtime %q (want claude, codex or gemini)\n", rf.runtime)
			return replay.Result{}, 2
		}
		opt.Runtime = rt
	}
	if rf.since != "" {
		t, err := parseSince(rf.since, time.Now())
		if err != nil {
			fmt.Fprintln(stderr, "arbiter replay:", err)
			return replay.Result{}, 2
		}
		opt.Since = t
	}
	if rf.judge {
		g, _, err := gate.FromConfig(gate.Options{Log: stderr})
		if err != nil {
			fmt.Fprintln(stderr, "arbiter replay: the judge's configuration:", err)
			return replay.Result{}, 1
		}
		if g.Judge == nil {
			fmt.Fprintln(stderr, "arbiter replay: --judge needs a configured judge (see README, The model judge)")
			return replay.Result{}, 2
		}
		// Shadow mode asks the judge afresh about every call, bypassing
		// its cache; replay asks as enforce mode does, through the cache.
		// Measure mode (never ask) stays as the user set it.
		mode := g.Judge.Mode
		g.Judge.Mode = func() judge.Mode {
			m := judge.Enforce
			if mode != nil {
				m = mode()
			}
			if m == judge.Shadow {
				return judge.Enforce
			}
			return m
		}
		opt.Decider = g
	}
	var files []replay.File
	var bad map[string]error
	if len(paths) == 0 {
		home, err := os.UserHomeDir()
		if err != nil {
			fmt.Fprintln(stderr, "arbiter replay: no home directory to find sessions in:", err)
			return replay.Result{}, 1
		}
		files = replay.Discover(home, os.Getenv, opt.Runtime)
	} else {
		files, bad = replay.Files(paths, "")
	}
	bar := newProgress(stderr, len(files))
	opt.Progress = bar.update
	res := replay.Run(context.Background(), files, opt)
	bar.done()
	for p, err := range bad {
		res.Unreadable = append(res.Unreadable, replay.Unreadable{Path: p, Error: err.Error()})
		res.Summary.Unreadable++
	}
	if len(files) == 0 && len(bad) == 0 {
		fmt.Fprintln(stderr, "arbiter replay: no sessions found (looked in ~/.claude/projects, ~/.codex/sessions, ~/.gemini/tmp/*/chats)")
	}
	if len(paths) > 0 && len(files) == 0 && len(bad) > 0 {
		// Every path named is unreadable: nothing was replayed, and a
		// script must not read that as a clean replay.
		for _, u := range res.Unreadable {
			fmt.Fprintf(stderr, "arbiter replay: cannot read %s: %s\n", u.Path, u.Error)
		}
		return res, 1
	}
	return res, 0
}

// parseSince reads a date, an RFC 3339 time, or an age before now.
func parseSince(s string, now time.Time) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	if d, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(d); err == nil && n >= 0 {
			return now.AddDate(0, 0, -n), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, errors.New("--since " + strconv.Quote(s) + ": want a date (2026-11-01), an RFC 3339 time or an age (36h, 30d)")
}

// progress draws a bar on stderr when it is a terminal and the work has
// taken long enough to be worth watching.
type progress struct {
	w     io.Writer
	total int
	start time.Time
	last  time.Time
	drawn bool
	on    bool
}

func newProgress(w io.Writer, total int) *progress {
	f, ok := w.(*os.File)
	on := false
	if ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			on = true
		}
	}
	return &progress{w: w, total: total, start: time.Now(), on: on}
}

func (p *progress) update(files, calls int) {
	if !p.on || p.total == 0 {
		return
	}
	now := time.Now()
	if now.Sub(p.start) < 700*time.Millisecond || now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last, p.drawn = now, true
	const width = 30
	n := files * width / p.total
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d sessions, %d calls", strings.Repeat("#", n), strings.Repeat(".", width-n), files, p.total, calls)
}

func (p *progress) done() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}
