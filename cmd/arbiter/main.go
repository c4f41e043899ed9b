//go:debug updatemaxprocs=0

// Command arbiter is a permission gate for AI coding agents: it reads a
// tool call and answers allow, deny, ask or defer, with the rules that fired
// and a reason.
//
// updatemaxprocs=0, as for arbiter-hook (see there): `arbiter hook` runs
// once per tool call for the runtimes that use project files.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/internal/hookcli"
)

func main() {
	hookcli.PresizeStack() // see there: the hook is a process per tool call
	// A hook call goes to the decider first (see decider.go); run keeps
	// every other command, and the tests' in-process calls, in this process.
	args := append([]string{"arbiter"}, os.Args[1:]...)
	if isFrontEnd(os.Args) {
		args = os.Args
	}
	if isHookCall(args) {
		os.Exit(handOff(args, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, mainUsage())
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, mainUsage())
		return 0
	case "-version", "--version":
		return version(args[1:], stdout, stderr)
	}
	c, ok := lookup(args[0])
	if !ok {
		unknownCommand(stderr, args[0])
		return 2
	}
	if !c.ownHelp && len(args) > 1 && isHelp(args[1]) {
		return help(args[:1], stdin, stdout, stderr)
	}
	return c.run(args[1:], stdin, stdout, stderr)
}
