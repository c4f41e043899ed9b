package policy

import (
	"context"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestMoveOntoANameWrittenFirst: a move is C3 even when the same line
// wrote its destination first. Before, the destination's write added no
// finding of its own (the name was already written), and the move of the
// user's file fell through to the earlier write's allow. The twins (the
// writes alone) stay allowed.
func TestMoveOntoANameWrittenFirst(t *testing.T) {
	tests := []struct {
		cmd  string
		want arbiter.Verdict
		rule string
	}{
		{"cp README.md NEW.md && mv notes.txt NEW.md", arbiter.Defer, "C3.move"},
		{"touch b.txt && mv notes.txt b.txt", arbiter.Defer, "C3.move"},
		{"echo > b.txt; mv src/main.py b.txt", arbiter.Defer, "C3.move"},
		{"tee d.txt < README.md && mv notes.txt d.txt", arbiter.Defer, "C3.move"},

		{"cp README.md NEW.md", arbiter.Allow, "D2.write-project"},
		{"touch b.txt", arbiter.Allow, "D2.write-project"},
		{"echo > b.txt", arbiter.Allow, "D2.write-project"},
	}
	for _, tt := range tests {
		d := Decide(context.Background(), bash(tt.cmd))
		if d.Decision != tt.want || !hasRule(d.Rules, tt.rule) {
			t.Errorf("%s: got %s %v (%s), want %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
		}
	}
}

// TestCopyForceOption: -f of cp, mv and ln forces; it takes no value (only
// rsync's -f names a filter). Before, the source was read as -f's value
// and the command deferred as lacking a destination. The neighbours keep
// the rule of what they copy or where they write.
func TestCopyForceOption(t *testing.T) {
	tests := []struct {
		cmd  string
		want arbiter.Verdict
		rule string
	}{
		{"cp -f README.md docs/README.md", arbiter.Allow, "D2.write-project"},
		{"cp -f build/app.js dist/", arbiter.Allow, "D2.write-project"},
		{"ln -sf ../lib lib", arbiter.Allow, ""},
		{"mv -f notes.txt old_notes.txt", arbiter.Defer, "C3.move"},

		{"cp -f .env .env.bak", arbiter.Ask, "B3.secret-copy"},
		{"cp -f README.md /home/dev/.bashrc", arbiter.Ask, "B5.persistence"},
		{"mv -f main.go /usr/local/bin/main", arbiter.Ask, "H7.outside-project"},
	}
	for _, tt := range tests {
		d := Decide(context.Background(), bash(tt.cmd))
		if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
			t.Errorf("%s: got %s %v (%s), want %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
		}
	}
}
