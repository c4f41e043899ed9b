package policy

import (
	"context"
	"testing"
)

// The create rule read its programs' options from one hand-written list
// of options that take a value, shared by all of them: -p, -i and -m took
// a value there, so `mkdir -p DIR`, `tee -i FILE` and `touch -m FILE` were
// explained as "writes to standard output only" (the operand was taken
// for the option's value). Each program's own spec says which options
// take a value; the files written are named in the reason and judged.
func TestCreateOperands(t *testing.T) {
	runReadCases(t, []readCase{
		{"mkdir -p", nil, "mkdir -p src/utils", allow, "D2.write-project"},
		{"tee -i", nil, "tee -i build/out.txt", allow, "D2.write-project"},
		{"touch -m", nil, "touch -m src/new.go", allow, "D2.write-project"},
		{"mkdir -p -m", nil, "mkdir -p -m 700 build/out", allow, "D2.write-project"},
		{"mktemp -d", nil, "mktemp -d", allow, "D2.write-project"},
		{"mktemp --tmpdir", nil, "mktemp --tmpdir x.XXXX", allow, "D2.write-project"},
		{"mkdir -p outside", nil, "mkdir -p ~/.ssh/keys", ask, "B3.secret-write"},
		{"tee -i outside", nil, "tee -i ~/.bashrc", ask, "B5.persistence"},
		{"touch -m outside", nil, "touch -m ~/.profile", ask, "B5.persistence"},
		{"mktemp -p outside", nil, "mktemp -p ~/.config/autostart --suffix=.desktop", ask, "B5.persistence"},
	})
	// The operands were judged as writes all along (by the spec); what was
	// wrong is the reason, which named no write.
	for _, cmd := range []string{"mkdir -p src/utils", "tee -i build/out.txt", "touch -m src/new.go"} {
		if d := Decide(context.Background(), projectCall(t.TempDir(), cmd)); hasRule(d.Rules, "D1.read-only") {
			t.Errorf("%s: explained as a read (%v: %s)", cmd, d.Rules, d.Reason)
		}
	}
}
