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

// readRecord reads the record file p when it is this user's alone (see
// Get), with the system's calls: an *os.File would start Go's poller,
// which costs a hook call more than the read.
func readRecord(p string) ([]byte, bool) {
	fd, err := syscall.Open(p, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, false
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Mode&0o077 != 0 ||
		int(st.Uid) != os.Getuid() || st.Size > MaxRecord {
		return nil, false
	}
	b := make([]byte, st.Size+1)
	n, err := syscall.Read(fd, b)
	if err != nil || int64(n) != st.Size {
		return nil, false
	}
	return b[:n], true
}
