package secrets

import (
	"io/fs"
	"strings"

	"github.com/arbitergate/arbiter/internal/filecache"
)

// The cache keeps one small record per scanned file version (see package
// filecache for the key and how records are kept), holding only the
// verdict: the kind of secret found (a name such as "GitHub token", never
// the value) and the flags.

// cacheFolder is the cache directory's subfolder for scan verdicts.
const cacheFolder = "secret-scan"

// cacheKey names a file version; false when the system gives no inode.
func cacheKey(info fs.FileInfo, version string) (string, bool) {
	id, ok := filecache.Identify(info)
	if !ok {
		return "", false
	}
	return filecache.Key(version, id), true
}

// cached returns the verdict kept for key, if there is one.
func cached(dir, key string) (Scan, bool) {
	b, ok := filecache.Get(dir, cacheFolder, key)
	if !ok {
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
	filecache.Put(dir, cacheFolder, key, []byte(string(flags)+" "+s.Kind+"\n"))
}
