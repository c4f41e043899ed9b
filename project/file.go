package project

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// Limits on what is read from disk to decide.
const (
	MaxScript   = 64 << 10 // a script file run by path or by an interpreter
	MaxManifest = 1 << 20  // a package.json or a Makefile
	// MaxSource bounds one file of code arbiter reads to decide: a source
	// of a compiled program a command builds and runs, or a file a build
	// or test run executes (build.rs, a _test.go file, a test runner's
	// configuration); the code package reads no more either.
	MaxSource = 256 << 10
	// MaxSources bounds the files of one compiled program read to decide
	// (its sources, local headers, modules and packages).
	MaxSources = 64
)

// Kind says what a file holds, as far as deciding to run it goes.
type Kind uint8

// Kinds of file.
const (
	Text     Kind = iota // readable text within MaxScript
	Program              // a compiled executable image (ELF, Mach-O, PE)
	Binary               // other binary content (a NUL byte)
	TooLarge             // text longer than MaxScript
)

func (k Kind) String() string {
	return [...]string{"text", "compiled program", "binary data", "too large"}[k]
}

// File is a file a command would run.
type File struct {
	Path string
	Kind Kind
	Size int64
	// Text is the content when Kind is Text.
	Text string
}

// ErrNotRegular is returned for directories, devices, pipes and sockets.
var ErrNotRegular = errors.New("not a regular file")

// Read reads a file a command is about to run. A file that does not exist
// gives an error wrapping fs.ErrNotExist. Symbolic links are followed: what
// runs is the target.
func Read(path string) (File, error) { return ReadLimit(path, MaxScript) }

// ReadLimit is Read with another bound: text longer than limit is
// TooLarge.
func ReadLimit(path string, limit int64) (File, error) {
	data, size, err := readBounded(path, limit)
	if err != nil {
		return File{Path: path}, err
	}
	f := File{Path: path, Size: size}
	switch {
	case isImage(data):
		f.Kind = Program
	case bytes.IndexByte(data, 0) >= 0:
		f.Kind = Binary
	case size > limit:
		f.Kind = TooLarge
	default:
		f.Kind = Text
		f.Text = string(data)
	}
	return f, nil
}

// ReadSource reads a file of code arbiter reads to decide (a compiled
// program's source, a file a build or test run executes), within
// MaxSource.
func ReadSource(path string) (File, error) { return ReadLimit(path, MaxSource) }

// SourceFiles lists the regular files in dir whose names end in ext, in
// name order, without those ending in any of skip (Go's _test.go). At most
// limit names are returned; more gives an error naming the bound.
func SourceFiles(dir, ext string, limit int, skip ...string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
next:
	for _, e := range entries {
		name := e.Name()
		if !(e.Type().IsRegular() || e.Type()&fs.ModeSymlink != 0) || !strings.HasSuffix(name, ext) || strings.HasPrefix(name, ".") {
			continue
		}
		for _, s := range skip {
			if strings.HasSuffix(name, s) {
				continue next
			}
		}
		if len(out) == limit {
			return nil, fmt.Errorf("%s holds more than %d %s files", dir, limit, ext)
		}
		out = append(out, dir+"/"+name)
	}
	return out, nil
}

// ReadBytes reads at most limit bytes of a regular file, whatever it
// holds, and returns them with the file's size (larger than limit when
// there is more): the content a digest is made of.
func ReadBytes(path string, limit int64) ([]byte, int64, error) { return readBounded(path, limit) }

// readBounded reads at most limit bytes of a regular file (one more, to
// tell that it is longer) and returns them with the file's size.
func readBounded(path string, limit int64) ([]byte, int64, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, 0, err
	}
	if !info.Mode().IsRegular() {
		return nil, 0, fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, info.Mode().Type())
	}
	// The file may have been replaced between the two looks: readOpen
	// checks the file it opened.
	data, size, err := readOpen(path, limit)
	if err != nil {
		return nil, 0, err
	}
	if int64(len(data)) > size {
		size = int64(len(data))
	}
	if int64(len(data)) > limit {
		data = data[:limit]
	}
	return data, size, nil
}

// isImage recognises compiled executables by their magic numbers.
func isImage(b []byte) bool {
	for _, magic := range []string{"\x7fELF", "\xfe\xed\xfa\xce", "\xfe\xed\xfa\xcf", "\xce\xfa\xed\xfe", "\xcf\xfa\xed\xfe", "\xca\xfe\xba\xbe", "MZ", "\x00asm"} {
		if bytes.HasPrefix(b, []byte(magic)) {
			return magic != "MZ" || len(b) > 0x40 // "MZ" alone is too common a text start
		}
	}
	return false
}

// Interpreter returns the program named by a script's #! line ("python3"
// for "#!/usr/bin/env python3", "bash" for "#!/bin/bash -e"), or "" when
// the script has none, in which case the system runs it with sh.
func Interpreter(text string) string {
	line, ok := strings.CutPrefix(text, "#!")
	if !ok {
		return ""
	}
	line, _, _ = strings.Cut(line, "\n")
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return ""
	}
	prog := base(fields[0])
	if prog == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
				return base(f)
			}
		}
		return "env"
	}
	return prog
}

func base(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// IsNotExist reports whether err says the file is not there.
func IsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
