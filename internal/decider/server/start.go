//go:build linux

package server

import (
	"os"
	"os/exec"
	"syscall"
	"time"
)

// startWait bounds how long Start waits for the decider to listen.
const startWait = time.Second

// Start starts a decider in the background: the program at binary, run
// as `binary decider --ready-fd 3` (which listens where its environment,
// this one, puts the socket: decider.Socket), in a session of its own, in
// /, with no standard files, so that it outlives the hook that started it
// and holds nothing of it open. It waits until the decider listens (or
// stops: another one was running), at most startWait, so that a caller
// that returns leaves no decider half made.
func Start(binary string) error {
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	cmd := exec.Command(binary, "decider", "--ready-fd", "3")
	cmd.Dir = "/"
	cmd.ExtraFiles = []*os.File{w}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	err = cmd.Start()
	w.Close()
	if err != nil {
		return err
	}
	r.SetReadDeadline(time.Now().Add(startWait))
	r.Read(make([]byte, 1)) // a byte once it listens; end of file if it stops
	return cmd.Process.Release()
}

// Supported says whether this system has a decider.
const Supported = true
