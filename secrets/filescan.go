package secrets

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"time"

	"github.com/arbitergate/arbiter/internal/filecache"
)

// MaxScan bounds what is read of a file to look for secrets: the whole
// file up to 256 KiB, and the first 256 KiB of a larger one (Scan.Truncated
// says so, and the reason for a secret found says it was in that part).
// The bound is the hook's time budget: a scan costs about 4 ns a byte on
// a busy two-core machine (BENCHMARKS.md), so 256 KiB is about 1 ms, and
// the files credentials are kept in are far smaller.
const MaxScan = 256 << 10

// MaxScanText is MaxScan as a reason says it.
const MaxScanText = "256 KiB"

// Scan is what reading a file for secrets found.
type Scan struct {
	// Regular is set when a regular file is there. A path that does not
	// exist, a directory, a device or a pipe is not read: the file's name
	// is all there is to judge by.
	Regular bool
	// Err is set when a regular file could not be read.
	Err error
	// Binary marks content with a NUL byte: not text, so not scanned.
	Binary bool
	// Truncated marks a file larger than MaxScan, of which the first
	// MaxScan bytes were scanned.
	Truncated bool
	Found
}

// Scanner reads files for the secrets they hold. The policy gets one
// through its options, so that a caller can keep verdicts between
// processes (Files with a cache directory) or plant answers in tests.
type Scanner interface {
	ScanFile(path string) Scan
}

// Files is the Scanner that reads the file system. With Cache set, each
// verdict is kept there, keyed by the file's device, inode, size,
// modification and change times (see cache.go), so that reading the same
// unchanged file again costs a stat.
type Files struct {
	Cache string
	// Version names the program that scans, so that a verdict one build
	// kept is not taken by another whose scanner finds more; nil or ""
	// keeps nothing. It is called only when a file is scanned: naming
	// the program costs a readlink and a stat, which most calls need not
	// pay.
	Version func() string
	// Now is the clock verdicts are made by (nil: time.Now); a test sets
	// it to tell a verdict made long after a file's change from one made
	// in the same tick.
	Now func() time.Time
}

// ScanFile reads and scans the file at p, following symbolic links as the
// program reading it would.
func (f Files) ScanFile(p string) Scan {
	info, err := os.Stat(p)
	if err != nil || !info.Mode().IsRegular() {
		return Scan{}
	}
	key, id, keyed := f.key(info)
	if keyed {
		if s, ok := cached(f.Cache, key, id); ok {
			return s
		}
	}
	s := scanOpen(p, info)
	// A verdict racy when made would never be trusted: not kept.
	if made := f.now(); keyed && s.Err == nil && !racy(id, made) {
		store(f.Cache, key, s, made)
	}
	return s
}

// now is the time a verdict is made.
func (f Files) now() int64 {
	if f.Now == nil {
		return time.Now().UnixNano()
	}
	return f.Now().UnixNano()
}

// key is the cache's key for the file described by info, false when
// nothing is kept: no cache, or a program that cannot be named.
func (f Files) key(info fs.FileInfo) (string, filecache.ID, bool) {
	if f.Cache == "" || f.Version == nil {
		return "", filecache.ID{}, false
	}
	version := f.Version()
	if version == "" {
		return "", filecache.ID{}, false
	}
	return cacheKey(info, version)
}

// ScanBytes scans content already read, as ScanFile would the file.
func ScanBytes(name string, data []byte, size int64) Scan {
	s := Scan{Regular: true, Truncated: size > MaxScan}
	if len(data) > MaxScan {
		data = data[:MaxScan]
	}
	if bytes.IndexByte(data, 0) >= 0 {
		s.Binary = true
		return s
	}
	s.Found = Content(name, string(data))
	return s
}

// scanOpen opens, reads and scans a regular file.
func scanOpen(p string, info fs.FileInfo) Scan {
	fh, err := os.OpenFile(p, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return Scan{Regular: true, Err: fmt.Errorf("opening %s: %w", p, err)}
	}
	defer fh.Close()
	// The file may have been replaced between the two looks.
	if now, err := fh.Stat(); err != nil || !now.Mode().IsRegular() || !os.SameFile(now, info) {
		return Scan{Regular: true, Err: fmt.Errorf("%s changed while it was being read", p)}
	}
	data, err := readScanned(fh, info.Size())
	if err != nil {
		return Scan{Regular: true, Err: fmt.Errorf("reading %s: %w", p, err)}
	}
	return ScanBytes(path.Base(p), data, max(info.Size(), int64(len(data))))
}

// readChunk is what readScanned reads at a time.
const readChunk = 16 << 10

// readScanned reads what ScanBytes needs of r, a file of size bytes: at
// most MaxScan+1 bytes (the one past the bound says the file is larger),
// into a buffer sized by the file, and no further than the first chunk
// that holds a NUL byte, which makes the file binary (not scanned): a
// program, read whole before, shows one in its first page.
func readScanned(r io.Reader, size int64) ([]byte, error) {
	buf := make([]byte, 0, min(max(size, 0), MaxScan)+1)
	for len(buf) <= MaxScan {
		if len(buf) == cap(buf) { // the file grew since it was looked at
			buf = append(buf, 0)[:len(buf)]
		}
		end := min(cap(buf), len(buf)+readChunk, MaxScan+1)
		n, err := r.Read(buf[len(buf):end])
		chunk := buf[len(buf) : len(buf)+n]
		buf = buf[:len(buf)+n]
		switch {
		case bytes.IndexByte(chunk, 0) >= 0, err == io.EOF:
			return buf, nil
		case err != nil:
			return nil, err
		}
	}
	return buf, nil
}
