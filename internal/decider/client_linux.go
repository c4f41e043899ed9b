package decider

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strconv"
	"syscall"
	"time"
)

// Timeout bounds an exchange: past it the caller decides itself. A call
// the judge is asked about takes its timeout (1.5 s by default); a decider
// busy with another call makes this one wait its turn.
const Timeout = 30 * time.Second

// Conn is a connection to a decider that was checked to run the expected
// program as this user.
type Conn struct{ fd int }

// Dial connects to the decider listening on socket and checks the process
// at the other end: it must run as this user and run the program file at
// binary (the same device and inode), the program the caller would run
// itself. A process of any other program listening there is refused.
func Dial(socket, binary string) (*Conn, error) {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	c := &Conn{fd: fd}
	if err := syscall.Connect(fd, &syscall.SockaddrUnix{Name: socket}); err != nil {
		c.Close()
		if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ECONNREFUSED) {
			return nil, ErrNotRunning
		}
		return nil, errors.New("connecting to " + socket + ": " + err.Error())
	}
	if err := c.checkPeer(binary); err != nil {
		c.Close()
		return nil, errors.New(socket + ": " + err.Error())
	}
	tv := syscall.NsecToTimeval(int64(Timeout))
	syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv)
	syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_SNDTIMEO, &tv)
	return c, nil
}

func (c *Conn) checkPeer(binary string) error {
	cred, err := syscall.GetsockoptUcred(c.fd, syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	if err != nil {
		return errors.New("reading the peer's credentials: " + err.Error())
	}
	if int(cred.Uid) != os.Getuid() {
		return errors.New("the process listening runs as user " + strconv.Itoa(int(cred.Uid)) + ", not this one")
	}
	var peer, want syscall.Stat_t
	if err := syscall.Stat("/proc/"+strconv.Itoa(int(cred.Pid))+"/exe", &peer); err != nil {
		return errors.New("reading the listening process's program: " + err.Error())
	}
	if err := syscall.Stat(binary, &want); err != nil {
		return errors.New("reading " + binary + ": " + err.Error())
	}
	if !SameFile(&peer, &want) {
		return errors.New("the process listening (pid " + strconv.Itoa(int(cred.Pid)) + ") does not run " + binary)
	}
	return nil
}

// Exchange sends one request and reads its reply.
func (c *Conn) Exchange(q Request) (Reply, error) {
	b := AppendRequest(nil, q)
	for len(b) > 0 {
		n, err := syscall.Write(c.fd, b)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return Reply{}, os.NewSyscallError("write", err)
		}
		b = b[n:]
	}
	return ReadReply(bufio.NewReaderSize(fdReader(c.fd), 64<<10))
}

// Close closes the connection.
func (c *Conn) Close() error { return syscall.Close(c.fd) }

type fdReader int

func (f fdReader) Read(b []byte) (int, error) {
	for {
		n, err := syscall.Read(int(f), b)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, os.NewSyscallError("read", err)
		case n == 0 && len(b) > 0:
			return 0, io.EOF
		}
		return n, nil
	}
}
