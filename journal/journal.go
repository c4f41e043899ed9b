package journal

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
)

const (
	// maxBytes bounds a session's record: past it, the oldest half is
	// dropped. An entry is about 100 to 200 bytes, so a record keeps the last
	// thousand writes or so, and reading it costs a hook well under a
	// millisecond however long the session.
	maxBytes = 256 << 10
	// maxAge is how long the record of a session nobody writes to is
	// kept; older ones are removed when a new session's record is made.
	maxAge = 14 * 24 * time.Hour
)

// Entry is one write the agent made.
type Entry struct {
	// Path is the file's absolute path.
	Path string
	// Sum is the hex arbiter.ContentSum of the content the write left.
	Sum string
	// Tool wrote it: Write, Edit, MultiEdit or Bash.
	Tool string
	// Decision is arbiter's verdict for the call, or, for a call a person
	// was asked about, "ran" or "refused" once the transcript said.
	Decision string
	// ID is the runtime's id of the tool call, to find its result in the
	// transcript.
	ID string
	// Time is when the call was decided, in Unix seconds.
	Time int64
	// By names the program of a shell write whose content is not known
	// to the byte (Sum is then empty): cp, curl, tar, rustc. From is the
	// absolute path of the file it copies, when it copies one. Tree marks
	// a folder the write fills with files the command does not list (an
	// archive unpacked, a folder copied in): every file under Path.
	By, From string
	Tree     bool
	// Build, on an entry of unknown content, is the compile that wrote
	// it, recorded on its own line before the entry's (see build.go).
	Build *Build
}

// Unknown reports a write whose content arbiter does not know.
func (e Entry) Unknown() bool { return e.Sum == "" }

// Digest returns the entry's sum as bytes; false when it is malformed.
func (e Entry) Digest() ([16]byte, bool) {
	var d [16]byte
	b, err := hex.DecodeString(e.Sum)
	if err != nil || len(b) != len(d) {
		return d, false
	}
	copy(d[:], b)
	return d, true
}

// Journal is one session's record, read once.
type Journal struct {
	file   string
	data   []byte // the record as read, and the lines this process added
	size   int64
	loaded bool // data holds the record as read
	// err is why the record could not be read when a lookup needed it.
	err error
}

// Err says why the record could not be read when a lookup needed it.
func (j *Journal) Err() error {
	if j == nil {
		return nil
	}
	return j.err
}

// File returns where the record of a session is kept under dir. The
// session id is hashed: it comes from the payload, and a name built from
// it must not reach outside the folder.
func File(dir, session string) string {
	sum := arbiter.ContentSum([]byte(session))
	return filepath.Join(dir, "journal", hex.EncodeToString(sum[:])+".tsv")
}

// Open finds the record of a session under dir. A session with no record
// yet has an empty one. The record is read only when a file is looked up
// (or it is rewritten): recording a write appends to it unread.
func Open(dir, session string) (*Journal, error) {
	if dir == "" || session == "" {
		return nil, errors.New("no cache directory or no session id")
	}
	j := &Journal{file: File(dir, session)}
	st, err := os.Stat(j.file)
	if errors.Is(err, fs.ErrNotExist) {
		j.loaded = true
		return j, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the session's record: %w", err)
	}
	if err := check(j.file, st); err != nil {
		return nil, err
	}
	j.size = st.Size()
	return j, nil
}

// check refuses a record arbiter did not make: not a regular file, or one
// others may read or write.
func check(file string, st fs.FileInfo) error {
	if !st.Mode().IsRegular() {
		return fmt.Errorf("the session's record %s is not a regular file", file)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("the session's record %s has mode %v, not 0600", file, st.Mode().Perm())
	}
	return nil
}

// load reads the record, once: its last maxBytes when it is larger (which
// arbiter never writes). A record that cannot be read is empty.
func (j *Journal) load() error {
	if j.loaded {
		return nil
	}
	j.loaded = true
	f, err := os.Open(j.file)
	if err != nil {
		return fmt.Errorf("reading the session's record: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil {
		err = check(j.file, st)
	}
	if err != nil {
		return err
	}
	from := max(st.Size()-maxBytes, 0)
	data := make([]byte, st.Size()-from)
	if _, err := f.ReadAt(data, from); err != nil && err != io.EOF {
		return fmt.Errorf("reading the session's record %s: %w", j.file, err)
	}
	if from > 0 {
		// The cut fell inside a line: start at the next one.
		if at := bytes.IndexByte(data, '\n'); at >= 0 {
			data = data[at+1:]
		}
	}
	j.data = data // what this process appended is in the file already
	return nil
}

// A record is one line an entry, its fields separated by tabs and the
// path last: "v1 time tool decision sum id path". Splitting a line costs
// a fraction of decoding JSON, which for a full record was 8 ms a call.
const version = "v1"

// encode writes an entry's line (a write of unknown content: see
// unknown.go).
func encode(buf *bytes.Buffer, e Entry) {
	if e.Unknown() {
		if e.Build != nil {
			encodeBuild(buf, e.Build)
		}
		encodeUnknown(buf, e)
		return
	}
	writeLine(buf, version, strconv.FormatInt(e.Time, 10), e.Tool, e.Decision, e.Sum, e.ID, e.Path)
}

// writeLine writes one record of the journal: its kind and its fields,
// tab separated, ended by a line break.
func writeLine(buf *bytes.Buffer, kind string, fields ...string) {
	buf.WriteString(kind)
	for _, f := range fields {
		buf.WriteByte('\t')
		buf.WriteString(f)
	}
	buf.WriteByte('\n')
}

// decode reads one line; false when it is not a well-formed entry.
func decode(line []byte) (Entry, bool) {
	if e, ok := decodeUnknown(line); ok {
		return e, true
	}
	f := strings.SplitN(string(line), "\t", 7)
	if len(f) != 7 || f[0] != version {
		return Entry{}, false
	}
	t, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return Entry{}, false
	}
	e := Entry{Time: t, Tool: f[2], Decision: f[3], Sum: f[4], ID: f[5], Path: f[6]}
	return e, valid(e)
}

// Parse reads the entries of a record. A line that is not a well-formed
// entry is skipped.
func Parse(data []byte) []Entry {
	var out []Entry
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		if e, ok := decode(line); ok {
			out = append(out, e)
		}
	}
	return out
}

// valid reports an entry arbiter could have written: an absolute, clean
// path and a whole sum, and no field that holds a tab or a line break.
func valid(e Entry) bool {
	if e.Unknown() {
		return validUnknown(e) && (e.Build == nil || e.Build.valid() && e.Build.Output == e.Path && e.Build.ID == e.ID && e.Build.Time == e.Time)
	}
	if e.Build != nil {
		return false
	}
	if _, ok := e.Digest(); !ok || e.Tool == "" || e.By != "" || e.From != "" || e.Tree || !filepath.IsAbs(e.Path) || filepath.Clean(e.Path) != e.Path {
		return false
	}
	return plainFields(e)
}

// Valid reports an entry the record can hold (see valid).
func (e Entry) Valid() bool { return valid(e) }

// plainFields reports an entry none of whose fields holds a tab or a line
// break, which would split its line.
func plainFields(e Entry) bool {
	for _, f := range []string{e.Tool, e.Decision, e.ID, e.Path, e.By, e.From} {
		if strings.ContainsAny(f, "\t\n\r\x00") {
			return false
		}
	}
	return true
}

// Lookup returns the newest entry for a file: one of the file itself, or
// of a folder a write filled (a Tree entry) that holds it. The record's
// lines are scanned for it, not decoded: a call looks up a few files of a
// record that may hold a thousand, and a scan of a full record costs tens
// of microseconds where decoding it all cost milliseconds.
func (j *Journal) Lookup(abs string) (Entry, bool) {
	if j == nil || abs == "" {
		return Entry{}, false
	}
	if err := j.load(); err != nil {
		j.err = err
		return Entry{}, false
	}
	var newest []byte
	suffix := "\t" + abs
	for data := j.data; len(data) > 0; {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			break // a line being written, or cut: not an entry yet
		}
		if line := data[:end]; len(line) > len(suffix) && string(line[len(line)-len(suffix):]) == suffix || holds(line, abs) {
			newest = line
		}
		data = data[end+1:]
	}
	if newest == nil {
		return Entry{}, false
	}
	return decode(newest)
}

// Len is the number of entries.
func (j *Journal) Len() int {
	if j == nil || j.load() != nil {
		return 0
	}
	return bytes.Count(j.data, []byte("\n"))
}

// Append adds entries to the record (see appendLines).
func (j *Journal) Append(es ...Entry) error {
	var buf bytes.Buffer
	for _, e := range es {
		if !valid(e) {
			return fmt.Errorf("recording a write of %q: not an absolute path with a sum", e.Path)
		}
		encode(&buf, e)
	}
	return j.appendLines(buf.Bytes())
}

// appendLines adds whole lines to the record: appended to its file, or,
// when that would pass the bound, the file is rewritten with the newest
// half of what it holds and the new lines.
func (j *Journal) appendLines(lines []byte) error {
	if len(lines) == 0 {
		return nil
	}
	if err := j.makeDir(); err != nil {
		return err
	}
	if j.size+int64(len(lines)) > maxBytes {
		return j.rewrite(lines)
	}
	f, err := os.OpenFile(j.file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("recording in the session's record: %w", err)
	}
	// One write call: concurrent hooks of one session append whole lines.
	_, err = f.Write(lines)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("recording in the session's record %s: %w", j.file, err)
	}
	j.size += int64(len(lines))
	j.data = append(j.data, lines...)
	return nil
}

// makeDir creates the record's folder, 0700, and sweeps out the records
// of sessions nobody wrote to for maxAge when this session's is new.
func (j *Journal) makeDir() error {
	dir := filepath.Dir(j.file)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("making the folder of the session's record: %w", err)
	}
	if j.size == 0 {
		sweep(dir, time.Now())
	}
	return nil
}

// sweep removes records older than maxAge: one file per session would
// otherwise pile up.
func sweep(dir string, now time.Time) {
	names, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, n := range names {
		if !strings.HasSuffix(n.Name(), ".tsv") {
			continue
		}
		if info, err := n.Info(); err == nil && info.Mode().IsRegular() && now.Sub(info.ModTime()) > maxAge {
			os.Remove(filepath.Join(dir, n.Name()))
		}
	}
}

// rewrite replaces the file with the newest half of its lines and the
// new ones, through a temporary file renamed over it.
func (j *Journal) rewrite(added []byte) error {
	if err := j.load(); err != nil {
		return err
	}
	keep := j.data[len(j.data)/2:]
	if at := bytes.IndexByte(keep, '\n'); at >= 0 {
		keep = keep[at+1:] // from a line's start
	} else {
		keep = nil
	}
	data := append(append([]byte{}, keep...), added...)
	tmp, err := os.CreateTemp(filepath.Dir(j.file), ".journal-*")
	if err != nil {
		return fmt.Errorf("rewriting the session's record: %w", err)
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), j.file)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("rewriting the session's record %s: %w", j.file, err)
	}
	j.data, j.size = data, int64(len(data))
	return nil
}
