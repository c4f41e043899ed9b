package secrets

import (
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/internal/filecache"
)

// The cache keeps one small record per scanned file version (see package
// filecache for the key and how records are kept), holding only the
// verdict: the kind of secret found (a name such as "GitHub token", never
// the value), the flags, and when the verdict was made.
//
// A file's identity says nothing of a change made within the same tick
// of the file system's clock as the stat that took it: a file scanned
// clean and rewritten, to the same size, in that tick keeps the key of
// the clean verdict. As git does with its index, a verdict is trusted
// only when the file's last change (modification and change times) is
// strictly older than the verdict, by more than the coarsest tick a file
// system keeps (racyWindow); a younger one is scanned again.

// racyWindow is how much older than a verdict a file's last change must
// be for the verdict to be trusted: 2 s, the tick of the coarsest file
// systems (FAT), which covers the few milliseconds of the others.
const racyWindow = 2 * time.Second

// cacheFolder is the cache directory's subfolder for scan verdicts.
const cacheFolder = "secret-scan"

// cacheKey names a file version, which id is; false when the system
// gives no inode.
func cacheKey(info fs.FileInfo, version string) (string, filecache.ID, bool) {
	id, ok := filecache.Identify(info)
	if !ok {
		return "", id, false
	}
	return filecache.Key(version, id), id, true
}

// cached returns the verdict kept for key, if there is one made after
// the file's last change, id (see racyWindow).
func cached(dir, key string, id filecache.ID) (Scan, bool) {
	b, ok := filecache.Get(dir, cacheFolder, key)
	if !ok {
		return Scan{}, false
	}
	flags, rest, ok := strings.Cut(strings.TrimSuffix(string(b), "\n"), " ")
	if !ok || len(flags) != 3 {
		return Scan{}, false
	}
	when, kind, ok := strings.Cut(rest, " ")
	made, err := strconv.ParseInt(when, 10, 64)
	if !ok || err != nil || racy(id, made) {
		return Scan{}, false
	}
	return Scan{Regular: true, Binary: flags[0] == 'b', Truncated: flags[1] == 't', Found: Found{Public: flags[2] == 'p', Kind: kind}}, true
}

// racy reports whether a verdict made at made (Unix nanoseconds) may
// predate a change of the file id within the same tick.
func racy(id filecache.ID, made int64) bool {
	limit := made - int64(racyWindow)
	return id.Mtime >= limit || id.Ctime >= limit
}

// store keeps a verdict for key, made at made (Unix nanoseconds);
// failing to is not an error (the next call scans again).
func store(dir, key string, s Scan, made int64) {
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
	filecache.Put(dir, cacheFolder, key, []byte(string(flags)+" "+strconv.FormatInt(made, 10)+" "+s.Kind+"\n"))
}
