package journal

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

const sum = "00112233445566778899aabbccddeeff"

// compileEntry is the output of a compile in call id, with its record.
func compileEntry(id string) Entry {
	b := &Build{Time: 5, ID: id, Compiler: "gcc", Output: "/p/x", Includes: []string{"/p/inc"},
		Files: []BuildFile{{Path: "/p/x.c", Lang: "c", Sum: sum, Given: true}, {Path: "/p/inc/u=v.h", Lang: "c", Sum: sum}}}
	return Entry{Path: "/p/x", Tool: "Bash", Decision: "allow", By: "gcc", From: "/p/x.c", ID: id, Time: 5, Build: b}
}

// TestBuildRecord: a compile's line is found by its call and output, the
// output's own line stays the newest entry of the file (what a reader that
// does not know compile lines finds), and a malformed one is not recorded
// or read.
func TestBuildRecord(t *testing.T) {
	j, err := Open(t.TempDir(), "s")
	if err != nil {
		t.Fatal(err)
	}
	e := compileEntry("toolu_1")
	if err := j.Append(e); err != nil {
		t.Fatal(err)
	}
	got, ok := j.Lookup("/p/x")
	if !ok || got.By != "gcc" || got.Build != nil || got.ID != "toolu_1" {
		t.Errorf("Lookup(/p/x) = %+v %v, want the output's entry", got, ok)
	}
	b, ok := j.Build("toolu_1", "/p/x")
	if !ok || b.Compiler != "gcc" || len(b.Files) != 2 || !b.Files[0].Given || b.Files[1].Path != "/p/inc/u=v.h" || b.Includes[0] != "/p/inc" {
		t.Errorf("Build = %+v %v, want the compile", b, ok)
	}
	for _, id := range []string{"toolu_2", ""} {
		if _, ok := j.Build(id, "/p/x"); ok {
			t.Errorf("Build(%q) found the compile of another call", id)
		}
	}
	if _, ok := j.Build("toolu_1", "/p/y"); ok {
		t.Error("Build found a compile of another output")
	}
	if got := Parse(j.data); len(got) != 1 || got[0].By != "gcc" {
		t.Errorf("Parse = %+v, want the output's entry alone", got)
	}
	for name, bad := range map[string]func(*Entry){
		"no source named":     func(e *Entry) { e.Build.Files[0].Given = false },
		"a relative source":   func(e *Entry) { e.Build.Files[0].Path = "x.c" },
		"a short sum":         func(e *Entry) { e.Build.Files[0].Sum = "0011" },
		"a tab in a source":   func(e *Entry) { e.Build.Files[0].Path = "/p/x\t.c" },
		"another call's":      func(e *Entry) { e.Build.ID = "toolu_9" },
		"another output's":    func(e *Entry) { e.Build.Output = "/p/y" },
		"a known content":     func(e *Entry) { e.Sum, e.By = sum, "" },
		"a language with =":   func(e *Entry) { e.Build.Files[0].Lang = "c=c" },
		"an unclean include":  func(e *Entry) { e.Build.Includes = []string{"/p/../inc"} },
		"an include with \\n": func(e *Entry) { e.Build.Includes = []string{"/p/i\nc"} },
	} {
		e := compileEntry("toolu_3")
		bad(&e)
		if err := j.Append(e); err == nil {
			t.Errorf("%s: Append recorded a malformed compile", name)
		}
	}
	for _, line := range []string{
		"c1\t5\ttoolu_1\tgcc\t/p/x\tSc=" + sum + "=/p/x.c",       // no end
		"c1\t5\ttoolu_1\tgcc\t/p/x\tXc=" + sum + "=/p/x.c\t.",    // unknown field
		"c1\tfive\ttoolu_1\tgcc\t/p/x\tSc=" + sum + "=/p/x.c\t.", // time
		"c1\t5\ttoolu_1\tgcc\t/p/x\tRc=" + sum + "=/p/x.c\t.",    // no source named
		"c1\t5\ttoolu_1\tgcc\t/p/x\tSc=" + sum + "\t.",           // no path
	} {
		if b, ok := decodeBuild([]byte(line)); ok {
			t.Errorf("decodeBuild(%q) = %+v, want malformed", line, b)
		}
	}
}

// TestBuildLineOldReader: a record with compile lines, read as a reader
// of "v1" and "u1" lines alone reads it, still holds the output's entry.
func TestBuildLineOldReader(t *testing.T) {
	var buf bytes.Buffer
	encode(&buf, compileEntry("toolu_1"))
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "c1\t") || !strings.HasPrefix(lines[1], "u1\t") || !strings.HasSuffix(lines[0], "\t.") {
		t.Fatalf("encoded %q, want a compile line then the output's", lines)
	}
	if _, ok := decode([]byte(lines[0])); ok {
		t.Error("the compile line decodes as an entry")
	}
}

// FuzzBuildLine: any line decodes without panic into a valid record
// only, which reads back the same once written.
func FuzzBuildLine(f *testing.F) {
	var buf bytes.Buffer
	encodeBuild(&buf, compileEntry("toolu_1").Build)
	f.Add(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
	f.Add([]byte("c1\t1\tid\tcc\t/x\tI/i\tSc=" + sum + "=/x.c\t."))
	f.Fuzz(func(t *testing.T, line []byte) {
		b, ok := decodeBuild(line)
		if !ok {
			return
		}
		if !b.valid() {
			t.Fatalf("decodeBuild(%q) = %+v, not valid", line, b)
		}
		var out bytes.Buffer
		encodeBuild(&out, &b)
		again, ok := decodeBuild(bytes.TrimSuffix(out.Bytes(), []byte("\n")))
		if !ok || !reflect.DeepEqual(again, b) {
			t.Fatalf("decodeBuild(%q) = %+v, which reads back as %+v %v", line, b, again, ok)
		}
	})
}
