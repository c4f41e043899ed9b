package project

import (
	"debug/elf"
	"debug/macho"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
)

// MaxLineTable bounds the line table read from a Go program (its
// .gopclntab section), which names the files of source its code came
// from; a large program's is a few MiB.
const MaxLineTable = 64 << 20

// errNoLineTable says a program has no Go line table arbiter can read.
var errNoLineTable = errors.New("no Go line table (.gopclntab) in an ELF or Mach-O image")

// GoProgramFiles lists the source files a Go program's line table names:
// the absolute paths of the files it was compiled from (module-relative
// ones when built with -trimpath). Nothing in the program is run.
func GoProgramFiles(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := lineTable(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	files, err := tableFiles(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return files, nil
}

// lineTable reads the line table section of an ELF or Mach-O image.
func lineTable(r io.ReaderAt) ([]byte, error) {
	if e, err := elf.NewFile(r); err == nil {
		defer e.Close()
		tab := e.Section(".gopclntab")
		if tab == nil || tab.Type == elf.SHT_NOBITS {
			return nil, errNoLineTable
		}
		return boundedSection(tab.Size, tab.Data)
	}
	if m, err := macho.NewFile(r); err == nil {
		defer m.Close()
		tab := m.Section("__gopclntab")
		if tab == nil {
			return nil, errNoLineTable
		}
		return boundedSection(uint64(tab.Size), tab.Data)
	}
	return nil, errNoLineTable
}

// boundedSection reads a section of at most MaxLineTable bytes.
func boundedSection(size uint64, read func() ([]byte, error)) ([]byte, error) {
	if size > MaxLineTable {
		return nil, fmt.Errorf("the Go line table is %d bytes, over the %d read", size, MaxLineTable)
	}
	return read()
}

// Line table magic numbers (little-endian) of the formats that keep file
// names in a table of their own: Go 1.16, 1.18 and 1.20 and later.
const (
	magic116 = 0xfffffffa
	magic118 = 0xfffffff0
	magic120 = 0xfffffff1
)

// tableFiles returns the names in a line table's file table, sorted. It
// reads the header and that one region itself, bounds-checked, rather
// than build the whole table: a malformed header's counts would size
// allocations.
func tableFiles(data []byte) ([]string, error) {
	if len(data) < 16 || data[4] != 0 || data[5] != 0 || (data[7] != 4 && data[7] != 8) {
		return nil, errors.New("the Go line table's header is not one arbiter reads")
	}
	ptr := int(data[7])
	var order binary.ByteOrder = binary.LittleEndian
	magic := order.Uint32(data)
	if m := binary.BigEndian.Uint32(data); m == magic116 || m == magic118 || m == magic120 {
		order, magic = binary.BigEndian, m
	}
	var fileWord, pcWord int // header words holding the file table's and the next table's offsets
	switch magic {
	case magic116:
		fileWord, pcWord = 4, 5
	case magic118, magic120:
		fileWord, pcWord = 5, 6
	default:
		return nil, errors.New("the Go line table is of a format before Go 1.16, which arbiter does not read")
	}
	word := func(n int) (uint64, bool) {
		at := 8 + n*ptr
		if at+ptr > len(data) {
			return 0, false
		}
		if ptr == 4 {
			return uint64(order.Uint32(data[at:])), true
		}
		return order.Uint64(data[at:]), true
	}
	from, ok1 := word(fileWord)
	to, ok2 := word(pcWord)
	if !ok1 || !ok2 || from > to || to > uint64(len(data)) {
		return nil, errors.New("the Go line table's file table is out of its bounds")
	}
	var files []string
	for _, name := range strings.Split(string(data[from:to]), "\x00") {
		if name != "" {
			files = append(files, name)
		}
	}
	if len(files) == 0 {
		return nil, errors.New("the Go line table names no files")
	}
	sort.Strings(files)
	return slices.Compact(files), nil
}
