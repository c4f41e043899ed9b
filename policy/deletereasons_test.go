package policy

import (
	"context"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestDeleteReasons: the reason a person reads for a delete at the top of
// the project says what goes. A glob such as *.pyc, or a find that selects
// by name, deletes the files it matches, not the whole project directory,
// which the reason used to say; a delete of the project itself still says
// so. The verdicts do not change: each is asked.
func TestDeleteReasons(t *testing.T) {
	for _, tt := range []struct {
		cmd, want string
	}{
		{"rm -f *.pyc", "deletes every file at the top of the project that *.pyc matches"},
		{"rm -rf *.egg-info", "deletes every file at the top of the project that *.egg-info matches"},
		{"find . -name '*.txt' -exec rm {} \\;", "deletes each file that find selects under ."},
		{"find . -type f -name '*.pyc' -delete", "deletes each file that find selects under ."},

		{"rm -rf .", "deletes the whole project directory"},
		{"rm -rf *", "deletes the whole project directory"},
		{"rm -rf ./*", "deletes the whole project directory"},
		{"find . -delete", "deletes the whole project directory"},
	} {
		d := Decide(context.Background(), bash(tt.cmd))
		if d.Decision != arbiter.Ask || !hasRule(d.Rules, "B1.delete") || !strings.Contains(d.Reason, tt.want) {
			t.Errorf("%s: got %s %v (%s), want ask B1.delete saying %q", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}

// TestGitLockDelete: deleting git's lock file is asked, with the risk it
// has (a git command still running), not as deleting the history; a
// recursive delete or a glob in .git still is.
func TestGitLockDelete(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{"rm -f .git/index.lock", "a lock file of git's"},
		{"rm .git/refs/heads/main.lock", "a lock file of git's"},
		{"rm -rf .git/index.lock", "a lock file of git's"},
		{"rm -f .git/*.lock", "the repository's history"},
		{"rm -rf .git", "the repository's history"},
	} {
		d := Decide(context.Background(), bash(tt.cmd))
		if d.Decision != arbiter.Ask || !hasRule(d.Rules, "B7.git-metadata") || !strings.Contains(d.Reason, tt.want) {
			t.Errorf("%s: got %s %v (%s), want ask B7.git-metadata saying %q", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}
