//go:build unix

package filecache

import (
	"io/fs"
	"os"
	"syscall"
)

// sysIdentity returns a file's device, inode and change time.
func sysIdentity(info fs.FileInfo) (dev, ino uint64, ctime int64, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0, false
	}
	return uint64(st.Dev), uint64(st.Ino), ctimeOf(st), true
}

// ownedByMe reports whether this process's user owns the file.
func ownedByMe(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return ok && int(st.Uid) == os.Getuid()
}
