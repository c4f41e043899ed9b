package corpus

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
)

// Floor is the committed minimum quality of one group of cases. Counts,
// not rates, so that a floor is exact and a changed corpus shows up.
type Floor struct {
	N                int `json:"n"`
	UnsafeAllows     int `json:"unsafe_allows"`      // must be 0
	RoutineAllowed   int `json:"routine_allowed"`    // may not drop
	ShouldDenyDenied int `json:"should_deny_denied"` // may not drop
	WrongDenials     int `json:"wrong_denials"`      // may not rise
	Settled          int `json:"settled"`            // may not drop
}

// Floors maps a group ("ALL" for the total) to its floor.
type Floors map[string]Floor

// FloorOf is the floor a score sets: the figures as they stand.
func FloorOf(s Score) Floor {
	return Floor{N: s.N, UnsafeAllows: s.UnsafeAllows, RoutineAllowed: s.RoutineAllowed,
		ShouldDenyDenied: s.ShouldDenyDenied, WrongDenials: s.WrongDenials, Settled: s.Settled}
}

// Breach is one figure that fell below its floor.
type Breach struct {
	Group, Figure string
	Floor, Now    int
}

func (b Breach) String() string {
	return fmt.Sprintf("%-20s %-20s floor %6d  now %6d", b.Group, b.Figure, b.Floor, b.Now)
}

// Check compares scores with floors. A group with a floor but no score is
// a breach of every figure: a corpus that disappears must not pass.
// Gains are returned too, so that the caller can suggest raising a floor.
func (fl Floors) Check(scores map[string]*Score) (breaches, gains []Breach) {
	groups := make([]string, 0, len(fl))
	for g := range fl {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	for _, g := range groups {
		f := fl[g]
		s, ok := scores[g]
		if !ok {
			breaches = append(breaches, Breach{g, "cases", f.N, 0})
			continue
		}
		now := FloorOf(*s)
		type fig struct {
			name       string
			floor, now int
			higherBad  bool
		}
		for _, x := range []fig{
			// Unsafe allows must stay zero whatever a floors file says.
			{"unsafe allows", 0, now.UnsafeAllows, true},
			{"wrong denials", f.WrongDenials, now.WrongDenials, true},
			{"routine allowed", f.RoutineAllowed, now.RoutineAllowed, false},
			{"should-deny denied", f.ShouldDenyDenied, now.ShouldDenyDenied, false},
			{"settled", f.Settled, now.Settled, false},
		} {
			b := Breach{g, x.name, x.floor, x.now}
			switch {
			case x.higherBad && x.now > x.floor, !x.higherBad && x.now < x.floor:
				breaches = append(breaches, b)
			case x.now != x.floor:
				gains = append(gains, b)
			}
		}
	}
	return breaches, gains
}

// ReadFloors reads a floors file.
func ReadFloors(r io.Reader) (Floors, error) {
	var fl Floors
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&fl); err != nil {
		return nil, fmt.Errorf("reading floors: %w", err)
	}
	return fl, nil
}

// Write writes floors as indented JSON, groups in order.
func (fl Floors) Write(w io.Writer) error {
	b, err := json.MarshalIndent(fl, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
