package journal

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// Answer is arbiter's answer to a call a person could be asked about (ask,
// or defer that the runtime may turn into its own prompt), and, once the
// session's file said, whether the call ran (the person approved it) or
// was refused. It holds digests, never the command: Key identifies the
// call (its normalised command segments, folder and event), Files the
// content of every file it reads or runs, Input its exact input, for a
// runtime that gives the call no id.
type Answer struct {
	// Time is when the call was decided, in Unix seconds.
	Time int64
	// Status is the verdict arbiter answered ("ask", "defer"), or "ran" or
	// "refused" once the session's file said.
	Status string
	// Key, Files and Input are hex digests (arbiter.ContentSum).
	Key, Files, Input string
	// ID is the runtime's id of the tool call; "" when it gives none.
	ID string
}

// An answer's line is "a1 time status key files id input", tab
// separated. Its last field is a hex digest, never an absolute path, so
// that Lookup, which matches a line's end against "\t/path", never takes
// an answer for a write; a reader of the "v1" lines alone skips it.
const answerVersion = "a1"

// encodeAnswer writes an answer's line.
func encodeAnswer(buf *bytes.Buffer, a Answer) {
	writeLine(buf, answerVersion, strconv.FormatInt(a.Time, 10), a.Status, a.Key, a.Files, a.ID, a.Input)
}

// DecodeAnswer reads one answer's line; false when it is not a
// well-formed one.
func DecodeAnswer(line []byte) (Answer, bool) {
	f := strings.Split(string(line), "\t")
	if len(f) != 7 || f[0] != answerVersion {
		return Answer{}, false
	}
	t, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return Answer{}, false
	}
	a := Answer{Time: t, Status: f[2], Key: f[3], Files: f[4], ID: f[5], Input: f[6]}
	return a, validAnswer(a)
}

// validAnswer reports an answer arbiter could have written: whole digests,
// a status, and an id with no tab, line break or NUL.
func validAnswer(a Answer) bool {
	for _, d := range []string{a.Key, a.Files, a.Input} {
		if b, err := hex.DecodeString(d); err != nil || len(b) != 16 {
			return false
		}
	}
	return a.Status != "" && !strings.ContainsAny(a.Status+a.ID, "\t\n\r\x00") && len(a.ID) <= 256
}

// Answers returns the answers recorded for a key, oldest first. The
// record's lines are scanned for the key before any is decoded.
func (j *Journal) Answers(key string) []Answer {
	if j == nil || key == "" {
		return nil
	}
	if err := j.load(); err != nil {
		j.err = err
		return nil
	}
	var out []Answer
	prefix := []byte(answerVersion + "\t")
	needle := []byte("\t" + key + "\t")
	for data := j.data; len(data) > 0; {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			break // a line being written, or cut
		}
		if line := data[:end]; bytes.HasPrefix(line, prefix) && bytes.Contains(line, needle) {
			if a, ok := DecodeAnswer(line); ok && a.Key == key {
				out = append(out, a)
			}
		}
		data = data[end+1:]
	}
	return out
}

// AppendAnswers adds answers to the record, bounded as writes are.
func (j *Journal) AppendAnswers(as ...Answer) error {
	var buf bytes.Buffer
	for _, a := range as {
		if !validAnswer(a) {
			return fmt.Errorf("recording an answer at %d: not whole digests with a status", a.Time)
		}
		encodeAnswer(&buf, a)
	}
	return j.appendLines(buf.Bytes())
}
