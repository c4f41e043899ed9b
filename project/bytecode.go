package project

import (
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Python's source loader runs a module's bytecode from __pycache__
// (NAME.TAG.pyc, NAME.TAG.opt-N.pyc) instead of its source when the
// bytecode's header says it was compiled from that source. A header that
// vouches by the source's time and size is what Python writes by default;
// one that vouches by a hash of the source (PEP 552) is never compared
// with the source when it is "unchecked", and is compared only with a hash
// a forger can copy when it is "checked". Either way the source is not
// what is known to run: such a pyc is taken for the module's file, which
// arbiter cannot read.

// pycHashBased is the PEP 552 flag of a hash-based pyc.
const pycHashBased = 1

// pycFlagsSince is the first magic number whose header has a flags word
// (Python 3.7's); older headers hold the source's time there.
const pycFlagsSince = 3390

// hashedBytecode returns a pyc in the __pycache__ beside source (a .py
// file) that Python may run in its place without checking it against the
// source's time and size; "" when there is none. A pyc that cannot be
// read is taken for one: what it holds is unknown.
func (f finder) hashedBytecode(source string) string {
	dir, file := filepath.Split(source)
	name := strings.TrimSuffix(file, ".py")
	cache := filepath.Join(dir, "__pycache__")
	for _, pyc := range f.glob(filepath.Join(cache, name), ".*.pyc") {
		if f.listings != nil && f.listings.Read != nil {
			f.listings.Read(pyc)
		}
		if !timestampPyc(pyc) {
			return pyc
		}
	}
	return ""
}

// timestampPyc reports a pyc whose header ties it to its source's time
// and size.
func timestampPyc(pyc string) bool {
	fh, err := os.Open(pyc)
	if err != nil {
		return false
	}
	defer fh.Close()
	var h [8]byte
	if _, err := io.ReadFull(fh, h[:]); err != nil {
		return false
	}
	if h[2] != '\r' || h[3] != '\n' {
		return false // not a header Python writes
	}
	if binary.LittleEndian.Uint16(h[:2]) < pycFlagsSince {
		return true
	}
	return binary.LittleEndian.Uint32(h[4:])&pycHashBased == 0
}
