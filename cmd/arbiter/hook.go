package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/internal/hookcli"
)

func hookCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("hook", stderr)
	failClosed := fs.Bool("fail-closed", false, "answer unreadable input with the runtime's deny instead of defer")
	if len(args) > 0 && isHelp(args[0]) {
		status, _ := parseFlags(fs, args[:1])
		return status
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintf(stderr, "arbiter hook: name the runtime: %s\n", strings.Join(hook.Runtimes(), ", "))
		return 2
	}
	runtime := args[0]
	if status, done := parseFlags(fs, args[1:]); done {
		return status
	}
	return hookcli.Run(runtime, *failClosed, stdin, stdout, stderr)
}
