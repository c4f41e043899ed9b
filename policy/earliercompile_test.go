package policy

import (
	"context"
	"path/filepath"
	"testing"
)

// TestCompileRecord: a compile's program is recorded with what it read
// only when the command line writes nothing else (a line that changes a
// source before the compile could restore it after) and every word of the
// compile was read.
func TestCompileRecord(t *testing.T) {
	files := map[string]string{"x.c": "#include \"u.h\"\nint main(void) { return run(); }\n", "u.h": "static int run(void) { return 0; }\n", "y.c": "int main(void) { return 1; }\n"}
	for _, tt := range []struct {
		cmd   string
		files int // files recorded for x; 0 for no record
	}{
		{"gcc x.c -o x", 2},
		{"gcc -O2 -Iinc x.c -o x", 2},
		{"cp y.c x.c && gcc x.c -o x", 0},
		{"gcc x.c -o x && cp y.c x.c", 0},
		{"sed -i s/0/1/ u.h && gcc x.c -o x", 0},
		{"gcc x.c lib.o -o x", 0},
		{"gcc x.c -o x; echo hi >> x", 0},
		{"gcc missing.c -o x", 0},
	} {
		t.Run(tt.cmd, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, files)
			d := Decide(context.Background(), projectCall(dir, tt.cmd))
			got := 0
			for _, w := range d.Wrote {
				if w.Path == filepath.Join(dir, "x") && w.Build != nil {
					got = len(w.Build.Files)
				}
			}
			if got != tt.files {
				t.Errorf("%s: %d files recorded, want %d (%+v)", tt.cmd, got, tt.files, d.Wrote)
			}
		})
	}
}
