package replay

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/arbitergate/arbiter/confirm"
	"github.com/arbitergate/arbiter/hook"
)

// maxTail bounds what Outcomes reads of a session file, from its end: the
// calls a hook asks about were made in this session, most of them
// minutes ago, and a session file can grow to hundreds of megabytes. A
// call older than the tail is not found (and asked again).
const maxTail = 8 << 20

// Matching a call by its input, for a runtime that gives the hook no id:
// the call was recorded by the runtime shortly before the hook was asked
// about it (the model's message comes first), never long before.
const (
	recordedBefore = 10 * time.Minute
	recordedAfter  = 2 * time.Second
)

// Outcomes is hook.SessionOutcomes over the session files replay reads:
// what became of each asked call, found by its id or, with none, as the
// newest call with the same exact input recorded shortly before it was
// asked.
func Outcomes(runtime, file string, asked []hook.AskedCall) ([]string, error) {
	rt := Runtime(runtime)
	if _, ok := readerFor(rt); !ok {
		return nil, fmt.Errorf("no session format is known for %q", runtime)
	}
	s, err := readTail(file, rt)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(asked))
	for i, a := range asked {
		if c, ok := findAsked(s.Calls, a); ok {
			out[i] = outcomeOf(c.Outcome)
		}
	}
	return out, nil
}

// readTail reads the last maxTail bytes of a session file, from the first
// whole line in them.
func readTail(file string, rt Runtime) (*Session, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, fmt.Errorf("reading session %s: %w", file, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return nil, fmt.Errorf("reading session %s: not a regular file", file)
	}
	var r io.Reader = f
	if from := st.Size() - maxTail; from > 0 {
		// Drop the line the tail's start cut, however long.
		br := bufio.NewReader(io.NewSectionReader(f, from, maxTail))
		_, err := br.ReadSlice('\n')
		for err == bufio.ErrBufferFull {
			_, err = br.ReadSlice('\n')
		}
		if err != nil {
			return nil, fmt.Errorf("reading session %s: no whole line in its last %d MB", file, maxTail>>20)
		}
		r = br
	}
	s, err := ReadFrom(r, ReadOptions{Runtime: rt})
	if err != nil {
		return nil, fmt.Errorf("reading session %s: %w", file, err)
	}
	return s, nil
}

// findAsked finds the recorded call an asked call was: the newest one
// with its id; or, when it has none, the one call with its exact input
// recorded in the window before it was asked. The newest call with that
// input is left out while it has no result: it is the call being
// decided. Two or more in the window are ambiguous: none is taken.
func findAsked(calls []Call, a hook.AskedCall) (Call, bool) {
	if a.ID != "" {
		for i := len(calls) - 1; i >= 0; i-- {
			if calls[i].ID == a.ID {
				return calls[i], isAsked(calls[i], a)
			}
		}
		return Call{}, false
	}
	var found []Call
	newest := true
	for i := len(calls) - 1; i >= 0; i-- {
		c := calls[i]
		if len(c.Calls) != 1 || confirm.Input(c.Calls[0]) != a.Input {
			continue
		}
		pending := newest && c.Outcome.Status == Unknown
		newest = false
		if pending || c.Time.IsZero() || c.Time.Before(a.Time.Add(-recordedBefore)) || c.Time.After(a.Time.Add(recordedAfter)) {
			continue
		}
		found = append(found, c)
	}
	if len(found) != 1 {
		return Call{}, false
	}
	return found[0], true
}

// isAsked reports whether the recorded call with an asked call's id is
// the call the hook was asked about: the input is the same, and its
// outcome, if any, came after the hook was asked (to the second, as the
// answer is recorded). An id is the caller's word: a call that had
// finished before arbiter was asked, or that did something else, was
// not the one a person saw the prompt for.
func isAsked(c Call, a hook.AskedCall) bool {
	if len(c.Calls) != 1 || confirm.Input(c.Calls[0]) != a.Input {
		return false
	}
	if c.Outcome.Status == Unknown {
		return true
	}
	return !c.Outcome.At.IsZero() && !c.Outcome.At.Before(a.Time.Truncate(time.Second))
}

// outcomeOf says what a recorded outcome means for an approval: a call
// that ran (whatever its exit status) was let through; one the person
// refused was refused; one stopped by anything else, or interrupted, was
// never approved.
func outcomeOf(o Outcome) string {
	switch o.Status {
	case Ran, Errored:
		return hook.OutcomeRan
	case Refused:
		return hook.OutcomeRefused
	case Denied, Interrupted:
		return hook.OutcomeDenied
	}
	return hook.OutcomeUnknown
}
