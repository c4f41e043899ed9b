package shell

import "testing"

// TestLoopBounds: a loop runs forever when its condition is constant in
// the direction that keeps it going (while with a true condition, until
// with a false one, a ! flipping either); a condition that can change
// (a command's status, a file test) or a loop that never starts is
// bounded.
func TestLoopBounds(t *testing.T) {
	tests := []struct {
		src       string
		unbounded bool
	}{
		{`while true; do sleep 1; done`, true},
		{`while :; do sleep 1; done`, true},
		{`while ! false; do sleep 1; done`, true},
		{`until false; do sleep 1; done`, true},
		{`until ! true; do sleep 1; done`, true},
		{`while [ 1 ]; do sleep 1; done`, true},
		{`while (( 1 )); do sleep 1; done`, true},
		{`until (( 0 )); do sleep 1; done`, true},
		{`until /usr/bin/false; do sleep 1; done`, true},
		{`while /bin/true; do sleep 1; done`, true},
		{`while true; do sleep 1; break; done`, false},
		{`until curl -s localhost:8080; do sleep 1; done`, false},
		{`until [ -f /app/done ]; do sleep 1; done`, false},
		{`until pg_isready; do sleep 1; done`, false},
		{`while ! curl -s localhost:8080; do sleep 1; done`, false},
		{`while ! true; do sleep 1; done`, false},
		{`until true; do sleep 1; done`, false},
		{`while false; do sleep 1; done`, false},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		if got := a.HasProblem(UnboundedLoop); got != tt.unbounded {
			t.Errorf("Analyze(%q): unbounded loop = %v, want %v (%+v)", tt.src, got, tt.unbounded, a.Problems)
		}
	}
}
