package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
)

// runChild runs the arbiter program under this program's name with this
// process's standard files (standard input replaced by input when this
// process read it) and exits with its status; it returns only when the
// program could not be run.
func runChild(full string, args []string, input []byte) error {
	cmd := exec.Command(full, args[1:]...)
	cmd.Args[0] = args[0]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if input != nil {
		cmd.Stdin = bytes.NewReader(input)
	}
	err := cmd.Run()
	var exit *exec.ExitError
	if err == nil || errors.As(err, &exit) {
		os.Exit(cmd.ProcessState.ExitCode())
	}
	return err
}
