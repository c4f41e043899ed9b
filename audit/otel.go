package audit

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

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
	rules, first := r.Rules, ""
	if len(rules) > 0 {
		first = rules[0]
	}
	var judge []byte
	if r.Judge != nil {
		var err error
		if judge, err = json.Marshal(r.Judge); err != nil {
			return nil, err
		}
	}
	// Written by hand in the order of line and attributes: a fresh
	// process (every hook call is one) pays for encoding/json's
	// reflection on first use, about a tenth of the whole call.
	// TestEncodeAgreesWithJSON holds the two shapes alike.
	b := make([]byte, 0, 512+len(r.Subject)+len(r.Reason)+len(judge))
	b = append(b, `{"time":`...)
	b = appendString(b, r.Time)
	b = append(b, `,"severity_text":`...)
	b = appendString(b, sev.text)
	b = append(b, `,"severity_number":`...)
	b = strconv.AppendInt(b, int64(sev.number), 10)
	b = append(b, `,"body":`...)
	b = appendString(b, body(r))
	b = append(b, `,"resource":{`...)
	b = appendField(b, "host.name", r.Host, true)
	b = append(b, `"service.name":"arbiter"`...)
	b = appendField(b, "user.name", r.User, false)
	b = append(b, `},"attributes":{`...)
	b = appendField(b, "arbiter.runtime", r.Runtime, true)
	b = appendField(b, "arbiter.session", r.Session, true)
	b = appendField(b, "arbiter.project", r.Project, true)
	b = append(b, `"arbiter.tool":`...)
	b = appendString(b, r.Tool)
	b = appendField(b, "arbiter.subject", r.Subject, false)
	b = append(b, `,"arbiter.decision":`...)
	b = appendString(b, r.Decision.String())
	b = append(b, `,"arbiter.rules":[`...)
	for i, id := range rules {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, id)
	}
	b = append(b, ']')
	b = appendField(b, "arbiter.rule", first, false)
	b = append(b, `,"arbiter.reason":`...)
	b = appendString(b, r.Reason)
	b = append(b, `,"arbiter.decider":`...)
	b = appendString(b, string(r.Source))
	b = append(b, `,"arbiter.latency_us":`...)
	b = strconv.AppendInt(b, r.Micros, 10)
	if judge != nil {
		b = append(b, `,"arbiter.judge":`...)
		b = append(b, judge...)
	}
	return append(b, "}}"...), nil
}

// appendField appends "key":"value" when value is set, with a comma
// after it (commaAfter) or before it.
func appendField(b []byte, key, value string, commaAfter bool) []byte {
	if value == "" {
		return b
	}
	if !commaAfter {
		b = append(b, ',')
	}
	b = appendString(b, key)
	b = append(b, ':')
	b = appendString(b, value)
	if commaAfter {
		b = append(b, ',')
	}
	return b
}

// appendString appends s as a JSON string: quotes, backslashes and
// control characters escaped, invalid UTF-8 as U+FFFD, as encoding/json
// writes it (which also escapes <, > and &, which need not be).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\t':
				b = append(b, '\\', 't')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
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
