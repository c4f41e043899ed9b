package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// tailBytes is how much of the end of a JSONL transcript is read: enough
// for the last few turns, bounded however long the session ran.
const tailBytes = 1 << 20

// wholeBytes bounds a transcript that must be read whole (a JSON
// document rather than lines).
const wholeBytes = 8 << 20

// Requests returns the last n messages the user typed, oldest first.
// A missing file is an error; unreadable lines are skipped.
func Requests(path string, n int) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading transcript: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading transcript %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("reading transcript %s: not a regular file", path)
	}
	size := st.Size()
	start := int64(0)
	if size > tailBytes {
		start = size - tailBytes
	}
	buf := make([]byte, size-start)
	if _, err := f.ReadAt(buf, start); err != nil && err != io.EOF {
		return nil, fmt.Errorf("reading transcript %s: %w", path, err)
	}
	if start > 0 {
		// Drop the partial first line.
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			buf = buf[i+1:]
		} else {
			buf = nil
		}
	}
	if start == 0 && size <= wholeBytes && looksLikeDocument(buf) {
		return lastN(fromDocument(buf), n), nil
	}
	return lastN(fromLines(buf), n), nil
}

// FromText is Requests over a transcript already in memory.
func FromText(data []byte, n int) []string {
	if looksLikeDocument(data) {
		return lastN(fromDocument(data), n)
	}
	return lastN(fromLines(data), n)
}

func lastN(s []string, n int) []string {
	if n > 0 && len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// looksLikeDocument reports whether data is one JSON object spanning the
// file (Gemini's session file) rather than one object per line.
func looksLikeDocument(data []byte) bool {
	t := bytes.TrimSpace(data)
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	first, _, found := bytes.Cut(t, []byte("\n"))
	if !found {
		return false
	}
	return !json.Valid(first)
}

// line is the union of the line shapes this package reads.
type line struct {
	Type   string `json:"type"`
	IsMeta bool   `json:"isMeta"`
	// IsSidechain marks a subagent's conversation: its "user" turns are
	// the agent's prompts to the subagent, not the person's.
	IsSidechain bool            `json:"isSidechain"`
	Message     json.RawMessage `json:"message"`
	// Codex rollout lines carry their content in payload.
	Payload json.RawMessage `json:"payload"`
	// Other agents (Cursor's transcripts) write {"role": "user",
	// "content"|"message": …} lines.
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type part struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

func fromLines(data []byte) []string {
	var claude, codexEvents, codexItems, roles []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), tailBytes+1)
	for sc.Scan() {
		var l line
		if json.Unmarshal(sc.Bytes(), &l) != nil {
			continue
		}
		switch l.Type {
		case "":
			if l.Role != "user" {
				continue
			}
			raw := l.Content
			if len(raw) == 0 {
				var m message
				if json.Unmarshal(l.Message, &m) == nil {
					raw = m.Content
				}
			}
			if t := userText(raw); t != "" {
				roles = append(roles, t)
			}
		case "user":
			if l.IsMeta || l.IsSidechain {
				continue
			}
			var m message
			if json.Unmarshal(l.Message, &m) != nil {
				continue
			}
			if t := userText(m.Content); t != "" {
				claude = append(claude, t)
			}
		case "event_msg":
			var p struct {
				Type    string `json:"type"`
				Message string `json:"message"`
			}
			if json.Unmarshal(l.Payload, &p) == nil && p.Type == "user_message" && typed(p.Message) {
				codexEvents = append(codexEvents, strings.TrimSpace(p.Message))
			}
		case "response_item":
			var p struct {
				Type string `json:"type"`
				message
			}
			if json.Unmarshal(l.Payload, &p) == nil && p.Type == "message" && p.Role == "user" {
				if t := userText(p.Content); t != "" {
					codexItems = append(codexItems, t)
				}
			}
		}
	}
	switch {
	case len(claude) > 0:
		return claude
	case len(roles) > 0:
		return roles
	case len(codexEvents) > 0:
		// Codex writes each user turn twice; its event lines hold only
		// what the person typed.
		return codexEvents
	}
	return codexItems
}

// userText joins the text parts of a user message. A message that
// carries a tool result is the runtime reporting back, not the person.
func userText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if typed(s) {
			return strings.TrimSpace(s)
		}
		return ""
	}
	var parts []part
	if json.Unmarshal(raw, &parts) != nil {
		return ""
	}
	var texts []string
	for _, p := range parts {
		switch p.Type {
		case "tool_result", "function_call_output":
			return ""
		case "text", "input_text":
			if typed(p.Text) {
				texts = append(texts, strings.TrimSpace(p.Text))
			}
		}
	}
	return strings.Join(texts, "\n")
}

// typed reports whether text reads as something a person wrote, not a
// runtime wrapper: local command echoes, caveats, injected context.
func typed(s string) bool {
	t := strings.TrimSpace(s)
	if t == "" {
		return false
	}
	for _, p := range []string{
		"<command-name>", "<command-message>", "<local-command-stdout>", "<local-command-stderr>",
		"<system-reminder>", "<environment_context>", "<user_instructions>", "<user_shell_command>",
		"Caveat: The messages below were generated by the user while running local commands",
		"# AGENTS.md instructions",
		"[Request interrupted by user",
	} {
		if strings.HasPrefix(t, p) {
			return false
		}
	}
	return true
}

// fromDocument reads Gemini CLI's session file: {"messages": [{"type":
// "user", "content": …}, …]}.
func fromDocument(data []byte) []string {
	var doc struct {
		Messages []struct {
			Type    string          `json:"type"`
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return nil
	}
	var out []string
	for _, m := range doc.Messages {
		if m.Type != "user" && m.Role != "user" {
			continue
		}
		if t := userText(m.Content); t != "" {
			out = append(out, t)
		}
	}
	return out
}
