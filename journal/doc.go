// Package journal keeps, for each session, a small record of the files
// the agent wrote (their paths, the content sum (arbiter.ContentSum) of the content each write
// left, the tool that wrote it and arbiter's decision for the call), so
// that a later call that runs, sources or imports one of them can be
// judged by what the agent put there, wherever the file is.
//
// The record is one file per session in the cache directory, written
// only by arbiter (its folder is one the policy guards), mode 0600 in a
// 0700 folder, and bounded: the oldest entries are dropped. It never
// holds file contents. A record that cannot be read or written is
// simply absent: it can only ever make a call less known, never allowed.
package journal
