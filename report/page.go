package report

import "html/template"

// page is the whole report. The Content-Security-Policy forbids every
// script and every fetch, so the file shows the same offline as online.
var page = template.Must(template.New("report").Parse(`<!doctype html>
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
</style>
</head>
<body>
<main>
<header>
<h1>arbiter report</h1>
<div class="meta">{{.Source}}{{if .Period}} · {{.Period}}{{end}} · made {{.Generated}}</div>
<p class="note">This file holds commands from your sessions (with inline secrets replaced by markers). It was written readable only by you (mode 0600); share it with care.</p>
</header>

<section id="summary">
<h2>Summary</h2>
<div class="cards">
{{range .Cards}}<div class="card {{.Class}}"><div class="v">{{.Value}}</div><div class="l">{{.Label}}</div>{{if .Note}}<div class="n">{{.Note}}</div>{{end}}</div>
{{end}}</div>
{{if .Median}}<p class="note">arbiter's time per decision: median {{.Median}}, p99 {{.P99}}.</p>{{end}}
</section>

<section id="timeline">
<h2>Decisions over time{{if .Unit}} (per {{.Unit}}){{end}}</h2>
<div class="legend"><span><i style="background:var(--allow)"></i>allow</span><span><i style="background:var(--defer)"></i>defer</span><span><i style="background:var(--ask)"></i>ask</span><span><i style="background:var(--deny)"></i>deny</span></div>
{{if .Timeline}}{{.Timeline}}{{else}}<p class="note">No decision carries a time.</p>{{end}}
</section>

<section id="split">
<h2>By decision and rule</h2>
<div class="two"><div><h3 class="note">decisions</h3>{{.Split}}</div><div><h3 class="note">most frequent rules (coloured by the strictest decision they gave)</h3>{{if .Rules}}{{.Rules}}{{else}}<p class="note">No rules fired.</p>{{end}}</div></div>
</section>

<section id="latency">
<h2>Decision time</h2>
{{.Latency}}
</section>

<section id="waiting">
<h2>Time waiting for permission</h2>
{{if .WaitRows}}{{.Waiting}}
<div class="scroll"><table><thead><tr><th>who decided</th><th>calls</th><th>total</th><th>median</th><th>p90</th></tr></thead><tbody>
{{range .WaitRows}}<tr><td>{{.Party}}</td><td>{{.Count}}</td><td>{{.Total}}</td><td>{{.Median}}</td><td>{{.P90}}</td></tr>
{{end}}</tbody></table></div>
<p class="note">A person's wait is the time from the call to its result less the tool's own run time where the session records it; a hook's is its recorded run time; arbiter's and the judge's are their decision times.</p>
{{else}}<p class="note">No waiting times are recorded here.</p>{{end}}
</section>

<section id="shadow">
<h2>Agreement with the judge</h2>
<p class="note">{{.ShadowNote}}</p>
{{if .Shadow}}<div class="scroll"><table><thead><tr><th>decided → judge</th><th>calls</th><th></th></tr></thead><tbody>
{{range .Shadow}}<tr><td>{{.Pair}}</td><td>{{.Count}}</td><td>{{if .Agree}}agrees{{else}}differs{{end}}</td></tr>
{{end}}</tbody></table></div>{{end}}
</section>

<section id="denies">
<h2>Denies and asks</h2>
{{if .Listed}}<p class="note">{{.ListedOf}} calls{{if gt .ListedOf (len .Listed)}}, the newest {{len .Listed}} shown{{end}}.</p>
<div class="scroll"><table><thead><tr><th>time</th><th>decision</th><th>call</th><th>rules and reason</th>{{if .HasOutcome}}<th>in the session</th>{{end}}</tr></thead><tbody>
{{range .Listed}}<tr><td class="t">{{.Time}}<br><span class="note">{{.Runtime}}</span></td><td><span class="tag {{.Decision}}">{{.Decision}}</span></td><td class="cmd">{{.Subject}}</td><td><strong>{{.Rules}}</strong><br>{{.Reason}}</td>{{if $.HasOutcome}}<td>{{.Outcome}}</td>{{end}}</tr>
{{end}}</tbody></table></div>
{{else}}<p class="note">Nothing was denied or asked.</p>{{end}}
</section>
</main>
</body>
</html>
`))
