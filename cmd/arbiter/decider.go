package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/internal/decider"
	"github.com/arbitergate/arbiter/internal/decider/server"
	"github.com/arbitergate/arbiter/internal/hookcli"
)

// deciderIdle is how long a decider waits for a call before it stops.
const deciderIdle = 10 * time.Minute

// hookProgram runs a hook call in this process: args is the program's
// command line, its name first: `arbiter hook RUNTIME …`, or arbiter-hook
// (the small front end runs arbiter under that name). These are the only
// calls a decider serves; ok is false for any other.
func hookProgram(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int, ok bool) {
	switch {
	case isFrontEnd(args):
		return hookcli.Program(args[1:], stdin, stdout, stderr), true
	case isHookCall(args):
		return hookCmd(args[2:], stdin, stdout, stderr), true
	}
	return 0, false
}

// isFrontEnd says whether args is arbiter-hook's command line.
func isFrontEnd(args []string) bool {
	return len(args) >= 1 && filepath.Base(args[0]) == "arbiter-hook"
}

// isHookCall says whether args is a hook call's command line.
func isHookCall(args []string) bool { return isFrontEnd(args) || len(args) >= 2 && args[1] == "hook" }

// handOff answers a hook call through the decider, and when there is none
// (or it cannot be used) in this process, then starts one for the next
// call unless a setting turned it off.
func handOff(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	self, err := os.Executable()
	if err != nil {
		status, _ := hookProgram(args, stdin, stdout, stderr)
		return status
	}
	reply, input, err := decider.Handoff(os.Getenv, self, args, stdin)
	if err == nil {
		stdout.Write(reply.Stdout)
		stderr.Write(reply.Stderr)
		return reply.Status
	}
	if input != nil {
		stdin = bytes.NewReader(input)
	}
	status, _ := hookProgram(args, stdin, stdout, stderr)
	if errors.Is(err, decider.ErrNotRunning) && deciderOn(os.Getenv) {
		// The answer is written: a decider that cannot start changes
		// nothing but the next call's time.
		server.Start(self)
	}
	return status
}

// deciderOn reads ARBITER_DECIDER from the environment and the
// configuration (a managed file can fix it).
func deciderOn(getenv func(string) string) bool {
	cfg, _ := config.Load(getenv)
	return cfg.Get("ARBITER_DECIDER") != "off"
}

func deciderCmd(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("decider", stderr)
	idle := fs.Duration("idle", deciderIdle, "stop after this long without a call")
	readyFD := fs.Int("ready-fd", -1, "write a byte to this file descriptor once listening, then close it (the hook that starts the decider waits for it)")
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "arbiter decider: no arguments, got %q\n", fs.Args())
		return 2
	}
	if !server.Supported {
		fmt.Fprintln(stderr, "arbiter decider: there is no decider on this system; the hooks decide in their own process")
		return 1
	}
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "arbiter decider:", err)
		return 1
	}
	socket, err := decider.Socket(os.Getenv, self)
	if err != nil {
		fmt.Fprintln(stderr, "arbiter decider:", err)
		return 1
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	opt := server.Options{Socket: socket, Binary: self, Idle: *idle, Run: hookProgram,
		Stop: func() bool { return !deciderOn(os.Getenv) }, StopEvery: time.Second}
	if *readyFD >= 0 {
		ready := os.NewFile(uintptr(*readyFD), "ready")
		defer ready.Close() // a decider that stops without listening says so by closing it
		opt.Ready = func() { ready.Write([]byte{1}); ready.Close() }
	}
	err = server.Serve(ctx, opt)
	switch {
	case errors.Is(err, server.ErrRunning):
		return 0
	case err != nil:
		fmt.Fprintln(stderr, "arbiter decider:", err)
		return 1
	}
	return 0
}
