//go:build !linux

package server

import (
	"context"
	"errors"
	"io"
	"time"
)

// Options say what a decider serves and when it stops.
type Options struct {
	Socket, Binary string
	Idle           time.Duration
	Run            func(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int, ok bool)
	Stop           func() bool
	StopEvery      time.Duration
	Ready          func()
}

// ErrRunning says another decider holds the socket's lock.
var ErrRunning = errors.New("a decider is already running for this socket")

// Supported says whether this system has a decider.
const Supported = false

var errUnsupported = errors.New("the decider is used on Linux only")

// Serve reports that there is no decider on this system.
func Serve(ctx context.Context, opt Options) error { return errUnsupported }

// Start reports that there is no decider on this system.
func Start(binary string) error { return errUnsupported }
