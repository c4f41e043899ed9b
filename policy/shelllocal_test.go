package policy

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

// An uppercase variable a command line sets without exporting it reaches
// no program, unless the runtime's shell already exports it: the
// environment the call runs in does, or a start-up file of the shell
// names it (or sources or evaluates what arbiter does not read). When
// neither can be, NAME=VALUE is the line's own variable, as a lowercase
// one is. A name the shell itself reads keeps today's answer.
func TestUppercaseShellVariables(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"proj/.keep":  "",
		"rc/plain":    "export EDITOR=vi\numask 022\n",
		"rc/exports":  "export ROOT=/opt/tools\n",
		"rc/sources":  "[ -f ~/.more ] && . ~/.more\n",
		"rc/evaluate": "eval \"$(direnv hook bash)\"\n",
	})
	proj := filepath.Join(dir, "proj")
	rc := func(n string) []string { return []string{filepath.Join(dir, "rc", n)} }
	none := func(string) bool { return false }
	exportsRoot := func(n string) bool { return n == "ROOT" }
	for _, tt := range []struct {
		name     string
		cmd      string
		startup  []string
		exported func(string) bool
		want     arbiter.Verdict
		rule     string
	}{
		// Routine: the line's own variables.
		{"a folder", `ROOT=$(pwd); ls "$ROOT"`, rc("plain"), none, allow, "D1.read-only"},
		{"an output file", `OUT=build/log.txt; echo done > "$OUT"`, rc("plain"), none, allow, "D2.write-project"},
		{"a program name", `PY=python3; $PY --version`, rc("plain"), none, allow, ""},
		// Not known to be the line's own: today's answer.
		{"exported by the environment", `ROOT=$(pwd); ls "$ROOT"`, rc("plain"), exportsRoot, dfr, "U.env-redirect"},
		{"named by a start-up file", `ROOT=$(pwd); ls "$ROOT"`, rc("exports"), none, dfr, "U.env-redirect"},
		{"a start-up file sources more", `ROOT=$(pwd); ls "$ROOT"`, rc("sources"), none, dfr, "U.env-redirect"},
		{"a start-up file evaluates code", `ROOT=$(pwd); ls "$ROOT"`, rc("evaluate"), none, dfr, "U.env-redirect"},
		{"exported by the line", `ROOT=$(pwd); export ROOT; ls`, rc("plain"), none, dfr, "U.env-redirect"},
		{"set -a", `set -a; PYTEST_ADDOPTS=-p; pytest`, rc("plain"), none, dfr, ""},
		{"a name the shell reads", `GLOBIGNORE='*'; ls *`, rc("plain"), none, dfr, ""},
		{"environment unknown", `ROOT=$(pwd); ls "$ROOT"`, rc("plain"), nil, dfr, "U.env-redirect"},
		{"the value still counts", `ROOT=/; rm -rf "$ROOT"`, rc("plain"), none, deny, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			path := "/usr/bin:/bin"
			if tt.exported == nil {
				path = ""
			}
			d := New(Options{Path: path, ShellStartup: tt.startup, Exported: tt.exported}).Decide(context.Background(), projectCall(proj, tt.cmd))
			if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
}
