package policy

import (
	"context"
	"slices"
	"testing"

	"github.com/arbitergate/arbiter/spec"
)

// TestSpecTests decides the test lines of every block of programs.txt
// (test VERDICT [RULE] COMMAND) as TestCatalogExamples decides the
// catalogue's: in a project at /work/app, with the home /home/dev. Every
// block has at least one, so that each program's routine use, and its
// risky one where it has one, is written next to its spec.
func TestSpecTests(t *testing.T) {
	progs, err := spec.Builtin().Programs()
	if err != nil {
		t.Fatal(err)
	}
	p := New(Options{})
	n := 0
	for _, sp := range progs {
		tests, err := sp.Tests()
		if err != nil {
			t.Error(err)
			continue
		}
		if len(tests) == 0 {
			t.Errorf("programs.txt line %d (%s): no test line; add one (test allow COMMAND) for its routine use", sp.Line(), sp.Name)
		}
		for _, tt := range tests {
			n++
			d := p.Decide(context.Background(), bash(tt.Command))
			if d.Decision.String() != tt.Verdict || tt.Rule != "" && !slices.Contains(d.Rules, tt.Rule) {
				t.Errorf("programs.txt line %d: %s: got %s %v (%s), want %s %s", tt.Line, tt.Command, d.Decision, d.Rules, d.Reason, tt.Verdict, tt.Rule)
			}
		}
	}
	if n == 0 {
		t.Error("programs.txt holds no test line")
	}
}
