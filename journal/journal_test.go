package journal

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
)

func entry(p string, n int) Entry {
	sum := arbiter.ContentSum([]byte(fmt.Sprint(n)))
	return Entry{Path: p, Sum: hex.EncodeToString(sum[:]), Tool: "Write", Decision: "allow", ID: fmt.Sprintf("toolu_%d", n), Time: int64(n)}
}

func TestAppendAndLookup(t *testing.T) {
	dir := t.TempDir()
	j, err := Open(dir, "session-1")
	if err != nil || j.Len() != 0 {
		t.Fatalf("a new session: %v, %d entries", err, j.Len())
	}
	if err := j.Append(entry("/tmp/a.sh", 1), entry("/tmp/b.sh", 2)); err != nil {
		t.Fatal(err)
	}
	if err := j.Append(entry("/tmp/a.sh", 3)); err != nil {
		t.Fatal(err)
	}
	again, err := Open(dir, "session-1")
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := again.Lookup("/tmp/a.sh"); !ok || e.ID != "toolu_3" {
		t.Errorf("the newest entry of /tmp/a.sh: %+v %v, want toolu_3", e, ok)
	}
	if _, ok := again.Lookup("/tmp/c.sh"); ok {
		t.Error("a file never written is in the record")
	}
	// Appended unread, then read: both the old entries and the new.
	third, _ := Open(dir, "session-1")
	if err := third.Append(entry("/tmp/c.sh", 4)); err != nil {
		t.Fatal(err)
	}
	if _, ok := third.Lookup("/tmp/b.sh"); !ok || third.Len() != 4 {
		t.Errorf("after an append unread: /tmp/b.sh %v, %d entries, want 4", ok, third.Len())
	}
	if e, ok := third.Lookup("/tmp/c.sh"); !ok || e.ID != "toolu_4" {
		t.Errorf("the entry appended unread: %+v %v", e, ok)
	}
	if other, _ := Open(dir, "session-2"); other.Len() != 0 {
		t.Error("another session sees this session's record")
	}
	st, err := os.Stat(File(dir, "session-1"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("the record's mode: %v %v, want 0600", st.Mode().Perm(), err)
	}
	if st, err := os.Stat(filepath.Dir(File(dir, "session-1"))); err != nil || st.Mode().Perm() != 0o700 {
		t.Errorf("the record's folder: %v %v, want 0700", st.Mode().Perm(), err)
	}
}

// TestBounded: a long session's record stays within its bound, keeping
// the newest entries.
func TestBounded(t *testing.T) {
	dir := t.TempDir()
	n := 0
	for range 40 {
		j, err := Open(dir, "long")
		if err != nil {
			t.Fatal(err)
		}
		var es []Entry
		for range 100 {
			n++
			es = append(es, entry(fmt.Sprintf("/tmp/f%d.sh", n), n))
		}
		if err := j.Append(es...); err != nil {
			t.Fatal(err)
		}
	}
	st, _ := os.Stat(File(dir, "long"))
	if st.Size() > maxBytes {
		t.Errorf("the record is %d bytes, over its bound of %d", st.Size(), maxBytes)
	}
	j, _ := Open(dir, "long")
	if _, ok := j.Lookup(fmt.Sprintf("/tmp/f%d.sh", n)); !ok {
		t.Error("the newest entry was dropped")
	}
	if _, ok := j.Lookup("/tmp/f1.sh"); ok {
		t.Error("the oldest entry was kept past the bound")
	}
}

// TestNotArbiters: a record others may write, or that is not a file, is
// not read.
func TestNotArbiters(t *testing.T) {
	dir := t.TempDir()
	j, _ := Open(dir, "s")
	if err := j.Append(entry("/tmp/a.sh", 1)); err != nil {
		t.Fatal(err)
	}
	os.Chmod(File(dir, "s"), 0o666)
	if _, err := Open(dir, "s"); err == nil || !strings.Contains(err.Error(), "0600") {
		t.Errorf("a record others may write: %v, want an error naming 0600", err)
	}
	if _, err := Open("", "s"); err == nil {
		t.Error("no cache folder: no error")
	}
}

func TestParseSkipsWhatArbiterDoesNotWrite(t *testing.T) {
	good := entry("/tmp/a.sh", 1)
	data := strings.Join([]string{
		"v1\t1\tWrite\tallow\t" + good.Sum + "\ttoolu_1\t/tmp/a.sh",
		"v1\t1\tWrite\tallow\t" + good.Sum + "\ttoolu_1\trelative.sh",
		"v1\t1\tWrite\tallow\t" + good.Sum + "\ttoolu_1\t/tmp/../etc/x",
		"v1\t1\tWrite\tallow\tabc\ttoolu_1\t/tmp/b.sh",
		"v2\t1\tWrite\tallow\t" + good.Sum + "\ttoolu_1\t/tmp/c.sh",
		`{"path":"/tmp/d.sh"}`,
	}, "\n")
	if got := Parse([]byte(data)); len(got) != 1 || got[0].Path != "/tmp/a.sh" {
		t.Errorf("Parse kept %+v, want only /tmp/a.sh", got)
	}
}

// FuzzParse: any record parses without panic into valid entries only.
func FuzzParse(f *testing.F) {
	e := entry("/tmp/a.sh", 1)
	f.Add([]byte("v1\t1\tWrite\tallow\t" + e.Sum + "\tx\t/tmp/a.sh\n"))
	f.Add([]byte("{\n}\n\x00"))
	f.Add([]byte("u1\t1\tBash\tallow\tcp\t/tmp/evil\tx\t/p/a\nt1\t2\tBash\tallow\ttar\t\tx\t/p\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, e := range Parse(data) {
			if !valid(e) {
				t.Fatalf("Parse returned an invalid entry %+v", e)
			}
		}
		// Lookup, which scans lines rather than decoding them, returns
		// only what decoding the line it found gives.
		j := &Journal{data: data, loaded: true}
		if e, ok := j.Lookup("/p/a"); ok && !valid(e) {
			t.Fatalf("Lookup returned an invalid entry %+v", e)
		}
		if e, ok := j.Under("/p"); ok && !valid(e) {
			t.Fatalf("Under returned an invalid entry %+v", e)
		}
	})
}

// TestSweep: a new session's record removes the records of sessions
// untouched for longer than maxAge, and no other file.
func TestSweep(t *testing.T) {
	dir := t.TempDir()
	old, _ := Open(dir, "old")
	if err := old.Append(entry("/tmp/a.sh", 1)); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(filepath.Dir(File(dir, "old")), "notes.txt")
	os.WriteFile(other, []byte("x"), 0o600)
	long := time.Now().Add(-maxAge - time.Hour)
	os.Chtimes(File(dir, "old"), long, long)
	os.Chtimes(other, long, long)
	fresh, _ := Open(dir, "new")
	if err := fresh.Append(entry("/tmp/b.sh", 2)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(File(dir, "old")); err == nil {
		t.Error("an old session's record was kept")
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("a file that is no record was removed: %v", err)
	}
}
