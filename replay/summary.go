package replay

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/audit"
)

// Summary is what a replay found, in figures.
type Summary struct {
	Sessions   int            `json:"sessions"`
	Unreadable int            `json:"unreadable"`
	Calls      int            `json:"calls"`
	Decisions  map[string]int `json:"decisions"`
	Outcomes   map[string]int `json:"outcomes"`
	Runtimes   map[string]int `json:"runtimes"`
	Rules      map[string]int `json:"rules"`
	// ByHand counts calls the person approved at a prompt; ByHandAllowed
	// those of them arbiter would have allowed with no prompt.
	ByHand        int `json:"approved_by_hand"`
	ByHandAllowed int `json:"approved_by_hand_arbiter_allows"`
	// Refused counts, by arbiter's decision, the calls the person refused.
	Refused map[string]int `json:"refused_by_person"`
	// RanDenied lists the calls that ran that arbiter would have denied.
	RanDenied []Decided `json:"ran_but_arbiter_denies"`
	// Confirmed counts the prompts H6.confirmed would have removed (the
	// same call approved earlier in the session; an upper bound, as the
	// files' content then is not known); ConfirmedRefused those of them
	// the person refused when asked again.
	Confirmed        int `json:"prompts_removed_by_h6_confirmed"`
	ConfirmedRefused int `json:"h6_confirmed_but_refused"`
	// Waiting is the time calls waited for permission, per decider.
	Waiting map[string]audit.Wait `json:"waiting"`
	// P50 and P99 are arbiter's decision times, in microseconds.
	P50 int64 `json:"p50_micros"`
	P99 int64 `json:"p99_micros"`
}

func summarise(res Result) Summary {
	s := Summary{Sessions: len(res.Sessions), Unreadable: len(res.Unreadable), Calls: len(res.Calls),
		Decisions: map[string]int{}, Outcomes: map[string]int{}, Runtimes: map[string]int{}, Rules: map[string]int{},
		Refused: map[string]int{}, RanDenied: []Decided{}, Waiting: map[string]audit.Wait{}}
	waits := map[string][]float64{}
	var micros []int64
	for _, c := range res.Calls {
		v := c.Decision.Decision
		s.Decisions[v.String()]++
		s.Outcomes[string(c.Outcome.Status)]++
		s.Runtimes[string(res.Sessions[c.Session].Runtime)]++
		for _, r := range c.Decision.Rules {
			s.Rules[r]++
		}
		if c.Outcome.ByHand {
			s.ByHand++
			if v == arbiter.Allow {
				s.ByHandAllowed++
			}
		}
		if c.Outcome.Status == Refused {
			s.Refused[v.String()]++
		}
		if c.Confirmed {
			s.Confirmed++
			if c.Outcome.Status == Refused {
				s.ConfirmedRefused++
			}
		}
		if v == arbiter.Deny && (c.Outcome.Status == Ran || c.Outcome.Status == Errored) {
			s.RanDenied = append(s.RanDenied, c)
		}
		if c.Outcome.WaitMs >= 0 && c.Outcome.By != "" {
			waits[string(c.Outcome.By)] = append(waits[string(c.Outcome.By)], float64(c.Outcome.WaitMs))
		}
		micros = append(micros, c.Decision.Micros)
		waits[string(ByArbiter)] = append(waits[string(ByArbiter)], float64(c.Decision.Micros)/1000)
	}
	for k, v := range waits {
		s.Waiting[k] = audit.WaitOf(v)
	}
	if len(micros) > 0 {
		sort.Slice(micros, func(i, j int) bool { return micros[i] < micros[j] })
		s.P50, s.P99 = micros[len(micros)/2], micros[len(micros)*99/100]
	}
	return s
}

// Write prints the result for a person: the summary, one line per
// session, the top rules, and the sessions that could not be read.
func (res Result) Write(w io.Writer) {
	s := res.Summary
	fmt.Fprintf(w, "%s in %s", plural(s.Calls, "tool call"), plural(s.Sessions, "session"))
	if s.Unreadable > 0 {
		fmt.Fprintf(w, " (%s could not be read, listed below)", plural(s.Unreadable, "session"))
	}
	fmt.Fprintln(w)
	if s.Calls == 0 {
		fmt.Fprintln(w, "no tool calls to replay")
	} else {
		fmt.Fprintln(w, "arbiter would have decided:")
		for _, v := range []arbiter.Verdict{arbiter.Allow, arbiter.Ask, arbiter.Deny, arbiter.Defer} {
			n := s.Decisions[v.String()]
			fmt.Fprintf(w, "  %-6s %7d  %5.1f%%  %s\n", v, n, pct(n, s.Calls), meaning[v])
		}
		fmt.Fprintln(w, "what happened in the sessions:")
		for _, st := range []Status{Ran, Errored, Refused, Denied, Interrupted, Unknown} {
			if n := s.Outcomes[string(st)]; n > 0 {
				fmt.Fprintf(w, "  %-11s %7d\n", st, n)
			}
		}
		if s.ByHand > 0 {
			fmt.Fprintf(w, "of the %d calls you approved by hand, arbiter would have allowed %d without asking (%.0f%%)\n",
				s.ByHand, s.ByHandAllowed, pct(s.ByHandAllowed, s.ByHand))
		} else {
			fmt.Fprintln(w, "the sessions record no approval by hand (Claude Code 2.1.2xx and later record them)")
		}
		if n := s.Outcomes[string(Refused)]; n > 0 {
			fmt.Fprintf(w, "of the %d calls you refused, arbiter would have: %s\n", n, verdicts(s.Refused))
		}
		if len(s.RanDenied) == 0 {
			fmt.Fprintln(w, "no call that ran would arbiter have denied")
		} else {
			fmt.Fprintf(w, "%s ran that arbiter would have denied:\n", plural(len(s.RanDenied), "call"))
			for _, c := range s.RanDenied {
				fmt.Fprintf(w, "  %s  %-28s %s\n", stamp(c), strings.Join(c.Decision.Rules, ","), c.Subject)
			}
		}
		writeConfirmed(w, s)
		writeWaits(w, s.Waiting)
		fmt.Fprintf(w, "arbiter's time per call: median %d µs, p99 %d µs\n", s.P50, s.P99)
	}
	if len(res.Sessions) > 0 {
		fmt.Fprintln(w, "sessions:")
		fmt.Fprintf(w, "  %-7s %-16s %6s %6s %5s %5s %6s  %s\n", "runtime", "started", "calls", "allow", "ask", "deny", "defer", "project")
		for _, l := range res.Sessions {
			d := l.Decisions
			fmt.Fprintf(w, "  %-7s %-16s %6d %6d %5d %5d %6d  %s\n", l.Runtime, when(l.Start), l.Calls,
				d["allow"], d["ask"], d["deny"], d["defer"], l.Project)
		}
	}
	if len(s.Rules) > 0 {
		fmt.Fprintln(w, "top rules:")
		for _, k := range Sorted(s.Rules, 15) {
			fmt.Fprintf(w, "  %-32s %7d\n", k, s.Rules[k])
		}
	}
	bad := 0
	for _, l := range res.Sessions {
		bad += l.BadLines
	}
	if bad > 0 {
		fmt.Fprintf(w, "%s of the sessions could not be read and were skipped\n", plural(bad, "line"))
	}
	if len(res.Unreadable) > 0 {
		fmt.Fprintln(w, "could not read:")
		for _, u := range res.Unreadable {
			fmt.Fprintf(w, "  %s\n", u.Error)
		}
	}
}

var meaning = map[arbiter.Verdict]string{
	arbiter.Allow: "run with no prompt",
	arbiter.Ask:   "a person confirms",
	arbiter.Deny:  "refused, with what to do instead",
	arbiter.Defer: "left to the runtime's own flow",
}

// writeConfirmed says how many prompts H6.confirmed would have removed,
// next to the time spent waiting for permission.
func writeConfirmed(w io.Writer, s Summary) {
	if s.Confirmed == 0 {
		fmt.Fprintln(w, "H6.confirmed would have removed no prompt: no call arbiter asks or defers on came again after a person approved it")
		return
	}
	fmt.Fprintf(w, "H6.confirmed would have removed up to %s: the same call, approved earlier in its session", plural(s.Confirmed, "prompt"))
	if s.ConfirmedRefused > 0 {
		fmt.Fprintf(w, " (%d of them the person refused when asked again)", s.ConfirmedRefused)
	}
	fmt.Fprintln(w)
}

func writeWaits(w io.Writer, waits map[string]audit.Wait) {
	var keys []string
	for k, v := range waits {
		if v.Count > 0 {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return
	}
	sort.Strings(keys)
	fmt.Fprintln(w, "time waiting for permission, by who decided (arbiter: its decision time on replay):")
	for _, k := range keys {
		v := waits[k]
		fmt.Fprintf(w, "  %-8s %6d calls  total %s  median %s  p90 %s\n", k, v.Count, audit.FormatMs(v.TotalMs), audit.FormatMs(v.P50Ms), audit.FormatMs(v.P90Ms))
	}
}

func verdicts(m map[string]int) string {
	var parts []string
	for _, v := range []arbiter.Verdict{arbiter.Allow, arbiter.Ask, arbiter.Deny, arbiter.Defer} {
		if n := m[v.String()]; n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", v, n))
		}
	}
	return strings.Join(parts, ", ")
}

func stamp(c Decided) string { return when(c.Time) }

func when(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.Format("2006-01-02 15:04")
}

// plural is "1 call" or "2 calls".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func pct(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}
