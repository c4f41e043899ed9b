package project

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestGoProgramFiles(t *testing.T) {
	exe, err := os.Executable() // the test binary is a Go program
	if err != nil {
		t.Skip(err)
	}
	files, err := GoProgramFiles(exe)
	if err != nil {
		t.Fatal(err)
	}
	here, _ := filepath.Abs("goprogram.go")
	if !slices.Contains(files, here) {
		t.Errorf("the line table of %s does not name %s (%d files)", exe, here, len(files))
	}
	for _, p := range []string{"/bin/sh", "goprogram.go"} {
		if _, err := GoProgramFiles(p); err == nil {
			t.Errorf("%s: no error for a file that is not a Go program", p)
		}
	}
}

// FuzzGoLineTable: any image and line table give files or an error,
// never a panic.
func FuzzGoLineTable(f *testing.F) {
	f.Add([]byte("\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x3e\x00\x01\x00\x00\x00"))
	f.Add([]byte("\xf1\xff\xff\xff\x00\x00\x01\x08" + string(make([]byte, 64))))
	f.Add([]byte("\xfa\xff\xff\xff\x00\x00\x01\x04\x01\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x1c\x00\x00\x00\x20\x00\x00\x00a.go"))
	f.Add([]byte("\xcf\xfa\xed\xfe\x07\x00\x00\x01"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if tab, err := lineTable(bytes.NewReader(data)); err == nil {
			_, _ = tableFiles(tab)
		}
		files, err := tableFiles(data)
		if err == nil && len(files) == 0 {
			t.Error("no files and no error")
		}
	})
}
