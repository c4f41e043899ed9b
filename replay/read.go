package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
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

// readers are the session formats replay reads, by the runtime's ID in
// the registry (package agents).
var readers = [...]struct {
	rt  Runtime
	new func(b builder, s *Session, opt ReadOptions) reader
}{
	{Claude, func(b builder, s *Session, opt ReadOptions) reader {
		return &claudeReader{b: b, s: s, parent: opt.parent, pending: map[string]int{}, hookMs: map[string]int64{}, started: map[string]time.Time{}}
	}},
	{Codex, func(b builder, s *Session, _ ReadOptions) reader {
		return &codexReader{b: b, s: s, pending: map[string]int{}, started: map[string]time.Time{}}
	}},
	{Gemini, func(b builder, s *Session, _ ReadOptions) reader {
		return &geminiReader{b: b, s: s, byID: map[string]geminiMessage{}}
	}},
}

// readerFor returns the constructor of a runtime's session reader.
func readerFor(rt Runtime) (func(builder, *Session, ReadOptions) reader, bool) {
	for _, r := range readers {
		if r.rt == rt {
			return r.new, true
		}
	}
	return nil, false
}

// orList names runtimes for a message: "claude, codex or gemini".
func orList(rts []Runtime) string {
	names := make([]string, len(rts))
	for i, rt := range rts {
		names[i] = string(rt)
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
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
	newReader, ok := readerFor(rt)
	if !ok {
		return nil, fmt.Errorf("unknown runtime %q (want %s)", rt, orList(Runtimes()))
	}
	rd := newReader(b, s, opt)
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
