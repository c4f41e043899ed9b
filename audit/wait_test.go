package audit

import (
	"strings"
	"testing"
)

func TestWaiting(t *testing.T) {
	log := strings.Join([]string{
		// arbiter alone: 50 µs.
		`{"time":"2026-11-30T10:00:00Z","session":"s","tool":"Bash","decision":"allow","rules":["D6.git-read"],"source":"static","micros":50}`,
		// the judge asked: 400 ms of the 400.08 ms.
		`{"time":"2026-11-30T10:00:01Z","session":"s","tool":"Bash","decision":"allow","rules":["C1.network-request"],"source":"judge","micros":400080,"judge":{"mode":"enforce","verdict":"allow","asked":true,"micros":400000}}`,
		// from the judge's cache: no judge wait.
		`{"time":"2026-11-30T10:00:02Z","session":"s","tool":"Bash","decision":"allow","rules":["C1.network-request"],"source":"judge","micros":90,"judge":{"mode":"enforce","verdict":"allow","asked":false,"cached":true,"micros":30}}`,
		// left to the runtime; it finished 5 s later, having run 1 s.
		`{"time":"2026-11-30T10:00:03Z","session":"s","tool":"Bash","tool_use_id":"t1","decision":"defer","rules":["C1.network-request"],"source":"static","micros":40}`,
		`{"time":"2026-11-30T10:00:08Z","session":"s","event":"PostToolUse","tool_use_id":"t1","tool":"Bash","duration_ms":1000}`,
		// asked; the same id in another session must not pair with it.
		`{"time":"2026-11-30T10:00:09Z","session":"s","tool":"Bash","tool_use_id":"t2","decision":"ask","rules":["B4.install"],"source":"static","micros":60}`,
		`{"time":"2026-11-30T10:00:20Z","session":"other","event":"PostToolUse","tool_use_id":"t2","tool":"Bash","duration_ms":10}`,
		`{"time":"2026-11-30T10:00:29Z","session":"s","event":"AfterTool","tool_use_id":"t2","tool":"Bash","duration_ms":2000}`,
		// a finish with no decision before it, and one without a run time.
		`{"time":"2026-11-30T10:00:30Z","session":"s","event":"PostToolUse","tool_use_id":"nobody","duration_ms":5}`,
		`{"time":"2026-11-30T10:00:31Z","session":"s","tool":"Bash","tool_use_id":"t3","decision":"defer","rules":["U.no-spec"],"source":"static","micros":70}`,
		`{"time":"2026-11-30T10:00:40Z","session":"s","event":"PostToolUse","tool_use_id":"t3"}`,
	}, "\n")
	s, err := Summarise(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	if s.Records != 6 || s.Decisions["allow"] != 3 {
		t.Errorf("finish lines were counted as decisions: %d records, %v", s.Records, s.Decisions)
	}
	for _, tc := range []struct {
		who          string
		count        int
		total, p50ms float64
	}{
		{"judge", 1, 400, 400},
		{"runtime", 2, 4000 + 18000, 18000},
	} {
		w := s.Waiting[tc.who]
		if w.Count != tc.count || w.TotalMs != tc.total || w.P50Ms != tc.p50ms {
			t.Errorf("%s: got %+v, want %d calls, total %v ms, median %v", tc.who, w, tc.count, tc.total, tc.p50ms)
		}
	}
	if w := s.Waiting["arbiter"]; w.Count != 6 || w.MaxMs > 0.1 {
		t.Errorf("arbiter: got %+v, want 6 calls of at most 0.1 ms (the judge's time taken out)", w)
	}
	var b strings.Builder
	s.Write(&b)
	if !strings.Contains(b.String(), "time waiting for permission") || !strings.Contains(b.String(), "total 22.0 s") {
		t.Errorf("stats does not report the waits:\n%s", b.String())
	}
}

func TestFormatMs(t *testing.T) {
	for ms, want := range map[float64]string{0.05: "50 µs", 2.34: "2.3 ms", 12: "12 ms", 4500: "4.5 s", 600_000: "10.0 min"} {
		if got := FormatMs(ms); got != want {
			t.Errorf("FormatMs(%v) = %q, want %q", ms, got, want)
		}
	}
}

// TestStatsTimesForAPerson: decision times print with their unit, in the
// unit that suits them, never as a bare count of micro- or nanoseconds.
func TestStatsTimesForAPerson(t *testing.T) {
	var out strings.Builder
	Stats{Records: 1, P50: 850, P99: 23_456}.Write(&out)
	if want := "time per decision: median 850 µs, p99 23 ms"; !strings.Contains(out.String(), want) {
		t.Errorf("want %q:\n%s", want, out.String())
	}
}
