package journal

import "testing"

// TestUnknownWrites: a write of unknown content is found by its file, a
// folder filled by a write is found by any file under it, and the newest
// entry wins, whatever its kind.
func TestUnknownWrites(t *testing.T) {
	j, err := Open(t.TempDir(), "s")
	if err != nil {
		t.Fatal(err)
	}
	cp := Entry{Path: "/p/target/release/app", Tool: "Bash", Decision: "allow", By: "cp", From: "/tmp/evil", ID: "t1", Time: 1}
	tar := Entry{Path: "/p/vendor", Tool: "Bash", Decision: "allow", By: "tar", ID: "t2", Time: 2, Tree: true}
	if err := j.Append(cp, tar); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		file string
		want Entry
		ok   bool
	}{
		{"/p/target/release/app", cp, true},
		{"/p/vendor/bin/tool", tar, true},
		{"/p/vendor", tar, true},
		{"/p/vendorx/tool", Entry{}, false},
		{"/p/target/release/app2", Entry{}, false},
	} {
		got, ok := j.Lookup(tt.file)
		if ok != tt.ok || got != tt.want {
			t.Errorf("Lookup(%s) = %+v %v, want %+v %v", tt.file, got, ok, tt.want, tt.ok)
		}
	}
	if got, ok := j.Under("/p/target"); !ok || got != cp {
		t.Errorf("Under(/p/target) = %+v %v, want the copy", got, ok)
	}
	if got, ok := j.Under("/p/vendor/lib"); !ok || got != tar {
		t.Errorf("Under(/p/vendor/lib) = %+v %v, want the folder unpacked", got, ok)
	}
	if _, ok := j.Under("/p/targ"); ok {
		t.Error("Under(/p/targ) found a file of /p/target")
	}
	w := entry("/p/vendor/bin/tool", 3)
	if err := j.Append(w); err != nil {
		t.Fatal(err)
	}
	if got, ok := j.Lookup("/p/vendor/bin/tool"); !ok || got != w {
		t.Errorf("after a Write of the file: %+v %v, want the Write", got, ok)
	}
	for _, bad := range []Entry{
		{Path: "/p/a", Tool: "Bash", Decision: "allow", Time: 1},                      // no program
		{Path: "p/a", Tool: "Bash", Decision: "allow", By: "cp", Time: 1},             // relative
		{Path: "/p/a", Tool: "Bash", Decision: "allow", By: "cp", From: "x", Time: 1}, // relative source
		{Path: "/p/a", Tool: "Bash", Decision: "allow", By: "c\tp", Time: 1},          // a tab
	} {
		if err := j.Append(bad); err == nil {
			t.Errorf("Append(%+v) recorded a malformed entry", bad)
		}
	}
	if got := Parse([]byte("u1\t1\tBash\tallow\tcp\t/tmp/evil\tid\t/p/a\nt1\t2\tBash\tallow\ttar\t\tid\t/p/d\nu1\t1\tBash\n")); len(got) != 2 || !got[1].Tree || got[0].From != "/tmp/evil" {
		t.Errorf("Parse = %+v", got)
	}
}
