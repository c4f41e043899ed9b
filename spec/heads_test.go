package spec

import (
	"bytes"
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite heads_gen.go from programs.txt")

// TestGeneratedHeads: heads_gen.go is what go generate makes of
// programs.txt today. A block added without regenerating fails here.
func TestGeneratedHeads(t *testing.T) {
	want := renderHeads(programsText)
	if *update {
		if err := os.WriteFile("heads_gen.go", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("heads_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("heads_gen.go does not match programs.txt: run go generate ./spec")
	}
}

// TestStaleHeads: an index generated from another text is not trusted:
// lookups read the text's header lines and find the same blocks.
func TestStaleHeads(t *testing.T) {
	text := "cat read\n\targs read...\ngrep,egrep read\nwc read\n"
	stale := []namedHead{{"cat", head{0, 3, 1}}, {"egrep", head{0, 3, 1}}, {"wc", head{0, 8, 1}}}
	for _, sorted := range [][]namedHead{stale, builtinHeads[:]} {
		tab := &Table{text: text, found: map[string]*entry{}, sorted: sorted}
		for name, want := range map[string]int{"cat": 1, "grep": 3, "egrep": 3, "wc": 4, "nope": 0} {
			got := 0
			if s := tab.Lookup(name); s != nil {
				got = s.Line()
			}
			if got != want {
				t.Errorf("lookup of %q at line %d, want %d", name, got, want)
			}
		}
	}
}
