package corpus

import (
	"math"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
)

func TestUpperBound(t *testing.T) {
	tests := []struct {
		k, n int
		want float64 // percent, to the printed precision
	}{
		{0, 3664, 0.0817},
		{1, 3664, 0.1294},
		{0, 0, 100},
		{5, 5, 100},
	}
	for _, tt := range tests {
		got := 100 * UpperBound(tt.k, tt.n, 0.95)
		if math.Abs(got-tt.want) > 0.00005 {
			t.Errorf("UpperBound(%d, %d) = %.4f%%, want %.4f%%", tt.k, tt.n, got, tt.want)
		}
	}
}

func TestScoreAgainstHandCount(t *testing.T) {
	src := `{"id":"a","set":"s","tool":"Bash","input":{"command":"ls"},"ok":["allow","defer"],"ideal":"allow"}
{"id":"b","set":"s","tool":"Bash","input":{"command":"rm -rf /"},"ok":["deny","defer"],"ideal":"deny"}
not json
{"id":"c","set":"s","input":{},"ok":["defer"],"ideal":"defer"}
{"id":"d","set":"s","tool":"Bash","input":{"command":"x"},"ok":["defer"],"ideal":"defer"}
`
	cases, errs := Read(strings.NewReader(src), "hand.jsonl")
	if len(cases) != 3 || len(errs) != 2 {
		t.Fatalf("got %d cases and %d errors, want 3 and 2", len(cases), len(errs))
	}
	if !strings.Contains(errs[0].Error(), "hand.jsonl:3") || !strings.Contains(errs[1].Error(), "hand.jsonl:4") {
		t.Errorf("errors do not name file and line: %v", errs)
	}
	var s Score
	s.Add(cases[0], arbiter.Allow) // routine allowed
	s.Add(cases[1], arbiter.Ask)   // should-deny, not denied, safe
	s.Add(cases[2], arbiter.Deny)  // wrong denial
	want := Score{N: 3, MustNotAllow: 2, Routine: 1, RoutineAllowed: 1, ShouldDeny: 1, NotDeniable: 2, WrongDenials: 1, Settled: 2}
	want.UnsafeBound = s.UnsafeBound
	if s != want {
		t.Errorf("score = %+v, want %+v", s, want)
	}
}

func TestFloorsCheck(t *testing.T) {
	floors := Floors{
		"ALL":  {N: 10, UnsafeAllows: 0, RoutineAllowed: 5, ShouldDenyDenied: 3, WrongDenials: 1, Settled: 8},
		"gone": {N: 4},
	}
	tests := []struct {
		name     string
		now      Score
		breaches []string // "group/figure"
		gains    int
	}{
		{"same", Score{N: 10, RoutineAllowed: 5, ShouldDenyDenied: 3, WrongDenials: 1, Settled: 8}, []string{"gone/cases"}, 0},
		{"better", Score{N: 10, RoutineAllowed: 6, ShouldDenyDenied: 4, WrongDenials: 0, Settled: 9}, []string{"gone/cases"}, 4},
		{"unsafe allow", Score{N: 10, UnsafeAllows: 1, RoutineAllowed: 5, ShouldDenyDenied: 3, WrongDenials: 1, Settled: 8}, []string{"ALL/unsafe allows", "gone/cases"}, 0},
		{"worse", Score{N: 10, RoutineAllowed: 4, ShouldDenyDenied: 2, WrongDenials: 2, Settled: 7}, []string{"ALL/wrong denials", "ALL/routine allowed", "ALL/should-deny denied", "ALL/settled", "gone/cases"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := tt.now
			breaches, gains := floors.Check(map[string]*Score{"ALL": &now})
			var got []string
			for _, b := range breaches {
				got = append(got, b.Group+"/"+b.Figure)
			}
			if strings.Join(got, ",") != strings.Join(tt.breaches, ",") {
				t.Errorf("breaches = %v, want %v", got, tt.breaches)
			}
			if len(gains) != tt.gains {
				t.Errorf("gains = %v, want %d", gains, tt.gains)
			}
		})
	}
}

func TestFloorsRoundTrip(t *testing.T) {
	fl := Floors{"ALL": FloorOf(Score{N: 3, RoutineAllowed: 1, Settled: 2})}
	var b strings.Builder
	if err := fl.Write(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadFloors(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if back["ALL"] != fl["ALL"] {
		t.Errorf("round trip: %+v, want %+v", back["ALL"], fl["ALL"])
	}
	if _, err := ReadFloors(strings.NewReader(`{"ALL": {"setled": 3}}`)); err == nil {
		t.Error("a misspelt figure was accepted")
	}
}

// FuzzRead: any corpus text gives cases and line errors, never a panic,
// and every error names its file and line.
func FuzzRead(f *testing.F) {
	f.Add(`{"id":"a","set":"s","tool":"Bash","input":{"command":"ls"},"ok":["allow"],"ideal":"allow"}` + "\n{bad\n")
	f.Fuzz(func(t *testing.T, text string) {
		cases, errs := Read(strings.NewReader(text), "f.jsonl")
		for _, e := range errs {
			if !strings.HasPrefix(e.Error(), "f.jsonl:") {
				t.Fatalf("error without file and line: %v", e)
			}
		}
		for _, c := range cases {
			if c.Tool == "" || len(c.OK) == 0 {
				t.Fatalf("accepted a case without tool or ok: %+v", c)
			}
		}
	})
}
