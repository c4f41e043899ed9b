//go:build unix

package audit

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
)

// TestWriteNeverBlocks: a log that is a FIFO nobody reads is refused at
// once, and a log made readable by others is made private again.
func TestWriteNeverBlocks(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() { done <- (&Log{Path: fifo}).Write("claude", arbiter.Call{Tool: "Bash"}, arbiter.Decision{}) }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("writing to a FIFO nobody reads did not fail")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("writing the log blocked")
	}
	open := filepath.Join(dir, "open.jsonl")
	os.WriteFile(open, nil, 0o644)
	os.Chmod(open, 0o644)
	if err := (&Log{Path: open}).Write("claude", arbiter.Call{Tool: "Bash"}, arbiter.Decision{}); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(open); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", st.Mode().Perm())
	}
}
