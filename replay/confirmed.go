package replay

import (
	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/confirm"
	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/shell"
)

// confirmations follows the calls a person approved through one session,
// in order, to count the prompts H6.confirmed would have removed: a call
// arbiter would ask or defer on whose identity (confirm.Of) matches one
// that was asked before and ran. What the files held back then is not
// known on replay, so the count assumes they did not change: it is an
// upper bound.
type confirmations struct {
	az       *shell.Analyzer
	approved map[[16]byte]bool
}

func newConfirmations() *confirmations {
	return &confirmations{az: &shell.Analyzer{}, approved: map[[16]byte]bool{}}
}

// see takes the session's next call and arbiter's decision for it, and
// reports whether H6.confirmed would have allowed it.
func (cs *confirmations) see(c Call, d arbiter.Decision) bool {
	if !hook.Confirmable(d) || len(c.Calls) != 1 {
		return false
	}
	id, err := confirm.Of(cs.az, c.Calls[0])
	if err != nil {
		return false
	}
	saved := cs.approved[id.Key]
	switch outcomeOf(c.Outcome) {
	case hook.OutcomeRan:
		cs.approved[id.Key] = true
	case hook.OutcomeRefused:
		// Refused at a prompt after an earlier approval: the rule would
		// have let it run, which the summary shows.
		delete(cs.approved, id.Key)
	}
	return saved
}
