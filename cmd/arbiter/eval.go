package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/corpus"
	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/policy"
)

// evalRun is what scoring a set of corpus files found.
type evalRun struct {
	files   []string
	scores  map[string]*corpus.Score
	sources map[string]map[corpus.Source]int // set → source → cases
	fails   []string
	bad     int // unreadable files and lines
}

func eval(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	fs.SetOutput(stderr)
	split := fs.String("split", "", "score only cases of this split (dev or test)")
	by := fs.String("by", "set", "group rows by set, category or rule")
	failures := fs.Bool("failures", false, "list every unsafe allow and wrong denial")
	asJSON := fs.Bool("json", false, "print the figures as JSON")
	markdown := fs.Bool("markdown", false, "print the scorecard (EVAL.md) as Markdown")
	floorsFile := fs.String("floors", "", "fail when a figure falls below the floors in this file")
	writeFloors := fs.String("write-floors", "", "write the figures as the new floors to this file")
	useJudge := fs.Bool("judge", false, "decide through the configured judge too (asks it about every deferred case; answers are cached)")
	sweepGrid := fs.Bool("sweep", false, "re-score a grid of judge thresholds from cached answers, asking nothing")
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
	if *split != "" && *split != "dev" && *split != "test" {
		fmt.Fprintf(stderr, "arbiter eval: --split takes dev or test, not %q\n", *split)
		return 2
	}
	if (*floorsFile != "" || *writeFloors != "" || *markdown) && (*by != "set" || *split != "") {
		fmt.Fprintln(stderr, "arbiter eval: floors and the scorecard are per set over every split; drop --by and --split")
		return 2
	}
	if *sweepGrid {
		return sweep(stdout, stderr, fs.Args(), *split)
	}
	var dec scorer = policy.New(policy.Options{})
	if *useJudge {
		g, _, err := gate.FromConfig(gate.Options{Log: stderr, NoRules: true})
		if err != nil {
			fmt.Fprintln(stderr, "arbiter eval: the configuration cannot be used:", err)
			return 1
		}
		if g.Judge == nil {
			fmt.Fprintln(stderr, "arbiter eval: --judge given but no judge is configured")
			return 1
		}
		dec = g
	}
	r := scoreFiles(dec, fs.Args(), *split, *by, *failures, stderr)
	switch {
	case *asJSON:
		b, _ := json.MarshalIndent(r.scores, "", "  ")
		fmt.Fprintln(stdout, string(b))
	case *markdown:
		writeScorecard(stdout, r)
	default:
		printTable(stdout, r.scores)
	}
	for _, f := range r.fails {
		fmt.Fprintln(stdout, f)
	}
	status := 0
	if r.bad > 0 {
		status = 1
	}
	if *writeFloors != "" {
		if err := saveFloors(*writeFloors, r.scores); err != nil {
			fmt.Fprintln(stderr, "arbiter eval:", err)
			return 1
		}
	}
	if *floorsFile != "" && !checkFloors(*floorsFile, r.scores, stderr) {
		status = 1
	}
	return status
}

// scorer is the static policy or the whole gate.
type scorer interface {
	Decide(ctx context.Context, call arbiter.Call) arbiter.Decision
}

// scoreFiles decides every case in the files and counts the figures.
func scoreFiles(p scorer, files []string, split, by string, failures bool, stderr io.Writer) *evalRun {
	ctx := context.Background()
	r := &evalRun{files: files, scores: map[string]*corpus.Score{"ALL": {}}, sources: map[string]map[corpus.Source]int{}}
	for _, file := range files {
		f, err := os.Open(file)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter eval:", err)
			r.bad++
			continue
		}
		cases, errs := corpus.Read(f, file)
		f.Close()
		for _, e := range errs {
			fmt.Fprintln(stderr, "arbiter eval:", e)
			r.bad++
		}
		decisions := decideAll(ctx, p, cases)
		for i, c := range cases {
			if split != "" && c.Split != split {
				continue
			}
			if r.sources[c.Set] == nil {
				r.sources[c.Set] = map[corpus.Source]int{}
			}
			r.sources[c.Set][c.Source]++
			d := decisions[i]
			keys := []string{c.Set}
			switch by {
			case "category":
				keys = []string{c.Set + "/" + c.Category}
			case "rule":
				keys = d.Rules
			}
			for _, k := range keys {
				if r.scores[k] == nil {
					r.scores[k] = &corpus.Score{}
				}
				r.scores[k].Add(c, d.Decision)
			}
			r.scores["ALL"].Add(c, d.Decision)
			if failures && (c.MustNotAllow() && d.Decision == arbiter.Allow || c.NotDeniable() && d.Decision == arbiter.Deny) {
				kind := "UNSAFE ALLOW"
				if d.Decision == arbiter.Deny {
					kind = "WRONG DENIAL"
				}
				r.fails = append(r.fails, fmt.Sprintf("%s %s\n  input:  %s\n  rules:  %s\n  reason: %s\n  why:    %s", kind, c.ID, string(c.Input), strings.Join(d.Rules, ", "), d.Reason, c.Why))
			}
		}
	}
	return r
}

func saveFloors(file string, scores map[string]*corpus.Score) error {
	fl := corpus.Floors{}
	for g, s := range scores {
		fl[g] = corpus.FloorOf(*s)
	}
	f, err := os.Create(file)
	if err != nil {
		return fmt.Errorf("writing floors: %w", err)
	}
	if err := fl.Write(f); err != nil {
		f.Close()
		return fmt.Errorf("writing floors to %s: %w", file, err)
	}
	return f.Close()
}

// checkFloors reports every figure below its floor; it returns false when
// one is, or when the floors cannot be read.
func checkFloors(file string, scores map[string]*corpus.Score, stderr io.Writer) bool {
	f, err := os.Open(file)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter eval:", err)
		return false
	}
	fl, err := corpus.ReadFloors(f)
	f.Close()
	if err != nil {
		fmt.Fprintf(stderr, "arbiter eval: %s: %v\n", file, err)
		return false
	}
	breaches, gains := fl.Check(scores)
	if len(breaches) > 0 {
		fmt.Fprintf(stderr, "arbiter eval: %d figure(s) broke the floors in %s:\n", len(breaches), file)
		for _, b := range breaches {
			fmt.Fprintln(stderr, "  "+b.String())
		}
		fmt.Fprintln(stderr, "Run with --failures to see the cases. Unsafe allows must be 0; the other floors move only by a deliberate --write-floors commit.")
		return false
	}
	if len(gains) > 0 {
		fmt.Fprintf(stderr, "arbiter eval: floors hold; %d figure(s) improved (raise them with --write-floors %s):\n", len(gains), file)
		for _, b := range gains {
			fmt.Fprintln(stderr, "  "+b.String())
		}
	}
	return true
}

func printTable(w io.Writer, scores map[string]*corpus.Score) {
	fmt.Fprintf(w, "%-34s %6s %16s %9s %16s %16s %14s %14s\n", "group", "cases", "unsafe allows", "bound", "routine allowed", "should-deny den.", "wrong denials", "settled")
	for _, k := range groupOrder(scores) {
		s := scores[k]
		fmt.Fprintf(w, "%-34s %6d %16s %8.4f%% %16s %16s %14s %14s\n", k, s.N,
			frac(s.UnsafeAllows, s.MustNotAllow), 100*s.UnsafeBound,
			frac(s.RoutineAllowed, s.Routine), frac(s.ShouldDenyDenied, s.ShouldDeny),
			frac(s.WrongDenials, s.NotDeniable), frac(s.Settled, s.N))
	}
}

// groupOrder lists groups alphabetically with the total last.
func groupOrder(scores map[string]*corpus.Score) []string {
	keys := make([]string, 0, len(scores))
	for k := range scores {
		if k != "ALL" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return append(keys, "ALL")
}

func frac(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d %3.0f%%", a, b, 100*float64(a)/float64(b))
}

// decideAll decides cases on every core; with a judge most of the time is
// spent waiting on the server, so more workers than cores.
func decideAll(ctx context.Context, p scorer, cases []corpus.Case) []arbiter.Decision {
	out := make([]arbiter.Decision, len(cases))
	workers := runtime.GOMAXPROCS(0)
	if _, judged := p.(*gate.Gate); judged {
		workers = 8
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(cases); i += workers {
				out[i] = p.Decide(ctx, cases[i].Call)
			}
		}()
	}
	wg.Wait()
	return out
}
