package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// blockSize is how much is read at a time, backwards from the end.
const blockSize = 64 << 10

// headBytes is how much of a line's start tells whether it can hold a
// request.
const headBytes = 2048

// maxScan bounds how far back a JSONL transcript is read: the last few
// requests of any session lie well within it, and a hook never reads an
// unbounded file.
const maxScan = 16 << 20

// wholeBytes bounds a transcript that must be read whole (a JSON
// document rather than lines).
const wholeBytes = 8 << 20

// Requests returns the last n messages the user typed, oldest first. A
// JSONL transcript is read backwards from its end, a block at a time,
// and reading stops once n requests are found. A file that does not
// exist (yet) is an error that is fs.ErrNotExist; unreadable lines are
// skipped.
func Requests(path string, n int) ([]string, error) {
	f, size, err := open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out, err := fromEnd(f, size, n)
	if err != nil {
		return nil, fmt.Errorf("reading transcript %s: %w", path, err)
	}
	return out, nil
}

// open opens a transcript that is a regular file and returns its size. A
// file that does not exist is an error that is fs.ErrNotExist.
func open(path string) (*os.File, int64, error) {
	// Stat before opening: opening a FIFO would wait for a writer.
	if st, err := os.Stat(path); err != nil {
		return nil, 0, fmt.Errorf("reading transcript: %w", err)
	} else if !st.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("reading transcript %s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, fmt.Errorf("reading transcript: %w", err)
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() {
		err = errors.New("not a regular file")
	}
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("reading transcript %s: %w", path, err)
	}
	return f, st.Size(), nil
}

// FromText is Requests over a transcript already in memory.
func FromText(data []byte, n int) []string {
	out, _ := fromEnd(bytes.NewReader(data), int64(len(data)), n)
	return out
}

// fromEnd reads the requests of a transcript of the given size.
func fromEnd(r io.ReaderAt, size int64, n int) ([]string, error) {
	if n <= 0 {
		n = 3
	}
	head := make([]byte, min(size, 64))
	if _, err := r.ReadAt(head, 0); err != nil && err != io.EOF {
		return nil, err
	}
	if isDocument(head) {
		if size > wholeBytes {
			return nil, fmt.Errorf("a JSON session of %d bytes is larger than %d", size, wholeBytes)
		}
		data := make([]byte, size)
		if _, err := r.ReadAt(data, 0); err != nil && err != io.EOF {
			return nil, err
		}
		return lastN(fromDocument(data), n), nil
	}
	c := collector{n: n}
	err := eachLineBackwards(r, size, func(head []byte, length int, full func() ([]byte, error)) bool {
		if mayHoldRequest(head) {
			l, err := full()
			if err != nil {
				return false
			}
			readLine(l, &c)
		}
		return !c.done()
	})
	return c.result(), err
}

// isDocument reports whether a file's start is that of one indented JSON
// object (Gemini CLI's older session file) rather than one object per
// line: its first line, short enough to be in head, is not JSON.
func isDocument(head []byte) bool {
	t := bytes.TrimLeft(head, " \t\r\n")
	first, _, found := bytes.Cut(t, []byte("\n"))
	return found && len(t) > 0 && t[0] == '{' && !json.Valid(first)
}

// eachLineBackwards calls fn with each complete line, last line first,
// until fn returns false or maxScan bytes were read. A line that starts
// before the bound is not passed. fn gets the line's head (at most its
// first headBytes) and length, and full to read the whole line: most
// lines of a long session are skipped by their head, so one block
// buffer serves the whole scan and a long line is read whole only when
// it may hold a request.
func eachLineBackwards(r io.ReaderAt, size int64, fn func(head []byte, length int, full func() ([]byte, error)) bool) error {
	floor := max(size-maxScan, 0)
	buf := make([]byte, blockSize)
	var headBuf []byte
	var readErr error
	lineEnd := size // the end of the line being read: its newline, or EOF
	pos := size
	// emit passes the line [from, lineEnd) when buf holds [start, pos).
	emit := func(from, start int64) bool {
		length := lineEnd - from
		if length == 0 {
			return true
		}
		h := min(length, headBytes)
		var head []byte
		if from+h <= pos {
			head = buf[from-start : from-start+h]
		} else {
			headBuf = append(headBuf[:0], make([]byte, h)...)
			if _, err := r.ReadAt(headBuf, from); err != nil && err != io.EOF {
				readErr = err
				return false
			}
			head = headBuf
		}
		if len(bytes.TrimSpace(head)) == 0 {
			return true
		}
		to := lineEnd
		return fn(head, int(length), func() ([]byte, error) {
			if to <= pos {
				return buf[from-start : to-start], nil
			}
			line := make([]byte, to-from)
			_, err := r.ReadAt(line, from)
			if err == io.EOF {
				err = nil
			}
			return line, err
		})
	}
	for pos > floor {
		start := max(pos-blockSize, floor)
		block := buf[:pos-start]
		if _, err := r.ReadAt(block, start); err != nil && err != io.EOF {
			return err
		}
		// Newlines are found forwards (bytes.IndexByte is vectorised,
		// LastIndexByte is not), then the lines are taken last first.
		var nl []int
		for i := 0; ; {
			j := bytes.IndexByte(block[i:], '\n')
			if j < 0 {
				break
			}
			nl = append(nl, i+j)
			i += j + 1
		}
		for k := len(nl) - 1; k >= 0; k-- {
			if !emit(start+int64(nl[k])+1, start) {
				return readErr
			}
			lineEnd = start + int64(nl[k])
		}
		pos = start
	}
	if floor == 0 {
		// The first line: the buffer no longer says where it ends, so
		// emit reads it from r.
		emit(0, 0)
	}
	return readErr
}

func lastN(s []string, n int) []string {
	if n > 0 && len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// kind is the line shape a request was read from. A transcript is in one
// runtime's format; Codex writes each turn twice, so only one of its
// shapes is used.
type kind int

const (
	claudeUser kind = iota // Claude Code {"type": "user", "message": …}
	roleLine               // {"role": "user", …} (Cursor)
	geminiUser             // Gemini CLI 0.61 {"type": "user", "content": …}
	codexEvent             // Codex event_msg: only what the person typed
	codexItem              // Codex response_item: also the runtime's context
	reset                  // Gemini's {"$set": {"messages": …}}: nothing earlier counts
	numKinds
)

// collector gathers requests, newest first, per kind.
type collector struct {
	n       int
	found   [numKinds][]string
	stopped bool
}

// add records requests read from one line, given oldest first.
func (c *collector) add(k kind, texts ...string) {
	for i := len(texts) - 1; i >= 0; i-- {
		c.found[k] = append(c.found[k], texts[i])
	}
}

// done reports whether enough requests were read to stop.
func (c *collector) done() bool {
	if c.stopped {
		return true
	}
	for _, k := range []kind{claudeUser, roleLine, codexEvent} {
		if len(c.found[k]) >= c.n {
			return true
		}
	}
	if len(c.found[geminiUser])+len(c.found[reset]) >= c.n {
		return true
	}
	// A rollout without event lines (an older Codex) has only items.
	return len(c.found[codexItem]) >= c.n && len(c.found[codexEvent]) == 0
}

// result returns the last n requests of the transcript's format, oldest
// first.
func (c *collector) result() []string {
	var newest []string
	switch {
	case len(c.found[claudeUser]) > 0:
		newest = c.found[claudeUser]
	case len(c.found[roleLine]) > 0:
		newest = c.found[roleLine]
	case len(c.found[geminiUser])+len(c.found[reset]) > 0:
		newest = append(append([]string{}, c.found[geminiUser]...), c.found[reset]...)
	case len(c.found[codexEvent]) > 0:
		newest = c.found[codexEvent]
	default:
		newest = c.found[codexItem]
	}
	if len(newest) > c.n {
		newest = newest[:c.n]
	}
	out := make([]string, len(newest))
	for i, s := range newest {
		out[len(newest)-1-i] = s
	}
	return out
}

// line is the union of the line shapes this package reads.
type line struct {
	Type   string `json:"type"`
	IsMeta bool   `json:"isMeta"`
	// IsSidechain marks a subagent's conversation: its "user" turns are
	// the agent's prompts to the subagent, not the person's.
	IsSidechain bool `json:"isSidechain"`
	// IsCompactSummary marks Claude Code's summary of a compacted
	// session, written as a user message.
	IsCompactSummary bool            `json:"isCompactSummary"`
	Message          json.RawMessage `json:"message"`
	// Codex rollout lines carry their content in payload.
	Payload json.RawMessage `json:"payload"`
	// Other agents (Cursor's transcripts) write {"role": "user",
	// "content"|"message": …} lines; Gemini CLI 0.61 writes {"type":
	// "user", "content": …}.
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
	// Set is Gemini CLI 0.61's update of the session's fields.
	Set *struct {
		Messages []geminiMessage `json:"messages"`
	} `json:"$set"`
}

type message struct {
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type geminiMessage struct {
	Type    string          `json:"type"`
	Role    string          `json:"role"`
	Content json.RawMessage `json:"content"`
}

type part struct {
	Type string `json:"type"`
	Text string `json:"text"`
	// FunctionResponse is Gemini's tool result inside a user message.
	FunctionResponse json.RawMessage `json:"functionResponse"`
}

// mayHoldRequest is a cheap test that skips, without decoding them, the
// lines that cannot hold a request: most of a long session is tool
// output. Every format names a user turn near the start of its line,
// and a line that starts as a tool result holds none. (A request
// skipped by mistake only makes the gate stricter: what the user typed
// is then asked for rather than softened.)
func mayHoldRequest(head []byte) bool {
	marked := false
	for _, m := range []string{`"user"`, `"user_message"`, "UserMessage", `"$set"`} {
		if bytes.Contains(head, []byte(m)) {
			marked = true
			break
		}
	}
	if !marked {
		return false
	}
	// A line that holds a tool's result holds no request (userText
	// gives nothing for it), whatever its length: most user lines of a
	// working session are these, and decoding them was most of the scan.
	// The marker, with its quotes unescaped, cannot be inside a string.
	for _, result := range []string{`"tool_result"`, `"function_call_output"`, `"functionResponse"`} {
		if bytes.Contains(head, []byte(result)) {
			return false
		}
	}
	return true
}

// readLine adds the requests one line holds.
func readLine(raw []byte, c *collector) {
	var l line
	if json.Unmarshal(raw, &l) != nil {
		return
	}
	switch l.Type {
	case "":
		if l.Set != nil {
			if l.Set.Messages != nil {
				c.add(reset, geminiMessages(l.Set.Messages)...)
				c.stopped = true
			}
			return
		}
		if l.Role != "user" {
			return
		}
		raw := l.Content
		if len(raw) == 0 {
			var m message
			if json.Unmarshal(l.Message, &m) == nil {
				raw = m.Content
			}
		}
		if t := userText(raw); t != "" {
			c.add(roleLine, t)
		}
	case "user":
		if l.IsMeta || l.IsSidechain || l.IsCompactSummary {
			return
		}
		if len(l.Message) == 0 {
			if t := userText(l.Content); t != "" {
				c.add(geminiUser, t)
			}
			return
		}
		var m message
		if json.Unmarshal(l.Message, &m) != nil {
			return
		}
		if t := userText(m.Content); t != "" {
			c.add(claudeUser, t)
		}
	case "event_msg":
		if t := codexEventText(l.Payload); t != "" {
			c.add(codexEvent, t)
		}
	case "response_item":
		var p struct {
			Type string `json:"type"`
			message
		}
		if json.Unmarshal(l.Payload, &p) == nil && p.Type == "message" && p.Role == "user" {
			if t := userText(p.Content); t != "" {
				c.add(codexItem, t)
			}
		}
	}
}

// codexEventText returns what the person typed from a Codex event line:
// user_message (older versions) or item_completed of a UserMessage.
func codexEventText(payload json.RawMessage) string {
	var p struct {
		Type    string `json:"type"`
		Message string `json:"message"`
		Item    struct {
			Type    string          `json:"type"`
			Content json.RawMessage `json:"content"`
		} `json:"item"`
	}
	if json.Unmarshal(payload, &p) != nil {
		return ""
	}
	switch {
	case p.Type == "user_message" && typed(p.Message):
		return strings.TrimSpace(p.Message)
	case p.Type == "item_completed" && p.Item.Type == "UserMessage":
		return userText(p.Item.Content)
	}
	return ""
}

// geminiMessages returns the requests of a Gemini messages array. Its
// first user message is the session context Gemini writes itself.
func geminiMessages(msgs []geminiMessage) []string {
	var out []string
	first := true
	for _, m := range msgs {
		if m.Type != "user" && m.Role != "user" {
			continue
		}
		if first {
			first = false
			continue
		}
		if t := userText(m.Content); t != "" {
			out = append(out, t)
		}
	}
	return out
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
		if len(p.FunctionResponse) > 0 {
			return ""
		}
		switch p.Type {
		case "tool_result", "function_call_output":
			return ""
		case "text", "input_text", "":
			// Gemini's text parts have no type.
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
		"<session_context>", "<skills_instructions>",
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

// fromDocument reads Gemini CLI's older session file: {"messages":
// [{"type": "user", "content": …}, …]}.
func fromDocument(data []byte) []string {
	var doc struct {
		Messages []geminiMessage `json:"messages"`
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
