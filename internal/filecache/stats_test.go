package filecache

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestStatsAsOsStat: Stats says of every kind of path what os.Stat says.
func TestStatsAsOsStat(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.py")
	os.WriteFile(file, []byte("x = 1\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	os.Symlink(file, filepath.Join(dir, "link"))
	os.Symlink(filepath.Join(dir, "none"), filepath.Join(dir, "dangling"))
	os.Symlink(filepath.Join(dir, "sub"), filepath.Join(dir, "dirlink"))
	syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600)
	paths := []string{
		file, filepath.Join(dir, "sub"), filepath.Join(dir, "sub") + "/", filepath.Join(dir, "none"),
		filepath.Join(dir, "no", "such", "x"), filepath.Join(file, "x"), filepath.Join(dir, "link"),
		filepath.Join(dir, "dangling"), filepath.Join(dir, "dirlink", "x"), filepath.Join(dir, "fifo"),
		"/", "relative.py", filepath.Join(dir, "sub", ".."), file,
	}
	var s Stats
	defer s.Close()
	for _, p := range paths {
		got, want := s.Stat(p), FoundOf(os.Stat(p))
		if got != want {
			t.Errorf("%s: %+v, os.Stat says %+v", p, got, want)
		}
	}
	// A file rewritten between two checks shows in the second.
	before := s.Stat(file)
	os.WriteFile(file, []byte("x = 22\n"), 0o644)
	if after := s.Stat(file); after == before || !after.Known {
		t.Errorf("a rewritten file has the same identity: %+v", after)
	}
}
