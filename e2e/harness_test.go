package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/e2e/scripted"
)

// Environment switches. ARBITER_E2E_CLIENTS names the directory
// install-clients.sh installed the clients into; without it the suite
// skips. With ARBITER_E2E_REQUIRE=1 (CI) anything missing is a failure,
// not a skip.
const (
	clientsEnv = "ARBITER_E2E_CLIENTS"
	requireEnv = "ARBITER_E2E_REQUIRE"
	// verboseEnv=1 logs every case's outcome, not only a failed one's.
	verboseEnv = "ARBITER_E2E_VERBOSE"
	// keepEnv names a directory to keep every case's files in (the
	// client's output, its terminal, arbiter's decisions), for a look
	// after the run.
	keepEnv = "ARBITER_E2E_KEEP"
)

// clientTimeout bounds one client run; a healthy one takes seconds.
const clientTimeout = 90 * time.Second

func TestMain(m *testing.M) {
	if spec := os.Getenv(insideEnv); spec != "" {
		os.Exit(inside(spec))
	}
	code := m.Run()
	_ = os.RemoveAll(binaryDir())
	os.Exit(code)
}

// binaryDir is where this test process builds arbiter.
func binaryDir() string {
	return filepath.Join(os.TempDir(), fmt.Sprintf("arbiter-e2e-%d", os.Getpid()))
}

// unavailable skips the test, or fails it where the suite is required.
func unavailable(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if os.Getenv(requireEnv) == "1" {
		t.Fatalf("%s (%s=1, so this is a failure)", msg, requireEnv)
	}
	t.Skip(msg)
}

// binDir returns the directory holding the clients' executables, or
// skips.
func binDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv(clientsEnv)
	if dir == "" {
		unavailable(t, "end-to-end tests skipped: set %s to the directory e2e/install-clients.sh installs the clients into (needs npm and unshare; see the README's End-to-end tests)", clientsEnv)
	}
	abs, err := filepath.Abs(filepath.Join(dir, "node_modules", ".bin"))
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

// unshareArgs are unshare's options for a case's network namespace: as
// root a network namespace alone; otherwise inside a user namespace of
// one's own, where the kernel allows that.
func unshareArgs() []string {
	if os.Geteuid() == 0 {
		return []string{"-n"}
	}
	return []string{"-r", "-n"}
}

var namespaceCheck = sync.OnceValue(func() error {
	for _, tool := range []string{"unshare", "ip"} {
		if _, err := systemTool(tool); err != nil {
			return err
		}
	}
	args := append(unshareArgs(), "--", mustTool("ip"), "link", "set", "lo", "up")
	out, err := exec.Command(mustTool("unshare"), args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("unshare %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return nil
})

// needNamespaces skips unless a case can get a network namespace.
func needNamespaces(t *testing.T) {
	t.Helper()
	if err := namespaceCheck(); err != nil {
		unavailable(t, "end-to-end tests skipped: each case needs its own network namespace (unshare -n as root, or unshare -rn where user namespaces are allowed): %v", err)
	}
}

// arbiterBinary builds arbiter and arbiter-hook from this checkout, once
// per test binary, and returns arbiter's path.
var arbiterBinary = sync.OnceValues(func() (string, error) {
	dir := binaryDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "arbiter")
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		gobin = "go"
	}
	// arbiter-hook goes beside it: the user-level hooks run it.
	for _, b := range [][2]string{{bin, "./cmd/arbiter"}, {filepath.Join(dir, "arbiter-hook"), "./cmd/arbiter-hook"}} {
		cmd := exec.Command(gobin, "build", "-o", b[0], b[1])
		cmd.Dir = ".."
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go build %s: %v: %s", b[1], err, out)
		}
	}
	return bin, nil
})

// clientBin checks that the pinned version of c is installed in bin and
// returns that version.
func clientBin(t *testing.T, bin string, c client) string {
	t.Helper()
	version, err := pinned(c.name)
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(bin, c.name)
	if _, err := os.Stat(exe); err != nil {
		unavailable(t, "%s is not installed in %s: run e2e/install-clients.sh", c.name, filepath.Dir(filepath.Dir(bin)))
	}
	home := t.TempDir()
	cmd := exec.Command(exe, "--version")
	cmd.Env = []string{"PATH=" + bin + ":" + os.Getenv("PATH"), "HOME=" + home, "CODEX_HOME=" + home}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), version) {
		unavailable(t, "%s --version: want %s, got %q (%v): run e2e/install-clients.sh", c.name, version, out, err)
	}
	return version
}

// scenario is one case: the tool call the model makes, what the case
// has before, and how arbiter is installed.
type scenario struct {
	name string
	mode mode
	// command is the shell command the model runs.
	command func(l *layout) string
	// prompt is what the user types; nil is defaultPrompt.
	prompt func(l *layout) string
	// warmUp, when set, is a tool call the model makes first, so that
	// the client has written its session transcript before command.
	warmUp string
	// before prepares the case's files (a probe directory).
	before func(l *layout) error
	// failClosed adds --fail-closed to arbiter's hook command.
	failClosed bool
	// brokenConfig writes an arbiter config file arbiter cannot use.
	brokenConfig bool
	// interactive runs the client's full-screen UI in a terminal, until
	// the tool result comes back or it draws one of stopOn.
	interactive bool
	stopOn      []string
	// escalate has the model ask Codex to run the command outside its
	// sandbox, which needs approval.
	escalate bool
	// untrusted runs Codex with its hook trust as install leaves it.
	untrusted bool
	// deferAsAsk installs arbiter with --defer-as ask, the stricter
	// mapping a plugin runtime offers.
	deferAsAsk bool
	// missingBinary installs a copy of arbiter and removes it before the
	// run, so the hook fails (exit 127) as a crashed arbiter would.
	missingBinary bool
	// check asserts what the client did and what the model was told.
	check func(t *testing.T, r *run)
}

// run is a finished case, for the checks.
type run struct {
	client client
	layout
	outcome
	// arbiter is the binary installed, installed what install printed.
	arbiter, installed string
	// calls is how many tool calls the model made.
	calls int
}

// newLayout makes a case's directories: a HOME, and a project that is a
// fresh git repository.
func newLayout(t *testing.T) *layout {
	t.Helper()
	root := t.TempDir()
	if keep := os.Getenv(keepEnv); keep != "" {
		name := strings.NewReplacer("/", "-", " ", "_").Replace(t.Name())
		root = filepath.Join(keep, name)
		if err := os.RemoveAll(root); err != nil {
			t.Fatal(err)
		}
		t.Logf("keeping the case's files in %s", root)
	}
	l := &layout{Root: root, Home: filepath.Join(root, "home"), Project: filepath.Join(root, "project")}
	for _, d := range []string{l.Home, l.Project, l.path("tmp")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	git := exec.Command("git", "init", "-q", l.Project)
	git.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + l.Home}
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v: %s", err, out)
	}
	return l
}

// install runs `arbiter install RUNTIME` for the case's HOME, as a
// person would, and then the case's changes to it. It returns what
// install printed.
func install(t *testing.T, arbiter string, c client, l *layout, s scenario) string {
	t.Helper()
	hookBinary := filepath.Join(filepath.Dir(arbiter), "arbiter-hook")
	if s.missingBinary {
		hookBinary = l.path("gone", "arbiter")
		if err := os.MkdirAll(filepath.Dir(hookBinary), 0o700); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(arbiter)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(hookBinary, b, 0o700); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(hookBinary)
	}
	args := []string{"install", c.runtime, "--binary", hookBinary}
	if s.deferAsAsk {
		args = append(args, "--defer-as", "ask")
	}
	cmd := exec.Command(arbiter, args...)
	cmd.Dir = l.Project
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + l.Home, "CODEX_HOME=" + codexHome(l)}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("arbiter install %s: %v: %s", c.runtime, err, out)
	}
	if s.failClosed {
		addFailClosed(t, c, l)
	}
	if s.brokenConfig {
		dir := filepath.Join(l.Home, ".config", "arbiter")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "config"), []byte("ARBITER_JUDGE_MODE = enforce\nthis line is not a setting\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return string(out)
}

// addFailClosed appends --fail-closed to every arbiter hook command in
// the client's settings file.
func addFailClosed(t *testing.T, c client, l *layout) {
	t.Helper()
	path := c.settings(l)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the settings install wrote: %v", err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if n := failClosedCommands(doc, " hook "+c.runtime) + failClosedCommands(doc, "arbiter-hook "+c.runtime); n == 0 {
		t.Fatalf("%s has no arbiter hook command:\n%s", path, b)
	}
	if b, err = json.MarshalIndent(doc, "", "  "); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// failClosedCommands adds --fail-closed to each "command" string in v
// that runs arbiter's hook, and counts them.
func failClosedCommands(v any, hook string) int {
	n := 0
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			// Copilot CLI names a hook's command for the shell that runs it.
			if cmd, ok := e.(string); ok && (k == "command" || k == "bash") && strings.Contains(cmd, hook) {
				if !strings.Contains(cmd, "--fail-closed") {
					v[k] = cmd + " --fail-closed"
				}
				n++
				continue
			}
			n += failClosedCommands(e, hook)
		}
	case []any:
		for _, e := range v {
			n += failClosedCommands(e, hook)
		}
	}
	return n
}

// play runs one scenario with one client in a namespace of its own.
func play(t *testing.T, bin, arbiter string, c client, s scenario) *run {
	t.Helper()
	l := newLayout(t)
	if err := c.prepare(l); err != nil {
		t.Fatalf("preparing %s: %v", c.name, err)
	}
	installed := install(t, arbiter, c, l, s)
	if s.before != nil {
		if err := s.before(l); err != nil {
			t.Fatal(err)
		}
	}
	cmd := s.command(l)
	call := scripted.Call{Command: cmd}
	if s.escalate {
		call.Escalate, call.Justification = true, "scripted probe: run this outside the sandbox?"
	}
	calls := []scripted.Call{call}
	if s.warmUp != "" {
		calls = []scripted.Call{{Command: s.warmUp}, call}
	}
	opts := runOptions{Mode: s.mode, Prompt: defaultPrompt, Untrusted: s.untrusted}
	if s.prompt != nil {
		opts.Prompt = s.prompt(l)
	}
	o, err := inNamespace(launch{Client: c.name, Layout: *l, Options: opts, Bin: bin, Timeout: clientTimeout,
		Calls: calls, Outcome: l.path("outcome.json"), Interactive: s.interactive, StopOn: s.stopOn})
	if err != nil {
		t.Fatal(err)
	}
	r := &run{client: c, layout: *l, outcome: o, arbiter: arbiter, installed: installed, calls: len(calls)}
	t.Cleanup(func() {
		if t.Failed() || os.Getenv(verboseEnv) == "1" {
			r.explain(t)
		}
	})
	if o.Setup != "" {
		t.Fatalf("the case could not run: %s", o.Setup)
	}
	t.Logf("%s ran in %.1fs (model command %q)", c.name, o.Seconds, cmd)
	return r
}

// explain logs what a failed case saw: the client's output, its
// requests and arbiter's decisions.
func (r *run) explain(t *testing.T) {
	t.Helper()
	b, _ := json.MarshalIndent(r.outcome, "", "  ")
	t.Logf("outcome: %s", b)
	for _, name := range []string{"decisions.jsonl", r.client.name + "-stdout.txt", r.client.name + "-stderr.txt", r.client.name + "-screen.txt"} {
		b, err := os.ReadFile(r.path(name))
		if err != nil {
			continue
		}
		if strings.HasSuffix(name, "-screen.txt") {
			b = []byte(strings.Join(strings.Fields(string(b)), " "))
		}
		if len(b) > 6000 {
			b = append([]byte("…"), b[len(b)-6000:]...)
		}
		t.Logf("%s:\n%s", name, b)
	}
}

// result returns the tool result the model was sent for the case's
// command (its last call), checking that every call got one.
func (r *run) result(t *testing.T) string {
	t.Helper()
	if len(r.Results) != r.calls {
		t.Fatalf("the model was sent %d tool results, want %d (client exit: %q)", len(r.Results), r.calls, r.Exit)
	}
	return r.Results[len(r.Results)-1].Output
}

func (r *run) exists(elem ...string) bool {
	_, err := os.Stat(r.path(elem...))
	return err == nil
}

// decisions returns arbiter's logged decisions, "decision rules" each.
func (r *run) decisions() []string { return r.decisionsFor("") }

// decisionsFor returns the logged decisions on one command ("" for
// every call).
func (r *run) decisionsFor(command string) []string {
	f, err := os.Open(r.path("decisions.jsonl"))
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<24)
	for sc.Scan() {
		if rec, ok, _ := audit.Decode(sc.Bytes()); ok && (command == "" || rec.Subject == command) {
			out = append(out, rec.Decision.String()+" "+strings.Join(rec.Rules, ","))
		}
	}
	return out
}

// decided checks arbiter's decision log: it decided at least once, and
// every decision was want.
func (r *run) decided(t *testing.T, want string) {
	t.Helper()
	got := r.decisions()
	if len(got) == 0 {
		t.Errorf("arbiter logged no decision: the client did not run its hook")
	}
	for _, d := range got {
		if verdict, _, _ := strings.Cut(d, " "); verdict != want {
			t.Errorf("arbiter decided %q, want %s", d, want)
		}
	}
}

// hookAnswer is one hook run Claude Code reported (--include-hook-events).
type hookAnswer struct {
	Event    string `json:"hook_event"`
	Stdout   string `json:"stdout"`
	Stderr   string `json:"stderr"`
	ExitCode int    `json:"exit_code"`
}

// claudeHookAnswers reads the hook_response events of Claude Code's
// stream-json output.
func (r *run) claudeHookAnswers(t *testing.T) []hookAnswer {
	t.Helper()
	b, err := os.ReadFile(r.path("claude-stdout.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []hookAnswer
	for _, line := range strings.Split(string(b), "\n") {
		var ev struct {
			Type    string `json:"type"`
			Subtype string `json:"subtype"`
			hookAnswer
		}
		if json.Unmarshal([]byte(line), &ev) == nil && ev.Type == "system" && ev.Subtype == "hook_response" {
			out = append(out, ev.hookAnswer)
		}
	}
	return out
}

// permissionDecision is what a PreToolUse answer decided ("" for none).
func (h hookAnswer) permissionDecision() string {
	var a struct {
		Out struct {
			Decision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	_ = json.Unmarshal([]byte(h.Stdout), &a)
	return a.Out.Decision
}

// screenShows reports whether an interactive client drew s (spaces
// ignored: a full-screen client draws a phrase in pieces).
func (r *run) screenShows(t *testing.T, s string) bool {
	t.Helper()
	b, err := os.ReadFile(r.path(r.client.name + "-screen.txt"))
	if err != nil {
		t.Fatalf("no screen: %v", err)
	}
	return strings.Contains(squeeze(string(b)), squeeze(s))
}

// doctor runs `arbiter doctor` for the case's HOME.
func (r *run) doctor(t *testing.T) (string, error) {
	t.Helper()
	cmd := exec.Command(r.arbiter, "doctor")
	cmd.Dir = r.Project
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + r.Home, "CODEX_HOME=" + codexHome(&r.layout)}
	out, err := cmd.CombinedOutput()
	return string(out), err
}
