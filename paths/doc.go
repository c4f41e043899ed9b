// Package paths resolves the paths a tool call names and says where they
// fall: inside the project, in a temp directory, in the home directory, in
// an operating system tree, on a device. Resolution is lexical (no symlinks
// are followed and nothing is read from disk), so the same call gets the
// same answer on every machine.
package paths
