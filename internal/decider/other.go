//go:build !linux

package decider

import (
	"errors"
	"io"
)

// On other systems there is no decider: the process at the other end of a
// socket can only be checked on Linux, so the hook decides in its own
// process.
var errUnsupported = errors.New("the decider is used on Linux only")

// Socket reports that there is no decider here.
func Socket(getenv func(string) string, binary string) (string, error) { return "", errUnsupported }

// Handoff reports that there is no decider here; it leaves stdin unread.
func Handoff(getenv func(string) string, binary string, args []string, stdin io.Reader) (Reply, []byte, error) {
	return Reply{}, nil, errUnsupported
}

// Conn is a connection to a decider; there is none on this system.
type Conn struct{}

// Dial reports that there is no decider here.
func Dial(socket, binary string) (*Conn, error) { return nil, errUnsupported }

// Close does nothing.
func (c *Conn) Close() error { return nil }
