package audit

import (
	"bytes"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestOTLPFromTheFileExporter: a line of the Collector's file exporter
// (OTLP/JSON) reads back into the decisions it holds, with where each
// was made; records that are not arbiter's are left out.
func TestOTLPFromTheFileExporter(t *testing.T) {
	line := `{"resourceLogs":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"arbiter"}},{"key":"user.name","value":{"stringValue":"alice"}},{"key":"host.name","value":{"stringValue":"box"}}]},` +
		`"scopeLogs":[{"scope":{},"logRecords":[` +
		`{"timeUnixNano":"1796173177835676565","severityText":"ERROR","body":{"stringValue":"deny Bash: rm -rf ~"},"attributes":[{"key":"arbiter.decision","value":{"stringValue":"deny"}},{"key":"arbiter.tool","value":{"stringValue":"Bash"}},{"key":"arbiter.project","value":{"stringValue":"/src/a"}},{"key":"arbiter.rules","value":{"arrayValue":{"values":[{"stringValue":"A2.home-delete"}]}}},{"key":"arbiter.latency_us","value":{"doubleValue":713}}]},` +
		`{"timeUnixNano":"1796173177835676565","body":{"stringValue":"someone else's log"}}]}]}]}`
	recs, err := DecodeAll([]byte(line))
	if err != nil || len(recs) != 1 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	r := recs[0]
	if r.Decision != arbiter.Deny || r.User != "alice" || r.Host != "box" || r.Project != "/src/a" || len(r.Rules) != 1 || r.Micros != 713 || r.Time == "" {
		t.Errorf("%+v", r)
	}
	got, bad, err := ReadFrom(bytes.NewReader([]byte(line + "\nnot json\n")))
	if err != nil || len(got) != 1 || bad != 1 {
		t.Errorf("ReadFrom: %d records, %d bad, %v", len(got), bad, err)
	}
}

func FuzzDecodeAll(f *testing.F) {
	f.Add([]byte(`{"time":"2026-01-02T03:04:05Z","severity_text":"INFO","body":"allow","resource":{"user.name":"u"},"attributes":{"arbiter.tool":"Bash","arbiter.decision":"allow","arbiter.rules":[]}}`))
	f.Add([]byte(`{"time":"2026-01-02T03:04:05Z","runtime":"codex","tool":"Bash","decision":"deny","rules":["A2.x"]}`))
	f.Add([]byte(`{"resourceLogs":[{"scopeLogs":[{"logRecords":[{"timeUnixNano":"1","attributes":[{"key":"arbiter.decision","value":{"stringValue":"ask"}}]}]}]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		recs, err := DecodeAll(b)
		if err != nil && len(recs) > 0 {
			t.Fatal("records with an error")
		}
		for _, r := range recs {
			if r.Time == "" {
				t.Fatalf("a record without a time: %+v", r)
			}
			if _, err := Encode(r); err != nil {
				t.Fatalf("a record read back does not encode: %v", err)
			}
		}
	})
}
