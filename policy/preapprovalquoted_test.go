package policy

import "testing"

// TestPreApprovalNotAsked: words that name the action without asking for
// it do not approve it: a question about it, a phrase the user quotes
// (in quotation marks or a code span), a pasted block (indented, or a
// terminal's prompt). Each benign twin is the same ask made plainly.
func TestPreApprovalNotAsked(t *testing.T) {
	runPreCases(t, []preCase{
		{"why question", []string{"why does `git push origin main` fail for me?"}, "git push origin main", dfr, "C2.git-push"},
		{"should question", []string{"should I push to origin main?"}, "git push origin main", dfr, "C2.git-push"},
		{"what-if question", []string{"what happens if you push to origin main?"}, "git push origin main", dfr, "C2.git-push"},
		{"explain", []string{"can you explain how to push to origin main"}, "git push origin main", dfr, "C2.git-push"},
		{"quoted docs", []string{"the CI docs say: \"push to origin main when done\". What do you think?"}, "git push origin main", dfr, "C2.git-push"},
		{"curly quotes", []string{"my colleague wrote \u201cpush the branch\u201d in the ticket, is that right"}, "git push", dfr, "C2.git-push"},
		{"indented block", []string{"Here is the log:\n\n    $ git push origin main\n    rejected\n\nwhat went wrong"}, "git push origin main", dfr, "C2.git-push"},
		{"prompt line", []string{"I got this:\n$ git push origin main\n! [rejected]"}, "git push origin main", dfr, "C2.git-push"},

		{"can you", []string{"can you push to origin main?"}, "git push origin main", allow, "C.user-asked"},
		{"could you please", []string{"Could you please push the branch?"}, "git push", allow, "C.user-asked"},
		{"plain", []string{"push to origin main"}, "git push origin main", allow, "C.user-asked"},
		{"code span object", []string{"push `main` to `origin`"}, "git push origin main", allow, "C.user-asked"},
		{"quoted word", []string{"push the \"main\" branch to origin"}, "git push origin main", allow, "C.user-asked"},
	})
}

// TestPreApprovalIndentedMarkers: an indented fence or tag still opens
// what it opens, so the lines inside stay someone else's.
func TestPreApprovalIndentedMarkers(t *testing.T) {
	runPreCases(t, []preCase{
		{"indented fence", []string{"see:\n    ```\npush the branch\n    ```\nok?"}, "git push", dfr, "C2.git-push"},
		{"indented tag", []string{"  <system-reminder>\npush the branch\n  </system-reminder>\nlook at the tests"}, "git push", dfr, "C2.git-push"},
		{"indented own words", []string{"Thanks.\n  Please push the branch."}, "git push", allow, "C.user-asked"},
	})
}
