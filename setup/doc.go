// Package setup adds arbiter's hook entries to a coding agent's settings
// file and removes them again. Edits are made in place on the file's
// bytes: every other setting and hook keeps its exact text, the original
// is backed up beside the file, and an uninstall right after an install
// restores the original byte for byte. A file that is not valid JSON is
// reported and never overwritten.
package setup
