package project

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/code"
)

// Python's source loader runs a module's bytecode from __pycache__
// (NAME.TAG.pyc, NAME.TAG.opt-N.pyc) instead of its source when the
// bytecode's header says it was compiled from that source. A header that
// vouches by the source's time and size is what Python writes by default;
// one that vouches by a hash of the source (PEP 552) is never compared
// with the source when it is "unchecked", and is compared only with a hash
// a forger can copy when it is "checked". Either way the source is not
// what is known to run: such a pyc is taken for the module's file, which
// arbiter cannot read. A pyc vouched for by time and size is what runs
// when they match the source's: its names and strings are compared with
// the source's (code.PycMatchesSource), and one that holds others, or
// cannot be read, is taken for the module's file too.

// maxModuleSource bounds the source read to compare with its bytecode;
// arbiter does not judge a larger module either.
const maxModuleSource = 4 << 20

// bytecodeInPlace returns a pyc in the __pycache__ beside source (a .py
// file) that Python may run in its place although arbiter cannot tell it
// was compiled from source, and why; "" when there is none. A pyc that
// cannot be read is taken for one: what it holds is unknown.
func (f finder) bytecodeInPlace(source string) (string, string) {
	dir, file := filepath.Split(source)
	name := strings.TrimSuffix(file, ".py")
	cache := filepath.Join(dir, "__pycache__")
	for _, pyc := range f.glob(filepath.Join(cache, name), ".*.pyc") {
		f.read(pyc)
		h, ok := readPycHeader(pyc)
		if !ok || h.hashBased() {
			return pyc, "bytecode that Python runs without comparing it with " + file
		}
		if !h.matches(source) {
			continue // stale: Python compiles the source again
		}
		f.read(source)
		if err := bytecodeFromSource(pyc, source); err != nil {
			return pyc, bytecodeDiffers(file, err)
		}
	}
	return "", ""
}

// bytecodeDiffers says why a pyc vouched for by source's time and size
// is not taken for source's code.
func bytecodeDiffers(file string, err error) string {
	if errors.Is(err, code.ErrPycDiffers) {
		_, what, _ := strings.Cut(err.Error(), ": ")
		return "bytecode that holds names or text " + file + " does not (" + what + ")"
	}
	return "bytecode that cannot be read (" + err.Error() + ")"
}

func (f finder) read(p string) {
	if f.listings != nil && f.listings.Read != nil {
		f.listings.Read(p)
	}
}

// bytecodeFromSource checks a pyc's names and strings against its source.
func bytecodeFromSource(pyc, source string) error {
	data, err := readWhole(pyc, 16+code.MaxPycSize)
	if err != nil {
		return err
	}
	src, err := readWhole(source, maxModuleSource)
	if err != nil {
		return err
	}
	return code.PycMatchesSource(data, string(src))
}

// readWhole reads a regular file of at most limit bytes.
func readWhole(p string, limit int64) ([]byte, error) {
	data, size, err := readBounded(p, limit)
	if err != nil {
		return nil, err
	}
	if size > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", filepath.Base(p), limit)
	}
	return data, nil
}
