//go:build unix

package filecache

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
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

// writeNew writes data to a new file in folder, 0600, named ".new-…"
// (what Prune removes when a crash leaves one), and returns its path;
// with the system's calls, for the reason readRecord gives (a first call
// over a test tree writes hundreds of records).
func writeNew(folder string, data []byte) (string, bool) {
	base := filepath.Join(folder, ".new-"+strconv.Itoa(os.Getpid())+"-"+strconv.FormatInt(time.Now().UnixNano(), 36)+"-")
	for i := range 8 {
		p := base + strconv.Itoa(i)
		fd, err := syscall.Open(p, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC|syscall.O_NOFOLLOW, 0o600)
		if err == syscall.EEXIST {
			continue
		}
		if err != nil {
			return "", false
		}
		werr := writeAll(fd, data)
		if cerr := syscall.Close(fd); werr != nil || cerr != nil {
			syscall.Unlink(p)
			return "", false
		}
		return p, true
	}
	return "", false
}

// writeAll writes all of b to fd.
func writeAll(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := syscall.Write(fd, b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		b = b[n:]
	}
	return nil
}

// appendByte adds one byte to the end of the file p, which must exist.
func appendByte(p string) {
	fd, err := syscall.Open(p, syscall.O_WRONLY|syscall.O_APPEND|syscall.O_CLOEXEC|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return
	}
	writeAll(fd, []byte{'+'})
	syscall.Close(fd)
}
