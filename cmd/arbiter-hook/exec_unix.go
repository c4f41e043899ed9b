//go:build unix

package main

import (
	"os"
	"syscall"
)

// runInstead runs the arbiter program under this program's name. When
// this process has not read its standard input (input nil), the program
// replaces it; otherwise it runs as a child fed what was read.
func runInstead(full string, args []string, input []byte) error {
	if input == nil {
		return syscall.Exec(full, args, os.Environ())
	}
	return runChild(full, args, input)
}
