package main

import (
	"os"
	"strings"
	"testing"
)

func TestRulesCommand(t *testing.T) {
	out, _, code := runCLI(t, "", "rules", "A2.home-delete")
	if code != 0 || !strings.Contains(out, "item A2") || !strings.Contains(out, "example:  rm -rf ~") || !strings.Contains(out, "instead:") {
		t.Errorf("rules A2.home-delete: exit %d:\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "rules", "S.guard-tamper")
	if !strings.Contains(out, "arbiter's own addition") {
		t.Errorf("rules S.guard-tamper does not say it is arbiter's own:\n%s", out)
	}
	_, errs, code := runCLI(t, "", "rules", "home-delete")
	if code != 1 || !strings.Contains(errs, "A2.home-delete") {
		t.Errorf("a near miss: exit %d, %q", code, errs)
	}
	out, _, _ = runCLI(t, "", "rules")
	if n := strings.Count(out, "\n"); n < 150 {
		t.Errorf("rules lists %d lines", n)
	}
}

// TestRulesMarkdownIsCurrent: RULES.md is what the catalogue prints.
func TestRulesMarkdownIsCurrent(t *testing.T) {
	want, err := os.ReadFile("../../RULES.md")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != rulesMarkdown() {
		t.Error("RULES.md is stale: regenerate it with go run ./cmd/arbiter rules --markdown > RULES.md")
	}
}
