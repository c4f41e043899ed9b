package decider

import (
	"encoding/binary"
	"errors"
	"io"
	"slices"
	"strconv"
)

// The wire format: a request or reply is a magic word, then fields, each a
// 4-byte big-endian length and its bytes; a list is a count, then its
// fields. A peer is the same user, but its bytes are still read with
// bounds: no field or message may pass MaxMessage.
const (
	requestMagic = "ARBQ1\n"
	replyMagic   = "ARBR1\n"
	// MaxMessage bounds a request or a reply (a hook payload carries a
	// whole file for Write calls; runtimes cap theirs well below this).
	MaxMessage = 64 << 20
	maxList    = 1 << 16
)

// Request is one hook call as the process that received it saw it.
type Request struct {
	Args  []string // the program's arguments, the program's name first
	Env   []string // its environment, NAME=value
	Dir   string   // its working directory
	Umask uint32
	Stdin []byte
}

// Reply is the decider's answer: what the process would have written and
// its exit status. Declined says the decider did not run the call (it is
// stopping, or the request was not one it serves); the caller decides
// itself.
type Reply struct {
	Declined bool
	Status   int
	Stdout   []byte
	Stderr   []byte
}

// AppendRequest appends the encoding of r to b.
func AppendRequest(b []byte, r Request) []byte {
	b = append(b, requestMagic...)
	b = appendList(b, r.Args)
	b = appendList(b, r.Env)
	b = appendField(b, []byte(r.Dir))
	b = binary.BigEndian.AppendUint32(b, r.Umask)
	return appendField(b, r.Stdin)
}

// AppendReply appends the encoding of r to b.
func AppendReply(b []byte, r Reply) []byte {
	b = append(b, replyMagic...)
	declined := byte(0)
	if r.Declined {
		declined = 1
	}
	b = append(b, declined)
	b = binary.BigEndian.AppendUint32(b, uint32(int32(r.Status)))
	b = appendField(b, r.Stdout)
	return appendField(b, r.Stderr)
}

func appendField(b, f []byte) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(f)))
	return append(b, f...)
}

func appendList(b []byte, l []string) []byte {
	b = binary.BigEndian.AppendUint32(b, uint32(len(l)))
	for _, s := range l {
		b = appendField(b, []byte(s))
	}
	return b
}

// ReadRequest reads one request from r.
func ReadRequest(r io.Reader) (Request, error) {
	d := &reader{r: r, left: MaxMessage}
	var q Request
	d.magic(requestMagic)
	q.Args = d.list()
	q.Env = d.list()
	q.Dir = string(d.field())
	q.Umask = d.uint32()
	q.Stdin = d.field()
	if d.err != nil {
		return Request{}, errors.New("reading a decider request: " + d.err.Error())
	}
	return q, nil
}

// ReadReply reads one reply from r.
func ReadReply(r io.Reader) (Reply, error) {
	d := &reader{r: r, left: MaxMessage}
	var p Reply
	d.magic(replyMagic)
	switch d.byte() {
	case 0:
	case 1:
		p.Declined = true
	default:
		d.fail("the declined flag is neither 0 nor 1")
	}
	p.Status = int(int32(d.uint32()))
	p.Stdout = d.field()
	p.Stderr = d.field()
	if d.err != nil {
		return Reply{}, errors.New("reading a decider reply: " + d.err.Error())
	}
	return p, nil
}

// reader reads fields until the first error, which it keeps; left is what
// the message may still hold.
type reader struct {
	r    io.Reader
	left int
	err  error
}

func (d *reader) fail(msg string) {
	if d.err == nil {
		d.err = errors.New(msg)
	}
}

func (d *reader) read(n int) []byte {
	if d.err != nil {
		return nil
	}
	if n > d.left {
		d.fail("a field of " + strconv.Itoa(n) + " bytes passes the message's bound of " + strconv.Itoa(MaxMessage))
		return nil
	}
	d.left -= n
	// Grown as the bytes arrive: a length alone never allocates much.
	b := make([]byte, 0, min(n, 64<<10))
	for len(b) < n {
		chunk := min(n-len(b), 1<<20)
		b = slices.Grow(b, chunk)
		if _, err := io.ReadFull(d.r, b[len(b):len(b)+chunk]); err != nil {
			d.err = err
			return nil
		}
		b = b[:len(b)+chunk]
	}
	return b
}

func (d *reader) magic(want string) {
	if got := d.read(len(want)); d.err == nil && string(got) != want {
		d.fail("not a decider message of this version")
	}
}

func (d *reader) byte() byte {
	b := d.read(1)
	if d.err != nil {
		return 0
	}
	return b[0]
}

func (d *reader) uint32() uint32 {
	b := d.read(4)
	if d.err != nil {
		return 0
	}
	return binary.BigEndian.Uint32(b)
}

func (d *reader) field() []byte {
	n := d.uint32()
	if n > MaxMessage {
		d.fail("a field of " + strconv.FormatUint(uint64(n), 10) + " bytes passes the message's bound")
		return nil
	}
	return d.read(int(n))
}

func (d *reader) list() []string {
	n := d.uint32()
	if n > maxList {
		d.fail("a list of " + strconv.FormatUint(uint64(n), 10) + " fields passes the bound of " + strconv.Itoa(maxList))
		return nil
	}
	var l []string
	for i := uint32(0); i < n && d.err == nil; i++ {
		l = append(l, string(d.field()))
	}
	return l
}
