package report

import (
	"fmt"
	"sort"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/secrets"
)

// headline is the finding that matters, said first: for a replay, the
// calls that ran which arbiter would have denied; for a decision log,
// what arbiter stopped. Then what could not be read, since a clean
// headline over sessions that were skipped would mislead.
type headline struct {
	Text  string
	Alarm bool
	Note  string
	Calls []row
}

type sessionRow struct {
	Runtime, Start, Calls, Allow, Ask, Deny, Defer, Project string
}

type unreadRow struct {
	Path, Error string
}

func headlineOf(d Data, counts map[arbiter.Verdict]int) headline {
	var h headline
	switch {
	case d.Replayed && len(d.RanDenied) > 0:
		h.Text = fmt.Sprintf("%s ran that arbiter would have denied", plural(len(d.RanDenied), "call"))
		h.Alarm = true
		for _, e := range d.RanDenied {
			h.Calls = append(h.Calls, rowOf(e))
		}
		sort.SliceStable(h.Calls, func(i, j int) bool { return h.Calls[i].Time > h.Calls[j].Time })
	case d.Replayed:
		h.Text = fmt.Sprintf("No call that ran would arbiter have denied (%s in %s)", plural(len(d.Entries), "call"), plural(len(d.Sessions), "session"))
	case counts[arbiter.Deny] > 0:
		h.Text = fmt.Sprintf("arbiter denied %s, and asked about %d", plural(counts[arbiter.Deny], "call"), counts[arbiter.Ask])
		h.Alarm = true
	default:
		h.Text = fmt.Sprintf("arbiter denied nothing in %s", plural(len(d.Entries), "call"))
	}
	switch {
	case len(d.Unreadable) > 0:
		h.Note = fmt.Sprintf("%s could not be read, so the figures leave them out: they are named below.", plural(len(d.Unreadable), "session"))
	case d.Skipped > 0 && !d.Replayed:
		h.Note = fmt.Sprintf("%s of the log could not be read and were skipped.", plural(d.Skipped, "line"))
	}
	return h
}

// rowOf is an entry as a table row, redacted here too: the page is kept
// and shared, and must never repeat a secret, whoever built the data.
func rowOf(e Entry) row {
	t := ""
	if !e.Time.IsZero() {
		t = e.Time.UTC().Format("2006-01-02 15:04")
	}
	return row{Time: t, Decision: e.Decision.String(), Rules: strings.Join(e.Rules, ", "),
		Subject: secrets.Redact(e.Tool + ": " + e.Subject), Reason: secrets.Redact(e.Reason), Outcome: e.Outcome, Runtime: e.Runtime}
}

func sessionRows(d Data) []sessionRow {
	var out []sessionRow
	for _, s := range d.Sessions {
		start := ""
		if !s.Start.IsZero() {
			start = s.Start.UTC().Format("2006-01-02 15:04")
		}
		n := func(v arbiter.Verdict) string { return fmt.Sprint(s.Decisions[v.String()]) }
		out = append(out, sessionRow{Runtime: s.Runtime, Start: start, Calls: fmt.Sprint(s.Calls),
			Allow: n(arbiter.Allow), Ask: n(arbiter.Ask), Deny: n(arbiter.Deny), Defer: n(arbiter.Defer), Project: s.Project})
	}
	return out
}

func unreadRows(d Data) []unreadRow {
	var out []unreadRow
	for _, u := range d.Unreadable {
		out = append(out, unreadRow{Path: u.Path, Error: secrets.Redact(u.Error)})
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// writeHeadline writes the headline section.
func writeHeadline(p *pageWriter, h headline) {
	class := ""
	if h.Alarm {
		class = ` class="alarm"`
	}
	p.raw(`<section id="headline">` + "\n")
	p.f("<h2%s>%s</h2>\n", markup(class), h.Text)
	if h.Note != "" {
		p.f(`<p class="note">%s</p>`+"\n", h.Note)
	}
	if len(h.Calls) > 0 {
		p.raw(`<div class="scroll"><table><thead><tr><th>time</th><th>call</th><th>rules and reason</th><th>in the session</th></tr></thead><tbody>` + "\n")
		for _, r := range h.Calls {
			p.f(`<tr><td class="t">%s<br><span class="note">%s</span></td><td class="cmd">%s</td><td><strong>%s</strong><br>%s</td><td>%s</td></tr>`+"\n",
				r.Time, r.Runtime, r.Subject, r.Rules, r.Reason, r.Outcome)
		}
		p.raw("</tbody></table></div>\n")
	}
	p.raw("</section>\n\n")
}

// writeSessions writes one line per session, and what could not be read.
func writeSessions(p *pageWriter, sessions []sessionRow, unread []unreadRow, replayed bool) {
	p.raw(`<section id="sessions">` + "\n<h2>Sessions</h2>\n")
	switch {
	case len(sessions) > 0:
		p.raw(`<div class="scroll"><table><thead><tr><th>runtime</th><th>started</th><th>calls</th><th>allow</th><th>ask</th><th>deny</th><th>defer</th><th>project</th></tr></thead><tbody>` + "\n")
		for _, s := range sessions {
			p.f("<tr><td>%s</td><td class=\"t\">%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td class=\"cmd\">%s</td></tr>\n",
				s.Runtime, s.Start, s.Calls, s.Allow, s.Ask, s.Deny, s.Defer, s.Project)
		}
		p.raw("</tbody></table></div>\n")
	case replayed:
		p.raw(`<p class="note">No session was replayed.</p>` + "\n")
	default:
		p.raw(`<p class="note">A decision log does not keep sessions apart: arbiter report --replay lists them.</p>` + "\n")
	}
	p.raw("</section>\n\n")
	p.raw(`<section id="unreadable">` + "\n<h2>Could not be read</h2>\n")
	if len(unread) == 0 {
		p.raw(`<p class="note">Every session named was read.</p>` + "\n")
	} else {
		p.raw(`<div class="scroll"><table><thead><tr><th>file</th><th>why</th></tr></thead><tbody>` + "\n")
		for _, u := range unread {
			p.f("<tr><td class=\"cmd\">%s</td><td>%s</td></tr>\n", u.Path, u.Error)
		}
		p.raw("</tbody></table></div>\n")
	}
	p.raw("</section>\n\n")
}
