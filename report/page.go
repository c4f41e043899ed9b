package report

import (
	"bufio"
	"fmt"
	"html"
	"io"
)

// The page is written by hand rather than by html/template: the arbiter
// binary's hooks must start fast, and every value here goes through one
// of two paths, text (escaped) or markup the charts built (escaped as it
// was built). Its Content-Security-Policy forbids every script and every
// fetch, so the file shows the same offline as online.

const head = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="color-scheme" content="light dark">
<title>arbiter report</title>
<style>
:root{--bg:#fbfbfa;--fg:#1d2024;--muted:#5d6570;--card:#ffffff;--line:#dfe2e6;
--allow:#2e8b57;--ask:#c98a00;--deny:#c0392b;--defer:#6b7a8f;--neutral:#3b6ea8;--wait:#7d4fb3}
@media (prefers-color-scheme:dark){:root{--bg:#15171a;--fg:#e6e8eb;--muted:#9aa3ad;--card:#1e2125;--line:#33383e;
--allow:#4cc38a;--ask:#e8b339;--deny:#f06a5a;--defer:#8d9bb0;--neutral:#6ea3e0;--wait:#b08ae6}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:1100px;margin:0 auto;padding:24px 20px 48px}
h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.15rem;margin:0 0 12px}
.meta,.note{color:var(--muted);font-size:.9rem}
section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:18px 20px;margin:18px 0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(130px,1fr));gap:12px}
.card{border:1px solid var(--line);border-radius:8px;padding:10px 12px;border-top:4px solid var(--neutral)}
.card.allow{border-top-color:var(--allow)}.card.ask{border-top-color:var(--ask)}.card.deny{border-top-color:var(--deny)}.card.defer{border-top-color:var(--defer)}
.card .v{font-size:1.5rem;font-weight:600}.card .l{font-size:.9rem}.card .n{color:var(--muted);font-size:.8rem;line-height:1.3}
svg{width:100%;height:auto;display:block}
svg text{fill:var(--fg);font-size:13px}svg text.axis{fill:var(--muted);font-size:11px}
svg .grid{stroke:var(--line);stroke-width:1}
rect.allow{fill:var(--allow)}rect.ask{fill:var(--ask)}rect.deny{fill:var(--deny)}rect.defer{fill:var(--defer)}
rect.neutral{fill:var(--neutral)}rect.wait{fill:var(--wait)}
.legend span{display:inline-block;margin-right:14px;font-size:.85rem}
.legend i{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:baseline}
.two{display:grid;grid-template-columns:1fr 1fr;gap:18px}@media (max-width:900px){.two{grid-template-columns:1fr}}
table{border-collapse:collapse;width:100%;font-size:.88rem}
th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid var(--line)}
th{color:var(--muted);font-weight:600}
td.cmd{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere;min-width:240px;max-width:420px}td.t{white-space:nowrap}
.tag{display:inline-block;padding:0 7px;border-radius:9px;color:#fff;font-size:.8rem}
.tag.allow{background:var(--allow)}.tag.ask{background:var(--ask);color:#1d2024}.tag.deny{background:var(--deny)}.tag.defer{background:var(--defer)}
.scroll{overflow-x:auto}
#headline h2{font-size:1.5rem}#headline h2.alarm{color:var(--deny)}
#headline{border-left:6px solid var(--neutral)}#headline:has(h2.alarm){border-left-color:var(--deny)}
</style>
</head>
<body>
<main>
`

const legend = `<div class="legend"><span><i style="background:var(--allow)"></i>allow</span><span><i style="background:var(--defer)"></i>defer</span><span><i style="background:var(--ask)"></i>ask</span><span><i style="background:var(--deny)"></i>deny</span></div>
`

// pageWriter writes HTML, keeping the first error.
type pageWriter struct {
	w   *bufio.Writer
	err error
}

// raw writes markup as it is.
func (p *pageWriter) raw(s string) {
	if p.err == nil {
		_, p.err = p.w.WriteString(s)
	}
}

// f writes a format whose arguments are text: each is escaped.
func (p *pageWriter) f(format string, args ...any) {
	esc := make([]any, len(args))
	for i, a := range args {
		switch v := a.(type) {
		case markup:
			esc[i] = string(v)
		case string:
			esc[i] = html.EscapeString(v)
		default:
			esc[i] = html.EscapeString(fmt.Sprint(v))
		}
	}
	p.raw(fmt.Sprintf(format, esc...))
}

func writePage(w io.Writer, v view) error {
	p := &pageWriter{w: bufio.NewWriter(w)}
	p.raw(head)
	p.raw("<header>\n<h1>arbiter report</h1>\n")
	p.f(`<div class="meta">%s`, v.Source)
	if v.Period != "" {
		p.f(" · %s", v.Period)
	}
	p.f(" · made %s</div>\n", v.Generated)
	p.raw(`<p class="note">This file holds commands from your sessions (with inline secrets replaced by markers). It was written readable only by you (mode 0600); share it with care.</p>` + "\n</header>\n")

	writeHeadline(p, v.Headline)

	p.raw(`<section id="summary">` + "\n<h2>Summary</h2>\n" + `<div class="cards">` + "\n")
	for _, c := range v.Cards {
		p.f(`<div class="card %s"><div class="v">%s</div><div class="l">%s</div>`, c.Class, c.Value, c.Label)
		if c.Note != "" {
			p.f(`<div class="n">%s</div>`, c.Note)
		}
		p.raw("</div>\n")
	}
	p.raw("</div>\n")
	if v.Median != "" {
		p.f(`<p class="note">arbiter's time per decision: median %s, p99 %s.</p>`+"\n", v.Median, v.P99)
	}
	p.raw("</section>\n\n")

	p.raw(`<section id="timeline">` + "\n<h2>Decisions over time")
	if v.Unit != "" {
		p.f(" (per %s)", v.Unit)
	}
	p.raw("</h2>\n" + legend)
	if v.Timeline != "" {
		p.f("%s\n", v.Timeline)
	} else {
		p.raw(`<p class="note">No decision carries a time.</p>` + "\n")
	}
	p.raw("</section>\n\n")

	p.raw(`<section id="split">` + "\n<h2>By decision and rule</h2>\n" + `<div class="two"><div><h3 class="note">decisions</h3>`)
	p.f("%s", v.Split)
	p.raw(`</div><div><h3 class="note">most frequent rules (coloured by the strictest decision they gave)</h3>`)
	if v.Rules != "" {
		p.f("%s", v.Rules)
	} else {
		p.raw(`<p class="note">No rules fired.</p>`)
	}
	p.raw("</div></div>\n</section>\n\n")

	if len(v.Groups) > 0 {
		p.raw(`<section id="where">` + "\n<h2>By user and project</h2>\n")
		for _, g := range v.Groups {
			p.f(`<h3 class="note">%s</h3>`, g.Title)
			p.raw(`<div class="scroll"><table><thead><tr><th></th><th>calls</th><th>allow</th><th>ask</th><th>deny</th><th>defer</th></tr></thead><tbody>` + "\n")
			for _, r := range g.Rows {
				p.f("<tr><td class=\"cmd\">%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", r.Name, r.Calls, r.Allow, r.Ask, r.Deny, r.Defer)
			}
			p.raw("</tbody></table></div>\n")
		}
		p.raw("</section>\n\n")
	}

	p.raw(`<section id="latency">` + "\n<h2>Decision time</h2>\n")
	p.f("%s\n", v.Latency)
	p.raw("</section>\n\n")

	p.raw(`<section id="waiting">` + "\n<h2>Time waiting for permission</h2>\n")
	if v.Confirmed != "" {
		p.f(`<p class="confirmed">%s</p>`+"\n", v.Confirmed)
	}
	if len(v.WaitRows) > 0 {
		p.f("%s\n", v.Waiting)
		p.raw(`<div class="scroll"><table><thead><tr><th>who decided</th><th>calls</th><th>total</th><th>median</th><th>p90</th></tr></thead><tbody>` + "\n")
		for _, r := range v.WaitRows {
			p.f("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", r.Party, r.Count, r.Total, r.Median, r.P90)
		}
		p.raw("</tbody></table></div>\n")
		p.raw(`<p class="note">A person's wait is the time from the call to its result less the tool's own run time where the session records it; a hook's is its recorded run time; arbiter's and the judge's are their decision times; the runtime's, from a decision log, is the call's whole wait less its run time where the runtime reports it.</p>` + "\n")
	} else {
		p.raw(`<p class="note">No waiting times are recorded here.</p>` + "\n")
	}
	p.raw("</section>\n\n")

	p.raw(`<section id="shadow">` + "\n<h2>Agreement with the judge</h2>\n")
	p.f(`<p class="note">%s</p>`+"\n", v.ShadowNote)
	if len(v.Shadow) > 0 {
		p.raw(`<div class="scroll"><table><thead><tr><th>decided → judge</th><th>calls</th><th></th></tr></thead><tbody>` + "\n")
		for _, r := range v.Shadow {
			agree := "differs"
			if r.Agree {
				agree = "agrees"
			}
			p.f("<tr><td>%s</td><td>%s</td><td>%s</td></tr>\n", r.Pair, r.Count, agree)
		}
		p.raw("</tbody></table></div>\n")
	}
	p.raw("</section>\n\n")

	p.raw(`<section id="denies">` + "\n<h2>Denies and asks</h2>\n")
	if len(v.Listed) > 0 {
		p.f(`<p class="note">%s calls`, v.ListedOf)
		if v.ListedOf > len(v.Listed) {
			p.f(", the newest %s shown", len(v.Listed))
		}
		p.raw(".</p>\n")
		p.raw(`<div class="scroll"><table><thead><tr><th>time</th><th>decision</th><th>call</th><th>rules and reason</th>`)
		if v.HasOutcome {
			p.raw("<th>in the session</th>")
		}
		p.raw("</tr></thead><tbody>\n")
		for _, r := range v.Listed {
			p.f(`<tr><td class="t">%s<br><span class="note">%s</span></td><td><span class="tag %s">%s</span></td><td class="cmd">%s</td><td><strong>%s</strong><br>%s</td>`,
				r.Time, r.Runtime, r.Decision, r.Decision, r.Subject, r.Rules, r.Reason)
			if v.HasOutcome {
				p.f("<td>%s</td>", r.Outcome)
			}
			p.raw("</tr>\n")
		}
		p.raw("</tbody></table></div>\n")
	} else {
		p.raw(`<p class="note">Nothing was denied or asked.</p>` + "\n")
	}
	p.raw("</section>\n\n")
	writeSessions(p, v.Sessions, v.Unreadable, v.Replayed)
	p.raw("</main>\n</body>\n</html>\n")
	if p.err == nil {
		p.err = p.w.Flush()
	}
	return p.err
}
