// Package project reads, without running anything, what a command is about
// to run from the project: a script file, the scripts of the nearest
// package.json, and the recipe lines a Makefile target runs.
//
// Every read is bounded: scripts up to [MaxScript] bytes, package.json and
// Makefiles up to [MaxManifest] bytes; only regular files are opened, and
// never in a way that can block (a named pipe is refused, not waited on).
// A Makefile is read only when it is plain: includes, $(shell …), $(eval …),
// a changed SHELL and the like make it unreadable, reported as an error, so
// that callers never allow what they could not read.
package project
