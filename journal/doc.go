// Package journal keeps, for each session, a small record of the files
// the agent wrote (their paths, the arbiter.ContentSum of what each write
// left, the tool that wrote it, the call's id and arbiter's decision for
// it), so that a later call that runs, sources or imports one of them can
// be judged by what the agent put there, wherever the file is.
//
// The record is one file per session in the cache directory, written
// only by arbiter (its folder is one the policy guards), mode 0600 in a
// 0700 folder, and bounded: the oldest entries are dropped. It never
// holds file contents. A record that cannot be read or written is
// simply absent: it can only ever make a call less known, never allowed.
//
// A line is "v1", the time (Unix seconds), the tool, the decision, the
// sum in hex, the call's id and the path, separated by tabs; a field that
// would hold a tab or a line break is never recorded. A shell write whose
// content is not known to the byte (a copy, a download, an archive
// unpacked) is a "u1" line, or "t1" for a folder and all under it, naming
// the program and the file it copied instead of a sum (see unknown.go).
// The "u1" line of a compiler's program may follow a "c1" line of what
// the compile read, with the sums (see build.go), whose last field is
// never a path: a reader that does not know it skips it.
//
// The record also keeps arbiter's answers to calls a person may be asked
// about (see answers.go), for hygiene rule 6 (H6.confirmed): "a1" lines of
// digests of the call and of the files it depends on, never the command.
// A reader of "v1" lines alone skips them.
package journal
