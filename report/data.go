package report

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/replay"
	"github.com/arbitergate/arbiter/secrets"
)

// Entry is one decision shown in a report.
type Entry struct {
	Time     time.Time
	Runtime  string
	Tool     string
	Subject  string
	Decision arbiter.Verdict
	Rules    []string
	Reason   string
	Micros   int64
	Judge    *arbiter.JudgeRecord
	// Outcome is what the session says happened (replay only).
	Outcome string
	// User, Host and Project say where the call was made (from a
	// decision log; empty when it does not say).
	User, Host, Project string
}

// Data is what a report shows.
type Data struct {
	// Source says where the decisions come from, for the heading.
	Source  string
	Entries []Entry
	// Waiting is the time calls waited for permission, per party.
	Waiting map[string]audit.Wait
	// ByHand and ByHandAllowed: calls the person approved at a prompt,
	// and how many of them arbiter would have allowed (replay only).
	ByHand, ByHandAllowed int
	// Confirmed and ConfirmedRefused: prompts H6.confirmed would have
	// removed, and how many of them the person refused (replay only).
	Confirmed, ConfirmedRefused int
	// Skipped counts log lines or sessions that could not be read.
	Skipped int
	// Replayed says the data come from the sessions (replay): what ran
	// is known, so RanDenied is the finding that matters most, and
	// Confirmed is counted.
	Replayed bool
	// RanDenied are the calls that ran which arbiter would have denied
	// (replay only).
	RanDenied []Entry
	// Sessions is one line per session (replay only).
	Sessions []SessionRow
	// Unreadable names each session that could not be read, and why.
	Unreadable []replay.Unreadable
}

// SessionRow is one session of a replay.
type SessionRow struct {
	Runtime   string
	Start     time.Time
	Calls     int
	Decisions map[string]int
	Project   string
}

// FromLog reads a decision log: its decisions, and the waiting times
// audit.Summarise finds in it.
func FromLog(r io.Reader, source string) (Data, error) {
	d := Data{Source: source}
	data, err := io.ReadAll(r)
	if err != nil {
		return d, fmt.Errorf("reading the decision log %s: %w", source, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), audit.MaxLine) // a line of the Collector's file exporter holds a whole batch
	for sc.Scan() {
		// A runtime's record that a call finished holds no decision: it
		// times a wait.
		recs, err := audit.DecodeAll(sc.Bytes())
		if err != nil {
			d.Skipped++
		}
		for _, rec := range recs {
			t, _ := time.Parse(time.RFC3339Nano, rec.Time)
			d.Entries = append(d.Entries, Entry{Time: t, Runtime: rec.Runtime, Tool: rec.Tool, Subject: secrets.Redact(rec.Subject),
				Decision: rec.Decision, Rules: rec.Rules, Reason: secrets.Redact(rec.Reason), Micros: rec.Micros, Judge: rec.Judge,
				User: rec.User, Host: rec.Host, Project: rec.Project})
		}
	}
	if err := sc.Err(); err != nil {
		return d, fmt.Errorf("reading the decision log %s: %w", source, err)
	}
	st, err := audit.Summarise(bytes.NewReader(data))
	if err != nil {
		return d, fmt.Errorf("reading the decision log %s: %w", source, err)
	}
	d.Waiting = st.Waiting
	return d, nil
}

// Merge joins the data of many logs (a team's) into one report.
func Merge(source string, parts ...Data) Data {
	out := Data{Source: source, Waiting: map[string]audit.Wait{}}
	for _, p := range parts {
		out.Entries = append(out.Entries, p.Entries...)
		out.Skipped += p.Skipped
		out.ByHand += p.ByHand
		out.ByHandAllowed += p.ByHandAllowed
		for k, w := range p.Waiting {
			out.Waiting[k] = mergeWait(out.Waiting[k], w)
		}
	}
	slices.SortStableFunc(out.Entries, func(a, b Entry) int { return a.Time.Compare(b.Time) })
	return out
}

// mergeWait joins two summaries of waits: counts and totals add up; the
// median and p90 are the larger part's, the maximum the larger.
func mergeWait(a, b audit.Wait) audit.Wait {
	if b.Count > a.Count {
		a, b = b, a
	}
	a.Count += b.Count
	a.TotalMs += b.TotalMs
	a.MaxMs = max(a.MaxMs, b.MaxMs)
	return a
}

// FromReplay takes a replay's result.
func FromReplay(res replay.Result, source string) Data {
	d := Data{Source: source, Waiting: res.Summary.Waiting, ByHand: res.Summary.ByHand,
		ByHandAllowed: res.Summary.ByHandAllowed, Skipped: len(res.Unreadable), Replayed: true,
		Confirmed: res.Summary.Confirmed, ConfirmedRefused: res.Summary.ConfirmedRefused,
		Unreadable: append([]replay.Unreadable(nil), res.Unreadable...)}
	for _, c := range res.Calls {
		d.Entries = append(d.Entries, entryOf(res, c))
	}
	for _, c := range res.Summary.RanDenied {
		d.RanDenied = append(d.RanDenied, entryOf(res, c))
	}
	for _, l := range res.Sessions {
		d.Sessions = append(d.Sessions, SessionRow{Runtime: string(l.Runtime), Start: l.Start, Calls: l.Calls, Decisions: l.Decisions, Project: l.Project})
	}
	return d
}

// entryOf is a replayed call as a report shows it, redacted.
func entryOf(res replay.Result, c replay.Decided) Entry {
	rt := ""
	if c.Session < len(res.Sessions) {
		rt = string(res.Sessions[c.Session].Runtime)
	}
	return Entry{Time: c.Time, Runtime: rt, Tool: c.Tool, Subject: secrets.Redact(c.Subject),
		Decision: c.Decision.Decision, Rules: c.Decision.Rules, Reason: secrets.Redact(c.Decision.Reason),
		Micros: c.Decision.Micros, Judge: c.Decision.Judge, Outcome: string(c.Outcome.Status)}
}
