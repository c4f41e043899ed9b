package catalog

import (
	"strings"

	"github.com/arbitergate/arbiter"
)

// ID names a rule: "B1.delete".
type ID string

// Rule is one entry of the catalogue.
type Rule struct {
	ID      ID
	Verdict arbiter.Verdict
	// Summary says what the rule is about, for whoever reads the list;
	// the reason a decision gives is written where the rule fires.
	Summary string
	// Instead is what a denial tells the agent to do instead.
	Instead string
}

// Class is the policy class of the rule: A blocked, B always confirm,
// C pre-approval works, D no confirmation, H the hygiene rules, S
// arbiter's self-protection, U not understood, J the model judge, E
// sandbox escalations, R the user's and the project's own rules.
func (id ID) Class() byte {
	if id == "" {
		return 0
	}
	return id[0]
}

// Item is the policy item the rule implements ("B1", "H8"), or "" for
// arbiter's own additions.
func (id ID) Item() string {
	item, _, _ := strings.Cut(string(id), ".")
	if seedItem(item) {
		return item
	}
	return ""
}

// seedItem reports whether an item is one the confirmation policy
// numbers: A1–A5, B1–B12, C1–C6, D1–D7 and the hygiene rules H1–H8.
func seedItem(item string) bool {
	if len(item) < 2 {
		return false
	}
	n := 0
	for _, c := range item[1:] {
		if c < '0' || c > '9' {
			return false
		}
		n = n*10 + int(c-'0')
	}
	max := 0
	switch item[0] {
	case 'A':
		max = 5
	case 'B':
		max = 12
	case 'C':
		max = 6
	case 'D':
		max = 7
	case 'H':
		max = 8
	}
	return n >= 1 && n <= max
}

// Own reports whether the rule is arbiter's addition to the policy.
func (id ID) Own() bool { return id.Item() == "" }

// Blocked reports a rule of class A or self-protection: what the policy
// refuses whoever asks (the user performs these manually), and no user
// rule or judge may allow.
func (id ID) Blocked() bool { return id.Class() == 'A' || id.Class() == 'S' }

// Secret reports a rule about credentials or secrets: a call it fires on
// is never sent to a model judge.
func (id ID) Secret() bool {
	return strings.HasPrefix(string(id), "B3.") || strings.HasPrefix(string(id), "A6.")
}

// Lookup returns the rule with the given id.
func Lookup(id ID) (Rule, bool) {
	for _, r := range table {
		if r.ID == id {
			return r, true
		}
	}
	return Rule{}, false
}

// All returns every rule, in id order.
func All() []Rule { return table[:] }

// ClassName names a class for people.
func ClassName(c byte) string {
	switch c {
	case 'A':
		return "blocked"
	case 'B':
		return "always confirm"
	case 'C':
		return "pre-approval works"
	case 'D':
		return "no confirmation"
	case 'H':
		return "hygiene"
	case 'S':
		return "self-protection"
	case 'U':
		return "not understood"
	case 'J':
		return "model judge"
	case 'E':
		return "sandbox escalation"
	case 'R':
		return "user rule"
	}
	return "unknown"
}
