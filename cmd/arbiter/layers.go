package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/rules"
)

// Where each configured rule comes from, for arbiter rules and doctor:
// the managed file, the user's file, the project's .arbiter.toml.

// configuredRules loads the rules that apply in the current folder, in
// the order of the layers, with the gate they were loaded for.
func configuredRules() (*gate.Gate, config.Config, []*rules.Rule) {
	g, cfg, _ := gate.FromConfig(gate.Options{Log: io.Discard, Report: func(config.Problem) {}})
	all := g.Rules.Rules()
	if g.Projects != nil {
		if cwd, err := os.Getwd(); err == nil {
			if p := g.Projects.For(cwd); p.Set() != nil {
				all = append(all, p.Set().Rules()...)
			}
		}
	}
	return g, cfg, all
}

// writeRuleSources lists each configured rule with its layer, file and
// line; it says so when there are none.
func writeRuleSources(w io.Writer, all []*rules.Rule) {
	if len(all) == 0 {
		fmt.Fprintln(w, "no configured rules (managed, user or project); the static policy above decides alone")
		return
	}
	fmt.Fprintln(w, "configured rules (the strictest that matches wins; class A and self-protection stand above them):")
	for _, r := range all {
		fmt.Fprintf(w, "%-16s %-6s %-34s %s:%d\n", r.ID(), r.Verdict(), ruleWhat(r), r.File, r.Line)
	}
}

func ruleWhat(r *rules.Rule) string {
	var what []string
	for _, kv := range [][2]string{{"tool", r.Tool}, {"command", r.Command}, {"path", r.Path}, {"host", r.Host}} {
		if kv[1] != "" {
			what = append(what, kv[0]+" "+kv[1])
		}
	}
	return strings.Join(what, ", ")
}

// doctorManaged says whether a managed file applies, what it fixes and
// what of it loaded; it returns 1 for a managed file that cannot be used
// whole (its problems are listed with the configuration's).
func doctorManaged(w io.Writer, cfg config.Config, all []*rules.Rule) int {
	m := cfg.Managed
	n := 0
	for _, r := range all {
		if r.FromManaged {
			n++
		}
	}
	broken := false
	for _, p := range cfg.Problems {
		broken = broken || p.Effect == config.ManagedKept
	}
	switch {
	case broken:
		for _, p := range cfg.Problems {
			if p.Effect == config.ManagedKept {
				fmt.Fprintf(w, "✗ %v\n", p)
			}
		}
		fmt.Fprintf(w, "✗ managed policy %s cannot be used whole: %d deny, ask or defer rule(s) of it that parse still apply, and the static policy; its allows and yours do not, and nothing is allowed until it is fixed\n", m.File, n)
		return 1
	case !m.Found:
		fmt.Fprintf(w, "✓ no managed policy (%s)\n", m.File)
	default:
		fixed := "no settings"
		if len(m.Fixed) > 0 {
			fixed = "settings " + strings.Join(m.Fixed, ", ")
		}
		fmt.Fprintf(w, "✓ managed policy %s: %d rule(s); it fixes %s, which no user file or environment variable changes\n", m.File, n, fixed)
	}
	return 0
}
