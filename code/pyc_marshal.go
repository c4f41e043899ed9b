package code

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The marshal reader keeps of each object only what the name check needs:
// its kind, a string's text, a container's items and a code object's
// names and constants. Every length is checked against the bytes left, so
// the work is linear in the input.

type mkind uint8

const (
	mOther mkind = iota // None, numbers, booleans, …
	mStr
	mBytes
	mContainer // tuple, list, set, frozenset, dict, slice
	mCode
)

// mobj is one marshalled object.
type mobj struct {
	kind  mkind
	text  string
	items []*mobj
	code  *mcode
}

// mcode is the part of a code object the check reads.
type mcode struct {
	names  []string
	consts *mobj
}

// marshal reads objects from data; refs are the objects flagged for
// reuse, in the order they were started, as CPython numbers them.
type marshal struct {
	data    []byte
	pos     int
	layout  codeLayout
	refs    []*mobj
	objects int
}

const marshalFlagRef = 0x80

// pycError is an error the reader returns; a constant one costs nothing
// at start-up.
type pycError string

func (e pycError) Error() string { return string(e) }

const errTruncated = pycError("bytecode ends early")

func (m *marshal) byte() (byte, error) {
	if m.pos >= len(m.data) {
		return 0, errTruncated
	}
	m.pos++
	return m.data[m.pos-1], nil
}

func (m *marshal) int32() (int32, error) {
	b, err := m.bytes(4)
	if err != nil {
		return 0, err
	}
	return int32(binary.LittleEndian.Uint32(b)), nil
}

func (m *marshal) bytes(n int) ([]byte, error) {
	if n < 0 || n > len(m.data)-m.pos {
		return nil, errTruncated
	}
	m.pos += n
	return m.data[m.pos-n : m.pos], nil
}

// count reads a length that must fit in what is left, each element
// taking at least per bytes.
func (m *marshal) count(long bool, per int) (int, error) {
	var n int
	if long {
		v, err := m.int32()
		if err != nil {
			return 0, err
		}
		n = int(v)
	} else {
		v, err := m.byte()
		if err != nil {
			return 0, err
		}
		n = int(v)
	}
	if n < 0 || n*per > len(m.data)-m.pos {
		return 0, errTruncated
	}
	return n, nil
}

// object reads one object at nesting depth.
func (m *marshal) object(depth int) (*mobj, error) {
	if depth > maxPycDepth {
		return nil, fmt.Errorf("bytecode nested deeper than %d", maxPycDepth)
	}
	if m.objects++; m.objects > maxPycObjects {
		return nil, fmt.Errorf("bytecode holds more than %d objects", maxPycObjects)
	}
	c, err := m.byte()
	if err != nil {
		return nil, err
	}
	code := c &^ marshalFlagRef
	if code == 'r' {
		return m.ref()
	}
	o := &mobj{}
	if c&marshalFlagRef != 0 {
		m.refs = append(m.refs, o) // numbered before its contents, as CPython does
	}
	if err := m.fill(o, code, depth); err != nil {
		return nil, err
	}
	return o, nil
}

func (m *marshal) ref() (*mobj, error) {
	i, err := m.int32()
	if err != nil {
		return nil, err
	}
	if i < 0 || int(i) >= len(m.refs) {
		return nil, fmt.Errorf("bytecode refers to object %d of %d", i, len(m.refs))
	}
	return m.refs[i], nil
}

// fill reads the body of an object of type code into o.
func (m *marshal) fill(o *mobj, code byte, depth int) error {
	switch code {
	case '0', 'N', 'F', 'T', 'S', '.':
		return nil
	case 'i':
		_, err := m.bytes(4)
		return err
	case 'I', 'g':
		_, err := m.bytes(8)
		return err
	case 'y':
		_, err := m.bytes(16)
		return err
	case 'f':
		return m.skipShort(1)
	case 'x':
		return m.skipShort(2)
	case 'l':
		return m.long()
	case 's':
		return m.text(o, mBytes, true)
	case 'u', 't', 'a', 'A':
		return m.text(o, mStr, true)
	case 'z', 'Z':
		return m.text(o, mStr, false)
	case '(', '[', '<', '>':
		return m.items(o, true, depth)
	case ')':
		return m.items(o, false, depth)
	case '{':
		return m.dict(o, depth)
	case ':':
		return m.fixed(o, 3, depth) // a slice's start, stop and step (3.14)
	case 'c':
		return m.code(o, depth)
	}
	return fmt.Errorf("bytecode has an object of unknown type %q", code)
}

// skipShort skips n numbers written as text after a one-byte length.
func (m *marshal) skipShort(n int) error {
	for range n {
		k, err := m.count(false, 1)
		if err != nil {
			return err
		}
		if _, err := m.bytes(k); err != nil {
			return err
		}
	}
	return nil
}

// long skips an arbitrary-precision integer: a signed digit count, then
// that many 16-bit digits.
func (m *marshal) long() error {
	n, err := m.int32()
	if err != nil {
		return err
	}
	if n == math.MinInt32 {
		return errTruncated
	}
	if n < 0 {
		n = -n
	}
	_, err = m.bytes(2 * int(n))
	return err
}

func (m *marshal) text(o *mobj, kind mkind, long bool) error {
	n, err := m.count(long, 1)
	if err != nil {
		return err
	}
	b, err := m.bytes(n)
	if err != nil {
		return err
	}
	o.kind, o.text = kind, string(b)
	return nil
}

func (m *marshal) items(o *mobj, long bool, depth int) error {
	n, err := m.count(long, 1)
	if err != nil {
		return err
	}
	return m.fixed(o, n, depth)
}

func (m *marshal) fixed(o *mobj, n int, depth int) error {
	o.kind = mContainer
	for range n {
		it, err := m.object(depth + 1)
		if err != nil {
			return err
		}
		o.items = append(o.items, it)
	}
	return nil
}

// dict reads key, value pairs up to a null key.
func (m *marshal) dict(o *mobj, depth int) error {
	o.kind = mContainer
	for {
		if m.pos < len(m.data) && m.data[m.pos] == '0' {
			m.pos++
			return nil
		}
		if err := m.fixed(o, 2, depth); err != nil {
			return err
		}
	}
}

// code reads a code object by the version's layout.
func (m *marshal) code(o *mobj, depth int) error {
	o.kind = mCode
	if _, err := m.bytes(4 * m.layout.ints); err != nil {
		return err
	}
	if _, err := m.object(depth + 1); err != nil { // co_code
		return err
	}
	consts, err := m.object(depth + 1)
	if err != nil {
		return err
	}
	names, err := m.object(depth + 1)
	if err != nil {
		return err
	}
	o.code = &mcode{consts: consts}
	if o.code.names, err = nameList(names); err != nil {
		return err
	}
	for i := range m.layout.tailObjects {
		if i == m.layout.firstlinenoAt {
			if _, err := m.bytes(4); err != nil {
				return err
			}
		}
		if _, err := m.object(depth + 1); err != nil {
			return err
		}
	}
	return nil
}

// nameList is co_names, which Python requires to be a tuple of str.
func nameList(o *mobj) ([]string, error) {
	if o == nil || o.kind != mContainer {
		return nil, errors.New("bytecode names are not a tuple")
	}
	out := make([]string, 0, len(o.items))
	for _, it := range o.items {
		if it == nil || it.kind != mStr {
			return nil, errors.New("bytecode names hold a non-string")
		}
		out = append(out, it.text)
	}
	return out, nil
}
