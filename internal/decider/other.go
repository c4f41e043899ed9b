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

// ErrNotRunning says no decider listens on the socket.
var ErrNotRunning = errors.New("no decider is running")

// ErrDeclined says the decider did not run the call.
var ErrDeclined = errors.New("the decider declined the call")

// Socket reports that there is no decider here.
func Socket(getenv func(string) string, binary string) (string, error) { return "", errUnsupported }

// Handoff reports that there is no decider here; it leaves stdin unread.
func Handoff(getenv func(string) string, binary string, args []string, stdin io.Reader) (Reply, []byte, error) {
	return Reply{}, nil, errUnsupported
}
