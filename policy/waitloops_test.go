package policy

import "testing"

// TestWaitLoops: a loop that waits for a local server or a file ends when
// its condition changes, as while ! does; a condition constant in the
// direction that keeps the loop going, or a wait on another machine, keeps
// its answer.
func TestWaitLoops(t *testing.T) {
	runReadCases(t, []readCase{
		{"until server answers", nil, "until curl -s localhost:8080; do sleep 1; done", allow, "D4.local-service"},
		{"until file exists", nil, "until [ -f build/done ]; do sleep 1; done", allow, ""},
		{"until postgres ready", nil, "until pg_isready -h localhost; do sleep 1; done", allow, ""},
		{"until false", nil, "until false; do sleep 1; done", dfr, "U.unbounded-loop"},
		{"while not false", nil, "while ! false; do sleep 1; done", dfr, "U.unbounded-loop"},
		{"until remote answers", nil, "until curl -s https://example.com; do sleep 1; done", dfr, "C1.network-request"},
	})
}
