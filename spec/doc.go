// Package spec holds arbiter's table of program specs: for each program it
// may allow, the subcommands, the options (short and long forms, whether
// each takes a value and what that value is: a file read or written, a
// program or code to run, a host, a pattern, plain text), the operands and
// the effect of the whole.
//
// The table is the closed world of the static policy: a command is allowed
// only when every word of it parses against its program's spec. Anything
// the spec does not name (an option, a subcommand, one operand too many) is
// reported, so that the policy can decline to allow it and say which entry
// a contributor would add.
//
// The table is data: programs.txt, embedded and parsed on first use. Its
// format is described at the top of that file.
package spec
