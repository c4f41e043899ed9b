package hook

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestConfirmable: only a prompt that no blocked, self-protection or
// secret rule is behind may be settled by an earlier approval.
func TestConfirmable(t *testing.T) {
	for _, tt := range []struct {
		d    arbiter.Decision
		want bool
	}{
		{arbiter.Decision{Decision: arbiter.Ask, Rules: []string{"B4.install"}}, true},
		{arbiter.Decision{Decision: arbiter.Defer, Rules: []string{"C2.git-push"}}, true},
		{arbiter.Decision{Decision: arbiter.Ask, Rules: []string{"A7.decoded-execution", "H1.user-typed"}}, false},
		{arbiter.Decision{Decision: arbiter.Ask, Rules: []string{"B3.secret-read"}}, false},
		{arbiter.Decision{Decision: arbiter.Ask, Rules: []string{"S.guard-tamper"}}, false},
		{arbiter.Decision{Decision: arbiter.Deny, Rules: []string{"B4.install"}}, false},
		{arbiter.Decision{Decision: arbiter.Allow, Rules: []string{"D5.build"}}, false},
		{arbiter.Decision{Decision: arbiter.Defer, Rules: []string{"U.bad-input"}}, false},
		{arbiter.Decision{Decision: arbiter.Defer, Rules: []string{"U.internal-error"}, Source: arbiter.SourceError}, false},
	} {
		if got := Confirmable(tt.d); got != tt.want {
			t.Errorf("%v %v: %v, want %v", tt.d.Decision, tt.d.Rules, got, tt.want)
		}
	}
}
