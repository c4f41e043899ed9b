//go:build unix

package filecache

import (
	"io/fs"
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
