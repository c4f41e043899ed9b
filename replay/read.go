package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"
)

// maxDocument bounds a session stored as one JSON document (Gemini CLI
// before 0.61), which must be read whole.
const maxDocument = 64 << 20

// ReadOptions tune how a session is read.
type ReadOptions struct {
	// Runtime forces the format; empty means tell from the content.
	Runtime Runtime
	// Home resolves "~" in the calls; empty means the process's own.
	Home string
	// parent is what the person typed in the session a subagent's
	// transcript belongs to.
	parent *said
}

// reader is one runtime's session format.
type reader interface {
	line(raw []byte) bool
	finish()
}

// Read reads one session file.
func Read(path string, opt ReadOptions) (*Session, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading session %s: %w", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading session %s: %w", path, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("reading session %s: not a regular file", path)
	}
	if opt.Runtime == Claude || opt.Runtime == "" {
		if p := subagentParent(path); p != "" {
			opt.parent = readSaid(p)
		}
	}
	s, err := ReadFrom(f, opt)
	if s != nil {
		s.Path = path
	}
	if err != nil {
		return s, fmt.Errorf("reading session %s: %w", path, err)
	}
	return s, nil
}

// ReadFrom reads one session from r.
func ReadFrom(r io.Reader, opt ReadOptions) (*Session, error) {
	home := opt.Home
	if home == "" {
		home, _ = os.UserHomeDir()
	}
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(r, head)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	head = head[:n]
	rt := opt.Runtime
	if rt == "" {
		rt = detect(head)
	}
	s := &Session{Runtime: rt}
	b := builder{home: home}
	var rd reader
	switch rt {
	case Claude:
		rd = &claudeReader{b: b, s: s, parent: opt.parent, pending: map[string]int{}, hookMs: map[string]int64{}, started: map[string]time.Time{}}
	case Codex:
		rd = &codexReader{b: b, s: s, pending: map[string]int{}, started: map[string]time.Time{}}
	case Gemini:
		rd = &geminiReader{b: b, s: s, byID: map[string]geminiMessage{}}
	default:
		return nil, fmt.Errorf("unknown runtime %q (want claude, codex or gemini)", rt)
	}
	all := io.MultiReader(bytes.NewReader(head), r)
	if document(head) {
		data, err := io.ReadAll(io.LimitReader(all, maxDocument+1))
		if err != nil {
			return nil, err
		}
		if len(data) > maxDocument {
			return nil, fmt.Errorf("the session document is larger than %d bytes", maxDocument)
		}
		var doc struct {
			Messages json.RawMessage `json:"messages"`
		}
		if json.Unmarshal(data, &doc) != nil {
			return nil, fmt.Errorf("the session is not valid JSON")
		}
		if len(doc.Messages) == 0 || !rd.line(bytes.TrimSpace(data)) {
			return nil, fmt.Errorf("the file is not a session (a JSON document with no messages)")
		}
		rd.finish()
		return s, nil
	}
	good := 0
	skipped, err := eachLine(all, func(l []byte) {
		if rd.line(l) {
			good++
		} else {
			s.BadLines++
		}
	})
	s.BadLines += skipped
	if err != nil {
		return s, err
	}
	if good == 0 {
		return s, fmt.Errorf("no line of it is a JSON object")
	}
	rd.finish()
	return s, nil
}

func (*claudeReader) finish() {}
func (*codexReader) finish()  {}

// detect tells a session's runtime from its first JSON line.
func detect(head []byte) Runtime {
	if document(head) {
		return Gemini
	}
	for _, l := range bytes.Split(head, []byte("\n")) {
		var keys map[string]json.RawMessage
		if json.Unmarshal(bytes.TrimSpace(l), &keys) != nil {
			continue
		}
		_, payload := keys["payload"]
		_, set := keys["$set"]
		_, hash := keys["projectHash"]
		_, messages := keys["messages"]
		switch {
		case payload:
			return Codex
		case set || hash || messages:
			return Gemini
		}
		return Claude
	}
	return Claude
}

// document reports whether a file starts with a JSON object that spans
// lines (a whole-session document) rather than one object per line.
func document(head []byte) bool {
	t := bytes.TrimSpace(head)
	if len(t) == 0 || t[0] != '{' {
		return false
	}
	first, _, found := bytes.Cut(t, []byte("\n"))
	return found && !json.Valid(first) || !found && json.Valid(t) && bytes.Contains(t, []byte(`"messages"`))
}
