package replay

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
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
	b    builder
	s    *Session
	h    history
	mode string
	// parent holds, for a subagent's transcript, the person's messages
	// in the session that started it: its hook reads those.
	parent  *said
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
	text, parts := claudeUser(l)
	for _, p := range parts {
		if p.Type == "tool_result" {
			r.result(l, p, t)
		}
	}
	r.h.add(text)
}

// claudeUser is what the person typed in a user line ("" for a line the
// runtime wrote: meta, a compaction summary, a subagent's prompt, tool
// results) and the line's parts.
func claudeUser(l claudeLine) (string, []claudePart) {
	runtime := l.IsMeta || l.IsSidechain || l.IsCompactSummary || l.VisibleOnly
	var s string
	if json.Unmarshal(l.Message.Content, &s) == nil {
		if runtime || !typed(s) {
			return "", nil
		}
		return strings.TrimSpace(s), nil
	}
	var parts []claudePart
	if json.Unmarshal(l.Message.Content, &parts) != nil {
		return "", nil
	}
	var texts []string
	for _, p := range parts {
		switch p.Type {
		case "tool_result":
			runtime = true
		case "text":
			if typed(p.Text) {
				texts = append(texts, strings.TrimSpace(p.Text))
			}
		}
	}
	if runtime {
		return "", parts
	}
	return strings.Join(texts, "\n"), parts
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
		requests := r.h.recent()
		if r.parent != nil {
			requests = r.parent.before(t)
		}
		rec := record{runtime: Claude, session: r.s.ID, cwd: cwd, permissionMode: r.mode, tool: p.Name,
			input: p.Input, id: p.ID, requests: requests}
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
	o.RunMs, o.At = runMs(l.ToolUseResult), t
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

// said is what the person typed in a session, in order, with times.
type said struct {
	at    []time.Time
	texts []string
}

// before returns the last messages typed at or before t.
func (s *said) before(t time.Time) []string {
	var h history
	for i, text := range s.texts {
		if !t.IsZero() && !s.at[i].IsZero() && s.at[i].After(t) {
			break
		}
		h.add(text)
	}
	return h.recent()
}

// subagentParent is the session transcript a subagent's transcript
// belongs to: Claude Code writes a subagent's conversation to
// <project>/<session>/subagents/agent-<id>.jsonl beside <session>.jsonl.
func subagentParent(path string) string {
	dir := filepath.Dir(path)
	if filepath.Base(dir) != "subagents" {
		return ""
	}
	return filepath.Dir(dir) + ".jsonl"
}

// readSaid reads what the person typed in a Claude Code transcript; a
// file that cannot be read gives nil.
func readSaid(path string) *said {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	s := &said{}
	_, _ = eachLine(f, func(raw []byte) {
		if !bytes.Contains(raw, []byte(`"user"`)) {
			return
		}
		var l claudeLine
		if json.Unmarshal(raw, &l) != nil || l.Type != "user" {
			return
		}
		if text, _ := claudeUser(l); text != "" {
			s.at = append(s.at, parseTime(l.Timestamp))
			s.texts = append(s.texts, text)
		}
	})
	return s
}
