package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/secrets"
)

// Each line of the log is one record of the OpenTelemetry log data model,
// so that the Collector's filelog receiver ships it with its own
// operators (docs/otel/collector.yaml): the time, a severity, a body for
// people, the standard resource attributes and the decision's attributes
// under arbiter.*. README ("For teams") lists them.

// line is a record as written.
type line struct {
	Time           string            `json:"time"`
	SeverityText   string            `json:"severity_text"`
	SeverityNumber int               `json:"severity_number"`
	Body           string            `json:"body"`
	Resource       map[string]string `json:"resource"`
	Attributes     attributes        `json:"attributes"`
}

type attributes struct {
	Runtime  string               `json:"arbiter.runtime,omitempty"`
	Session  string               `json:"arbiter.session,omitempty"`
	Project  string               `json:"arbiter.project,omitempty"`
	Tool     string               `json:"arbiter.tool"`
	Subject  string               `json:"arbiter.subject,omitempty"`
	Decision arbiter.Verdict      `json:"arbiter.decision"`
	Rules    []string             `json:"arbiter.rules"`
	Rule     string               `json:"arbiter.rule,omitempty"` // the first: the one a count by rule groups on
	Reason   string               `json:"arbiter.reason"`
	Decider  arbiter.Source       `json:"arbiter.decider"`
	Micros   int64                `json:"arbiter.latency_us"`
	Judge    *arbiter.JudgeRecord `json:"arbiter.judge,omitempty"`
}

// severities map decisions onto the data model's severities: what a
// reviewer looks for first is the most severe.
var severities = map[arbiter.Verdict]struct {
	text   string
	number int
}{
	arbiter.Allow: {"INFO", 9}, arbiter.Defer: {"INFO", 9}, arbiter.Ask: {"WARN", 13}, arbiter.Deny: {"ERROR", 17},
}

// Encode renders a record as a line of the log (without the newline),
// with every inline secret in the command, reason and judge's text
// replaced by a marker.
func Encode(r Record) ([]byte, error) {
	r.Subject, r.Reason = secrets.Redact(r.Subject), secrets.Redact(r.Reason)
	if r.Judge != nil {
		j := *r.Judge
		j.Why, j.Error = secrets.Redact(j.Why), secrets.Redact(j.Error)
		r.Judge = &j
	}
	sev := severities[r.Decision]
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
	return json.Marshal(line{
		Time: r.Time, SeverityText: sev.text, SeverityNumber: sev.number, Body: body(r), Resource: res,
		Attributes: attributes{Runtime: r.Runtime, Session: r.Session, Project: r.Project, Tool: r.Tool, Subject: r.Subject,
			Decision: r.Decision, Rules: rules, Rule: first, Reason: r.Reason, Decider: r.Source, Micros: r.Micros, Judge: r.Judge},
	})
}

// body is the record's message for people: "deny Bash: rm -rf / (A2.…)".
func body(r Record) string {
	var b strings.Builder
	b.WriteString(r.Decision.String() + " " + r.Tool)
	if r.Subject != "" {
		b.WriteString(": " + r.Subject)
	}
	if len(r.Rules) > 0 {
		b.WriteString(" (" + strings.Join(r.Rules, ", ") + ")")
	}
	return b.String()
}

// logLine is a line of the log: a decision, or a runtime's record that
// a call finished (event PostToolUse or AfterTool, with the tool's own
// run time), which times the call's whole wait.
type logLine struct {
	Record
	Event      string
	ToolUseID  string
	DurationMs *float64
}

// oldLine is a line as arbiter wrote it before the data model, and the
// shape of a runtime's own records: still read.
type oldLine struct {
	Time       string               `json:"time"`
	Runtime    string               `json:"runtime"`
	Session    string               `json:"session"`
	Tool       string               `json:"tool"`
	Subject    string               `json:"subject"`
	Decision   arbiter.Verdict      `json:"decision"`
	Rules      []string             `json:"rules"`
	Reason     string               `json:"reason"`
	Source     arbiter.Source       `json:"source"`
	Micros     int64                `json:"micros"`
	Judge      *arbiter.JudgeRecord `json:"judge"`
	Event      string               `json:"event"`
	ToolUseID  string               `json:"tool_use_id"`
	DurationMs *float64             `json:"duration_ms"`
}

var errNotRecord = errors.New("not a decision record")

// decode reads one line of a log, in either shape.
func decode(b []byte) (logLine, error) {
	if bytes.Contains(b, []byte(`"attributes"`)) {
		var l line
		if err := json.Unmarshal(b, &l); err != nil {
			return logLine{}, err
		}
		if l.Time == "" {
			return logLine{}, errNotRecord
		}
		a := l.Attributes
		return logLine{Record: Record{Time: l.Time, Runtime: a.Runtime, Session: a.Session, Project: a.Project, Tool: a.Tool,
			Subject: a.Subject, Decision: a.Decision, Rules: a.Rules, Reason: a.Reason, Source: a.Decider, Micros: a.Micros,
			Judge: a.Judge, Host: l.Resource["host.name"], User: l.Resource["user.name"]}}, nil
	}
	var o oldLine
	if err := json.Unmarshal(b, &o); err != nil {
		return logLine{}, err
	}
	if o.Time == "" {
		return logLine{}, errNotRecord
	}
	return logLine{Record: Record{Time: o.Time, Runtime: o.Runtime, Session: o.Session, Tool: o.Tool, Subject: o.Subject,
		Decision: o.Decision, Rules: o.Rules, Reason: o.Reason, Source: o.Source, Micros: o.Micros, Judge: o.Judge},
		Event: o.Event, ToolUseID: o.ToolUseID, DurationMs: o.DurationMs}, nil
}

// Decode reads one line of a log: a decision (ok), a runtime's record
// that a call finished (not ok, no error), or a line that is no record
// (an error: a log may end in a line cut short by a crash).
func Decode(b []byte) (r Record, ok bool, err error) {
	l, err := decode(b)
	if err != nil {
		return Record{}, false, err
	}
	if l.Event != "" && !decisionEvent(l.Event) {
		return Record{}, false, nil
	}
	return l.Record, true, nil
}

// decisionEvent reports a runtime event that asks for a decision.
func decisionEvent(ev string) bool {
	switch ev {
	case "PreToolUse", "PermissionRequest", "BeforeTool", "preToolUse":
		return true
	}
	return false
}
