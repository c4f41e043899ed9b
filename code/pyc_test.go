package code

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "pyc", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestReadPyc: the names and strings of python3.11's own pyc of
// testdata/pyc/helper.py, nested code objects included.
func TestReadPyc(t *testing.T) {
	b, err := ReadPyc(readTestdata(t, "helper.cpython-311.pyc"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"json", "os.path", "Counter", "_Counter__n", "basename", "__qualname__"} {
		if !slices.Contains(b.Names, n) {
			t.Errorf("names %v lack %q", b.Names, n)
		}
	}
	for _, s := range []string{"Small helpers.\n\nUsed by the tests.\n", "Counts things.", "k must be positive", "hello, world", "value=", ">8"} {
		if !slices.Contains(b.Strings, s) {
			t.Errorf("strings %q lack %q", b.Strings, s)
		}
	}
}

// TestPycMatchesSource: a pyc compiled from the source matches it; one
// compiled from other code, or one that cannot be read, does not.
func TestPycMatchesSource(t *testing.T) {
	src := string(readTestdata(t, "helper.py"))
	real := readTestdata(t, "helper.cpython-311.pyc")
	badMagic := slices.Clone(real)
	binary.LittleEndian.PutUint16(badMagic, 3000)
	for _, tc := range []struct {
		name   string
		pyc    []byte
		differ bool // the error is ErrPycDiffers (else any error)
		ok     bool
	}{
		{"its own pyc", real, false, true},
		{"calls os.system", readTestdata(t, "forged-system.cpython-311.pyc"), true, false},
		{"another docstring", readTestdata(t, "forged-text.cpython-311.pyc"), true, false},
		{"truncated", real[:len(real)-1], false, false},
		{"header only", real[:16], false, false},
		{"unknown magic", badMagic, false, false},
		{"not code", append(slices.Clone(real[:16]), 'N'), false, false},
		{"unknown type", append(slices.Clone(real[:16]), '?'), false, false},
		{"nested too deep", append(slices.Clone(real[:16]), strings.Repeat(")\x01", maxPycDepth+5)+"N"...), false, false},
		{"too many objects", append(slices.Clone(real[:16]), "[\xff\xff\x0f\x00"+strings.Repeat("N", 0xfffff)...), false, false},
		{"too large", append(slices.Clone(real), make([]byte, MaxPycSize)...), false, false},
		{"ref out of range", append(slices.Clone(real[:16]), "r\x05\x00\x00\x00"...), false, false},
	} {
		err := PycMatchesSource(tc.pyc, src)
		switch {
		case tc.ok && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case !tc.ok && err == nil:
			t.Errorf("%s: matched", tc.name)
		case tc.differ && !errors.Is(err, ErrPycDiffers):
			t.Errorf("%s: %v, want ErrPycDiffers", tc.name, err)
		}
	}
}

// TestPycSourceText: what the compiler makes of a source's literals and
// names is found in it; what it cannot make is not.
func TestPycSourceText(t *testing.T) {
	w, err := readSourceWords("import os.path\nclass _C:\n    def f(self):\n        self.__x = ('a%%b'\n" +
		"            'c') % () + '-' * 9 + f'{x} more ' f'time{y}'\n    '''Doc.\n\n    More.\n    '''\n# comment words\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"os.path", "os", "_C__x", "__qualname__"} {
		if !w.name(n) {
			t.Errorf("name %q not found", n)
		}
	}
	for _, n := range []string{"system", "os.system", "_D__x", "comment"} {
		if w.name(n) {
			t.Errorf("name %q found", n)
		}
	}
	for _, s := range []string{"a%bc", "---------", " more time", "Doc.\n\nMore.\n", "_C.f", "_C.f.<locals>.<lambda>"} {
		if !w.text(s) {
			t.Errorf("text %q not found", s)
		}
	}
	// A comment is no constant's source: a forged pyc's payload could be one.
	for _, s := range []string{"rm -rf ~", "Doc.\n\nLess.\n", "-+-+", "comment words"} {
		if w.text(s) {
			t.Errorf("text %q found", s)
		}
	}
}

// marshalCode writes a module code object the way the Python whose magic
// is given lays it out (Python/marshal.c, w_object's TYPE_CODE), with
// names and consts, which may hold further code objects.
func marshalCode(magic uint16, names []string, consts ...[]byte) []byte {
	str := func(s string) []byte { return append([]byte{'z', byte(len(s))}, s...) }
	tuple := func(items ...[]byte) []byte {
		out := []byte{')', byte(len(items))}
		for _, it := range items {
			out = append(out, it...)
		}
		return out
	}
	i32 := func(n int) []byte { return make([]byte, 4*n) }
	var ns [][]byte
	for _, n := range names {
		ns = append(ns, str(n))
	}
	out := []byte{'c' | 0x80}
	empty := tuple()
	code := []byte("s\x02\x00\x00\x00d\x00")
	if magic < 3450 {
		// argcount, posonlyargcount, kwonlyargcount, nlocals, stacksize,
		// flags, code, consts, names, varnames, freevars, cellvars,
		// filename, name, firstlineno, lnotab
		for _, f := range [][]byte{i32(6), code, tuple(consts...), tuple(ns...), empty, empty, empty, str("x.py"), str("<module>"), i32(1), str("")} {
			out = append(out, f...)
		}
		return out
	}
	// argcount, posonlyargcount, kwonlyargcount, stacksize, flags, code,
	// consts, names, localsplusnames, localspluskinds, filename, name,
	// qualname, firstlineno, linetable, exceptiontable
	for _, f := range [][]byte{i32(5), code, tuple(consts...), tuple(ns...), empty, str(""), str("x.py"), str("<module>"), str("<module>"), i32(1), str(""), str("")} {
		out = append(out, f...)
	}
	return out
}

func pycFile(magic uint16, body []byte) []byte {
	h := make([]byte, 16)
	binary.LittleEndian.PutUint16(h, magic)
	h[2], h[3] = '\r', '\n'
	return append(h, body...)
}

// TestPycLayouts: each version's code object layout, 3.8 to 3.14, is
// read to its names and strings, nested code included, refs resolved.
func TestPycLayouts(t *testing.T) {
	for _, magic := range []uint16{3413, 3425, 3439, 3495, 3531, 3571, 3627} {
		inner := marshalCode(magic, []string{"system"}, []byte("z\x02id"))
		// Refs are numbered as objects start: the outer code object is 0,
		// its first constant ("hello", flagged) 1; a slice ends the tuple.
		outer := marshalCode(magic, []string{"os"}, []byte("\xda\x05hello"), inner, []byte("r\x01\x00\x00\x00"), []byte(":NNN"))
		b, err := ReadPyc(pycFile(magic, outer))
		if err != nil {
			t.Errorf("%d: %v", magic, err)
			continue
		}
		if !slices.Equal(b.Names, []string{"os", "system"}) || !slices.Equal(b.Strings, []string{"hello", "id"}) {
			t.Errorf("%d: names %q, strings %q", magic, b.Names, b.Strings)
		}
	}
}

// TestPycStdlib: the standard library's own pycs, where their headers
// match their sources, match by this check too (a few that the compiler
// assembles from pieces the source does not spell may not: they defer).
func TestPycStdlib(t *testing.T) {
	pycs, _ := filepath.Glob("/usr/lib/python3*/__pycache__/*.cpython-3*.pyc")
	differ, n := 0, 0
	for _, p := range pycs {
		name, _, _ := strings.Cut(filepath.Base(p), ".")
		source := filepath.Join(filepath.Dir(filepath.Dir(p)), name+".py")
		src, err := os.ReadFile(source)
		info, err2 := os.Stat(source)
		data, err3 := os.ReadFile(p)
		if err != nil || err2 != nil || err3 != nil || len(data) < 16 ||
			binary.LittleEndian.Uint32(data[8:]) != uint32(info.ModTime().Unix()) || binary.LittleEndian.Uint32(data[12:]) != uint32(len(src)) {
			continue
		}
		n++
		if err := PycMatchesSource(data, string(src)); err != nil {
			differ++
			t.Logf("%s: %v", p, err)
		}
	}
	if n == 0 {
		t.Skip("no standard library pycs here")
	}
	if differ*20 > n {
		t.Errorf("%d of %d standard library pycs differ from their sources", differ, n)
	}
}

// FuzzReadPyc: reading any bytes never panics and stays bounded.
func FuzzReadPyc(f *testing.F) {
	for _, name := range []string{"helper.cpython-311.pyc", "forged-system.cpython-311.pyc"} {
		b, err := os.ReadFile(filepath.Join("testdata", "pyc", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add(pycFile(3413, marshalCode(3413, []string{"a"}, []byte("\xda\x01b"))))
	timed := func(b []byte) time.Duration {
		start := time.Now()
		_ = PycMatchesSource(b, "x = 1\n")
		return time.Since(start)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		// Once more when slow, so that a pause of the machine is not taken
		// for the reader's.
		if d := timed(b); d > 100*time.Millisecond {
			if d = timed(b); d > 100*time.Millisecond {
				t.Errorf("took %v on %d bytes", d, len(b))
			}
		}
	})
}

// BenchmarkReadPyc: a 10 KB pyc (a module of 100 functions) is read and
// compared with a source in well under a millisecond.
func BenchmarkReadPyc(b *testing.B) {
	var consts [][]byte
	var src strings.Builder
	for i := range 100 {
		name := fmt.Sprintf("f%d", i)
		consts = append(consts, marshalCode(3495, []string{"print", name}, []byte("\xda\x0ahello "+fmt.Sprintf("%04d", i))))
		fmt.Fprintf(&src, "def %s():\n    print('hello %04d')\n", name, i)
	}
	pyc := pycFile(3495, marshalCode(3495, nil, consts...))
	b.SetBytes(int64(len(pyc)))
	for b.Loop() {
		if err := PycMatchesSource(pyc, src.String()); err != nil {
			b.Fatal(err)
		}
	}
}
