package decider

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"strings"
	"testing"
)

func TestRequestRoundTrip(t *testing.T) {
	for _, q := range []Request{
		{},
		{Args: []string{"arbiter-hook", "claude"}, Env: []string{"HOME=/home/dev", "EMPTY=", "A=b=c"}, Dir: "/home/dev/proj", Umask: 0o022, Stdin: []byte(`{"tool_name":"Bash"}`)},
		{Args: []string{"arbiter", "hook", "codex", "--fail-closed"}, Stdin: bytes.Repeat([]byte{0, 0xff, '\n'}, 1000)},
	} {
		got, err := ReadRequest(bytes.NewReader(AppendRequest(nil, q)))
		if err != nil {
			t.Fatalf("%+v: %v", q, err)
		}
		if q.Stdin == nil {
			q.Stdin = []byte{}
		}
		if !reflect.DeepEqual(got, q) {
			t.Errorf("round trip of %+v gave %+v", q, got)
		}
	}
}

func TestReplyRoundTrip(t *testing.T) {
	for _, p := range []Reply{
		{Stdout: []byte{}, Stderr: []byte{}},
		{Declined: true, Stdout: []byte{}, Stderr: []byte{}},
		{Status: 2, Stdout: []byte(`{"decision":"block"}` + "\n"), Stderr: []byte("arbiter: no judge\n")},
		{Status: -1, Stdout: []byte{}, Stderr: []byte("x")},
	} {
		got, err := ReadReply(bytes.NewReader(AppendReply(nil, p)))
		if err != nil {
			t.Fatalf("%+v: %v", p, err)
		}
		if !reflect.DeepEqual(got, p) {
			t.Errorf("round trip of %+v gave %+v", p, got)
		}
	}
}

// TestReadBounds: a message is read with bounds whatever its peer sends.
func TestReadBounds(t *testing.T) {
	u32 := func(n uint32) []byte { return binary.BigEndian.AppendUint32(nil, n) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	for _, tt := range []struct {
		name string
		msg  []byte
		says string
	}{
		{"another version", []byte("ARBQ2\n"), "not a decider message"},
		{"a reply where a request belongs", AppendReply(nil, Reply{}), "not a decider message"},
		{"a list too long", cat([]byte(requestMagic), u32(maxList+1)), "passes the bound"},
		{"a field past the bound", cat([]byte(requestMagic), u32(1), u32(MaxMessage+1)), "passes the message's bound"},
		{"a long field cut short", cat([]byte(requestMagic), u32(1), u32(MaxMessage-64), bytes.Repeat([]byte{'a'}, 16)), "EOF"},
		{"cut short", AppendRequest(nil, Request{Args: []string{"arbiter-hook"}})[:12], "EOF"},
		{"empty", nil, "EOF"},
	} {
		_, err := ReadRequest(bytes.NewReader(tt.msg))
		if err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%s: %v, want an error saying %q", tt.name, err, tt.says)
		}
	}
	bad := AppendReply(nil, Reply{})
	bad[len(replyMagic)] = 7
	if _, err := ReadReply(bytes.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "declined flag") {
		t.Errorf("a declined flag of 7: %v", err)
	}
}

// FuzzReadRequest: the decider reads whatever a peer sends without a
// panic, and what it reads encodes back to what it read.
func FuzzReadRequest(f *testing.F) {
	f.Add(AppendRequest(nil, Request{Args: []string{"arbiter-hook", "claude"}, Env: []string{"HOME=/h"}, Dir: "/", Stdin: []byte("{}")}))
	f.Add([]byte(requestMagic + "\x00\x00\x00\x01\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		q, err := ReadRequest(bytes.NewReader(b))
		if err != nil {
			return
		}
		again, err := ReadRequest(bytes.NewReader(AppendRequest(nil, q)))
		if err != nil || !reflect.DeepEqual(again, q) {
			t.Fatalf("%+v encodes to something read as %+v (%v)", q, again, err)
		}
	})
}

// FuzzReadReply: likewise for the hook's side.
func FuzzReadReply(f *testing.F) {
	f.Add(AppendReply(nil, Reply{Status: 2, Stdout: []byte("{}"), Stderr: []byte("x")}))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ReadReply(bytes.NewReader(b))
		if err != nil {
			return
		}
		again, err := ReadReply(bytes.NewReader(AppendReply(nil, p)))
		if err != nil || !reflect.DeepEqual(again, p) {
			t.Fatalf("%+v encodes to something read as %+v (%v)", p, again, err)
		}
	})
}
