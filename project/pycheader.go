package project

import (
	"encoding/binary"
	"io"
	"os"
)

// A pyc's header (PEP 552): magic number, flags, then either the
// source's time and size (flags 0) or a hash of the source.

// pycHashBased is the PEP 552 flag of a hash-based pyc.
const pycHashBased = 1

// pycFlagsSince is the first magic number whose header has a flags word
// (Python 3.7's); older headers hold the source's time there.
const pycFlagsSince = 3390

type pycHeader struct {
	magic       uint16
	flags       uint32
	mtime, size uint32
}

// readPycHeader reads the header of a pyc Python would consider: false
// when it cannot be read or is not one Python writes.
func readPycHeader(pyc string) (pycHeader, bool) {
	fh, err := os.Open(pyc)
	if err != nil {
		return pycHeader{}, false
	}
	defer fh.Close()
	var b [16]byte
	if _, err := io.ReadFull(fh, b[:]); err != nil {
		return pycHeader{}, false
	}
	if b[2] != '\r' || b[3] != '\n' {
		return pycHeader{}, false
	}
	h := pycHeader{magic: binary.LittleEndian.Uint16(b[:2])}
	if h.magic < pycFlagsSince {
		return h, true // too old for this reader's layouts: ReadPyc refuses it
	}
	h.flags = binary.LittleEndian.Uint32(b[4:])
	h.mtime, h.size = binary.LittleEndian.Uint32(b[8:]), binary.LittleEndian.Uint32(b[12:])
	return h, true
}

func (h pycHeader) hashBased() bool {
	return h.magic >= pycFlagsSince && h.flags&pycHashBased != 0
}

// matches reports a timestamp header that Python takes for source's: the
// source's time in whole seconds and its size, both cut to 32 bits.
func (h pycHeader) matches(source string) bool {
	info, err := os.Stat(source)
	if err != nil {
		return false
	}
	return h.mtime == uint32(info.ModTime().Unix()) && h.size == uint32(info.Size())
}
