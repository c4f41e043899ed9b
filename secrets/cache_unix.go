//go:build unix

package secrets

import "syscall"

// openFlags keeps open from waiting on a named pipe swapped in after the
// regular-file check.
const openFlags = syscall.O_NONBLOCK
