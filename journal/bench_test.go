package journal

import (
	"fmt"
	"testing"
)

// BenchmarkOpen finds and reads a full record (about the bound's worth of
// entries), as a hook call that looks a file up does once.
func BenchmarkOpen(b *testing.B) {
	dir := b.TempDir()
	j, _ := Open(dir, "s")
	es := fullRecord()
	if err := j.Append(es[:len(es)/2]...); err != nil {
		b.Fatal(err)
	}
	if err := j.Append(es[len(es)/2:]...); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		j, err := Open(dir, "s")
		if err != nil || j.Len() == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup finds the newest entry of a file in a full record.
func BenchmarkLookup(b *testing.B) {
	dir := b.TempDir()
	j, _ := Open(dir, "s")
	es := fullRecord()
	if err := j.Append(es...); err != nil {
		b.Fatal(err)
	}
	j, _ = Open(dir, "s")
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := j.Lookup("/home/dev/proj/src/file7.go"); !ok {
			b.Fatal("not found")
		}
	}
}

// fullRecord is about the bound's worth of entries, each of another file.
func fullRecord() []Entry {
	var es []Entry
	for i := range maxBytes / 160 {
		es = append(es, entry(fmt.Sprintf("/home/dev/proj/src/file%d.go", i), i))
	}
	return es
}
