package decider

// Lock returns the lock file the decider listening on socket holds while
// it runs: one decider per socket, and a stale socket is removed only by
// the process that holds it.
func Lock(socket string) string {
	return socket[:len(socket)-len(".sock")] + ".lock"
}
