package audit

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"time"

	"github.com/arbitergate/arbiter"
)

// Stats summarises a decision log.
type Stats struct {
	Records    int            `json:"records"`
	BadLines   int            `json:"bad_lines"`
	First      string         `json:"first,omitempty"`
	Last       string         `json:"last,omitempty"`
	Decisions  map[string]int `json:"decisions"`
	Runtimes   map[string]int `json:"runtimes"`
	Rules      map[string]int `json:"rules"`
	JudgeAsked int            `json:"judge_asked"`
	JudgeCache int            `json:"judge_cached"`
	JudgeError int            `json:"judge_errors"`
	// Shadow counts, for decisions the judge was consulted on, what was
	// decided against what the judge would have decided: "defer→allow".
	Shadow map[string]int `json:"shadow"`
	// P50 and P99 are decision times in microseconds.
	P50 int64 `json:"p50_micros"`
	P99 int64 `json:"p99_micros"`
	// Waiting is how long calls waited for permission, by who decided:
	// arbiter's and the judge's decision times, and, where the log holds
	// the runtime's PostToolUse record of a call (its duration_ms), the
	// whole wait of a call arbiter left to the runtime, less its run.
	Waiting map[string]Wait `json:"waiting"`
}

// Wait summarises waiting times, in milliseconds.
type Wait struct {
	Count   int     `json:"count"`
	TotalMs float64 `json:"total_ms"`
	P50Ms   float64 `json:"p50_ms"`
	P90Ms   float64 `json:"p90_ms"`
	MaxMs   float64 `json:"max_ms"`
}

// WaitOf summarises waits given in milliseconds.
func WaitOf(ms []float64) Wait {
	if len(ms) == 0 {
		return Wait{}
	}
	s := append([]float64(nil), ms...)
	sort.Float64s(s)
	w := Wait{Count: len(s), P50Ms: s[len(s)/2], P90Ms: s[len(s)*9/10], MaxMs: s[len(s)-1]}
	for _, v := range s {
		w.TotalMs += v
	}
	return w
}

// FormatMs renders milliseconds for a reader, from microseconds to
// minutes.
func FormatMs(ms float64) string {
	switch {
	case ms < 1:
		return fmt.Sprintf("%.0f µs", ms*1000)
	case ms < 10:
		return fmt.Sprintf("%.1f ms", ms)
	case ms < 1000:
		return fmt.Sprintf("%.0f ms", ms)
	case ms < 120_000:
		return fmt.Sprintf("%.1f s", ms/1000)
	}
	return fmt.Sprintf("%.1f min", ms/60_000)
}

// finished reports whether a line records a call finishing rather than
// a decision.
func (l logLine) finished() bool {
	switch l.Event {
	case "PostToolUse", "PostToolUseFailure", "AfterTool", "postToolUse":
		return true
	}
	return false
}

// decider names who settled a logged decision's wait: arbiter or the
// judge for an allow or deny, else the runtime's own prompt or
// classifier.
func decider(r Record) string {
	switch {
	case r.Decision == arbiter.Ask || r.Decision == arbiter.Defer:
		return "runtime"
	case r.Source == arbiter.SourceJudge:
		return "judge"
	}
	return "arbiter"
}

// Summarise reads a decision log. Lines that are not records are counted,
// not fatal: a log may end in a line cut short by a crash.
func Summarise(r io.Reader) (Stats, error) {
	s := Stats{Decisions: map[string]int{}, Runtimes: map[string]int{}, Rules: map[string]int{}, Shadow: map[string]int{}, Waiting: map[string]Wait{}}
	var times []int64
	waits := map[string][]float64{}
	started := map[string]logLine{} // session and tool_use_id → the decision
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		line, err := decode(sc.Bytes())
		if err != nil {
			s.BadLines++
			continue
		}
		key := line.Session + "\x00" + line.ToolUseID
		if line.finished() {
			if pre, ok := started[key]; ok && line.ToolUseID != "" && line.DurationMs != nil && pre.Decision != arbiter.Deny {
				delete(started, key)
				if ms := elapsedMs(pre.Time, line.Time) - *line.DurationMs; ms >= 0 {
					waits[decider(pre.Record)] = append(waits[decider(pre.Record)], ms)
				}
			}
			continue
		}
		rec := line.Record
		own := float64(rec.Micros) / 1000
		if j := rec.Judge; j != nil && j.Asked && !j.Cached && j.Error == "" {
			waits["judge"] = append(waits["judge"], float64(j.Micros)/1000)
			own -= float64(j.Micros) / 1000
		}
		waits["arbiter"] = append(waits["arbiter"], max(own, 0))
		if line.ToolUseID != "" && (rec.Decision == arbiter.Ask || rec.Decision == arbiter.Defer) {
			// Only a call left to the runtime waits past arbiter's own
			// time; its wait is timed when it finishes.
			started[key] = line
		}
		s.Records++
		if s.First == "" || rec.Time < s.First {
			s.First = rec.Time
		}
		if rec.Time > s.Last {
			s.Last = rec.Time
		}
		s.Decisions[rec.Decision.String()]++
		s.Runtimes[rec.Runtime]++
		for _, r := range rec.Rules {
			s.Rules[r]++
		}
		times = append(times, rec.Micros)
		if j := rec.Judge; j != nil {
			switch {
			case j.Error != "":
				s.JudgeError++
			case j.Cached:
				s.JudgeCache++
			case j.Asked:
				s.JudgeAsked++
			}
			if j.Answers != nil {
				s.Shadow[rec.Decision.String()+"→"+j.Verdict.String()]++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return s, fmt.Errorf("reading the decision log: %w", err)
	}
	for k, v := range waits {
		s.Waiting[k] = WaitOf(v)
	}
	if len(times) > 0 {
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		s.P50, s.P99 = times[len(times)/2], times[len(times)*99/100]
	}
	return s, nil
}

// Write prints the summary for a person.
func (s Stats) Write(w io.Writer) {
	fmt.Fprintf(w, "%d decisions from %s to %s", s.Records, s.First, s.Last)
	if s.BadLines > 0 {
		fmt.Fprintf(w, " (%d unreadable lines skipped)", s.BadLines)
	}
	fmt.Fprintln(w)
	for _, v := range []arbiter.Verdict{arbiter.Allow, arbiter.Deny, arbiter.Ask, arbiter.Defer} {
		n := s.Decisions[v.String()]
		fmt.Fprintf(w, "  %-6s %6d  %5.1f%%\n", v, n, pct(n, s.Records))
	}
	fmt.Fprintf(w, "time per decision: median %s, p99 %s\n", FormatMs(float64(s.P50)/1000), FormatMs(float64(s.P99)/1000))
	if len(s.Runtimes) > 0 {
		fmt.Fprintln(w, "by runtime:")
		for _, k := range byCount(s.Runtimes, 0) {
			fmt.Fprintf(w, "  %-10s %6d\n", k, s.Runtimes[k])
		}
	}
	fmt.Fprintln(w, "most frequent rules:")
	for _, k := range byCount(s.Rules, 15) {
		fmt.Fprintf(w, "  %-32s %6d\n", k, s.Rules[k])
	}
	if len(s.Waiting) > 0 {
		fmt.Fprintln(w, "time waiting for permission, by who decided:")
		for _, k := range []string{"arbiter", "judge", "runtime"} {
			if v, ok := s.Waiting[k]; ok && v.Count > 0 {
				fmt.Fprintf(w, "  %-8s %6d calls  total %s  median %s  p90 %s\n", k, v.Count, FormatMs(v.TotalMs), FormatMs(v.P50Ms), FormatMs(v.P90Ms))
			}
		}
		if _, ok := s.Waiting["runtime"]; !ok {
			fmt.Fprintln(w, "  (the runtime's own wait needs its PostToolUse records, with duration_ms, in the log)")
		}
	}
	if s.JudgeAsked+s.JudgeCache+s.JudgeError > 0 {
		fmt.Fprintf(w, "judge: asked %d, from cache %d, failed %d\n", s.JudgeAsked, s.JudgeCache, s.JudgeError)
		fmt.Fprintln(w, "decided → judge's verdict (shadow mode shows what enforcing would change):")
		for _, k := range byCount(s.Shadow, 0) {
			fmt.Fprintf(w, "  %-16s %6d\n", k, s.Shadow[k])
		}
	}
}

// elapsedMs is b-a in milliseconds for two RFC 3339 times, -1 when
// either cannot be read.
func elapsedMs(a, b string) float64 {
	ta, err1 := time.Parse(time.RFC3339Nano, a)
	tb, err2 := time.Parse(time.RFC3339Nano, b)
	if err1 != nil || err2 != nil {
		return -1
	}
	return float64(tb.Sub(ta).Microseconds()) / 1000
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// byCount lists keys by falling count, then name; at most limit (0: all).
func byCount(m map[string]int, limit int) []string {
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
