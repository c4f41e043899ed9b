//go:build unix

package project

import (
	"fmt"
	"os"
	"syscall"
)

// readOpen reads at most limit+1 bytes of the regular file path, opened
// non-blocking so that open does not wait on a named pipe swapped in
// after the caller's regular-file check, and with the system's calls
// rather than an *os.File: Go adds a file opened non-blocking to its
// poller, whose first use starts epoll, an eventfd and a thread, which
// cost the hook more than the read itself. size is the file's size as
// its descriptor tells it.
func readOpen(path string, limit int64) (data []byte, size int64, err error) {
	fd, err := openNoWait(path)
	if err != nil {
		return nil, 0, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, 0, fmt.Errorf("%s: %w", path, ErrNotRegular)
	}
	want := min(st.Size, limit) + 1
	data = make([]byte, 0, want)
	for int64(len(data)) <= limit {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		room := data[len(data):min(int64(cap(data)), limit+1)]
		n, err := syscall.Read(fd, room)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return nil, 0, &os.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			break
		}
		data = data[:len(data)+n]
	}
	return data, st.Size, nil
}

// openNoWait opens path read-only, non-blocking, closed on exec.
func openNoWait(path string) (int, error) {
	for {
		fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != syscall.EINTR {
			return fd, err
		}
	}
}
