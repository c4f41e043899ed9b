//go:build !unix

package filecache

import (
	"io/fs"
	"os"
)

// sysIdentity: without inodes nothing is identified, so nothing is kept.
func sysIdentity(fs.FileInfo) (dev, ino uint64, ctime int64, ok bool) { return 0, 0, 0, false }

// readRecord: without owners no record is known to be this user's alone.
func readRecord(string) ([]byte, bool) { return nil, false }

// writeNew writes data to a new file in folder, 0600, named ".new-…",
// and returns its path.
func writeNew(folder string, data []byte) (string, bool) {
	tmp, err := os.CreateTemp(folder, ".new-*")
	if err != nil {
		return "", false
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return "", false
	}
	return tmp.Name(), true
}

// appendByte adds one byte to the end of the file p, which must exist.
func appendByte(p string) {
	if f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0o600); err == nil {
		f.Write([]byte{'+'})
		f.Close()
	}
}
