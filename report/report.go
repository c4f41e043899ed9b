package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/audit"
)

// halfW is the width of a chart in a half column.
const halfW = 480

// maxListed bounds the list of denies and asks; the newest are kept.
const maxListed = 500

// Sections are the ids of the page's sections, in order.
var Sections = []string{"headline", "summary", "timeline", "split", "latency", "waiting", "shadow", "denies", "sessions", "unreadable"}

type card struct {
	Label, Value, Note, Class string
}

type row struct {
	Time, Decision, Rules, Subject, Reason, Outcome, Runtime string
}

type shadowRow struct {
	Pair  string
	Count int
	Agree bool
}

// groupRow counts one user's or project's calls by decision.
type groupRow struct {
	Name                           string
	Calls, Allow, Ask, Deny, Defer int
}

type group struct {
	Title string
	Rows  []groupRow
}

type waitRow struct {
	Party, Count, Total, Median, P90 string
}

type view struct {
	Generated, Source, Period string
	Cards                     []card
	Timeline                  markup
	Unit                      string
	Split, Rules, Latency     markup
	Waiting                   markup
	WaitRows                  []waitRow
	Shadow                    []shadowRow
	ShadowNote                string
	Listed                    []row
	ListedOf                  int
	HasOutcome                bool
	Median, P99               string
	Headline                  headline
	Sessions                  []sessionRow
	Unreadable                []unreadRow
	Replayed                  bool

	// Confirmed says, on a replay, how many prompts H6.confirmed would
	// have removed; "" otherwise.
	Confirmed string
	// Groups count calls per user and per project, for logs that say
	// where each call was made (a team's, gathered from many machines).
	Groups []group
}

// Write renders the report for d; now is the time it was made.
func Write(w io.Writer, d Data, now time.Time) error {
	return writePage(w, build(d, now))
}

func build(d Data, now time.Time) view {
	v := view{Generated: now.UTC().Format("2006-01-02 15:04 UTC"), Source: d.Source}
	es := d.Entries
	counts := map[arbiter.Verdict]int{}
	rules := map[string]int{}
	ruleVerdict := map[string]arbiter.Verdict{}
	var micros []int64
	var first, last time.Time
	for _, e := range es {
		counts[e.Decision]++
		for _, r := range e.Rules {
			rules[r]++
			ruleVerdict[r] = max(ruleVerdict[r], e.Decision)
		}
		micros = append(micros, e.Micros)
		if !e.Time.IsZero() && (first.IsZero() || e.Time.Before(first)) {
			first = e.Time
		}
		if e.Time.After(last) {
			last = e.Time
		}
		if e.Outcome != "" {
			v.HasOutcome = true
		}
	}
	if !first.IsZero() {
		v.Period = first.UTC().Format("2006-01-02 15:04") + " to " + last.UTC().Format("2006-01-02 15:04 UTC")
	}
	v.Cards = append(v.Cards, card{Label: "calls", Value: fmt.Sprint(len(es)), Class: "neutral"})
	for _, vd := range []arbiter.Verdict{arbiter.Allow, arbiter.Ask, arbiter.Deny, arbiter.Defer} {
		v.Cards = append(v.Cards, card{Label: vd.String(), Value: fmt.Sprint(counts[vd]), Note: fmt.Sprintf("%.1f%%", pct(counts[vd], len(es))), Class: vd.String()})
	}
	if d.ByHand > 0 {
		v.Cards = append(v.Cards, card{Label: "approved by hand", Value: fmt.Sprint(d.ByHand),
			Note: fmt.Sprintf("arbiter would allow %d without a prompt", d.ByHandAllowed), Class: "neutral"})
	}
	if d.Skipped > 0 {
		v.Cards = append(v.Cards, card{Label: "could not be read", Value: fmt.Sprint(d.Skipped), Class: "neutral"})
	}
	if len(micros) > 0 {
		sort.Slice(micros, func(i, j int) bool { return micros[i] < micros[j] })
		v.Median, v.P99 = audit.FormatMs(float64(micros[len(micros)/2])/1000), audit.FormatMs(float64(micros[len(micros)*99/100])/1000)
	}
	v.Headline, v.Sessions, v.Unreadable, v.Replayed = headlineOf(d, counts), sessionRows(d), unreadRows(d), d.Replayed
	v.Groups = groups(es)
	bs, unit := timeline(es)
	v.Timeline, v.Unit = timelineSVG(bs, unit), unit

	var split []bar
	for _, vd := range []arbiter.Verdict{arbiter.Allow, arbiter.Ask, arbiter.Deny, arbiter.Defer} {
		split = append(split, bar{Label: vd.String(), Value: float64(counts[vd]), Text: fmt.Sprintf("%d (%.1f%%)", counts[vd], pct(counts[vd], len(es))), Class: vd.String()})
	}
	v.Split = barsSVG(split, "calls by decision", halfW, 90)
	var rb []bar
	for _, r := range sortedKeys(rules, 15) {
		rb = append(rb, bar{Label: r, Value: float64(rules[r]), Text: fmt.Sprint(rules[r]), Class: ruleVerdict[r].String()})
	}
	v.Rules = barsSVG(rb, "most frequent rules", halfW, 220)
	v.Latency = barsSVG(latencyBars(es), "decision time distribution", chartW, 260)

	var wb []bar
	parties := make([]string, 0, len(d.Waiting))
	for p := range d.Waiting {
		parties = append(parties, p)
	}
	sort.Strings(parties)
	for _, p := range parties {
		wt := d.Waiting[p]
		if wt.Count == 0 {
			continue
		}
		wb = append(wb, bar{Label: p + " (median)", Value: wt.P50Ms, Text: audit.FormatMs(wt.P50Ms), Class: "wait"})
		v.WaitRows = append(v.WaitRows, waitRow{Party: p, Count: fmt.Sprint(wt.Count), Total: audit.FormatMs(wt.TotalMs), Median: audit.FormatMs(wt.P50Ms), P90: audit.FormatMs(wt.P90Ms)})
	}
	v.Waiting = barsSVG(wb, "median time waiting for permission, by who decided", chartW, 260)
	v.Confirmed = confirmedNote(d)

	shadow := map[string]int{}
	agree := map[string]bool{}
	judged := 0
	for _, e := range es {
		if e.Judge == nil || e.Judge.Answers == nil {
			continue
		}
		judged++
		k := e.Decision.String() + " → " + e.Judge.Verdict.String()
		shadow[k]++
		agree[k] = e.Decision == e.Judge.Verdict
	}
	for _, k := range sortedKeys(shadow, 0) {
		v.Shadow = append(v.Shadow, shadowRow{Pair: k, Count: shadow[k], Agree: agree[k]})
	}
	if judged == 0 {
		v.ShadowNote = "No decision here carries the judge's answers: run the judge in shadow mode (ARBITER_JUDGE_MODE=shadow) to see how often it agrees."
	} else {
		same := 0
		for k, n := range shadow {
			if agree[k] {
				same += n
			}
		}
		v.ShadowNote = fmt.Sprintf("The judge answered on %d calls and agreed with the decision on %d (%.1f%%).", judged, same, pct(same, judged))
	}

	var listed []Entry
	for _, e := range es {
		if e.Decision == arbiter.Deny || e.Decision == arbiter.Ask {
			listed = append(listed, e)
		}
	}
	sort.SliceStable(listed, func(i, j int) bool { return listed[i].Time.After(listed[j].Time) })
	v.ListedOf = len(listed)
	if len(listed) > maxListed {
		listed = listed[:maxListed]
	}
	for _, e := range listed {
		v.Listed = append(v.Listed, rowOf(e))
	}
	return v
}

func sortedKeys(m map[string]int, limit int) []string {
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

// confirmedNote says how many prompts H6.confirmed would have removed on
// a replay, to read beside the time spent waiting for permission.
func confirmedNote(d Data) string {
	switch {
	case !d.Replayed:
		return ""
	case d.Confirmed == 0:
		return "H6.confirmed would have removed no prompt: no call arbiter asks or defers on came again after a person approved it in its session."
	}
	s := fmt.Sprintf("H6.confirmed would have removed up to %d prompts: the same call, in the same folder, approved earlier in its session (an upper bound: what the files it reads held then is not known on replay).", d.Confirmed)
	if d.ConfirmedRefused > 0 {
		s += fmt.Sprintf(" The person refused %d of them when asked again.", d.ConfirmedRefused)
	}
	return s
}

// maxGroupRows bounds each table of users or projects; the busiest are
// kept.
const maxGroupRows = 100

// groups counts the calls per user and per project; a table only when
// some entry says where it was made.
func groups(es []Entry) []group {
	var out []group
	for _, g := range []struct {
		title string
		key   func(Entry) string
	}{
		{"by user (and host)", func(e Entry) string {
			if e.User == "" && e.Host == "" {
				return ""
			}
			return strings.TrimSuffix(e.User+"@"+e.Host, "@")
		}},
		{"by project", func(e Entry) string { return e.Project }},
	} {
		rows := map[string]*groupRow{}
		for _, e := range es {
			k := g.key(e)
			if k == "" {
				continue
			}
			r := rows[k]
			if r == nil {
				r = &groupRow{Name: k}
				rows[k] = r
			}
			r.Calls++
			switch e.Decision {
			case arbiter.Allow:
				r.Allow++
			case arbiter.Ask:
				r.Ask++
			case arbiter.Deny:
				r.Deny++
			default:
				r.Defer++
			}
		}
		if len(rows) == 0 {
			continue
		}
		gr := group{Title: g.title}
		for _, r := range rows {
			gr.Rows = append(gr.Rows, *r)
		}
		sort.Slice(gr.Rows, func(i, j int) bool {
			if gr.Rows[i].Calls != gr.Rows[j].Calls {
				return gr.Rows[i].Calls > gr.Rows[j].Calls
			}
			return gr.Rows[i].Name < gr.Rows[j].Name
		})
		if len(gr.Rows) > maxGroupRows {
			gr.Rows = gr.Rows[:maxGroupRows]
		}
		out = append(out, gr)
	}
	return out
}
