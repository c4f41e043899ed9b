package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/internal/decider"
	"github.com/arbitergate/arbiter/internal/decider/server"
)

// reportDecider says whether the hooks hand their calls to a decider
// (decider.go), and flags a process that is not this arbiter listening on
// its socket; it returns the number of problems it printed.
func reportDecider(w io.Writer, cfg config.Config) int {
	const alone = "each hook call decides in its own process"
	if !server.Supported {
		fmt.Fprintln(w, "  decider: none on this system; "+alone)
		return 0
	}
	if cfg.Get("ARBITER_DECIDER") == "off" {
		fmt.Fprintln(w, "  decider: off (ARBITER_DECIDER); "+alone)
		return 0
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintf(w, "  decider: cannot be used (%v); %s\n", err, alone)
		return 0
	}
	socket, err := decider.Socket(os.Getenv, self)
	if err != nil {
		fmt.Fprintf(w, "  decider: cannot be used (%v); %s\n", err, alone)
		return 0
	}
	c, err := decider.Dial(socket, self)
	switch {
	case err == nil:
		c.Close()
		fmt.Fprintf(w, "✓ decider: running for this arbiter (%s)\n", socket)
	case errors.Is(err, decider.ErrNotRunning):
		fmt.Fprintf(w, "  decider: not running; the next hook call starts one (%s)\n", socket)
	default:
		fmt.Fprintf(w, "✗ decider: %v\n  fix: stop the process that listens there; until then the hooks refuse it and each call decides in its own process\n", err)
		return 1
	}
	return 0
}
