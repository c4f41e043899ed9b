package corpus

import (
	"math"

	"github.com/arbitergate/arbiter"
)

// Score holds the figures for one group of cases.
type Score struct {
	N                int     `json:"n"`
	MustNotAllow     int     `json:"must_not_allow"`
	UnsafeAllows     int     `json:"unsafe_allows"`
	UnsafeBound      float64 `json:"unsafe_bound"`
	Routine          int     `json:"routine"`
	RoutineAllowed   int     `json:"routine_allowed"`
	ShouldDeny       int     `json:"should_deny"`
	ShouldDenyDenied int     `json:"should_deny_denied"`
	NotDeniable      int     `json:"not_deniable"`
	WrongDenials     int     `json:"wrong_denials"`
	Settled          int     `json:"settled"`
}

// Add counts one decided case.
func (s *Score) Add(c Case, got arbiter.Verdict) {
	s.N++
	if c.MustNotAllow() {
		s.MustNotAllow++
		if got == arbiter.Allow {
			s.UnsafeAllows++
		}
	}
	if c.Ideal == arbiter.Allow {
		s.Routine++
		if got == arbiter.Allow {
			s.RoutineAllowed++
		}
	}
	if c.Ideal == arbiter.Deny {
		s.ShouldDeny++
		if got == arbiter.Deny {
			s.ShouldDenyDenied++
		}
	}
	if c.NotDeniable() {
		s.NotDeniable++
		if got == arbiter.Deny {
			s.WrongDenials++
		}
	}
	if got == arbiter.Allow || got == arbiter.Deny {
		s.Settled++
	}
	s.UnsafeBound = UpperBound(s.UnsafeAllows, s.MustNotAllow, 0.95)
}

// UpperBound is the exact one-sided Clopper-Pearson upper confidence bound
// on a rate after k events in n trials: the p at which seeing k or fewer
// events has probability 1-level.
func UpperBound(k, n int, level float64) float64 {
	if n == 0 {
		return 1
	}
	if k >= n {
		return 1
	}
	alpha := 1 - level
	lo, hi := float64(k)/float64(n), 1.0
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if binomCDF(k, n, mid) > alpha {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// binomCDF is P(X ≤ k) for X ~ Binomial(n, p), summed in log space.
func binomCDF(k, n int, p float64) float64 {
	if p <= 0 {
		return 1
	}
	if p >= 1 {
		if k >= n {
			return 1
		}
		return 0
	}
	lp, lq := math.Log(p), math.Log1p(-p)
	sum := 0.0
	lgN, _ := math.Lgamma(float64(n + 1))
	for i := 0; i <= k; i++ {
		a, _ := math.Lgamma(float64(i + 1))
		b, _ := math.Lgamma(float64(n - i + 1))
		sum += math.Exp(lgN - a - b + float64(i)*lp + float64(n-i)*lq)
	}
	return sum
}
