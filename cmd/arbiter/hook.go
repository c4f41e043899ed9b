package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/hook"
)

func hookCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hook", flag.ContinueOnError)
	fs.SetOutput(stderr)
	failClosed := fs.Bool("fail-closed", false, "answer unreadable input with the runtime's deny instead of defer")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "arbiter hook: name the runtime: %s\n", strings.Join(hook.Runtimes(), ", "))
		return 2
	}
	runtime := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		return 2
	}
	g, _, err := gate.FromConfig(gate.Options{Log: stderr})
	if err != nil {
		err = fmt.Errorf("the configuration cannot be used: %w", err)
	}
	return hook.Run(context.Background(), runtime, stdin, stdout, stderr, g, hook.Options{FailClosed: *failClosed, Setup: err})
}
