package code

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// A pyc holds a module's code objects in Python's marshal format. Reading
// it tells which names the code looks up (co_names) and which strings it
// holds (co_consts, docstrings included) without running or disassembling
// it; the layout of a code object differs by Python version, told by the
// header's magic number.

// Bounds on what one pyc may make the reader do: the file is untrusted.
const (
	MaxPycSize    = 1 << 20 // bytes of marshal data
	maxPycDepth   = 200     // nested objects (CPython's own limit is 2000)
	maxPycObjects = 200_000 // objects read
)

// codeLayout is which fields a code object's marshal form has, before and
// after its bytecode, by Python version.
type codeLayout struct {
	ints int // int32 fields before co_code
	// tail is the fields after co_names: objects, and where the one int32
	// (co_firstlineno) falls among them.
	tailObjects   int
	firstlinenoAt int
}

// pycVersions maps a magic number range to its code object layout: 3.8
// to 3.10 write argcount, posonlyargcount, kwonlyargcount, nlocals,
// stacksize, flags, then code, consts, names, varnames, freevars,
// cellvars, filename, name, firstlineno, lnotab; 3.11 to 3.14 drop
// nlocals and write localsplusnames, localspluskinds, filename, name,
// qualname, firstlineno, linetable, exceptiontable.
var pycVersions = []struct {
	lo, hi uint16
	layout codeLayout
}{
	{3410, 3439, codeLayout{ints: 6, tailObjects: 6, firstlinenoAt: 5}}, // 3.8 (from posonlyargcount) to 3.10
	{3495, 3495, codeLayout{ints: 5, tailObjects: 7, firstlinenoAt: 5}}, // 3.11
	{3531, 3531, codeLayout{ints: 5, tailObjects: 7, firstlinenoAt: 5}}, // 3.12
	{3571, 3571, codeLayout{ints: 5, tailObjects: 7, firstlinenoAt: 5}}, // 3.13
	{3600, 3699, codeLayout{ints: 5, tailObjects: 7, firstlinenoAt: 5}}, // 3.14 and its pre-releases
}

func pycLayout(magic uint16) (codeLayout, bool) {
	for _, v := range pycVersions {
		if magic >= v.lo && magic <= v.hi {
			return v.layout, true
		}
	}
	return codeLayout{}, false
}

// Bytecode is what a pyc's code objects, nested ones included, name.
type Bytecode struct {
	Names   []string // co_names: globals, attributes and modules looked up
	Strings []string // str and bytes constants, docstrings included
}

// ReadPyc reads a whole pyc file (the 16-byte header, then the marshalled
// module code) and returns what its code objects name.
func ReadPyc(data []byte) (Bytecode, error) {
	if len(data) < 16 || data[2] != '\r' || data[3] != '\n' {
		return Bytecode{}, errors.New("not a pyc header")
	}
	if len(data)-16 > MaxPycSize {
		return Bytecode{}, fmt.Errorf("bytecode larger than %d bytes", MaxPycSize)
	}
	magic := binary.LittleEndian.Uint16(data)
	layout, ok := pycLayout(magic)
	if !ok {
		return Bytecode{}, fmt.Errorf("unknown bytecode magic number %d", magic)
	}
	m := &marshal{data: data[16:], layout: layout}
	top, err := m.object(0)
	if err != nil {
		return Bytecode{}, err
	}
	if top == nil || top.code == nil {
		return Bytecode{}, errors.New("bytecode holds no module code")
	}
	var b Bytecode
	b.collect(top, map[*mobj]bool{})
	return b, nil
}

// collect gathers the names and string constants of the code object o
// and of every code object among its constants.
func (b *Bytecode) collect(o *mobj, seen map[*mobj]bool) {
	if o == nil || seen[o] {
		return
	}
	seen[o] = true
	switch {
	case o.code != nil:
		b.Names = append(b.Names, o.code.names...)
		b.collect(o.code.consts, seen)
	case o.kind == mStr:
		b.Strings = append(b.Strings, o.text)
	case o.kind == mBytes:
		b.Strings = append(b.Strings, latin1(o.text))
	default:
		for _, it := range o.items {
			b.collect(it, seen)
		}
	}
}

// latin1 spells bytes one rune a byte, as the tokenizer spells a bytes
// literal's \x escapes.
func latin1(b string) string {
	r := make([]rune, len(b))
	for i := range len(b) {
		r[i] = rune(b[i])
	}
	return string(r)
}
