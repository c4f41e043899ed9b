package filecache

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Bounds on a folder of records: at most MaxRecords records, of at most
// MaxRecord bytes each (a larger one is not kept); when a folder holds
// more, the oldest go first. A folder is looked through when a record is
// added, once pruneEvery has passed or pruneAfter records were added
// since the last time (so it never holds more than MaxRecords +
// pruneAfter), and a call that only reads records pays nothing for it.
const (
	MaxRecords = 4096
	MaxRecord  = 64 << 10
	pruneEvery = time.Hour
	pruneAfter = 512
	// keepAfterPrune leaves room for new records before the next prune.
	keepAfterPrune = MaxRecords * 3 / 4
	// staleTemp is how old a half-written record left by a crash must be
	// before pruning removes it.
	staleTemp = time.Minute
)

// pruneMark is the file whose modification time says when a folder was
// last pruned, and whose size counts the records added since.
const pruneMark = ".pruned"

// ID is a file version's identity.
type ID struct {
	Dev, Ino     uint64
	Size         int64
	Mtime, Ctime int64
}

// Identify returns the identity of the file info describes; false when
// the system gives no inode, since without one there is no key that a
// rewrite is sure to change.
func Identify(info fs.FileInfo) (ID, bool) {
	dev, ino, ctime, ok := sysIdentity(info)
	if !ok {
		return ID{}, false
	}
	return ID{Dev: dev, Ino: ino, Size: info.Size(), Mtime: info.ModTime().UnixNano(), Ctime: ctime}, true
}

// String writes the identity as five decimal numbers.
func (id ID) String() string { return string(id.append(nil)) }

// append adds the identity's numbers to b, a space between each.
func (id ID) append(b []byte) []byte {
	b = strconv.AppendUint(b, id.Dev, 10)
	b = strconv.AppendUint(append(b, ' '), id.Ino, 10)
	b = strconv.AppendInt(append(b, ' '), id.Size, 10)
	b = strconv.AppendInt(append(b, ' '), id.Mtime, 10)
	return strconv.AppendInt(append(b, ' '), id.Ctime, 10)
}

// Key names a record of what version found in the file id is, with the
// extra words that qualify it (where the finding was looked up from).
func Key(version string, id ID, extra ...string) string {
	h := fnv.New128a()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00%d\x00%d", version, id.Dev, id.Ino, id.Size, id.Mtime, id.Ctime)
	var b []byte
	for _, e := range extra {
		b = strconv.AppendInt(append(b[:0], 0), int64(len(e)), 10)
		h.Write(append(append(b, ':'), e...))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Get returns the record kept under key in folder of the cache directory
// dir, if there is one that only this user could have written: a
// regular file of this user's, which neither group nor others may read
// or write (Put writes 0600), read with one read (a record is never
// rewritten in place: Put renames a new one over it). Anything else is
// no record: the caller reads and judges again.
func Get(dir, folder, key string) ([]byte, bool) {
	return readRecord(filepath.Join(dir, folder, key))
}

// Put keeps data under key in folder of the cache directory dir; failing
// to is not an error (the next call finds no record and reads again).
func Put(dir, folder, key string, data []byte) {
	if len(data) > MaxRecord {
		return
	}
	sub := filepath.Join(dir, folder)
	if os.MkdirAll(sub, 0o700) != nil {
		return
	}
	tmp, ok := writeNew(sub, data)
	if !ok {
		return
	}
	if os.Rename(tmp, filepath.Join(sub, key)) != nil {
		os.Remove(tmp)
		return
	}
	if due(sub, time.Now()) {
		Prune(sub, time.Now())
	}
}

// due counts a record added to folder and reports whether the folder was
// last pruned longer than pruneEvery ago or pruneAfter records ago.
func due(folder string, now time.Time) bool {
	mark := filepath.Join(folder, pruneMark)
	info, err := os.Stat(mark)
	if err != nil || now.Sub(info.ModTime()) > pruneEvery || info.Size() >= pruneAfter {
		return true
	}
	appendByte(mark)
	os.Chtimes(mark, info.ModTime(), info.ModTime()) // the count, not the time
	return false
}

// Prune removes half-written records older than staleTemp and, when the
// folder holds more than MaxRecords, the oldest records down to
// keepAfterPrune; then it marks the folder pruned at now.
func Prune(folder string, now time.Time) {
	entries, err := os.ReadDir(folder)
	if err != nil {
		return
	}
	type record struct {
		name string
		mod  time.Time
	}
	var records []record
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() || e.Name() == pruneMark {
			continue
		}
		if strings.HasPrefix(e.Name(), ".new-") {
			if now.Sub(info.ModTime()) > staleTemp {
				os.Remove(filepath.Join(folder, e.Name()))
			}
			continue
		}
		records = append(records, record{e.Name(), info.ModTime()})
	}
	if len(records) > MaxRecords {
		slices.SortFunc(records, func(a, b record) int { return a.mod.Compare(b.mod) })
		for _, r := range records[:len(records)-keepAfterPrune] {
			os.Remove(filepath.Join(folder, r.name))
		}
	}
	mark := filepath.Join(folder, pruneMark)
	if f, err := os.OpenFile(mark, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600); err == nil {
		f.Close()
		os.Chtimes(mark, now, now)
	}
}
