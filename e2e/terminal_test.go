package e2e

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"unsafe"
)

// terminal is a pseudo-terminal an interactive client runs in. It keeps
// everything the client drew, answers the queries a terminal answers
// (cursor position, device attributes, colours) so that a full-screen
// client starts, and types what a test sends.
type terminal struct {
	master *os.File
	// slave is the parent's copy of the client's side, closed once the
	// client has started.
	slave *os.File
	// log receives the raw output as it arrives.
	log *os.File

	mu     sync.Mutex
	screen bytes.Buffer
	// changed is signalled (without blocking) when output arrives.
	changed chan struct{}
}

const (
	termRows = 50
	termCols = 160
)

// openTerminal makes a pseudo-terminal and sets cmd to run in it as the
// leader of a new session, the terminal its controlling one.
func openTerminal(cmd *exec.Cmd, log *os.File) (*terminal, error) {
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, fmt.Errorf("opening /dev/ptmx: %w", err)
	}
	unlock := 0
	if err := ioctl(master.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); err != nil {
		master.Close()
		return nil, fmt.Errorf("unlocking the pseudo-terminal: %w", err)
	}
	var n uint32
	if err := ioctl(master.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); err != nil {
		master.Close()
		return nil, fmt.Errorf("naming the pseudo-terminal: %w", err)
	}
	slave, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, fmt.Errorf("opening /dev/pts/%d: %w", n, err)
	}
	ws := struct{ rows, cols, x, y uint16 }{termRows, termCols, 0, 0}
	if err := ioctl(slave.Fd(), syscall.TIOCSWINSZ, uintptr(unsafe.Pointer(&ws))); err != nil {
		master.Close()
		slave.Close()
		return nil, fmt.Errorf("sizing the pseudo-terminal: %w", err)
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = slave, slave, slave
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	return &terminal{master: master, slave: slave, log: log, changed: make(chan struct{}, 1)}, nil
}

func ioctl(fd, req, arg uintptr) error {
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, fd, req, arg); e != 0 {
		return e
	}
	return nil
}

// started closes the parent's copy of the slave side and starts reading.
func (t *terminal) started() {
	t.slave.Close()
	go t.read()
}

// replies are what a terminal answers to the queries full-screen
// clients make at start-up; a client waits for some of them.
var replies = []struct{ query, reply string }{
	{"\x1b[6n", "\x1b[1;1R"},                                // cursor position
	{"\x1b[c", "\x1b[?62;22c"},                              // primary device attributes
	{"\x1b[>c", "\x1b[>0;10;1c"},                            // secondary device attributes
	{"\x1b[?u", "\x1b[?0u"},                                 // keyboard enhancement flags
	{"\x1b]10;?\x1b\\", "\x1b]10;rgb:ffff/ffff/ffff\x1b\\"}, // foreground colour
	{"\x1b]11;?\x1b\\", "\x1b]11;rgb:0000/0000/0000\x1b\\"}, // background colour
	{"\x1b]10;?\x07", "\x1b]10;rgb:ffff/ffff/ffff\x07"},
	{"\x1b]11;?\x07", "\x1b]11;rgb:0000/0000/0000\x07"},
}

func (t *terminal) read() {
	buf := make([]byte, 32<<10)
	for {
		n, err := t.master.Read(buf)
		if n > 0 {
			chunk := buf[:n]
			if t.log != nil {
				_, _ = t.log.Write(chunk)
			}
			for _, r := range replies {
				for i := bytes.Count(chunk, []byte(r.query)); i > 0; i-- {
					_, _ = t.master.WriteString(r.reply)
				}
			}
			t.mu.Lock()
			t.screen.Write(chunk)
			t.mu.Unlock()
			select {
			case t.changed <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

// text returns everything drawn so far, without escape sequences, with
// cursor moves read as spaces so that words drawn apart stay apart.
func (t *terminal) text() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return plain(t.screen.String())
}

// shows reports whether the client has drawn s (spaces ignored, since a
// full-screen client may draw a phrase in pieces).
func (t *terminal) shows(s string) bool {
	return strings.Contains(squeeze(t.text()), squeeze(s))
}

func squeeze(s string) string { return strings.Join(strings.Fields(s), "") }

// typeText sends keystrokes.
func (t *terminal) typeText(s string) error {
	_, err := t.master.WriteString(s)
	return err
}

func (t *terminal) close() { t.master.Close() }

// plain strips terminal escape sequences from s.
func plain(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != 0x1b {
			if c == '\r' || (c < 0x20 && c != '\n' && c != '\t') {
				b.WriteByte(' ')
				continue
			}
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			break
		}
		switch s[i+1] {
		case '[': // CSI: parameters, then a final byte in @..~
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			b.WriteByte(' ')
		case ']', 'P', '_', '^': // OSC, DCS, APC, PM: up to BEL or ST
			j := i + 2
			for j < len(s) && s[j] != 0x07 && !(s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\') {
				j++
			}
			if j < len(s) && s[j] == 0x1b {
				j++
			}
			i = j
		default: // a two-byte sequence
			i++
		}
	}
	return b.String()
}
