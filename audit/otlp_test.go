package audit

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/secrets"
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

// byReflection is the line encoding/json makes of a record, which
// Encode writes by hand.
func byReflection(r Record) ([]byte, error) {
	r.Subject, r.Reason = secrets.Redact(r.Subject), secrets.Redact(r.Reason)
	if r.Judge != nil {
		j := *r.Judge
		j.Why, j.Error = secrets.Redact(j.Why), secrets.Redact(j.Error)
		r.Judge = &j
	}
	res := map[string]string{"service.name": "arbiter"}
	if r.Host != "" {
		res["host.name"] = r.Host
	}
	if r.User != "" {
		res["user.name"] = r.User
	}
	rules, first := r.Rules, ""
	if rules == nil {
		rules = []string{}
	}
	if len(rules) > 0 {
		first = rules[0]
	}
	sev := severities[r.Decision]
	return json.Marshal(line{Time: r.Time, SeverityText: sev.text, SeverityNumber: sev.number, Body: body(r), Resource: res,
		Attributes: attributes{Runtime: r.Runtime, Session: r.Session, Project: r.Project, Tool: r.Tool, Subject: r.Subject,
			Decision: r.Decision, Rules: rules, Rule: first, Reason: r.Reason, Decider: r.Source, Micros: r.Micros, Judge: r.Judge}})
}

func sameJSON(t *testing.T, a, b []byte) {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("Encode wrote invalid JSON: %v\n%s", err, a)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(x, y) {
		t.Fatalf("Encode and encoding/json differ:\n%s\n%s", a, b)
	}
}

// TestEncodeAgreesWithJSON: the hand-written line is the one
// encoding/json writes, for every kind of field.
func TestEncodeAgreesWithJSON(t *testing.T) {
	for _, r := range []Record{
		{Time: "t", Tool: "Bash", Decision: arbiter.Allow},
		{Time: "2026-01-02T03:04:05Z", Runtime: "claude", Session: "s", Project: "/p", Tool: "Bash", Subject: "echo \"a\\b\"\n\t\x01 \xff é \u2028 <&>",
			Decision: arbiter.Deny, Rules: []string{"A2.x", "B1.y"}, Reason: "r", Source: arbiter.SourceStatic, Micros: 42, Host: "h", User: "u",
			Judge: &arbiter.JudgeRecord{Mode: "shadow", Why: "w", Answers: map[string]float64{"serves_request": 0.5}}},
	} {
		a, err := Encode(r)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := byReflection(r)
		sameJSON(t, a, b)
	}
}

func FuzzEncode(f *testing.F) {
	f.Add("git status", "reason", "/p", "u", "A2.x")
	f.Add("\xff\x00\"\\\u2028", "\n", "", "", "")
	f.Fuzz(func(t *testing.T, subject, reason, project, user, rule string) {
		r := Record{Time: "2026-01-02T03:04:05Z", Tool: "Bash", Subject: subject, Reason: reason, Project: project, User: user,
			Decision: arbiter.Ask, Rules: []string{rule}}
		a, err := Encode(r)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := byReflection(r)
		sameJSON(t, a, b)
	})
}
