package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/arbitergate/arbiter/e2e/scripted"
)

// insideEnv names the launch file when the test binary runs as the
// inside of a case's network namespace.
const insideEnv = "ARBITER_E2E_INSIDE"

// launch is what the inside of a namespace needs to run one case.
type launch struct {
	Client  string          `json:"client"`
	Layout  layout          `json:"layout"`
	Calls   []scripted.Call `json:"calls"`
	Options runOptions      `json:"options"`
	Bin     string          `json:"bin"`
	Timeout time.Duration   `json:"timeout"`
	// Outcome is where the inside writes what happened.
	Outcome string `json:"outcome"`
	// Interactive runs the client's full-screen UI in a terminal
	// instead of its headless mode.
	Interactive bool `json:"interactive,omitempty"`
	// StopOn ends an interactive run once the client draws one of these
	// (a prompt the test expects); the run also ends when the tool result
	// has come back.
	StopOn []string `json:"stop_on,omitempty"`
}

// outcome is what happened in one case.
type outcome struct {
	// Results are the tool results the client sent the model.
	Results  []scripted.Result  `json:"results"`
	Requests []scripted.Request `json:"requests"`
	// Exit is the client's exit error, "" for status 0.
	Exit     string  `json:"exit,omitempty"`
	TimedOut bool    `json:"timed_out,omitempty"`
	Seconds  float64 `json:"seconds"`
	// Setup is a failure before the client ran.
	Setup string `json:"setup,omitempty"`
	// Shown is the StopOn text an interactive client drew, if any.
	Shown string `json:"shown,omitempty"`
}

// inside runs one case: loopback up, the scripted server on a free
// port, the client against it. It is the whole program in the child
// process, which unshare has put in a network namespace of its own.
func inside(path string) int {
	var l launch
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &l)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e inside: reading %s: %v\n", path, err)
		return 2
	}
	o := runInside(l)
	b, err = json.MarshalIndent(o, "", "  ")
	if err == nil {
		err = os.WriteFile(l.Outcome, b, 0o600)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e inside: writing the outcome: %v\n", err)
		return 2
	}
	return 0
}

func runInside(l launch) outcome {
	c, ok := clientNamed(l.Client)
	if !ok {
		return outcome{Setup: fmt.Sprintf("unknown client %q", l.Client)}
	}
	if out, err := exec.Command(mustTool("ip"), "link", "set", "lo", "up").CombinedOutput(); err != nil {
		return outcome{Setup: fmt.Sprintf("ip link set lo up: %v: %s", err, out)}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return outcome{Setup: "listening on loopback: " + err.Error()}
	}
	defer ln.Close()
	srv := scripted.New(c.api, l.Calls...)
	go func() { _ = http.Serve(ln, srv) }()
	port := ln.Addr().(*net.TCPAddr).Port
	if err := c.configure(&l.Layout, port); err != nil {
		return outcome{Setup: "configuring " + c.name + ": " + err.Error()}
	}
	start := time.Now()
	var o outcome
	if l.Interactive {
		o.Shown, o.Exit, o.TimedOut, err = runTerminal(l, c, port, srv)
	} else {
		o.Exit, o.TimedOut, err = runClient(l, c, port)
	}
	o.Results, o.Requests, o.Seconds = srv.Results(), srv.Requests(), time.Since(start).Seconds()
	if err != nil {
		o.Setup = err.Error()
	}
	return o
}

// runTerminal runs the client's full-screen UI in a pseudo-terminal
// until the tool result has come back or it draws one of l.StopOn, then
// ends it (an interactive client does not exit by itself).
func runTerminal(l launch, c client, port int, srv *scripted.Server) (shown, exit string, timedOut bool, err error) {
	if c.interactive == nil {
		return "", "", false, fmt.Errorf("%s has no interactive mode here", c.name)
	}
	raw, err := os.Create(l.Layout.path(c.name + "-terminal.raw"))
	if err != nil {
		return "", "", false, err
	}
	defer raw.Close()
	cmd := exec.Command(filepath.Join(l.Bin, c.name), c.interactive(&l.Layout, l.Options)...)
	cmd.Dir = l.Layout.Project
	cmd.Env = append(append(baseEnv(l), "TERM=xterm-256color", "COLUMNS=", "LINES="), c.env(&l.Layout, port)...)
	term, err := openTerminal(cmd, raw)
	if err != nil {
		return "", "", false, err
	}
	defer term.close()
	if err := cmd.Start(); err != nil {
		return "", "", false, fmt.Errorf("starting %s: %w", c.name, err)
	}
	term.started()
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	deadline := time.After(l.Timeout)
	defer func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = os.WriteFile(l.Layout.path(c.name+"-screen.txt"), []byte(term.text()), 0o600)
	}()
	settle := func() {
		// Let the client finish drawing what it does next.
		select {
		case <-time.After(2 * time.Second):
		case e := <-exited:
			exited <- e
		}
	}
	for {
		for _, s := range l.StopOn {
			if term.shows(s) {
				settle()
				return s, "", false, nil
			}
		}
		select {
		case <-srv.Done():
			settle()
			return "", "", false, nil
		case e := <-exited:
			if e != nil {
				return "", e.Error(), false, nil
			}
			return "", "exited", false, nil
		case <-deadline:
			return "", "timed out after " + l.Timeout.String(), true, nil
		case <-term.changed:
		}
	}
}

// runClient runs the client headless in the project, its output kept
// in the case's directory, and ends its whole process group afterwards.
func runClient(l launch, c client, port int) (exit string, timedOut bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), l.Timeout)
	defer cancel()
	stdout, err := os.Create(l.Layout.path(c.name + "-stdout.txt"))
	if err != nil {
		return "", false, err
	}
	defer stdout.Close()
	stderr, err := os.Create(l.Layout.path(c.name + "-stderr.txt"))
	if err != nil {
		return "", false, err
	}
	defer stderr.Close()
	cmd := exec.CommandContext(ctx, filepath.Join(l.Bin, c.name), c.args(&l.Layout, l.Options)...)
	cmd.Dir = l.Layout.Project
	cmd.Env = append(baseEnv(l), c.env(&l.Layout, port)...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	runErr := cmd.Run()
	if cmd.Process != nil {
		// Helpers the client left behind would outlive the case.
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	if ctx.Err() != nil {
		return "timed out after " + l.Timeout.String(), true, nil
	}
	var ee *exec.ExitError
	if runErr != nil && !errors.As(runErr, &ee) {
		return "", false, fmt.Errorf("starting %s: %w", c.name, runErr)
	}
	if runErr != nil {
		return runErr.Error(), false, nil
	}
	return "", false, nil
}

// baseEnv is the environment every client gets: nothing of the
// machine's but PATH, so no credential or setting of the person running
// the tests reaches a client.
func baseEnv(l launch) []string {
	return []string{
		"PATH=" + l.Bin + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + l.Layout.Home,
		"USER=root", "LOGNAME=root",
		"LANG=C.UTF-8",
		"TERM=dumb",
		"NO_COLOR=1",
		"TMPDIR=" + l.Layout.path("tmp"),
		// The decision log, read by the test to explain a failure.
		"ARBITER_LOG=" + l.Layout.path("decisions.jsonl"),
	}
}

// inNamespace runs the case described by l through `unshare -n` and
// returns its outcome.
func inNamespace(l launch) (outcome, error) {
	spec := l.Layout.path("launch.json")
	b, err := json.Marshal(l)
	if err != nil {
		return outcome{}, err
	}
	if err := os.WriteFile(spec, b, 0o600); err != nil {
		return outcome{}, err
	}
	self, err := os.Executable()
	if err != nil {
		return outcome{}, err
	}
	cmd := exec.Command(mustTool("unshare"), append(unshareArgs(), "--", self)...)
	cmd.Env = []string{insideEnv + "=" + spec, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if err != nil {
		return outcome{}, fmt.Errorf("unshare: %v: %s", err, strings.TrimSpace(string(out)))
	}
	var o outcome
	b, err = os.ReadFile(l.Outcome)
	if err == nil {
		err = json.Unmarshal(b, &o)
	}
	if err != nil {
		return outcome{}, fmt.Errorf("reading the case's outcome: %w (inside said: %s)", err, out)
	}
	return o, nil
}

// systemTool finds a system program on PATH or in the system
// directories, which a user's PATH may leave out (ip is in /usr/sbin).
func systemTool(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	for _, dir := range []string{"/usr/sbin", "/sbin", "/usr/bin", "/bin"} {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s is not on PATH nor in the system directories", name)
}

// mustTool is systemTool for a program namespaceCheck has found; the
// bare name otherwise, so the error names it.
func mustTool(name string) string {
	if p, err := systemTool(name); err == nil {
		return p
	}
	return name
}
