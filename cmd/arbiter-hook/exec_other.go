//go:build !unix

package main

// runInstead runs the arbiter program under this program's name as a
// child (this system cannot replace a process with another).
func runInstead(full string, args []string, input []byte) error {
	return runChild(full, args, input)
}
