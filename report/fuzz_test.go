package report

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// FuzzFromLog: a decision log of any bytes never panics the report, and
// what it holds is always text on the page, never markup.
func FuzzFromLog(f *testing.F) {
	f.Add([]byte(`{"time":"2026-11-30T10:00:00Z","tool":"Bash","subject":"rm -rf /","decision":"deny","rules":["A2.root-delete"],"reason":"r","micros":50}`))
	f.Add([]byte(`{"time":"2026-11-30T10:00:00Z","tool":"<script>","subject":"<img src=x>","decision":"ask","rules":["<b>"],"reason":"</td>","judge":{"verdict":"deny","answers":{"x":1}}}`))
	f.Add([]byte("{\"time\":\"x\"}\nnot json\n"))
	f.Add([]byte(`{"time":"2026-11-30T10:00:00Z","severity_text":"ERROR","body":"deny","resource":{"user.name":"<u>","host.name":"h"},"attributes":{"arbiter.tool":"Bash","arbiter.decision":"deny","arbiter.rules":["A2.x"],"arbiter.project":"</td>"}}`))
	f.Add([]byte(`{"resourceLogs":[{"resource":{"attributes":[{"key":"user.name","value":{"stringValue":"alice"}}]},"scopeLogs":[{"logRecords":[{"timeUnixNano":"1796173177835676565","attributes":[{"key":"arbiter.decision","value":{"stringValue":"ask"}},{"key":"arbiter.rules","value":{"arrayValue":{"values":[{"stringValue":"B4.install"}]}}},{"key":"arbiter.latency_us","value":{"doubleValue":12}}]}]}]}]}`))
	f.Fuzz(func(t *testing.T, log []byte) {
		d, err := FromLog(bytes.NewReader(log), "fuzz")
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Write(&b, d, time.Unix(0, 0)); err != nil {
			t.Fatal(err)
		}
		page := b.String()
		for _, bad := range []string{"<script", "<img", "<iframe", " onerror="} {
			if strings.Contains(page, bad) {
				t.Fatalf("the page holds %q from the log", bad)
			}
		}
	})
}
