//go:build unix

package secrets

import (
	"io/fs"
	"syscall"
)

// openFlags keeps open from waiting on a named pipe swapped in after the
// regular-file check.
const openFlags = syscall.O_NONBLOCK

// fileIdentity returns a file's device, inode and change time.
func fileIdentity(info fs.FileInfo) (identity, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return identity{}, false
	}
	return identity{dev: uint64(st.Dev), ino: uint64(st.Ino), ctime: ctimeOf(st)}, true
}
