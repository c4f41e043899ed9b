package policy

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestNestedScriptsGuardMovedPlaces: a script the command runs is judged
// with the places the environment moved the gate's files and the agents'
// folders to, as the command itself is. A script that rewrote a moved
// configuration (ARBITER_CONFIG in a temporary folder, CODEX_HOME) was
// allowed as a write to a temporary folder.
func TestNestedScriptsGuardMovedPlaces(t *testing.T) {
	moved := t.TempDir()
	cfg := filepath.Join(moved, "arbiter.toml")
	codex := filepath.Join(moved, "codex")
	p := New(Options{Protect: []string{cfg}, AgentDirs: map[string]string{codex: ".codex"}})
	tests := []struct {
		name  string
		files map[string]string
		cmd   string
		want  arbiter.Verdict
	}{
		{"script rewrites the moved config", map[string]string{"t.sh": "echo '[[rule]]' > " + cfg + "\n"}, "bash t.sh", arbiter.Deny},
		{"make recipe rewrites it", map[string]string{"Makefile": "all:\n\tcp /dev/null " + cfg + "\n"}, "make", arbiter.Deny},
		{"script edits the moved agent folder", map[string]string{"t.sh": "echo 'x' > " + codex + "/config.toml\n"}, "sh t.sh", arbiter.Ask},
		// Twins: scripts writing elsewhere in the same folder stay allowed.
		{"script writes beside it", map[string]string{"t.sh": "echo x > " + filepath.Join(moved, "notes.txt") + "\n"}, "bash t.sh", arbiter.Allow},
		{"recipe writes the project", map[string]string{"Makefile": "all:\n\techo x > out.txt\n"}, "make", arbiter.Allow},
		{"script prints", map[string]string{"t.sh": "echo hello\n"}, "sh t.sh", arbiter.Allow},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			d := p.Decide(context.Background(), projectCall(dir, tt.cmd))
			if d.Decision != tt.want {
				t.Errorf("%s: got %s %v (%s), want %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
			}
		})
	}
}
