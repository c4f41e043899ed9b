//go:debug updatemaxprocs=0

// Command arbiter-hook is arbiter's hook as a program of its own:
// `arbiter-hook RUNTIME [--fail-closed]` does what `arbiter hook RUNTIME`
// does, and `arbiter install` points user-level hooks at it when it is
// installed beside arbiter. The hook runs once per tool call, and this
// program, which holds the decision path and none of arbiter's other
// commands, starts faster (BENCHMARKS.md).
//
// updatemaxprocs=0: the runtime would start a goroutine at start-up to
// follow changes to the container's CPU limit, which it checks once a
// second; the hook exits within milliseconds, so it would only pay for
// the goroutine's start and the thread woken to run it (41 context
// switches a call against 16 without, BENCHMARKS.md). GOMAXPROCS still
// starts at the container's limit.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/internal/hookcli"
)

func main() {
	hookcli.PresizeStack()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: arbiter-hook RUNTIME [--fail-closed]

Answers one hook call of RUNTIME (%s), read on standard input,
as arbiter hook RUNTIME does; see arbiter help hook.

  --fail-closed   answer unreadable input with the runtime's deny instead of defer
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	runtimes := strings.Join(hook.Runtimes(), ", ")
	failClosed := false
	var runtime string
	for _, a := range args {
		switch {
		case a == "-h" || a == "-help" || a == "--help":
			fmt.Fprintf(stdout, usage, runtimes)
			return 0
		case a == "--fail-closed" || a == "-fail-closed":
			failClosed = true
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "arbiter-hook: unknown flag %s\n"+usage, a, runtimes)
			return 2
		case runtime != "":
			fmt.Fprintf(stderr, "arbiter-hook: one runtime only, got %s and %s\n", runtime, a)
			return 2
		default:
			runtime = a
		}
	}
	if !hook.Known(runtime) {
		fmt.Fprintf(stderr, "arbiter-hook: name the runtime: %s\n", runtimes)
		return 2
	}
	return hookcli.Run(runtime, failClosed, stdin, stdout, stderr)
}
