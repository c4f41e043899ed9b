package spec

import (
	"strings"
	"testing"
)

// TestWatching: an option on a block's watch line puts the program in
// watch mode, from its own block or a subcommand's, unless its value
// turns watching off; options not on the line never do.
func TestWatching(t *testing.T) {
	tbl, err := ParseTable("runner build\n\topts -w,--watch[=text] --watchAll --once -c,--config=script\n\twatch --watch --watchAll\n\targs script...\n\tsub run build\n\t\topts --poll\n\t\targs script...\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ args, want string }{
		{"", ""},
		{"--once a.js", ""},
		{"--watch", "-w"},
		{"-w a.js", "-w"},
		{"--watch=true", "-w"},
		{"--watch=false", ""},
		{"--watch=0", ""},
		{"--watch=No", ""},
		{"--watchAll", "--watchAll"},
		{"--watch=false --watchAll", "--watchAll"},
		{"run --watch a.js", "-w"},
		{"run --poll a.js", ""},
		{"-c w.js", ""},
	} {
		res := tbl.Lookup("runner").Parse(strings.Fields(tt.args))
		if res.Problem != nil {
			t.Errorf("%q: %s", tt.args, res.Problem)
			continue
		}
		if got := res.Watching(); got != tt.want {
			t.Errorf("%q: watching %q, want %q", tt.args, got, tt.want)
		}
	}
}
