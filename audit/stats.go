package audit

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sort"

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
}

// Summarise reads a decision log. Lines that are not records are counted,
// not fatal: a log may end in a line cut short by a crash.
func Summarise(r io.Reader) (Stats, error) {
	s := Stats{Decisions: map[string]int{}, Runtimes: map[string]int{}, Rules: map[string]int{}, Shadow: map[string]int{}}
	var times []int64
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 4<<20)
	for sc.Scan() {
		var rec Record
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil || rec.Time == "" {
			s.BadLines++
			continue
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
	fmt.Fprintf(w, "time per decision: median %d µs, p99 %d µs\n", s.P50, s.P99)
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
	if s.JudgeAsked+s.JudgeCache+s.JudgeError > 0 {
		fmt.Fprintf(w, "judge: asked %d, from cache %d, failed %d\n", s.JudgeAsked, s.JudgeCache, s.JudgeError)
		fmt.Fprintln(w, "decided → judge's verdict (shadow mode shows what enforcing would change):")
		for _, k := range byCount(s.Shadow, 0) {
			fmt.Fprintf(w, "  %-16s %6d\n", k, s.Shadow[k])
		}
	}
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
