package secrets

import (
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The cache keeps one small file per scanned file version, named by a
// hash of the file's device, inode, size, modification and change times
// and the scanner's version, holding only the verdict: the kind of secret
// found (a name such as "GitHub token", never the value) and the flags.
// A file changed in any way gets a new key. The change time cannot be
// set back by a program, so rewriting a file and restoring its size and
// modification time does not bring back the old verdict. Entries are
// written 0600 in a 0700 folder, by rename, so that a reader never sees
// half of one.

// cacheFolder is the cache directory's subfolder for scan verdicts.
const cacheFolder = "secret-scan"

// cacheKey names a file version; false when the system gives no inode.
func cacheKey(info fs.FileInfo, version string) (string, bool) {
	id, ok := fileIdentity(info)
	if !ok {
		return "", false
	}
	h := fnv.New128a()
	fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00%d\x00%d", version, id.dev, id.ino, info.Size(), info.ModTime().UnixNano(), id.ctime)
	return fmt.Sprintf("%x", h.Sum(nil)), true
}

type identity struct {
	dev, ino uint64
	ctime    int64
}

// cached returns the verdict kept for key, if there is one.
func cached(dir, key string) (Scan, bool) {
	b, err := os.ReadFile(filepath.Join(dir, cacheFolder, key))
	if err != nil {
		return Scan{}, false
	}
	flags, kind, ok := strings.Cut(strings.TrimSuffix(string(b), "\n"), " ")
	if !ok || len(flags) != 3 {
		return Scan{}, false
	}
	return Scan{Regular: true, Binary: flags[0] == 'b', Truncated: flags[1] == 't', Found: Found{Public: flags[2] == 'p', Kind: kind}}, true
}

// store keeps a verdict for key; failing to is not an error (the next
// call scans again).
func store(dir, key string, s Scan) {
	folder := filepath.Join(dir, cacheFolder)
	if os.MkdirAll(folder, 0o700) != nil {
		return
	}
	flags := []byte("---")
	if s.Binary {
		flags[0] = 'b'
	}
	if s.Truncated {
		flags[1] = 't'
	}
	if s.Public {
		flags[2] = 'p'
	}
	tmp, err := os.CreateTemp(folder, ".new-*")
	if err != nil {
		return
	}
	_, werr := tmp.WriteString(string(flags) + " " + s.Kind + "\n")
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(folder, key)) != nil {
		os.Remove(tmp.Name())
	}
}
