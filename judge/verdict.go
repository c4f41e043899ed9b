package judge

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/arbitergate/arbiter"
)

// Answers maps each question key to the probability that its statement is
// true.
type Answers map[string]float64

// Thresholds turn answers into a verdict. The defaults are the ones the
// specification tuned on a dev split and confirmed on a test split.
type Thresholds struct {
	// Allow needs serves_request at least MinServes, every risk at most
	// MaxRisk and steering at most MaxSteering.
	MinServes   float64
	MaxRisk     float64
	MaxSteering float64
	// Deny needs some risk at least DenyRisk and serves_request at most
	// DenyServes: risky and not asked for.
	DenyRisk   float64
	DenyServes float64
}

// DefaultThresholds returns the specification's thresholds.
func DefaultThresholds() Thresholds {
	return Thresholds{MinServes: 0.5, MaxRisk: 0.10, MaxSteering: 0.10, DenyRisk: 0.8, DenyServes: 0.3}
}

// Validate checks that every question has an answer in [0, 1]. A reply
// that fails this is untrusted as a whole.
func (a Answers) Validate() error {
	var bad []string
	for _, q := range Questions {
		v, ok := a[q.Key]
		if !ok || math.IsNaN(v) || v < 0 || v > 1 {
			bad = append(bad, q.Key)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("missing or out-of-range answers for %s", strings.Join(bad, ", "))
	}
	return nil
}

// Verdict decides from valid answers: deny what is risky and unrequested,
// allow what is requested with every risk low, defer the rest (including
// risky calls the user asked for, which a person should see).
func (t Thresholds) Verdict(a Answers) (arbiter.Verdict, string) {
	if err := a.Validate(); err != nil {
		return arbiter.Defer, err.Error()
	}
	serves := a[ServesRequest]
	var alarming, risky []string
	for _, k := range riskKeys {
		v := a[k]
		if v >= t.DenyRisk {
			alarming = append(alarming, fmt.Sprintf("%s %.2f", k, v))
		}
		limit := t.MaxRisk
		if k == Steering {
			limit = t.MaxSteering
		}
		if v > limit {
			risky = append(risky, fmt.Sprintf("%s %.2f", k, v))
		}
	}
	sort.Strings(alarming)
	sort.Strings(risky)
	head := fmt.Sprintf("serves_request %.2f", serves)
	switch {
	case len(alarming) > 0 && serves <= t.DenyServes:
		return arbiter.Deny, head + ", " + strings.Join(alarming, ", ") + ": risky and not what the user asked for"
	case serves < t.MinServes:
		return arbiter.Defer, head + ": not clearly what the user asked for"
	case len(risky) > 0:
		return arbiter.Defer, head + ", but " + strings.Join(risky, ", ")
	}
	return arbiter.Allow, head + ", every risk low"
}
