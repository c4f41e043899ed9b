//go:build linux

package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/arbitergate/arbiter/internal/decider"
)

// checkEvery is how often a waiting decider looks at its socket and
// program file.
const checkEvery = time.Second

// Serve listens on opt.Socket and answers calls until ctx ends or it stops
// on its own (see the package documentation). Calls are answered one at
// a time, in the order they connect: each replaces the process's
// environment and directory.
func Serve(ctx context.Context, opt Options) error {
	if err := privateDir(filepath.Dir(opt.Socket)); err != nil {
		return err
	}
	lock, err := takeLock(decider.Lock(opt.Socket))
	if err != nil {
		return err
	}
	defer lock.Close()
	l, sock, err := listen(opt.Socket)
	if err != nil {
		return err
	}
	defer removeIfOurs(opt.Socket, sock)
	bin, err := os.Stat(opt.Binary)
	if err != nil {
		l.close()
		return err
	}
	s := &state{opt: opt}
	s.last.Store(time.Now().UnixNano())
	if opt.Ready != nil {
		opt.Ready()
	}
	done := make(chan struct{})
	defer close(done)
	go s.watch(ctx, l, sock, bin, done)
	defer l.close()
	for {
		c, err := l.accept()
		if s.stopping.Load() {
			if c != nil {
				c.Close()
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("accepting on %s: %w", opt.Socket, err)
		}
		s.serve(c)
		if s.stopping.Load() {
			return nil
		}
	}
}

// state is a running decider's: the time of its last call and whether it
// is stopping.
type state struct {
	opt      Options
	last     atomic.Int64
	stopping atomic.Bool
	asked    time.Time // when Stop was last asked
}

// watch closes the listener, which ends Serve's loop, once the decider
// should stop.
func (s *state) watch(ctx context.Context, l *listener, sock, bin os.FileInfo, done chan struct{}) {
	t := time.NewTicker(checkEvery)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-ctx.Done():
		case <-t.C:
			if s.stopReason(sock, bin) == "" {
				continue
			}
		}
		s.stopping.Store(true)
		l.wake()
		return
	}
}

func (s *state) stopReason(sock, bin os.FileInfo) string {
	if time.Since(time.Unix(0, s.last.Load())) > s.opt.Idle {
		return "idle"
	}
	if st, err := os.Lstat(s.opt.Socket); err != nil || !os.SameFile(st, sock) {
		return "socket removed or taken over"
	}
	if st, err := os.Stat(s.opt.Binary); err != nil || !os.SameFile(st, bin) || st.Size() != bin.Size() || !st.ModTime().Equal(bin.ModTime()) {
		return "program replaced"
	}
	return ""
}

// requestWait bounds the wait for a request: a caller sends its whole
// request as it connects (it has read its input before), so a peer that
// holds a connection open without sending delays the others this long at
// most.
const requestWait = 2 * time.Second

// serve answers one connection.
func (s *state) serve(c *os.File) {
	defer c.Close()
	if err := samePeer(c); err != nil {
		return
	}
	setTimeout(c, syscall.SO_RCVTIMEO, requestWait)
	q, err := decider.ReadRequest(bufio.NewReaderSize(c, 16<<10))
	if err != nil {
		return
	}
	reply := s.run(q)
	s.last.Store(time.Now().UnixNano())
	setTimeout(c, syscall.SO_SNDTIMEO, decider.Timeout)
	c.Write(decider.AppendReply(nil, reply))
	os.Chdir("/")
	if !reply.Declined && s.opt.Stop != nil && time.Since(s.asked) >= s.opt.StopEvery {
		s.asked = time.Now()
		if s.opt.Stop() {
			s.stopping.Store(true)
		}
	}
}

// run runs a call in the caller's environment, directory and umask. A
// panic declines it and stops the decider: the caller decides itself, and
// the next call starts afresh.
func (s *state) run(q decider.Request) (reply decider.Reply) {
	if s.stopping.Load() || len(q.Args) == 0 {
		return decider.Reply{Declined: true}
	}
	defer func() {
		if recover() != nil {
			reply = decider.Reply{Declined: true}
			s.stopping.Store(true)
		}
	}()
	if err := os.Chdir(q.Dir); err != nil {
		return decider.Reply{Declined: true}
	}
	os.Clearenv()
	for _, kv := range q.Env {
		if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
			os.Setenv(k, v)
		}
	}
	syscall.Umask(int(q.Umask & 0o777))
	var stdout, stderr bytesBuffer
	status, ok := s.opt.Run(q.Args, bytes.NewReader(q.Stdin), &stdout, &stderr)
	if !ok {
		return decider.Reply{Declined: true}
	}
	return decider.Reply{Status: status, Stdout: stdout.b, Stderr: stderr.b}
}

type bytesBuffer struct{ b []byte }

func (w *bytesBuffer) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }

// samePeer checks that the process at the other end runs as this user.
func samePeer(c *os.File) error {
	cred, err := syscall.GetsockoptUcred(int(c.Fd()), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	if err != nil {
		return err
	}
	if int(cred.Uid) != os.Getuid() {
		return fmt.Errorf("a call from user %d, not this one", cred.Uid)
	}
	return nil
}

func setTimeout(c *os.File, opt int, d time.Duration) {
	tv := syscall.NsecToTimeval(int64(d))
	syscall.SetsockoptTimeval(int(c.Fd()), syscall.SOL_SOCKET, opt, &tv)
}

// privateDir makes dir if needed and checks that only this user can enter
// it: a folder of another user's, or one others can write, is refused.
func privateDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	switch {
	case !st.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	case !ok || int(sys.Uid) != os.Getuid():
		return fmt.Errorf("%s belongs to another user", dir)
	case st.Mode().Perm()&0o077 != 0:
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("%s is open to other users: %w", dir, err)
		}
	}
	return nil
}

func takeLock(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrRunning
		}
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	return f, nil
}

// listener is a listening Unix socket, on plain system calls: the net
// package would link the C library's resolver into the program and cost
// every hook's start a dynamic loader (TestStaticBinary).
type listener struct{ fd int }

// listen replaces a stale socket (the lock says no decider has it) with
// one only this user can connect to.
func listen(socket string) (*listener, os.FileInfo, error) {
	if err := os.Remove(socket); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, nil, err
	}
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, os.NewSyscallError("socket", err)
	}
	l := &listener{fd: fd}
	old := syscall.Umask(0o177)
	err = syscall.Bind(fd, &syscall.SockaddrUnix{Name: socket})
	syscall.Umask(old)
	if err == nil {
		err = syscall.Listen(fd, 64)
	}
	if err != nil {
		l.close()
		return nil, nil, fmt.Errorf("listening on %s: %w", socket, err)
	}
	st, err := os.Lstat(socket)
	if err != nil {
		l.close()
		return nil, nil, err
	}
	return l, st, nil
}

// accept waits for the next connection; wake ends the wait.
func (l *listener) accept() (*os.File, error) {
	for {
		fd, _, err := syscall.Accept4(l.fd, syscall.SOCK_CLOEXEC)
		switch err {
		case nil:
			return os.NewFile(uintptr(fd), "decider connection"), nil
		case syscall.EINTR, syscall.ECONNABORTED:
			continue
		}
		return nil, os.NewSyscallError("accept", err)
	}
}

// wake makes a waiting accept return.
func (l *listener) wake() { syscall.Shutdown(l.fd, syscall.SHUT_RDWR) }

func (l *listener) close() { syscall.Close(l.fd) }

func removeIfOurs(socket string, ours os.FileInfo) {
	if st, err := os.Lstat(socket); err == nil && os.SameFile(st, ours) {
		os.Remove(socket)
	}
}
