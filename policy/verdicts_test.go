package policy

import (
	"context"
	"slices"
	"testing"

	"github.com/arbitergate/arbiter"
)

// verdictCase is one call and the answer it must get: the verdict and,
// when rule is set, a rule among the decision's rules.
type verdictCase struct {
	call arbiter.Call
	want arbiter.Verdict
	rule string
}

func checkVerdicts(t *testing.T, cases []verdictCase) {
	t.Helper()
	for _, tt := range cases {
		d := Decide(context.Background(), tt.call)
		if d.Decision != tt.want || tt.rule != "" && !slices.Contains(d.Rules, tt.rule) {
			t.Errorf("%s: got %s %v (%s), want %s %s", tt.call.Input, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
		}
	}
}

// Package managers called without a subcommand used to crash the install
// rule (a slice of no operands).
func TestPackageManagersWithoutSubcommand(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{bash("yarn"), arbiter.Ask, "B4.install"},
		{bash("yarn --silent"), arbiter.Ask, "B4.install"},
		{bash("pnpm"), arbiter.Allow, "D1.read-only"},
		{bash("pnpm --silent"), arbiter.Allow, "D1.read-only"},
		{bash("npm --silent"), arbiter.Allow, "D1.read-only"},
		{bash("npm -s"), arbiter.Allow, "D1.read-only"},
		{bash("npm -C sub"), arbiter.Defer, "U.unknown-option"}, // -C runs another directory's package scripts
		{bash("bun -e 'console.log(1)'"), arbiter.Allow, "D4.inline-code"},
		{bash("bun -p '1+1'"), arbiter.Allow, "D4.inline-code"},
		{bash("bun --eval 'console.log(process.version)'"), arbiter.Allow, "D4.inline-code"},
		{bash(`bun -e 'require("fs").rmSync("/etc", {recursive: true})'`), arbiter.Deny, "A2.system-tree-delete"},
	})
}
