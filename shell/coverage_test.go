package shell

import (
	"strings"
	"testing"
)

// TestCoverageRun: coverage run is the python command it runs, with
// coverage among the wrappers it went through; an option that is not
// known to change only what is measured is a problem; the other coverage
// commands are coverage itself.
func TestCoverageRun(t *testing.T) {
	for _, tt := range []struct {
		src, want string // want: the program and its words, "" for a problem
	}{
		{"coverage run -m pytest -q", "python3 -m pytest -q"},
		{"coverage run --branch --source=src -m pytest tests", "python3 -m pytest tests"},
		{"coverage run --omit 'tests/*' script.py --fast", "python3 script.py --fast"},
		{"coverage run -p -a -- tool.py", "python3 tool.py"},
		{"coverage report -m", "coverage report -m"},
		{"coverage run --rcfile=x.rc -m pytest", ""},
		{"coverage run --data-file /tmp/d script.py", ""},
	} {
		a := Analyze(tt.src)
		if tt.want == "" {
			if !a.HasProblem(WrapperOption) {
				t.Errorf("%s: no problem (%v)", tt.src, a.Problems)
			}
			continue
		}
		c := a.Commands[0]
		got := strings.Join(append([]string{c.Program}, c.ArgTexts()...), " ")
		if got != tt.want || strings.HasPrefix(tt.want, "python3") != c.Has("coverage") {
			t.Errorf("%s: %q via %v, want %q", tt.src, got, c.Via, tt.want)
		}
	}
}
