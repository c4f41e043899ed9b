//go:build linux

package decider

import (
	"errors"
	"hash/fnv"
	"os"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/arbitergate/arbiter/internal/cachedir"
)

// maxSocketPath is what a Unix socket address holds (sun_path, with its
// terminating NUL), on Linux and the BSDs alike.
const maxSocketPath = 103

// Socket returns the socket of the decider for the program at binary:
// decider/ID.sock under arbiter's cache folder, where ID names the program
// file by path, device, inode, size and modification time, so that a
// rebuilt or upgraded arbiter never talks to a decider of the old one.
func Socket(getenv func(string) string, binary string) (string, error) {
	dir := cachedir.Of(getenv)
	if dir == "" {
		return "", errors.New("no cache folder: neither XDG_CACHE_HOME nor HOME is set")
	}
	id, err := identity(binary)
	if err != nil {
		return "", err
	}
	p := filepath.Join(dir, "decider", id+".sock")
	if len(p) > maxSocketPath {
		return "", errors.New("the decider's socket path " + p + " is longer than a socket address holds")
	}
	return p, nil
}

// identity hashes what tells one program file from another.
func identity(binary string) (string, error) {
	st, err := os.Stat(binary)
	if err != nil {
		return "", err
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return "", errors.New(binary + ": no device and inode on this system")
	}
	h := fnv.New64a()
	for _, s := range []string{binary, strconv.FormatUint(uint64(sys.Dev), 10), strconv.FormatUint(uint64(sys.Ino), 10),
		strconv.FormatInt(st.Size(), 10), strconv.FormatInt(st.ModTime().UnixNano(), 10)} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return strconv.FormatUint(h.Sum64(), 16), nil
}

// SameFile reports whether two stat results name one file: the test a
// caller makes of the decider's executable against the program it would
// run itself.
func SameFile(a, b *syscall.Stat_t) bool { return a.Dev == b.Dev && a.Ino == b.Ino }
