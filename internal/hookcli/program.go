package hookcli

import (
	"fmt"
	"io"
	"strings"

	"github.com/arbitergate/arbiter/hook"
)

const programUsage = `usage: arbiter-hook RUNTIME [--fail-closed]

Answers one hook call of RUNTIME (%s), read on standard input,
as arbiter hook RUNTIME does; see arbiter help hook.

  --fail-closed   answer unreadable input with the runtime's deny instead of defer
`

// Program is the arbiter-hook program: its arguments (after the program's
// name) are a runtime and --fail-closed. The small arbiter-hook front end
// hands its calls to the decider, or runs the arbiter program under its
// name, and both end here.
func Program(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	runtimes := strings.Join(hook.Runtimes(), ", ")
	failClosed := false
	var runtime string
	for _, a := range args {
		switch {
		case a == "-h" || a == "-help" || a == "--help":
			fmt.Fprintf(stdout, programUsage, runtimes)
			return 0
		case a == "--fail-closed" || a == "-fail-closed":
			failClosed = true
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(stderr, "arbiter-hook: unknown flag %s\n"+programUsage, a, runtimes)
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
	return Run(runtime, failClosed, stdin, stdout, stderr)
}
