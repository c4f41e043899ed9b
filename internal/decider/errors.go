package decider

import "errors"

// ErrNotRunning says no decider listens on the socket: the caller decides
// itself and may start one.
var ErrNotRunning = errors.New("no decider is running")

// ErrDeclined says the decider did not run the call.
var ErrDeclined = errors.New("the decider declined the call")
