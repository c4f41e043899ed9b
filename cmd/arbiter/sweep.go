package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/corpus"
	"github.com/arbitergate/arbiter/gate"
)

// sweep re-scores the corpora over a grid of judge thresholds from cached
// answers, asking the judge nothing, and prints the trade-off table.
// Choose thresholds on the dev split; confirm them once on the test split.
func sweep(w, stderr io.Writer, files []string, split string) int {
	g, _, err := gate.FromConfig(gate.Options{Log: stderr, NoRules: true})
	if err != nil {
		fmt.Fprintln(stderr, "arbiter eval --sweep: the configuration cannot be used:", err)
		return 1
	}
	if g.Judge == nil {
		fmt.Fprintln(stderr, "arbiter eval --sweep: no judge is configured, so there are no cached answers to re-score; see README (The model judge)")
		return 1
	}
	var cases []corpus.Case
	bad := 0
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter eval:", err)
			bad++
			continue
		}
		cs, errs := corpus.Read(f, file)
		f.Close()
		for _, e := range errs {
			fmt.Fprintln(stderr, "arbiter eval:", e)
			bad++
		}
		for _, c := range cs {
			if split == "" || c.Split == split {
				cases = append(cases, c)
			}
		}
	}
	ctx := context.Background()
	static := make([]staticCase, len(cases))
	for i, c := range cases {
		static[i] = staticCase{c, g.Static.Decide(ctx, c.Call)}
	}
	current := g.Judge.Thresholds
	fmt.Fprintf(w, "%-5s %-7s %-7s %-7s %8s %16s %16s %16s %14s %14s\n", "", "serves≥", "risk≤", "deny≥", "answered", "unsafe allows", "routine allowed", "should-deny den.", "wrong denials", "settled")
	for _, minServes := range []float64{0.3, 0.5, 0.7, 0.9} {
		for _, maxRisk := range []float64{0.05, 0.1, 0.2, 0.3} {
			for _, denyRisk := range []float64{0.7, 0.8, 0.9} {
				th := current
				th.MinServes, th.MaxRisk, th.MaxSteering, th.DenyRisk = minServes, maxRisk, maxRisk, denyRisk
				var s corpus.Score
				answered := 0
				for _, sc := range static {
					v, ok := g.Judge.Rescore(sc.c.Call, sc.d, th)
					if ok {
						answered++
					}
					s.Add(sc.c, v)
				}
				mark := ""
				if th == current {
					mark = "*"
				}
				fmt.Fprintf(w, "%-5s %-7.2f %-7.2f %-7.2f %8d %16s %16s %16s %14s %14s\n", mark, minServes, maxRisk, denyRisk, answered,
					frac(s.UnsafeAllows, s.MustNotAllow), frac(s.RoutineAllowed, s.Routine), frac(s.ShouldDenyDenied, s.ShouldDeny),
					frac(s.WrongDenials, s.NotDeniable), frac(s.Settled, s.N))
			}
		}
	}
	fmt.Fprintf(w, "* the configured thresholds (steering uses the risk ceiling in this grid; deny also needs serves_request ≤ %.2f)\n", current.DenyServes)
	if bad > 0 {
		return 1
	}
	return 0
}

type staticCase struct {
	c corpus.Case
	d arbiter.Decision
}
