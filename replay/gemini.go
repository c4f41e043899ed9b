package replay

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

// geminiMessage is one message of a Gemini CLI session.
type geminiMessage struct {
	ID        string          `json:"id"`
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Content   json.RawMessage `json:"content"`
	ToolCalls []struct {
		ID        string          `json:"id"`
		Name      string          `json:"name"`
		Args      json.RawMessage `json:"args"`
		Status    string          `json:"status"`
		Timestamp string          `json:"timestamp"`
		Result    []struct {
			FunctionResponse struct {
				Response struct {
					Error  string `json:"error"`
					Output string `json:"output"`
				} `json:"response"`
			} `json:"functionResponse"`
		} `json:"result"`
		ResultDisplay json.RawMessage `json:"resultDisplay"`
	} `json:"toolCalls"`
}

// geminiLine is a line of Gemini CLI's JSONL session (0.61 and later):
// a header, a message (written again whole when it changes), or a
// "$set" of top-level fields, which may replace the message list.
type geminiLine struct {
	geminiMessage
	SessionID string `json:"sessionId"`
	StartTime string `json:"startTime"`
	Set       *struct {
		Messages *[]geminiMessage `json:"messages"`
	} `json:"$set"`
	// Messages is the whole list, in the older one-document session file.
	Messages *[]geminiMessage `json:"messages"`
}

// geminiReader collects a session's messages by id, keeping the last
// version of each, then replays them in order.
type geminiReader struct {
	b     builder
	s     *Session
	order []string
	byID  map[string]geminiMessage
}

func (r *geminiReader) line(raw []byte) bool {
	var l geminiLine
	if json.Unmarshal(raw, &l) != nil {
		return false
	}
	if l.SessionID != "" && r.s.ID == "" {
		r.s.ID = l.SessionID
	}
	r.s.see(parseTime(l.StartTime))
	switch {
	case l.Messages != nil:
		r.replace(*l.Messages)
	case l.Set != nil && l.Set.Messages != nil:
		r.replace(*l.Set.Messages)
	case l.Type != "":
		r.put(l.geminiMessage)
	}
	return true
}

func (r *geminiReader) replace(ms []geminiMessage) {
	r.order, r.byID = nil, map[string]geminiMessage{}
	for _, m := range ms {
		r.put(m)
	}
}

func (r *geminiReader) put(m geminiMessage) {
	if m.ID == "" {
		m.ID = "#" + strconv.Itoa(len(r.order))
	}
	if _, ok := r.byID[m.ID]; !ok {
		r.order = append(r.order, m.ID)
	}
	r.byID[m.ID] = m
}

var geminiDir = lazyregexp.New(`(?:working in the directory:?|Primary working directory:)\s*(/[^\s]*)|(/[^\s]*)/\n[├└]`)

// finish turns the collected messages into calls.
func (r *geminiReader) finish() {
	var h history
	for _, id := range r.order {
		m := r.byID[id]
		t := parseTime(m.Timestamp)
		r.s.see(t)
		switch m.Type {
		case "user":
			text := geminiText(m.Content)
			if r.s.Project == "" && strings.HasPrefix(strings.TrimSpace(text), "<session_context>") {
				if g := geminiDir.FindStringSubmatch(text); g != nil {
					r.s.Project = strings.TrimSuffix(g[1]+g[2], "/")
				}
			}
			if typed(text) {
				h.add(strings.TrimSpace(text))
			}
		case "gemini":
			// The calls of one message run one after another: each
			// starts when the one before it ended.
			start := t
			for _, tc := range m.ToolCalls {
				rec := record{runtime: Gemini, session: r.s.ID, cwd: r.s.Project, tool: tc.Name, input: tc.Args, id: tc.ID, requests: h.recent()}
				var errText string
				for _, res := range tc.Result {
					if e := res.FunctionResponse.Response.Error; e != "" {
						errText = e
					}
				}
				o := geminiOutcome(tc.Status, errText)
				end := parseTime(tc.Timestamp)
				r.s.see(end)
				if o.Status != Unknown {
					o.At = end
				}
				if o.Status == Refused || o.Status == Denied {
					o.WaitMs = span(start, end)
				}
				r.s.Calls = append(r.s.Calls, Call{ID: tc.ID, Native: tc.Name, Time: start, Calls: r.b.calls(rec), Outcome: o})
				if end.After(start) {
					start = end
				}
			}
		}
	}
}

// geminiOutcome classifies a tool call by its status and error text.
func geminiOutcome(status, errText string) Outcome {
	o := Outcome{Status: Unknown, WaitMs: -1, RunMs: -1}
	switch status {
	case "success":
		o.Status = Ran
	case "cancelled":
		o.Status, o.By, o.Detail = Refused, ByPerson, detail(errText)
	case "error":
		o.Status, o.Detail = Errored, detail(errText)
		switch {
		case strings.HasPrefix(errText, "Tool execution blocked"):
			o.Status, o.By = Denied, ByHook
		case strings.Contains(errText, "denied by policy"), strings.HasPrefix(errText, "Tool execution denied"):
			o.Status, o.By = Denied, ByRuntime
		}
	}
	return o
}

// geminiText joins a user message's text: a string or its text parts
// (a part carrying a function response is the runtime's, not typed).
func geminiText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Text             *string         `json:"text"`
		FunctionResponse json.RawMessage `json:"functionResponse"`
	}
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var texts []string
	for _, p := range parts {
		if p.FunctionResponse != nil {
			return ""
		}
		if p.Text != nil {
			texts = append(texts, *p.Text)
		}
	}
	return strings.Join(texts, "\n")
}
