//go:build linux

package decider

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// Handoff asks the decider for the program at binary to run args (the
// program's name first) with this process's environment, directory and
// umask, and with what stdin holds. It reads stdin only when a decider's
// socket is there, and before it connects, so that a decider never waits
// on a caller's input; input is what it read, for a caller that must
// decide itself after all (nil when it read nothing: stdin is untouched).
// An error says the call was not answered, and why.
func Handoff(getenv func(string) string, binary string, args []string, stdin io.Reader) (reply Reply, input []byte, err error) {
	if getenv("ARBITER_DECIDER") == "off" {
		return Reply{}, nil, errors.New("ARBITER_DECIDER is off")
	}
	socket, err := Socket(getenv, binary)
	if err != nil {
		return Reply{}, nil, err
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(socket, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFSOCK {
		return Reply{}, nil, ErrNotRunning
	}
	input, err = io.ReadAll(stdin)
	if input == nil {
		input = []byte{}
	}
	if err != nil {
		return Reply{}, input, errors.New("reading the hook's input: " + err.Error())
	}
	dir, err := os.Getwd()
	if err != nil {
		return Reply{}, input, err
	}
	c, err := Dial(socket, binary)
	if err != nil {
		return Reply{}, input, err
	}
	defer c.Close()
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	reply, err = c.Exchange(Request{Args: args, Env: os.Environ(), Dir: dir, Umask: uint32(umask), Stdin: input})
	if err == nil && reply.Declined {
		err = ErrDeclined
	}
	return reply, input, err
}
