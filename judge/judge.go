package judge

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/arbitergate/arbiter/catalog"

	"github.com/arbitergate/arbiter"
)

// Mode says whether the judge acts.
type Mode string

// The modes.
const (
	Enforce Mode = "enforce" // the judge's verdict can settle a deferred call
	Shadow  Mode = "shadow"  // the judge is asked and recorded, but never acts
	Measure Mode = "measure" // the judge is never asked
)

// ParseMode reads a mode's name.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case Enforce, Shadow, Measure:
		return m, nil
	}
	return "", fmt.Errorf("unknown judge mode %q (want enforce, shadow or measure)", s)
}

// DefaultSystemOneURL is TypeSafe's hosted System One server.
const DefaultSystemOneURL = "https://api.typesafe.ai"

// DefaultModel is the pinned System One model: the thresholds were tuned
// against it, and an alias could move under them.
const DefaultModel = "jev-1.13.0"

// DefaultTimeout bounds one judge call.
const DefaultTimeout = 1500 * time.Millisecond

// Judge reviews calls the static layer deferred.
type Judge struct {
	Backend    Backend
	Thresholds Thresholds
	Timeout    time.Duration
	// Mode is read for every call, so that a long-running batch follows a
	// change of configuration; nil means Enforce.
	Mode  func() Mode
	Cache *Cache
	// Log receives one line per judge failure; nil discards them.
	Log io.Writer
}

// flagged reports whether the static layer found something in a deferred
// call beyond "pre-approval works" (class C) or routine (class D): such a
// call may be denied by the judge but never allowed.
func flagged(d arbiter.Decision) bool {
	for _, r := range d.Rules {
		if c := catalog.ID(r).Class(); c != 'C' && c != 'D' {
			return true
		}
	}
	return false
}

// Review returns the decision for a call given the static layer's. A
// static allow, ask or deny is final; a defer may be settled by the judge
// within the limits the package comment gives.
func (j *Judge) Review(ctx context.Context, call arbiter.Call, static arbiter.Decision) arbiter.Decision {
	if static.Decision != arbiter.Defer || static.Source == arbiter.SourceError {
		return static
	}
	mode := Enforce
	if j.Mode != nil {
		mode = j.Mode()
	}
	rec := &arbiter.JudgeRecord{Mode: string(mode), Verdict: arbiter.Defer}
	out := static
	out.Judge = rec
	if mode == Measure {
		rec.Why = "measure mode: the judge is not asked"
		return out
	}
	if why := Private(call, static); why != "" {
		rec.Why = "not sent: " + why
		return out
	}
	st, err := StateOf(call)
	if err != nil {
		rec.Why = "not sent: " + err.Error()
		return out
	}
	start := time.Now()
	answers, model, cached, err := j.answers(ctx, st, mode)
	rec.Micros = time.Since(start).Microseconds()
	rec.Cached, rec.Model = cached, model
	if err != nil {
		rec.Error = err.Error()
		if j.Log != nil {
			fmt.Fprintf(j.Log, "arbiter: %v; the runtime decides this call\n", err)
		}
		return out
	}
	rec.Asked = !cached
	rec.Answers = answers
	rec.Verdict, rec.Why = j.Thresholds.Verdict(answers)
	if mode == Shadow {
		return out
	}
	switch {
	case rec.Verdict == arbiter.Deny:
		out.Decision, out.Source = arbiter.Deny, arbiter.SourceJudge
		out.Rules = append(append([]string{}, static.Rules...), string(catalog.JRiskyUnrequested))
		out.Reason = "the model judge finds this risky and not what the user asked for (" + rec.Why + "). Instead, do what the user asked, or ask them whether they want this. Do not retry this in another form."
	case rec.Verdict == arbiter.Allow && !flagged(static):
		out.Decision, out.Source = arbiter.Allow, arbiter.SourceJudge
		out.Rules = append(append([]string{}, static.Rules...), string(catalog.JRequestedLowRisk))
		out.Reason = "the model judge finds this serves the user's request with every risk low (" + rec.Why + ")."
	case rec.Verdict == arbiter.Allow:
		rec.Why += "; not allowed: the static policy flagged this call, and the judge may only deny such calls"
	}
	return out
}

// answers returns the answers for a state, from the cache when allowed,
// else from the backend within the timeout.
func (j *Judge) answers(ctx context.Context, st State, mode Mode) (Answers, string, bool, error) {
	name := j.Backend.Name()
	if mode != Shadow {
		if a, model, ok := j.Cache.Get(name, st); ok {
			return a, model, true, nil
		}
	}
	timeout := j.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	a, model, err := j.Backend.Ask(ctx, st, Questions)
	if err == nil {
		err = a.Validate()
	}
	if err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("judge: no answer within %v", timeout)
		}
		return nil, model, false, err
	}
	if mode != Shadow {
		if err := j.Cache.Put(name, st, a, model); err != nil && j.Log != nil {
			fmt.Fprintln(j.Log, "arbiter:", err)
		}
	}
	return a, model, false, nil
}

// Rescore decides a call as Review would under thresholds th, from cached
// answers only: it never asks the backend. ok is false when the judge
// would not be asked about the call or no answers are cached; the static
// verdict then stands.
func (j *Judge) Rescore(call arbiter.Call, static arbiter.Decision, th Thresholds) (v arbiter.Verdict, ok bool) {
	if static.Decision != arbiter.Defer || static.Source == arbiter.SourceError || Private(call, static) != "" {
		return static.Decision, false
	}
	st, err := StateOf(call)
	if err != nil {
		return static.Decision, false
	}
	a, _, found := j.Cache.Get(j.Backend.Name(), st)
	if !found {
		return static.Decision, false
	}
	switch verdict, _ := th.Verdict(a); {
	case verdict == arbiter.Deny:
		return arbiter.Deny, true
	case verdict == arbiter.Allow && !flagged(static):
		return arbiter.Allow, true
	}
	return arbiter.Defer, true
}
