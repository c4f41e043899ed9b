//go:debug updatemaxprocs=0

// Command arbiter-hook is the small front end of arbiter's hook:
// `arbiter-hook RUNTIME [--fail-closed]` answers as `arbiter hook RUNTIME`
// does, and `arbiter install` points user-level hooks at it when it is
// installed beside arbiter. It links nothing of arbiter's policy: it hands
// the call to the decider for the arbiter beside it (package decider),
// and when there is none, or the exchange fails, it runs that arbiter
// under its own name, which decides in its own process and starts a
// decider for the next call. The hook runs once per tool call, and a
// program this small starts in about the time of an empty Go program
// (BENCHMARKS.md).
//
// updatemaxprocs=0: the runtime would start a goroutine at start-up to
// follow changes to the container's CPU limit, which it checks once a
// second; the hook exits within milliseconds, so it would only pay for
// the goroutine's start and the thread woken to run it (41 context
// switches a call against 16 without, BENCHMARKS.md). GOMAXPROCS still
// starts at the container's limit.
package main

import (
	"os"
	"path/filepath"

	"github.com/arbitergate/arbiter/internal/decider"
)

// program is the name arbiter answers to as this front end.
const program = "arbiter-hook"

func main() {
	args := append([]string{program}, os.Args[1:]...)
	full, err := beside()
	if err != nil {
		os.Stderr.WriteString("arbiter-hook: " + err.Error() + "; reinstall arbiter (arbiter-hook runs the arbiter beside it)\n")
		os.Exit(failStatus(args))
	}
	reply, input, err := decider.Handoff(os.Getenv, full, args, os.Stdin)
	if err == nil {
		os.Stdout.Write(reply.Stdout)
		os.Stderr.Write(reply.Stderr)
		os.Exit(reply.Status)
	}
	err = runInstead(full, args, input)
	os.Stderr.WriteString("arbiter-hook: running " + full + ": " + err.Error() + "\n")
	os.Exit(failStatus(args))
}

// beside returns the arbiter program in this program's folder.
func beside() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	full := filepath.Join(filepath.Dir(self), "arbiter")
	st, err := os.Stat(full)
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
		return "", &os.PathError{Op: "run", Path: full, Err: os.ErrPermission}
	}
	return full, nil
}

// failStatus is the status of a front end that could not run arbiter at
// all: 2 (the runtimes' block) with --fail-closed, else 1, which the
// runtimes report and leave to their own flow, as a defer.
func failStatus(args []string) int {
	for _, a := range args[1:] {
		if a == "--fail-closed" || a == "-fail-closed" {
			return 2
		}
	}
	return 1
}
