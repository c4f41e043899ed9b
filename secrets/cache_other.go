//go:build !unix

package secrets

import "io/fs"

const openFlags = 0

// fileIdentity: without inodes there is no key that a rewrite is sure to
// change, so nothing is cached.
func fileIdentity(fs.FileInfo) (identity, bool) { return identity{}, false }
