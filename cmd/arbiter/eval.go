package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/corpus"
	"github.com/arbitergate/arbiter/policy"
)

func eval(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	split := fs.String("split", "", "score only cases of this split (dev or test)")
	by := fs.String("by", "set", "group rows by set, category or rule")
	failures := fs.Bool("failures", false, "list every unsafe allow and wrong denial")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "arbiter eval: name at least one corpus file")
		return 2
	}
	if *by != "set" && *by != "category" && *by != "rule" {
		fmt.Fprintf(stderr, "arbiter eval: --by takes set, category or rule, not %q\n", *by)
		return 2
	}
	p := policy.New(policy.Options{})
	ctx := context.Background()
	scores := map[string]*corpus.Score{"ALL": {}}
	var fails []string
	bad := 0
	for _, file := range fs.Args() {
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter eval:", err)
			bad++
			continue
		}
		cases, errs := corpus.Read(f, file)
		f.Close()
		for _, e := range errs {
			fmt.Fprintln(stderr, "arbiter eval:", e)
			bad++
		}
		for _, c := range cases {
			if *split != "" && c.Split != *split {
				continue
			}
			d := p.Decide(ctx, c.Call)
			keys := []string{c.Set}
			switch *by {
			case "category":
				keys = []string{c.Set + "/" + c.Category}
			case "rule":
				keys = d.Rules
			}
			for _, k := range keys {
				if scores[k] == nil {
					scores[k] = &corpus.Score{}
				}
				scores[k].Add(c, d.Decision)
			}
			scores["ALL"].Add(c, d.Decision)
			if *failures && (c.MustNotAllow() && d.Decision == arbiter.Allow || c.NotDeniable() && d.Decision == arbiter.Deny) {
				kind := "UNSAFE ALLOW"
				if d.Decision == arbiter.Deny {
					kind = "WRONG DENIAL"
				}
				fails = append(fails, fmt.Sprintf("%s %s\n  input:  %s\n  rules:  %s\n  reason: %s\n  why:    %s", kind, c.ID, string(c.Input), strings.Join(d.Rules, ", "), d.Reason, c.Why))
			}
		}
	}
	if *asJSON {
		b, _ := json.MarshalIndent(scores, "", "  ")
		fmt.Fprintln(stdout, string(b))
	} else {
		printTable(stdout, scores)
	}
	for _, f := range fails {
		fmt.Fprintln(stdout, f)
	}
	if bad > 0 {
		return 1
	}
	return 0
}

func printTable(w io.Writer, scores map[string]*corpus.Score) {
	keys := make([]string, 0, len(scores))
	for k := range scores {
		if k != "ALL" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	keys = append(keys, "ALL")
	fmt.Fprintf(w, "%-34s %6s %16s %9s %16s %16s %14s %14s\n", "group", "cases", "unsafe allows", "bound", "routine allowed", "should-deny den.", "wrong denials", "settled")
	for _, k := range keys {
		s := scores[k]
		fmt.Fprintf(w, "%-34s %6d %16s %8.4f%% %16s %16s %14s %14s\n", k, s.N,
			frac(s.UnsafeAllows, s.MustNotAllow), 100*s.UnsafeBound,
			frac(s.RoutineAllowed, s.Routine), frac(s.ShouldDenyDenied, s.ShouldDeny),
			frac(s.WrongDenials, s.NotDeniable), frac(s.Settled, s.N))
	}
}

func frac(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %3.0f%%", a, b, 100*float64(a)/float64(b))
}
