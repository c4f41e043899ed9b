//go:build !linux

package server

import (
	"context"
	"errors"
)

// Supported says whether this system has a decider.
const Supported = false

var errUnsupported = errors.New("the decider is used on Linux only")

// Serve reports that there is no decider on this system.
func Serve(ctx context.Context, opt Options) error { return errUnsupported }

// Start reports that there is no decider on this system.
func Start(binary string) error { return errUnsupported }
