// Package server is the decider's side of package decider: it listens on
// the socket, takes one call at a time, runs it in the caller's
// environment, working directory and umask, and answers with what the
// call wrote and its status.
//
// A decider serves only its own user (it checks each peer's credentials,
// and its socket is in a folder only that user can enter), holds a lock so
// that one runs per socket, and stops on its own: after a while without
// calls, when its program file is replaced (an upgrade), and when its
// socket is removed or taken over. Nothing of one call is kept for the
// next but what the program keeps on disk anyway and the tables it built
// from its own embedded data.
package server
