package journal

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/arbitergate/arbiter"
)

const (
	// maxBytes bounds a session's record: past it, the oldest half is
	// dropped. An entry is about 250 bytes, so a record keeps the last
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
	Path string `json:"path"`
	// Sum is the hex content sum (arbiter.ContentSum) of the content the write left.
	Sum string `json:"sum"`
	// Tool wrote it: Write, Edit, MultiEdit or Bash.
	Tool string `json:"tool"`
	// Decision is arbiter's verdict for the call.
	Decision string `json:"decision"`
	// ID is the runtime's id of the tool call, to find its result in the
	// transcript.
	ID string `json:"id,omitempty"`
	// Time is when the call was decided, in Unix seconds.
	Time int64 `json:"time"`
}

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
	file    string
	entries []Entry
	index   map[string]int // path → its newest entry
	size    int64
}

// File returns where the record of a session is kept under dir. The
// session id is hashed: it comes from the payload, and a name built from
// it must not reach outside the folder.
func File(dir, session string) string {
	sum := arbiter.ContentSum([]byte(session))
	return filepath.Join(dir, "journal", hex.EncodeToString(sum[:])+".jsonl")
}

// Open reads the record of a session under dir. A session with no record
// yet has an empty one. A record larger than the bound (which arbiter
// never writes) is read from its last maxBytes.
func Open(dir, session string) (*Journal, error) {
	if dir == "" || session == "" {
		return nil, errors.New("no cache directory or no session id")
	}
	j := &Journal{file: File(dir, session), index: map[string]int{}}
	f, err := os.Open(j.file)
	if errors.Is(err, fs.ErrNotExist) {
		return j, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the session's record: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading the session's record %s: %w", j.file, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("the session's record %s is not a regular file", j.file)
	}
	if st.Mode().Perm()&0o077 != 0 {
		// arbiter makes it 0600: one others may write is not its record.
		return nil, fmt.Errorf("the session's record %s has mode %v, not 0600", j.file, st.Mode().Perm())
	}
	from := max(st.Size()-maxBytes, 0)
	data := make([]byte, st.Size()-from)
	if _, err := f.ReadAt(data, from); err != nil && err != io.EOF {
		return nil, fmt.Errorf("reading the session's record %s: %w", j.file, err)
	}
	if from > 0 {
		// The cut fell inside a line: start at the next one.
		if at := bytes.IndexByte(data, '\n'); at >= 0 {
			data = data[at+1:]
		}
	}
	j.size = int64(len(data))
	for _, e := range Parse(data) {
		j.add(e)
	}
	return j, nil
}

// Parse reads the entries of a record, one JSON object a line. A line
// that is not a well-formed entry is skipped.
func Parse(data []byte) []Entry {
	var out []Entry
	for line := range bytes.SplitSeq(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var e Entry
		if json.Unmarshal(line, &e) != nil || !valid(e) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// valid reports an entry arbiter could have written: an absolute, clean
// path and a whole sum.
func valid(e Entry) bool {
	_, ok := e.Digest()
	return ok && filepath.IsAbs(e.Path) && filepath.Clean(e.Path) == e.Path && e.Tool != "" && !strings.ContainsRune(e.Path, 0)
}

func (j *Journal) add(e Entry) {
	j.index[e.Path] = len(j.entries)
	j.entries = append(j.entries, e)
}

// Lookup returns the newest entry for a file.
func (j *Journal) Lookup(abs string) (Entry, bool) {
	if j == nil {
		return Entry{}, false
	}
	i, ok := j.index[abs]
	if !ok {
		return Entry{}, false
	}
	return j.entries[i], true
}

// Len is the number of entries.
func (j *Journal) Len() int {
	if j == nil {
		return 0
	}
	return len(j.entries)
}

// Append adds entries to the record: appended to its file, or, when that
// would pass the bound, the file is rewritten with the newest half of
// what it holds and the new entries.
func (j *Journal) Append(es ...Entry) error {
	var buf bytes.Buffer
	for _, e := range es {
		if !valid(e) {
			return fmt.Errorf("recording a write of %q: not an absolute path with a sum", e.Path)
		}
		b, err := json.Marshal(e)
		if err != nil {
			return fmt.Errorf("recording a write of %s: %w", e.Path, err)
		}
		buf.Write(b)
		buf.WriteByte('\n')
	}
	if buf.Len() == 0 {
		return nil
	}
	if err := j.makeDir(); err != nil {
		return err
	}
	if j.size+int64(buf.Len()) > maxBytes {
		return j.rewrite(es, buf.Bytes())
	}
	f, err := os.OpenFile(j.file, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("recording the session's writes: %w", err)
	}
	// One write call: concurrent hooks of one session append whole lines.
	_, err = f.Write(buf.Bytes())
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("recording the session's writes in %s: %w", j.file, err)
	}
	j.size += int64(buf.Len())
	for _, e := range es {
		j.add(e)
	}
	return nil
}

// makeDir creates the record's folder, 0700, and sweeps out the records
// of sessions nobody wrote to for maxAge when this session's is new.
func (j *Journal) makeDir() error {
	dir := filepath.Dir(j.file)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("making the folder of the session's record: %w", err)
	}
	if j.size == 0 && len(j.entries) == 0 {
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
		if !strings.HasSuffix(n.Name(), ".jsonl") {
			continue
		}
		if info, err := n.Info(); err == nil && info.Mode().IsRegular() && now.Sub(info.ModTime()) > maxAge {
			os.Remove(filepath.Join(dir, n.Name()))
		}
	}
}

// rewrite replaces the file with the newest half of its entries and the
// new ones, through a temporary file renamed over it.
func (j *Journal) rewrite(es []Entry, added []byte) error {
	keep := j.entries[len(j.entries)/2:]
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	for _, e := range keep {
		b, _ := json.Marshal(e) // entries read back were valid
		w.Write(b)
		w.WriteByte('\n')
	}
	w.Write(added)
	w.Flush()
	tmp, err := os.CreateTemp(filepath.Dir(j.file), ".journal-*")
	if err != nil {
		return fmt.Errorf("rewriting the session's record: %w", err)
	}
	_, err = tmp.Write(buf.Bytes())
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
	kept := append([]Entry(nil), keep...)
	j.entries, j.index, j.size = nil, map[string]int{}, int64(buf.Len())
	for _, e := range append(kept, es...) {
		j.add(e)
	}
	return nil
}
