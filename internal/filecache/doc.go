// Package filecache keeps what arbiter found in a file between calls, in
// its cache directory: one small record per version of a file, named by
// a hash of the file's identity (device, inode, size, modification and
// change times) and the build of arbiter that found it. A file changed in
// any way gets a new key: the change time cannot be set back by a
// program, so rewriting a file and restoring its size and modification
// time does not bring back the old record. Records are written 0600 in a
// 0700 folder, by rename, so that a reader never sees half of one, and a
// folder is pruned to a bounded number of records.
package filecache
