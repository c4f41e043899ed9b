package filecache

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPutGet: a record is kept 0600 in a 0700 folder and read back; one
// larger than MaxRecord is not kept.
func TestPutGet(t *testing.T) {
	dir := t.TempDir()
	Put(dir, "f", "k1", []byte("plain\n"))
	if b, ok := Get(dir, "f", "k1"); !ok || string(b) != "plain\n" {
		t.Fatalf("got %q %v", b, ok)
	}
	if info, _ := os.Stat(filepath.Join(dir, "f", "k1")); info.Mode().Perm() != 0o600 {
		t.Errorf("record mode %v, want 0600", info.Mode().Perm())
	}
	if info, _ := os.Stat(filepath.Join(dir, "f")); info.Mode().Perm() != 0o700 {
		t.Errorf("folder mode %v, want 0700", info.Mode().Perm())
	}
	Put(dir, "f", "big", make([]byte, MaxRecord+1))
	if _, ok := Get(dir, "f", "big"); ok {
		t.Error("a record over MaxRecord was kept")
	}
	if _, ok := Get(dir, "f", "missing"); ok {
		t.Error("a missing record was found")
	}
}

// TestPrune: a folder over MaxRecords loses its oldest records, and a
// half-written record left behind is removed once stale.
func TestPrune(t *testing.T) {
	folder := filepath.Join(t.TempDir(), "f")
	os.MkdirAll(folder, 0o700)
	old := time.Now().Add(-48 * time.Hour)
	for i := range MaxRecords + 10 {
		p := filepath.Join(folder, fmt.Sprintf("r%05d", i))
		os.WriteFile(p, []byte("x"), 0o600)
		at := old.Add(time.Duration(i) * time.Second)
		os.Chtimes(p, at, at)
	}
	tmp := filepath.Join(folder, ".new-1")
	os.WriteFile(tmp, []byte("half"), 0o600)
	os.Chtimes(tmp, old, old)
	Prune(folder, time.Now())
	entries, _ := os.ReadDir(folder)
	kept := 0
	for _, e := range entries {
		if e.Name()[0] != '.' {
			kept++
		}
	}
	if kept != keepAfterPrune {
		t.Errorf("kept %d records, want %d", kept, keepAfterPrune)
	}
	if _, err := os.Stat(filepath.Join(folder, "r00000")); err == nil {
		t.Error("the oldest record is still there")
	}
	if _, err := os.Stat(filepath.Join(folder, fmt.Sprintf("r%05d", MaxRecords+9))); err != nil {
		t.Error("the newest record was removed")
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Error("a stale half-written record is still there")
	}
	if due(folder, time.Now()) {
		t.Error("a folder just pruned is due again")
	}
	if !due(folder, time.Now().Add(2*pruneEvery)) {
		t.Error("a folder pruned long ago is not due")
	}
	// Records added since the last prune count towards the next.
	Prune(folder, time.Now())
	for i := range pruneAfter {
		if due(folder, time.Now()) {
			t.Fatalf("due after %d records", i)
		}
	}
	if !due(folder, time.Now()) {
		t.Errorf("not due after %d records", pruneAfter)
	}
}

// TestKey: any change to a file's identity, or to the build or the
// words that qualify a record, gives another key.
func TestKey(t *testing.T) {
	id := ID{Dev: 1, Ino: 2, Size: 3, Mtime: 4, Ctime: 5}
	base := Key("v1", id, "a")
	for name, other := range map[string]string{
		"inode":   Key("v1", ID{Dev: 1, Ino: 9, Size: 3, Mtime: 4, Ctime: 5}, "a"),
		"size":    Key("v1", ID{Dev: 1, Ino: 2, Size: 9, Mtime: 4, Ctime: 5}, "a"),
		"mtime":   Key("v1", ID{Dev: 1, Ino: 2, Size: 3, Mtime: 9, Ctime: 5}, "a"),
		"ctime":   Key("v1", ID{Dev: 1, Ino: 2, Size: 3, Mtime: 4, Ctime: 9}, "a"),
		"build":   Key("v2", id, "a"),
		"extra":   Key("v1", id, "b"),
		"split":   Key("v1", id, "a", ""),
		"no word": Key("v1", id),
	} {
		if other == base {
			t.Errorf("a change of %s keeps the key", name)
		}
	}
}
