package replay

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// claudeLine is the part of a Claude Code transcript line replay reads;
// every other field and line type is ignored.
type claudeLine struct {
	Type        string `json:"type"`
	IsMeta      bool   `json:"isMeta"`
	IsSidechain bool   `json:"isSidechain"`
	// A compaction's summary and lines only shown in the transcript are
	// written as user turns, but the person wrote neither.
	IsCompactSummary bool   `json:"isCompactSummary"`
	VisibleOnly      bool   `json:"isVisibleInTranscriptOnly"`
	Timestamp        string `json:"timestamp"`
	Cwd              string `json:"cwd"`
	SessionID        string `json:"sessionId"`
	PermissionMode   string `json:"permissionMode"`
	Message          struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	ToolUseResult      json.RawMessage `json:"toolUseResult"`
	ToolDenialKind     string          `json:"toolDenialKind"`
	PermissionDecision *claudeDecision `json:"permissionDecision"`
	Attachment         *struct {
		HookEvent  string `json:"hookEvent"`
		ToolUseID  string `json:"toolUseID"`
		DurationMs int64  `json:"durationMs"`
	} `json:"attachment"`
}

// claudeDecision is how Claude Code records who settled a call's
// permission (2.1.2xx and later).
type claudeDecision struct {
	Decision   string `json:"decision"`
	Source     string `json:"source"`
	ReasonType string `json:"reasonType"`
	ReasonCode string `json:"reasonCode"`
}

type claudePart struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     json.RawMessage `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

// claudeReader reads one Claude Code transcript.
type claudeReader struct {
	b       builder
	s       *Session
	h       history
	mode    string
	pending map[string]int // tool_use id → index in s.Calls
	hookMs  map[string]int64
	started map[string]time.Time
}

// ignoredTypes are line types that can be megabytes long (a request's
// whole system prompt) and hold nothing replay reads; they start with
// their type, so they are skipped unread.
var ignoredTypes = [][]byte{
	[]byte(`{"type":"api-request`), []byte(`{"type": "api-request`),
	[]byte(`{"type":"cost-state"`), []byte(`{"type": "cost-state"`),
}

func (r *claudeReader) line(raw []byte) bool {
	for _, p := range ignoredTypes {
		if bytes.HasPrefix(raw, p) {
			return json.Valid(raw)
		}
	}
	var l claudeLine
	if json.Unmarshal(raw, &l) != nil {
		return false
	}
	t := parseTime(l.Timestamp)
	if l.SessionID != "" && r.s.ID == "" {
		r.s.ID = l.SessionID
	}
	if l.Cwd != "" && r.s.Project == "" {
		r.s.Project = l.Cwd
	}
	switch l.Type {
	case "user":
		r.s.see(t)
		if l.PermissionMode != "" {
			r.mode = l.PermissionMode
		}
		r.user(l, t)
	case "assistant":
		r.s.see(t)
		r.assistant(l, t)
	case "attachment":
		if a := l.Attachment; a != nil && a.ToolUseID != "" && (a.HookEvent == "PreToolUse" || a.HookEvent == "PermissionRequest") {
			r.hookMs[a.ToolUseID] += a.DurationMs
		}
	}
	return true
}

func (r *claudeReader) user(l claudeLine, t time.Time) {
	if l.IsCompactSummary || l.VisibleOnly {
		l.IsMeta = true
	}
	var s string
	if json.Unmarshal(l.Message.Content, &s) == nil {
		if !l.IsMeta && !l.IsSidechain && typed(s) {
			r.h.add(strings.TrimSpace(s))
		}
		return
	}
	var parts []claudePart
	if json.Unmarshal(l.Message.Content, &parts) != nil {
		return
	}
	var texts []string
	results := false
	for _, p := range parts {
		switch p.Type {
		case "tool_result":
			results = true
			r.result(l, p, t)
		case "text":
			if typed(p.Text) {
				texts = append(texts, strings.TrimSpace(p.Text))
			}
		}
	}
	if !results && !l.IsMeta && !l.IsSidechain {
		r.h.add(strings.Join(texts, "\n"))
	}
}

func (r *claudeReader) assistant(l claudeLine, t time.Time) {
	var parts []claudePart
	if json.Unmarshal(l.Message.Content, &parts) != nil {
		return
	}
	cwd := l.Cwd
	if cwd == "" {
		cwd = r.s.Project
	}
	for _, p := range parts {
		if p.Type != "tool_use" || p.Name == "" {
			continue
		}
		rec := record{runtime: Claude, session: r.s.ID, cwd: cwd, permissionMode: r.mode, tool: p.Name,
			input: p.Input, id: p.ID, requests: r.h.recent()}
		r.s.Calls = append(r.s.Calls, Call{ID: p.ID, Native: p.Name, Time: t, Calls: r.b.calls(rec),
			Outcome: Outcome{Status: Unknown, WaitMs: -1, RunMs: -1}})
		if p.ID != "" {
			r.pending[p.ID] = len(r.s.Calls) - 1
			r.started[p.ID] = t
		}
	}
}

func (r *claudeReader) result(l claudeLine, p claudePart, t time.Time) {
	i, ok := r.pending[p.ToolUseID]
	if !ok {
		return
	}
	delete(r.pending, p.ToolUseID)
	o := claudeOutcome(contentText(p.Content), p.IsError, l.ToolDenialKind, l.PermissionDecision)
	o.RunMs = runMs(l.ToolUseResult)
	waited := span(r.started[p.ToolUseID], t)
	hookMs, hooked := r.hookMs[p.ToolUseID]
	switch {
	case o.By == ByHook && hooked:
		o.WaitMs = hookMs
	case o.Status == Refused || o.Status == Denied:
		o.WaitMs = waited
	case o.ByHand && waited >= 0:
		o.WaitMs = waited
		if o.RunMs > 0 && o.RunMs <= waited {
			o.WaitMs = waited - o.RunMs
		}
	case hooked:
		o.By, o.WaitMs = ByHook, hookMs
	}
	r.s.Calls[i].Outcome = o
}

// claudeOutcome classifies a tool result. The permission record, where
// present, says who decided; older transcripts only have the denial kind
// and the runtime's fixed texts.
func claudeOutcome(text string, isError bool, kind string, pd *claudeDecision) Outcome {
	o := Outcome{Status: Ran, WaitMs: -1, RunMs: -1}
	if isError {
		o.Status, o.Detail = Errored, detail(text)
	}
	if pd != nil {
		src := strings.ToLower(pd.Source)
		person := strings.HasPrefix(src, "user")
		switch pd.Decision {
		case "accept", "allow":
			if person {
				o.ByHand, o.By = true, ByPerson
			}
			return o
		case "reject", "deny":
			o.Status, o.Detail = Denied, detail(text)
			switch {
			case strings.HasPrefix(pd.ReasonCode, "hook:") || src == "hook" || pd.ReasonType == "hook":
				o.By = ByHook
			case person:
				o.Status, o.By = Refused, ByPerson
			default:
				o.By = ByRuntime
			}
			return o
		}
	}
	switch kind {
	case "":
	case "user-rejected":
		o.Status, o.By, o.Detail = Refused, ByPerson, detail(text)
		return o
	case "interrupted", "cancelled":
		o.Status, o.By, o.Detail = Interrupted, "", detail(text)
		return o
	default:
		o.Status, o.By, o.Detail = Denied, ByRuntime, detail(text)
		if hookText(text) {
			o.By = ByHook
		}
		return o
	}
	switch {
	case strings.HasPrefix(text, "The user doesn't want to proceed with this tool use"),
		strings.HasPrefix(text, "The user doesn't want to take this action"),
		strings.HasPrefix(text, "User rejected tool use"):
		o.Status, o.By = Refused, ByPerson
	case strings.HasPrefix(text, "[Request interrupted by user"):
		o.Status = Interrupted
	case isError && hookText(text):
		o.Status, o.By = Denied, ByHook
	case isError && (strings.HasPrefix(text, "Permission to use ") || strings.Contains(text, "denied by the Claude Code auto mode classifier")):
		o.Status, o.By = Denied, ByRuntime
	}
	return o
}

func hookText(s string) bool {
	return strings.Contains(s, "PreToolUse:") && strings.Contains(s, "hook error") || strings.HasPrefix(s, "arbiter (")
}

// contentText is a tool result's text: a string, or its text parts.
func contentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []claudePart
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var b strings.Builder
	for _, p := range parts {
		if p.Type == "text" {
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// runMs reads a tool's own run time from its structured result, where
// the runtime records one.
func runMs(raw json.RawMessage) int64 {
	if len(raw) == 0 || raw[0] != '{' {
		return -1
	}
	var r struct {
		DurationMs  *float64 `json:"durationMs"`
		DurationMs2 *float64 `json:"duration_ms"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return -1
	}
	switch {
	case r.DurationMs != nil:
		return int64(*r.DurationMs)
	case r.DurationMs2 != nil:
		return int64(*r.DurationMs2)
	}
	return -1
}
