//go:build linux

package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/arbitergate/arbiter/internal/decider"
)

// keepProcess restores the environment, directory and umask a decider
// replaces for each call: the tests' decider is this process.
func keepProcess(t *testing.T) {
	env := os.Environ()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	umask := syscall.Umask(0o022)
	syscall.Umask(umask)
	t.Cleanup(func() {
		os.Clearenv()
		for _, kv := range env {
			k, v, _ := strings.Cut(kv, "=")
			os.Setenv(k, v)
		}
		os.Chdir(wd)
		syscall.Umask(umask)
	})
}

// echo answers with what the call saw: its arguments, one variable, its
// directory, umask and input.
func echo(args []string, stdin io.Reader, stdout, stderr io.Writer) (int, bool) {
	if args[0] != "arbiter-hook" {
		return 0, false
	}
	in, _ := io.ReadAll(stdin)
	wd, _ := os.Getwd()
	umask := syscall.Umask(0)
	syscall.Umask(umask)
	fmt.Fprintf(stdout, "args=%q X=%q dir=%s umask=%o input=%s", args, os.Getenv("X"), wd, umask, in)
	fmt.Fprint(stderr, "to stderr")
	return 3, true
}

type served struct {
	socket, exe string
	done        chan error
	cancel      func()
}

func start(t *testing.T, opt Options) *served {
	t.Helper()
	keepProcess(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// A short folder: a socket's path must fit in 104 bytes.
	dir, err := os.MkdirTemp("", "dec")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	s := &served{socket: filepath.Join(dir, "d", "x.sock"), exe: exe, done: make(chan error, 1)}
	if opt.Socket == "" {
		opt.Socket = s.socket
	}
	s.socket = opt.Socket
	opt.Binary = exe
	if opt.Idle == 0 {
		opt.Idle = time.Minute
	}
	if opt.Run == nil {
		opt.Run = echo
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	go func() { s.done <- Serve(ctx, opt) }()
	t.Cleanup(func() { cancel(); s.wait(t) })
	// Serve is listening once a connection goes through.
	for i := 0; ; i++ {
		c, err := decider.Dial(s.socket, exe)
		if err == nil {
			c.Close()
			return s
		}
		select {
		case err := <-s.done:
			t.Fatalf("Serve: %v", err)
		case <-time.After(10 * time.Millisecond):
		}
		if i > 500 {
			t.Fatalf("the decider never listened: %v", err)
		}
	}
}

// wait waits for Serve to return, at most 10 s.
func (s *served) wait(t *testing.T) error {
	select {
	case err := <-s.done:
		s.done <- err
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("the decider did not stop")
		return nil
	}
}

func (s *served) ask(t *testing.T, q decider.Request) (decider.Reply, error) {
	t.Helper()
	c, err := decider.Dial(s.socket, s.exe)
	if err != nil {
		return decider.Reply{}, err
	}
	defer c.Close()
	return c.Exchange(q)
}

func TestServeRunsInTheCallersEnvironment(t *testing.T) {
	s := start(t, Options{})
	dir := t.TempDir()
	for _, x := range []string{"one", "two"} {
		r, err := s.ask(t, decider.Request{Args: []string{"arbiter-hook", "claude"}, Env: []string{"X=" + x, "HOME=/nowhere"}, Dir: dir, Umask: 0o077, Stdin: []byte("payload")})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("args=[\"arbiter-hook\" \"claude\"] X=%q dir=%s umask=77 input=payload", x, dir)
		if r.Declined || r.Status != 3 || string(r.Stdout) != want || string(r.Stderr) != "to stderr" {
			t.Errorf("X=%s: %+v, want status 3 and %q", x, r, want)
		}
	}
	// A variable of one call is not seen by the next.
	r, err := s.ask(t, decider.Request{Args: []string{"arbiter-hook"}, Dir: dir})
	if err != nil || !strings.Contains(string(r.Stdout), `X=""`) {
		t.Errorf("a call without X: %q, %v", r.Stdout, err)
	}
}

func TestServeDeclines(t *testing.T) {
	s := start(t, Options{})
	for _, q := range []decider.Request{
		{Args: []string{"arbiter", "eval"}, Dir: "/"}, // not a call it serves
		{Dir: "/"}, // no program
		{Args: []string{"arbiter-hook"}, Dir: "/no/such/dir/"}, // a folder it cannot enter
	} {
		r, err := s.ask(t, q)
		if err != nil || !r.Declined {
			t.Errorf("%+v: %+v, %v; want it declined", q, r, err)
		}
	}
}

// TestDialChecksTheProgram: a process listening on the socket that does
// not run the program the caller would run is refused, whoever started it.
func TestDialChecksTheProgram(t *testing.T) {
	s := start(t, Options{})
	for _, other := range []string{"/bin/sh", "/proc/self/exe/.."} {
		if _, err := decider.Dial(s.socket, other); err == nil {
			t.Errorf("Dial expecting %s accepted a decider running %s", other, s.exe)
		}
	}
	// A listener of this same test program but not a decider would pass
	// this check; the check is of the program file, which holds nothing
	// an agent could change (the guard keeps it).
	if _, err := decider.Dial(filepath.Join(filepath.Dir(s.socket), "none.sock"), s.exe); !errors.Is(err, decider.ErrNotRunning) {
		t.Errorf("no socket: %v, want ErrNotRunning", err)
	}
}

func TestServeStops(t *testing.T) {
	t.Run("socket removed", func(t *testing.T) {
		s := start(t, Options{})
		os.Remove(s.socket)
		if err := s.wait(t); err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	t.Run("socket taken over", func(t *testing.T) {
		s := start(t, Options{})
		os.Remove(s.socket)
		l, err := net.Listen("unix", s.socket)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		s.wait(t)
		if _, err := os.Lstat(s.socket); err != nil {
			t.Errorf("the decider removed the socket another process listens on: %v", err)
		}
	})
	t.Run("idle", func(t *testing.T) {
		s := start(t, Options{Idle: time.Millisecond})
		s.wait(t)
		if _, err := os.Lstat(s.socket); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("an idle decider left its socket: %v", err)
		}
	})
	t.Run("turned off", func(t *testing.T) {
		s := start(t, Options{Stop: func() bool { return os.Getenv("OFF") == "1" }})
		if _, err := s.ask(t, decider.Request{Args: []string{"arbiter-hook"}, Env: []string{"OFF=1"}, Dir: "/"}); err != nil {
			t.Fatal(err)
		}
		s.wait(t)
	})
	t.Run("cancelled", func(t *testing.T) {
		s := start(t, Options{})
		s.cancel()
		s.wait(t)
	})
}

func TestOneDeciderPerSocket(t *testing.T) {
	s := start(t, Options{})
	err := Serve(context.Background(), Options{Socket: s.socket, Binary: s.exe, Idle: time.Minute, Run: echo})
	if !errors.Is(err, ErrRunning) {
		t.Errorf("a second decider on the socket: %v, want ErrRunning", err)
	}
	if _, err := s.ask(t, decider.Request{Args: []string{"arbiter-hook"}, Dir: "/"}); err != nil {
		t.Errorf("the first decider after a second one tried: %v", err)
	}
}

// TestStaleSocket: a socket file no process listens on (a decider that was
// killed) is replaced.
func TestStaleSocket(t *testing.T) {
	dir, err := os.MkdirTemp("", "dec")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	socket := filepath.Join(dir, "d", "x.sock")
	os.Mkdir(filepath.Dir(socket), 0o700)
	l, err := net.ListenUnix("unix", &net.UnixAddr{Name: socket, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	l.SetUnlinkOnClose(false)
	l.Close()
	s := start(t, Options{Socket: socket})
	if r, err := s.ask(t, decider.Request{Args: []string{"arbiter-hook"}, Dir: "/"}); err != nil || r.Status != 3 {
		t.Errorf("after a stale socket: %+v, %v", r, err)
	}
}

func TestPrivateDir(t *testing.T) {
	dir := t.TempDir()
	open := filepath.Join(dir, "open")
	os.Mkdir(open, 0o777)
	os.Chmod(open, 0o777)
	if err := privateDir(open); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(open); st.Mode().Perm() != 0o700 {
		t.Errorf("a folder open to others is left %v", st.Mode().Perm())
	}
	file := filepath.Join(dir, "file")
	os.WriteFile(file, nil, 0o600)
	if err := privateDir(file); err == nil {
		t.Error("a file taken for the socket's folder")
	}
	link := filepath.Join(dir, "link")
	os.Symlink(open, link)
	if err := privateDir(link); err == nil {
		t.Error("a link taken for the socket's folder")
	}
}
