package code

import (
	"testing"
	"time"
)

// TestTablesBuildQuickly bounds the one-time cost of the name tables,
// which a hook process pays on its first inline code.
func TestTablesBuildQuickly(t *testing.T) {
	start := time.Now()
	pythonNames.Get()
	jsNames.Get()
	if d := time.Since(start); d > 20*time.Millisecond {
		t.Errorf("building the tables took %v", d)
	}
	t.Logf("tables built in %v", time.Since(start))
}
