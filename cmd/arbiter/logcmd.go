package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/config"
)

// logFilter is what arbiter log's flags select.
type logFilter struct {
	since     time.Time
	decisions []arbiter.Verdict
	rule      string
	session   string
	project   string
}

// keeps reports whether a record passes the filter.
func (f logFilter) keeps(r audit.Record) bool {
	if !f.since.IsZero() {
		t, err := time.Parse(time.RFC3339Nano, r.Time)
		if err != nil || t.Before(f.since) {
			return false
		}
	}
	switch {
	case len(f.decisions) > 0 && !slices.Contains(f.decisions, r.Decision):
		return false
	case f.rule != "" && !slices.ContainsFunc(r.Rules, func(id string) bool {
		return id == f.rule || strings.HasPrefix(id, f.rule+".") || strings.HasPrefix(id, f.rule+":")
	}):
		return false
	case f.session != "" && r.Session != f.session:
		return false
	case f.project != "" && r.Project != f.project && !strings.HasPrefix(r.Project, f.project+string(filepath.Separator)):
		return false
	}
	return true
}

// logCmd prints the decision log, filtered, or with why the most recent
// prompt or denial.
func logCmd(args []string, stdout, stderr io.Writer) int {
	why := len(args) > 0 && args[0] == "why"
	if why {
		args = args[1:]
	}
	fs := newFlags("log", stderr)
	since := fs.String("since", "", "only decisions from this time on: a date (2026-11-01), an RFC 3339 time, or an age (36h, 30d)")
	decision := fs.String("decision", "", "only these decisions: allow, deny, ask, defer (comma-separated)")
	rule := fs.String("rule", "", "only decisions by this rule, or a rule family (B7, R.managed)")
	session := fs.String("session", "", "only this session")
	project := fs.String("project", "", "only calls in this project folder (or below it)")
	asJSON := fs.Bool("json", false, "print the records as the log holds them (one JSON line each)")
	file := fs.String("file", "", "the log to read (default: the configured one)")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "arbiter log: unexpected argument", fs.Arg(0), "(see arbiter help log)")
		return 2
	}
	var f logFilter
	var err error
	if *since != "" {
		if f.since, err = parseSince(*since, time.Now()); err != nil {
			fmt.Fprintln(stderr, "arbiter log:", err)
			return 2
		}
	}
	for _, d := range strings.FieldsFunc(*decision, func(r rune) bool { return r == ',' }) {
		v, err := arbiter.ParseVerdict(strings.TrimSpace(d))
		if err != nil {
			fmt.Fprintf(stderr, "arbiter log: --decision %q: %v\n", d, err)
			return 2
		}
		f.decisions = append(f.decisions, v)
	}
	f.rule, f.session = *rule, *session
	if *project != "" {
		if f.project, err = filepath.Abs(*project); err != nil {
			fmt.Fprintln(stderr, "arbiter log:", err)
			return 2
		}
	}
	path := *file
	if path == "" {
		if path = configuredLog(stderr); path == "" {
			return 1
		}
	}
	recs, bad, err := audit.Read(path)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter log:", err)
		return 1
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "arbiter log: %d unreadable line(s) skipped\n", bad)
	}
	var kept []audit.Record
	for _, r := range recs {
		if f.keeps(r) && (!why || r.Decision == arbiter.Ask || r.Decision == arbiter.Deny) {
			kept = append(kept, r)
		}
	}
	if why {
		if len(kept) == 0 {
			fmt.Fprintln(stdout, "no prompt or denial in the log", describeFilter(f))
			return 1
		}
		kept = kept[len(kept)-1:]
	}
	for _, r := range kept {
		switch {
		case *asJSON:
			b, err := audit.Encode(r)
			if err != nil {
				fmt.Fprintln(stderr, "arbiter log:", err)
				return 1
			}
			stdout.Write(append(b, '\n'))
		case why:
			explainRecord(stdout, r)
		default:
			writeRecord(stdout, r)
		}
	}
	return 0
}

// configuredLog is the log the hooks write, as the configuration says;
// "" (said on stderr) when it is off.
func configuredLog(stderr io.Writer) string {
	cfg, _ := config.Load(os.Getenv)
	p := audit.PathFor(cfg.Get("ARBITER_LOG"), os.Getenv)
	if p == "" {
		where := "the environment"
		if w, ok := cfg.Where("ARBITER_LOG"); ok && w.File != "" {
			where = w.File
		}
		fmt.Fprintf(stderr, "arbiter log: the decision log is off (ARBITER_LOG=%s in %s); --file names one to read\n", cfg.Get("ARBITER_LOG"), where)
	}
	return p
}

func describeFilter(f logFilter) string {
	var parts []string
	if !f.since.IsZero() {
		parts = append(parts, "since "+f.since.Format(time.RFC3339))
	}
	for _, kv := range [][2]string{{"rule", f.rule}, {"session", f.session}, {"project", f.project}} {
		if kv[1] != "" {
			parts = append(parts, kv[0]+" "+kv[1])
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// writeRecord prints one decision on two lines: when, what and who
// decided, then the reason.
func writeRecord(w io.Writer, r audit.Record) {
	fmt.Fprintf(w, "%s  %-6s %-8s %-6s %s  [%s]\n", shortTime(r.Time), r.Decision, r.Runtime, r.Tool, r.Subject, strings.Join(r.Rules, " "))
	if r.Reason != "" {
		fmt.Fprintf(w, "    %s\n", r.Reason)
	}
}

func shortTime(s string) string {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.Local().Format("2006-01-02 15:04:05")
	}
	return s
}

// explainRecord answers "why was I asked?" for one decision: what was
// decided, by whom, each rule's meaning, and what to do.
func explainRecord(w io.Writer, r audit.Record) {
	verb := map[arbiter.Verdict]string{arbiter.Ask: "asked you about", arbiter.Deny: "denied"}[r.Decision]
	fmt.Fprintf(w, "At %s arbiter %s this %s call", shortTime(r.Time), verb, r.Tool)
	if r.Runtime != "" {
		fmt.Fprintf(w, " (%s", r.Runtime)
		if r.Project != "" {
			fmt.Fprintf(w, ", in %s", r.Project)
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintf(w, ":\n    %s\n\nreason: %s\n", r.Subject, r.Reason)
	fmt.Fprintf(w, "decided by: %s\n", deciderName(r))
	for _, id := range r.Rules {
		if rule, ok := catalog.Lookup(catalog.ID(id)); ok {
			fmt.Fprintf(w, "  %s (%s): %s\n", id, rule.Verdict, rule.Summary)
			if rule.Instead != "" && r.Decision == arbiter.Deny {
				fmt.Fprintf(w, "    instead: %s\n", rule.Instead)
			}
			continue
		}
		fmt.Fprintf(w, "  %s: %s\n", id, configuredRuleName(id))
	}
	fmt.Fprintln(w, "\n`arbiter rules ID` explains a rule; `arbiter check 'COMMAND'` in the project explains a decision now.")
}

func deciderName(r audit.Record) string {
	switch r.Source {
	case arbiter.SourceRule:
		return "a configured rule"
	case arbiter.SourceJudge:
		return "the model judge"
	case arbiter.SourceSelf:
		return "self-protection (arbiter guards its own configuration, log and hooks)"
	case arbiter.SourceError:
		return "a failure or a configuration problem (nothing is allowed on it)"
	}
	return "the static policy"
}

// configuredRuleName says which layer an R.* rule comes from.
func configuredRuleName(id string) string {
	switch {
	case strings.HasPrefix(id, "R.managed:"):
		return "a rule of your administrator's managed policy (its file and line are in the reason); a user or project file cannot loosen it"
	case strings.HasPrefix(id, "R.user:"):
		return "a rule of your own config file (its file and line are in the reason)"
	case strings.HasPrefix(id, "R.project:"):
		return "a rule of the project's .arbiter.toml (its file and line are in the reason)"
	}
	return "not a rule of this build of arbiter"
}
