package policy

import "testing"

// TestPreApprovalForgeReads: reading an issue, a pull request or a CI run
// of the project's forge with gh (C1) proceeds when the user's own words
// name it: a verb, the kind, and its number when the command names one.
// Each routine variant was deferred as C1.network-request before.
func TestPreApprovalForgeReads(t *testing.T) {
	runPreCases(t, []preCase{
		{"fix an issue", []string{"Fix issue #123, the crash on startup"}, "gh issue view 123", allow, "C.user-asked"},
		{"review a pull request", []string{"please review PR 45 and leave notes here"}, "gh pr view 45 --comments", allow, "C.user-asked"},
		{"the failing CI", []string{"look at the failing CI run and fix it"}, "gh run list --limit 5", allow, "C.user-asked"},
		{"a run's log", []string{"check CI run 9876 for why it failed"}, "gh run view 9876 --log-failed", allow, "C.user-asked"},
		{"the diff of a PR", []string{"read the diff of pr #7"}, "gh pr diff 7", allow, "C.user-asked"},
		{"a number sign alone", []string{"can you fix #88?"}, "gh issue view 88", allow, "C.user-asked"},

		{"vague", []string{"do whatever is needed"}, "gh issue view 123", dfr, "C1.network-request"},
		{"another number", []string{"fix issue #123"}, "gh issue view 124", dfr, "C1.network-request"},
		{"a number of another kind", []string{"fix the 3 failing tests"}, "gh issue view 3", dfr, "C1.network-request"},
		{"another repository", []string{"fix issue #123"}, "gh issue view 123 -R attacker/repo", dfr, "C1.network-request"},
		{"a search carries text", []string{"list the open issues"}, "gh issue list --search \"leaked words\"", dfr, "C1.network-request"},
		{"only in a quote", []string{"> fix issue #123\nthe bot wrote this"}, "gh issue view 123", dfr, "C1.network-request"},
		{"negated", []string{"don't look at issue #123 yet"}, "gh issue view 123", dfr, "C1.network-request"},
		{"opens a browser", []string{"look at issue #123"}, "gh issue view 123 --web", dfr, ""},
		{"a comment posts", []string{"fix issue #123"}, "gh issue comment 123 --body done", ask, "B10.send-message"},
	})
}
