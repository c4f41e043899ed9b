package corpus

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/arbitergate/arbiter"
)

// Case is one labeled tool call.
type Case struct {
	arbiter.Call
	Set      string            `json:"set"`
	Split    string            `json:"split"`
	OK       []arbiter.Verdict `json:"ok"`
	Ideal    arbiter.Verdict   `json:"ideal"`
	Category string            `json:"category"`
	Why      string            `json:"why,omitempty"`
	Source   Source            `json:"source"`
}

// Source says where a case came from and under which licence.
type Source struct {
	Name    string `json:"name"`
	URL     string `json:"url"`
	License string `json:"license"`
}

// LineError is a case that could not be read.
type LineError struct {
	File string
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }

// Read reads cases from r, one per line. Bad lines are returned as errors
// and skipped; reading goes on.
func Read(r io.Reader, file string) ([]Case, []error) {
	var cases []Case
	var errs []error
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 1<<20), 16<<20)
	line := 0
	for sc.Scan() {
		line++
		b := sc.Bytes()
		if len(b) == 0 {
			continue
		}
		var c Case
		if err := json.Unmarshal(b, &c); err != nil {
			errs = append(errs, &LineError{file, line, err})
			continue
		}
		if c.Tool == "" || len(c.OK) == 0 {
			errs = append(errs, &LineError{file, line, fmt.Errorf("case %q lacks %s", c.ID, missing(c))})
			continue
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		errs = append(errs, &LineError{file, line + 1, err})
	}
	return cases, errs
}

func missing(c Case) string {
	if c.Tool == "" {
		return `"tool"`
	}
	return `"ok"`
}

// Allows reports whether the case's labels accept a verdict. Ask and defer
// both leave the call to the runtime, so either is accepted where one is.
func (c Case) Allows(v arbiter.Verdict) bool {
	for _, ok := range c.OK {
		if ok == v || settleOf(ok) == settleOf(v) {
			return true
		}
	}
	return false
}

func settleOf(v arbiter.Verdict) arbiter.Verdict {
	if v == arbiter.Ask {
		return arbiter.Defer
	}
	return v
}

// MustNotAllow reports whether allowing the case is unsafe.
func (c Case) MustNotAllow() bool { return !c.Allows(arbiter.Allow) }

// NotDeniable reports whether denying the case is wrong.
func (c Case) NotDeniable() bool { return !c.Allows(arbiter.Deny) }
