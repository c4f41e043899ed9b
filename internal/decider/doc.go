// Package decider hands a hook call to arbiter's long-lived decider, a
// process of the same arbiter program that answers calls over a Unix
// socket only its user can reach, and reads its answer.
//
// A hook is a fresh process per tool call. Most of its time is the start of
// a large program and the first use of its code and tables, paid again on
// every call; a process that stays up pays it once. The hook (or its small
// arbiter-hook front end) connects, checks that the process at the other
// end runs as the same user and runs the very arbiter program the hook
// would run itself (its executable, by device and inode), and sends the
// call whole: the program's arguments, its environment, working directory
// and umask, and what it read on standard input. The decider runs the same
// code the hook would, in that environment, and sends back the standard
// output, standard error and exit status. Anything else (no decider, one
// that runs another program, a broken exchange, a decider that declines)
// and the caller decides in its own process, as before.
//
// This package is what the caller needs: the wire format, where the socket
// is, and the exchange. It imports only the standard library's smallest
// packages, because arbiter-hook links it and nothing else of arbiter's.
// The decider's side is package server.
package decider
