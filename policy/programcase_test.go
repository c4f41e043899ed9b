package policy

import (
	"context"
	"runtime"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestProgramNameCase: on a file system that tells case apart, Ls is not
// ls: whatever runs under that name is unknown, so nothing a spec allows
// is allowed under another spelling. The denials a lower-cased name
// earns still hold, and the twins spelt as the program is stay allowed.
func TestProgramNameCase(t *testing.T) {
	if runtime.GOOS == "darwin" || runtime.GOOS == "windows" {
		t.Skip("the file system here folds case: LS runs ls")
	}
	for _, tt := range []struct {
		cmd  string
		want arbiter.Verdict
	}{
		{"Ls -la", dfr},
		{"Yes", dfr},
		{"Grep -rn TODO src", dfr},
		{"CAT README.md", dfr},
		{"env LC_ALL=C Sort data.txt", dfr},
		{"RM -rf /", deny},
		{"ls -la", allow},
		{"grep -rn TODO src", allow},
		{"cat README.md", allow},
		{"Rscript --version", allow},
		{"R --version", allow},
	} {
		c := projectCall("/home/dev/proj", tt.cmd)
		d := New(Options{}).Decide(context.Background(), c)
		if d.Decision != tt.want {
			t.Errorf("%s: got %s %v (%s), want %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}
