//go:build unix

package audit

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
)

// appendLine appends a line to the log with four system calls on the
// common path (open, fstat, write, close), every tool call paying for
// them: raw calls, since an *os.File opened O_NONBLOCK starts Go's
// network poller, a tenth of the hook's time. O_NONBLOCK makes a FIFO
// nobody reads fail at once instead of holding the hook; anything but a
// regular file is refused. A log past maxBytes is rotated first; one
// found readable by others is made 0600.
func appendLine(path string, line []byte) error {
	fd, st, err := openLog(path)
	if err != nil {
		return err
	}
	if st.Size > maxBytes {
		syscall.Close(fd)
		rotate(path)
		if fd, st, err = openLog(path); err != nil {
			return err
		}
	}
	defer syscall.Close(fd)
	if st.Mode&0o777 != 0o600 {
		if err := syscall.Fchmod(fd, 0o600); err != nil {
			return &os.PathError{Op: "chmod", Path: path, Err: err}
		}
	}
	for len(line) > 0 {
		n, err := syscall.Write(fd, line)
		if err != nil {
			return &os.PathError{Op: "write", Path: path, Err: err}
		}
		line = line[n:]
	}
	return nil
}

// openLog opens the log for appending, creating it (and its folder,
// 0700) when missing, and returns what fstat says of it.
func openLog(path string) (int, syscall.Stat_t, error) {
	const flags = syscall.O_WRONLY | syscall.O_APPEND | syscall.O_CREAT | syscall.O_NONBLOCK | syscall.O_CLOEXEC
	var st syscall.Stat_t
	fd, err := syscall.Open(path, flags, 0o600)
	if errors.Is(err, syscall.ENOENT) {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return -1, st, err
		}
		fd, err = syscall.Open(path, flags, 0o600)
	}
	if err != nil {
		return -1, st, &os.PathError{Op: "open", Path: path, Err: err}
	}
	if err := syscall.Fstat(fd, &st); err != nil {
		syscall.Close(fd)
		return -1, st, &os.PathError{Op: "fstat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return -1, st, errors.New("not a regular file; nothing written")
	}
	return fd, st, nil
}
