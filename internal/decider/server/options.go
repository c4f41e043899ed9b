package server

import (
	"errors"
	"io"
	"time"
)

// Options say what a decider serves and when it stops.
type Options struct {
	// Socket is where it listens (decider.Socket).
	Socket string
	// Binary is the program file it runs; it stops when the file is
	// replaced.
	Binary string
	// Idle is how long it waits for a call before it stops.
	Idle time.Duration
	// Run runs one call (args with the program's name first) and returns
	// its status; ok false declines a call it does not serve.
	Run func(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int, ok bool)
	// Stop, if set, is asked after an answer, in the caller's
	// environment, whether to stop (a setting turned the decider off); at
	// most once every StopEvery, since reading the settings takes longer
	// than many a call.
	Stop      func() bool
	StopEvery time.Duration
	// Ready, if set, is called once the decider listens.
	Ready func()
}

// ErrRunning says another decider holds the socket's lock.
var ErrRunning = errors.New("a decider is already running for this socket")
