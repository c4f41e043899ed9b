//go:build linux

package main

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arbitergate/arbiter/internal/decider"
)

// deciderHome is a home of its own for tests of the decider, in a short
// folder (a socket's path must fit in 104 bytes), with the environment a
// hook call gets there.
type deciderHome struct {
	dir string
	env []string
}

func newDeciderHome(t *testing.T, on bool) *deciderHome {
	t.Helper()
	dir, err := os.MkdirTemp("", "dh")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	h := &deciderHome{dir: dir, env: []string{"HOME=" + filepath.Join(dir, "home"), "XDG_STATE_HOME=" + filepath.Join(dir, "state"), "ARBITER_CONFIG=" + os.DevNull}}
	if on {
		h.env = append(h.env, "ARBITER_DECIDER=on")
	}
	return h
}

// socket is where a decider for the program at bin listens in this home.
func (h *deciderHome) socket(t *testing.T, bin string) string {
	t.Helper()
	env := map[string]string{}
	for _, kv := range h.env {
		k, v, _ := strings.Cut(kv, "=")
		env[k] = v
	}
	s, err := decider.Socket(func(k string) string { return env[k] }, bin)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (h *deciderHome) hook(t *testing.T, program string, payload []byte, env []string, args ...string) (string, string, int) {
	t.Helper()
	return runProgram(t, program, payload, append(append([]string{}, h.env...), env...), args...)
}

func goldenPayloads(t *testing.T) []string {
	payloads, _ := filepath.Glob("testdata/hook/*/*.json")
	if len(payloads) == 0 {
		t.Fatal("no payloads under testdata/hook")
	}
	return payloads
}

// TestDeciderAnswersAsInProcess: every golden payload, answered through a
// decider, gets the answer, messages and status it gets from a hook that
// decides in its own process, call after call in one home.
func TestDeciderAnswersAsInProcess(t *testing.T) {
	on, off := newDeciderHome(t, true), newDeciderHome(t, false)
	for i, p := range goldenPayloads(t) {
		stdin, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		args := []string{filepath.Base(filepath.Dir(p))}
		if strings.Contains(p, "failclosed") {
			args = append(args, "--fail-closed")
		}
		out, errs, code := on.hook(t, hookBinaryPath, stdin, nil, args...)
		wantOut, wantErrs, wantCode := off.hook(t, hookBinaryPath, stdin, nil, args...)
		// The homes differ by name only.
		out, errs = strings.ReplaceAll(out, on.dir, "DIR"), strings.ReplaceAll(errs, on.dir, "DIR")
		wantOut, wantErrs = strings.ReplaceAll(wantOut, off.dir, "DIR"), strings.ReplaceAll(wantErrs, off.dir, "DIR")
		if out != wantOut || errs != wantErrs || code != wantCode {
			t.Errorf("%s through the decider:\n%s%s(exit %d)\nin its own process:\n%s%s(exit %d)", p, out, errs, code, wantOut, wantErrs, wantCode)
		}
		if i == 0 {
			// The first call started a decider and returned once it
			// listened.
			c, err := decider.Dial(on.socket(t, binary), binary)
			if err != nil {
				t.Fatalf("no decider after the first call: %v", err)
			}
			c.Close()
		}
	}
	// The front end was answered by the decider: a fresh arbiter would
	// trace the initialisation of its policy packages.
	_, trace, _ := on.hook(t, hookBinaryPath, []byte(`{}`), []string{"GODEBUG=inittrace=1"}, "claude")
	if !strings.Contains(trace, "init os ") || strings.Contains(trace, "arbitergate/arbiter/policy") {
		t.Errorf("the call was not answered by the decider; the trace:\n%s", trace)
	}
}

// TestDeciderPerCallEnvironment: one decider answers each call in that
// call's environment: a user's deny rule named by one call's
// ARBITER_CONFIG does not hold for the next call, which names none.
func TestDeciderPerCallEnvironment(t *testing.T) {
	h := newDeciderHome(t, true)
	rules := filepath.Join(h.dir, "rules.toml")
	os.WriteFile(rules, []byte("[[rule]]\ndecision = \"deny\"\ncommand = \"ls\"\nmessage = \"not here\"\n"), 0o600)
	payload := []byte(`{"session_id":"s","transcript_path":"","cwd":"/","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t"}`)
	h.hook(t, hookBinaryPath, payload, nil, "claude") // starts the decider
	for _, tt := range []struct {
		config, want string
	}{
		{rules, `"deny"`}, {os.DevNull, `"allow"`}, {rules, `"deny"`},
	} {
		out, errs, _ := h.hook(t, hookBinaryPath, payload, []string{"ARBITER_CONFIG=" + tt.config}, "claude")
		if !strings.Contains(out, tt.want) {
			t.Errorf("ARBITER_CONFIG=%s: %s%s, want %s", tt.config, out, errs, tt.want)
		}
	}
}

// TestDeciderImpostor: whatever listens at the decider's socket, only a
// process running the very arbiter program the hook runs may answer; any
// other gets no say, and the hook decides in its own process.
func TestDeciderImpostor(t *testing.T) {
	deny := []byte(`{"session_id":"s","transcript_path":"","cwd":"/home/dev/proj","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~"},"tool_use_id":"t"}`)
	for _, tt := range []struct {
		name  string
		plant func(t *testing.T, socket string)
	}{
		{"a listener of another program that allows everything", func(t *testing.T, socket string) { impostor(t, socket) }},
		{"a link to such a listener elsewhere", func(t *testing.T, socket string) {
			os.Symlink(impostor(t, filepath.Join(filepath.Dir(socket), "other.sock")), socket)
		}},
		{"a file in the socket's place", func(t *testing.T, socket string) { os.WriteFile(socket, []byte("x"), 0o600) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := newDeciderHome(t, true)
			socket := h.socket(t, binary)
			os.MkdirAll(filepath.Dir(socket), 0o700)
			tt.plant(t, socket)
			for i := 0; i < 2; i++ {
				out, errs, _ := h.hook(t, hookBinaryPath, deny, nil, "claude")
				if !strings.Contains(out, `"deny"`) {
					t.Fatalf("call %d: %s%s, want the deny arbiter gives in its own process", i, out, errs)
				}
			}
		})
	}
}

// impostor listens on socket and answers every call with an allow.
func impostor(t *testing.T, socket string) string {
	l, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			decider.ReadRequest(c)
			c.Write(decider.AppendReply(nil, decider.Reply{Stdout: []byte(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}` + "\n")}))
			c.Close()
		}
	}()
	return socket
}

// TestDeciderUpgrade: replacing arbiter stops the decider of the old
// program, and the new one starts its own.
func TestDeciderUpgrade(t *testing.T) {
	h := newDeciderHome(t, true)
	bin := filepath.Join(h.dir, "bin")
	os.Mkdir(bin, 0o755)
	install := func() {
		for _, p := range []string{binary, hookBinaryPath} {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			dst := filepath.Join(bin, filepath.Base(p))
			os.Remove(dst)
			if err := os.WriteFile(dst, b, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	install()
	payload := []byte(`{"session_id":"s","transcript_path":"","cwd":"/","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t"}`)
	h.hook(t, filepath.Join(bin, "arbiter-hook"), payload, nil, "claude")
	old := h.socket(t, filepath.Join(bin, "arbiter"))
	if _, err := os.Lstat(old); err != nil {
		t.Fatalf("no decider after the first call: %v", err)
	}
	install()
	for i := 0; ; i++ {
		if _, err := os.Lstat(old); err != nil {
			break
		}
		if i == 100 {
			t.Fatal("the old decider still listens 10 s after its program was replaced")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if out, errs, _ := h.hook(t, filepath.Join(bin, "arbiter-hook"), payload, nil, "claude"); !strings.Contains(out, `"allow"`) {
		t.Errorf("after the upgrade: %s%s", out, errs)
	}
	c, err := decider.Dial(h.socket(t, filepath.Join(bin, "arbiter")), filepath.Join(bin, "arbiter"))
	if err != nil {
		t.Fatalf("no decider for the new program: %v", err)
	}
	c.Close()
}

// TestFrontEndAlone: arbiter-hook without the arbiter it runs says so,
// and blocks under --fail-closed.
func TestFrontEndAlone(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile(hookBinaryPath)
	if err != nil {
		t.Fatal(err)
	}
	alone := filepath.Join(dir, "arbiter-hook")
	os.WriteFile(alone, b, 0o755)
	for _, tt := range []struct {
		args []string
		code int
	}{{[]string{"claude"}, 1}, {[]string{"claude", "--fail-closed"}, 2}} {
		out, errs, code := runProgram(t, alone, []byte(`{}`), nil, tt.args...)
		if code != tt.code || out != "" || !strings.Contains(errs, "reinstall arbiter") {
			t.Errorf("%v: exit %d, %q %q; want exit %d and a word on what is missing", tt.args, code, out, errs, tt.code)
		}
	}
}

// TestFrontEndStartup: arbiter-hook, which starts on every tool call,
// links none of arbiter but the exchange with the decider, and its
// initialisation allocates next to nothing.
func TestFrontEndStartup(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "../arbiter-hook").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, dep := range strings.Fields(string(out)) {
		switch dep {
		case "github.com/arbitergate/arbiter/cmd/arbiter-hook", "github.com/arbitergate/arbiter/internal/decider", "github.com/arbitergate/arbiter/internal/cachedir":
			continue
		}
		if strings.Contains(dep, ".") && !strings.HasPrefix(dep, "vendor/") {
			t.Errorf("arbiter-hook links %s", dep)
		}
	}
	// Answered by a decider, the trace is the front end's alone.
	h := newDeciderHome(t, true)
	payload := []byte(`{"session_id":"s","transcript_path":"","cwd":"/","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"},"tool_use_id":"t"}`)
	h.hook(t, hookBinaryPath, payload, nil, "claude")
	_, trace, _ := h.hook(t, hookBinaryPath, payload, []string{"GODEBUG=inittrace=1"}, "claude")
	sum := 0
	for _, line := range strings.Split(trace, "\n") {
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" {
			continue
		}
		if strings.HasPrefix(f[1], "github.com/") {
			t.Errorf("the front end initialises %s", f[1])
		}
		n, _ := strconv.Atoi(f[7])
		sum += n
	}
	if sum == 0 || sum > 4<<10 {
		t.Errorf("the front end's initialisation allocates %d bytes (at most 4 KiB); trace:\n%s", sum, trace)
	}
}
