package policy

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestGitChangesOfGateFiles: git commands that delete, move or overwrite
// the files they name change a gate's file as rm, mv and cp do when the
// file is one (a project's .arbiter.toml, a runtime's settings holding
// arbiter's hook); the same commands on the project's own files keep
// their answers, and git rm of a file whose content the last commit
// holds (git refuses one with changes unless forced) is routine.
func TestGitChangesOfGateFiles(t *testing.T) {
	proj := filepath.Join(t.TempDir(), "proj")
	plant(t, proj, map[string]string{
		".git/HEAD":             "ref: refs/heads/main\n",
		".git/config":           "[core]\n\trepositoryformatversion = 0\n",
		".arbiter.toml":         "[[rule]]\ndecision = \"deny\"\npath = \"**/prod.tfstate\"\n",
		".claude/settings.json": `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"arbiter hook claude"}]}]}}`,
		"src/old.py":            "print(1)\n",
		"notes.txt":             "x\n",
	}, 0o644)
	for _, tt := range []struct {
		cmd  string
		want arbiter.Verdict
		rule string
	}{
		{"git rm .arbiter.toml", deny, "S.guard-tamper"},
		{"git rm -q -- .arbiter.toml", deny, "S.guard-tamper"},
		{"git mv .arbiter.toml old.toml", deny, "S.guard-tamper"},
		{"git checkout -- .arbiter.toml", deny, "S.guard-tamper"},
		{"git checkout HEAD~3 -- .claude/settings.json", deny, "S.guard-tamper"},
		{"git restore --source=HEAD~2 .arbiter.toml", deny, "S.guard-tamper"},
		{"git rm src/old.py", allow, "D6.git-local"},
		{"git rm --cached notes.txt", allow, "D6.git-local"},
		{"git rm -n src/old.py", allow, ""},
		{"git rm -f notes.txt", ask, "B7.git-discard"},
		{"git rm --bogus notes.txt", dfr, "U.unknown-option"},
		{"git checkout -- notes.txt", ask, "B7.git-discard"},
		{"git add .arbiter.toml", allow, ""},
		{"git checkout HEAD~5 -- .claude", deny, "S.guard-tamper"},
		{"git checkout -- .", ask, "B7.git-discard"},
	} {
		d := New(Options{}).Decide(context.Background(), bashIn(proj, tt.cmd))
		if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
			t.Errorf("%s: got %s %v (%s), want %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
		}
	}
}
