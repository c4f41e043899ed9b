package policy

import (
	"context"
	"slices"
	"testing"

	"github.com/arbitergate/arbiter"
)

// The create rule read its programs' options from one hand-written list
// of options that take a value, shared by all of them: -p, -i and -m took
// a value there, so `mkdir -p DIR`, `tee -i FILE` and `touch -m FILE` were
// explained as "writes to standard output only" (the operand was taken
// for the option's value). Each program's own spec says which options
// take a value; the files written are named in the reason and judged.
func TestCreateOperands(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want arbiter.Verdict
		rule string // a rule that must fire
	}{
		{"mkdir -p src/utils", allow, "D2.write-project"},
		{"tee -i build/out.txt", allow, "D2.write-project"},
		{"touch -m src/new.go", allow, "D2.write-project"},
		{"mkdir -p -m 700 build/out", allow, "D2.write-project"},
		{"mktemp -d", allow, "D2.write-project"},
		{"mktemp --tmpdir x.XXXX", allow, "D2.write-project"},
		{"mkdir -p ~/.ssh/keys", ask, "B3.secret-write"},
		{"tee -i ~/.bashrc", ask, "B5.persistence"},
		{"touch -m ~/.profile", ask, "B5.persistence"},
		{"mktemp -p ~/.config/autostart --suffix=.desktop", ask, "B5.persistence"},
	} {
		d := Decide(context.Background(), projectCall(t.TempDir(), tt.cmd))
		if d.Decision != tt.want || !hasRule(d.Rules, tt.rule) {
			t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
		}
		if d.Decision == allow && slices.Contains(d.Rules, "D1.read-only") {
			t.Errorf("%s: explained as a read (%v: %s)", tt.cmd, d.Rules, d.Reason)
		}
	}
}
