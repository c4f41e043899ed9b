//go:build !unix

package filecache

import "io/fs"

// sysIdentity: without inodes nothing is identified, so nothing is kept.
func sysIdentity(fs.FileInfo) (dev, ino uint64, ctime int64, ok bool) { return 0, 0, 0, false }

// readRecord: without owners no record is known to be this user's alone.
func readRecord(string) ([]byte, bool) { return nil, false }
