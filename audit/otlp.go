package audit

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/arbitergate/arbiter"
)

// A team's logs gathered by the Collector's file exporter hold OTLP/JSON:
// one export request per line, each with many records under their
// resource. They are read back into Records (the judge's record, a
// nested map, is left out).

type otlpValue struct {
	StringValue *string  `json:"stringValue"`
	IntValue    *string  `json:"intValue"`
	DoubleValue *float64 `json:"doubleValue"`
	ArrayValue  *struct {
		Values []otlpValue `json:"values"`
	} `json:"arrayValue"`
}

type otlpKV struct {
	Key   string    `json:"key"`
	Value otlpValue `json:"value"`
}

func (v otlpValue) text() string {
	switch {
	case v.StringValue != nil:
		return *v.StringValue
	case v.IntValue != nil:
		return *v.IntValue
	case v.DoubleValue != nil:
		return strconv.FormatFloat(*v.DoubleValue, 'f', -1, 64)
	}
	return ""
}

type otlpRequest struct {
	ResourceLogs []struct {
		Resource struct {
			Attributes []otlpKV `json:"attributes"`
		} `json:"resource"`
		ScopeLogs []struct {
			LogRecords []struct {
				TimeUnixNano string   `json:"timeUnixNano"`
				Attributes   []otlpKV `json:"attributes"`
			} `json:"logRecords"`
		} `json:"scopeLogs"`
	} `json:"resourceLogs"`
}

// isOTLP reports a line of the Collector's file exporter.
func isOTLP(b []byte) bool {
	return bytes.HasPrefix(bytes.TrimSpace(b), []byte(`{"resourceLogs"`))
}

// decodeOTLP reads the decisions of one OTLP/JSON export request;
// records that are not arbiter's (no arbiter.decision) are left out.
func decodeOTLP(b []byte) ([]Record, error) {
	var req otlpRequest
	if err := json.Unmarshal(b, &req); err != nil {
		return nil, err
	}
	var out []Record
	for _, rl := range req.ResourceLogs {
		res := map[string]string{}
		for _, kv := range rl.Resource.Attributes {
			res[kv.Key] = kv.Value.text()
		}
		for _, sl := range rl.ScopeLogs {
			for _, lr := range sl.LogRecords {
				if r, ok := otlpRecord(lr.TimeUnixNano, lr.Attributes, res); ok {
					out = append(out, r)
				}
			}
		}
	}
	return out, nil
}

func otlpRecord(nanos string, attrs []otlpKV, res map[string]string) (Record, bool) {
	r := Record{Host: res["host.name"], User: res["user.name"]}
	if n, err := strconv.ParseInt(nanos, 10, 64); err == nil && n > 0 {
		r.Time = time.Unix(0, n).UTC().Format(time.RFC3339Nano)
	}
	found := false
	for _, kv := range attrs {
		v := kv.Value.text()
		switch kv.Key {
		case "arbiter.decision":
			d, err := arbiter.ParseVerdict(v)
			if err != nil {
				return Record{}, false
			}
			r.Decision, found = d, true
		case "arbiter.runtime":
			r.Runtime = v
		case "arbiter.session":
			r.Session = v
		case "arbiter.project":
			r.Project = v
		case "arbiter.tool":
			r.Tool = v
		case "arbiter.subject":
			r.Subject = v
		case "arbiter.reason":
			r.Reason = v
		case "arbiter.decider":
			r.Source = arbiter.Source(v)
		case "arbiter.latency_us":
			f, _ := strconv.ParseFloat(v, 64)
			r.Micros = int64(f)
		case "arbiter.rules":
			if a := kv.Value.ArrayValue; a != nil {
				for _, x := range a.Values {
					r.Rules = append(r.Rules, x.text())
				}
			}
		}
	}
	return r, found && r.Time != ""
}

// DecodeAll reads one line of a log or of the Collector's file exporter:
// the decisions it holds (none for a runtime's record that a call
// finished), or an error for a line that is neither.
func DecodeAll(b []byte) ([]Record, error) {
	if isOTLP(b) {
		return decodeOTLP(b)
	}
	r, ok, err := Decode(b)
	if err != nil || !ok {
		return nil, err
	}
	return []Record{r}, nil
}
