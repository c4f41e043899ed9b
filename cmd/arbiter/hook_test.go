package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter/audit"
	"github.com/arbitergate/arbiter/hook"
)

var update = flag.Bool("update", false, "rewrite the golden files of the hook tests")

// binary is arbiter built once for the tests that run it as a runtime
// does: a fresh process with the payload on stdin; hookBinaryPath is
// arbiter-hook, built beside it.
var binary, hookBinaryPath string

func TestMain(m *testing.M) {
	flag.Parse()
	dir, err := os.MkdirTemp("", "arbiter-test")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "arbiter")
	hookBinaryPath = filepath.Join(dir, "arbiter-hook")
	// arbiter-judge goes beside arbiter, where arbiter looks for it.
	for _, b := range [][]string{{"-o", binary, "."}, {"-o", filepath.Join(dir, "arbiter-judge"), "../arbiter-judge"}, {"-o", hookBinaryPath, "../arbiter-hook"}} {
		build := exec.Command("go", append([]string{"build"}, b...)...)
		build.Stderr = os.Stderr
		if err := build.Run(); err != nil {
			os.RemoveAll(dir)
			panic("building " + b[1] + ": " + err.Error())
		}
	}
	// No test may write the real decision log: each names temporary
	// XDG folders (runProgram does for those that do not).
	real := audit.DefaultPath(os.Getenv)
	before := filesState(audit.Files(real))
	code := m.Run()
	os.RemoveAll(dir)
	if after := filesState(audit.Files(real)); after != before {
		fmt.Fprintf(os.Stderr, "FAIL: the tests wrote the real decision log %s\n", real)
		code = 1
	}
	os.Exit(code)
}

// filesState sums up the size and time of files, to tell whether any
// was written.
func filesState(files []string) string {
	var b strings.Builder
	for _, f := range files {
		if st, err := os.Stat(f); err == nil {
			fmt.Fprintf(&b, "%s %d %d\n", f, st.Size(), st.ModTime().UnixNano())
		}
	}
	return b.String()
}

// runBinary runs the built arbiter with args and stdin in a clean
// environment, and returns stdout, stderr and the exit status.
func runBinary(t *testing.T, stdin []byte, env []string, args ...string) (string, string, int) {
	t.Helper()
	return runProgram(t, binary, stdin, env, args...)
}

func runProgram(t *testing.T, program string, stdin []byte, env []string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(program, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	// The payloads' user is dev; no file under HOME is read. What arbiter
	// writes (the daily notice's stamp) goes to a directory of this run's
	// own, so that every run says the same, whatever ran before it.
	// A caller that names its own HOME has made it a temporary one.
	// No machine's managed policy either, unless the test names one.
	// Each call decides in its own process unless the test asks for the
	// decider (ARBITER_DECIDER=on): every temporary home would start one;
	// decider_test.go runs the payloads through it.
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=/home/dev", "ARBITER_MANAGED_CONFIG=" + os.DevNull, "ARBITER_DECIDER=off"}
	if !slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, "HOME=") }) {
		xdg := t.TempDir()
		for _, d := range []string{"CACHE", "CONFIG", "STATE", "DATA"} {
			cmd.Env = append(cmd.Env, "XDG_"+d+"_HOME="+filepath.Join(xdg, strings.ToLower(d)))
		}
	}
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running arbiter: %v", err)
	}
	return out.String(), errb.String(), code
}

// TestHookGolden feeds every payload in testdata/hook/RUNTIME/*.json to
// `arbiter hook RUNTIME` and compares stdout with the .golden file beside
// it. A name containing "failclosed" adds --fail-closed; a name starting
// with "bad-" must explain itself on stderr and must never allow.
func TestHookGolden(t *testing.T) {
	payloads, _ := filepath.Glob("testdata/hook/*/*.json")
	if len(payloads) == 0 {
		t.Fatal("no payloads under testdata/hook")
	}
	for _, p := range payloads {
		runtime := filepath.Base(filepath.Dir(p))
		name := strings.TrimSuffix(filepath.Base(p), ".json")
		t.Run(runtime+"/"+name, func(t *testing.T) {
			stdin, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"hook", runtime}
			if strings.Contains(name, "failclosed") {
				args = append(args, "--fail-closed")
			}
			stdout, stderr, code := runBinary(t, stdin, nil, args...)
			// A runtime that reads a block from the exit status gets
			// hook.BlockStatus with each deny.
			wantCode := 0
			if hook.BlocksByExit(runtime) && hook.Denies(runtime, []byte(stdout)) {
				wantCode = hook.BlockStatus
			}
			if code != wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, wantCode, stderr)
			}
			// arbiter-hook RUNTIME answers byte for byte as arbiter hook does.
			hookOut, hookErr, hookCode := runProgram(t, hookBinaryPath, stdin, nil, args[1:]...)
			if hookOut != stdout || hookErr != stderr || hookCode != code {
				t.Errorf("arbiter-hook %s answers\n%s%s(exit %d), arbiter hook answers\n%s%s(exit %d)", strings.Join(args[1:], " "), hookOut, hookErr, hookCode, stdout, stderr, code)
			}
			golden := strings.TrimSuffix(p, ".json") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(stdout), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./cmd/arbiter -run HookGolden -update to create it)", err)
			}
			if stdout != string(want) {
				t.Errorf("stdout differs from %s\n got: %s\nwant: %s", golden, stdout, want)
			}
			if strings.HasPrefix(name, "bad-") {
				if strings.TrimSpace(stderr) == "" {
					t.Error("bad input was not explained on stderr")
				}
				if strings.Contains(stdout, `"allow"`) {
					t.Errorf("bad input was allowed: %s", stdout)
				}
				if strings.Contains(name, "failclosed") && !hook.Denies(runtime, []byte(stdout)) {
					t.Errorf("--fail-closed did not deny: %q", stdout)
				}
			}
			if strings.HasSuffix(name, "-deny") && !strings.HasPrefix(name, "bad-") && !hook.Denies(runtime, []byte(stdout)) {
				t.Errorf("a deny case answered %q", stdout)
			}
			if strings.HasSuffix(name, "-allow") && !strings.HasPrefix(name, "bad-") && !strings.Contains(stdout, `"allow"`) {
				t.Errorf("an allow case answered %q", stdout)
			}
		})
	}
}

func TestHookUnknownRuntime(t *testing.T) {
	_, stderr, code := runBinary(t, []byte(`{}`), nil, "hook", "vscode")
	if code != 2 || !strings.Contains(stderr, "claude") {
		t.Errorf("exit %d, stderr %q: want 2 and the list of runtimes", code, stderr)
	}
}

// TestHookProjectDirFromEnv checks that Claude Code's CLAUDE_PROJECT_DIR,
// not the shell's cwd, bounds the project: a delete inside the project
// root but outside the cwd stays a project delete.
func TestHookProjectDirFromEnv(t *testing.T) {
	payload := []byte(`{"session_id":"s","cwd":"/home/dev/proj/sub","hook_event_name":"PreToolUse","tool_name":"Write","tool_input":{"file_path":"/home/dev/proj/a.go","content":"x"}}`)
	out, _, _ := runBinary(t, payload, []string{"CLAUDE_PROJECT_DIR=/home/dev/proj"}, "hook", "claude")
	if !strings.Contains(out, `"permissionDecision":"allow"`) {
		t.Errorf("a write inside CLAUDE_PROJECT_DIR was not allowed: %s", out)
	}
}

// TestInstallDoctorUninstall runs the commands as a user would, on a
// temporary HOME holding settings with another hook and unknown keys.
func TestInstallDoctorUninstall(t *testing.T) {
	home := t.TempDir()
	settings := filepath.Join(home, ".claude", "settings.json")
	orig := "{\n  \"model\": \"opus\",\n  \"hooks\": {\"PreToolUse\": [{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"~/audit.sh\"}]}]},\n  \"x-future\": [1, 2]\n}\n"
	if err := os.MkdirAll(filepath.Dir(settings), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(settings, []byte(orig), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home}
	run := func(args ...string) (string, int) {
		out, errs, code := runBinary(t, nil, env, args...)
		return out + errs, code
	}
	if out, code := run("install", "claude", "--dry-run", "--binary", binary); code != 0 || !strings.Contains(out, "would change") {
		t.Fatalf("dry run: %d %s", code, out)
	}
	if got := readFile(t, settings); got != orig {
		t.Fatal("--dry-run changed the file")
	}
	if out, code := run("install", "claude", "--binary", binary); code != 0 {
		t.Fatalf("install: %d %s", code, out)
	}
	if out, code := run("doctor"); code != 0 || !strings.Contains(out, "✓ claude") {
		t.Errorf("doctor after install: %d %s", code, out)
	}
	if out, code := run("uninstall", "claude"); code != 0 {
		t.Fatalf("uninstall: %d %s", code, out)
	}
	if got := readFile(t, settings); got != orig {
		t.Errorf("after install and uninstall the file is\n%s\nwant\n%s", got, orig)
	}
	// An entry pointing at a binary that is gone since is a problem doctor
	// names (install refuses one that is gone already).
	gone := filepath.Join(home, "gone", "arbiter")
	os.MkdirAll(filepath.Dir(gone), 0o755)
	os.WriteFile(gone, []byte("#!/bin/sh\n"), 0o755)
	if out, code := run("install", "codex", "--binary", gone); code != 0 {
		t.Fatalf("install codex: %d %s", code, out)
	}
	os.Remove(gone)
	if out, code := run("doctor"); code != 1 || !strings.Contains(out, "✗ codex") || !strings.Contains(out, "fix:") {
		t.Errorf("doctor with a missing binary: %d %s", code, out)
	}
	// A malformed settings file is reported and left alone.
	gem := filepath.Join(home, ".gemini", "settings.json")
	os.MkdirAll(filepath.Dir(gem), 0o755)
	os.WriteFile(gem, []byte(`{"hooks": `), 0o644)
	if out, code := run("install", "gemini", "--binary", binary); code != 1 || !strings.Contains(out, gem) {
		t.Errorf("install into a malformed file: %d %s", code, out)
	}
	if got := readFile(t, gem); got != `{"hooks": ` {
		t.Error("the malformed file was changed")
	}
}

// TestStaticBinary keeps the hook binary free of network code and
// statically linked: importing net or os/user (directly or through a
// dependency) links libc, and the dynamic loader alone costs each hook
// call about 1.5 ms; net/http costs another 1 ms of start-up
// (BENCHMARKS.md). HTTP lives in arbiter-judge.
//
// Neither links Go's crypto packages, which bring the FIPS module and its
// start-up work into every call (judge cache hits are exact matches, and
// config sums are FNV; see judge.Cache and config.SumOf).
func TestStaticBinary(t *testing.T) {
	for _, pkg := range []string{".", "../arbiter-hook"} {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatal(err)
		}
		for _, dep := range strings.Fields(string(out)) {
			switch {
			case dep == "runtime/cgo", dep == "net", dep == "os/user", dep == "net/http", strings.HasPrefix(dep, "crypto"):
				t.Errorf("%s depends on %s; keep it out of the hook binary", pkg, dep)
			}
		}
	}
}

// TestArbiterHookArguments: arbiter-hook takes one runtime and
// --fail-closed, and explains anything else.
func TestArbiterHookArguments(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		says string
	}{
		{nil, 2, "name the runtime"},
		{[]string{"vscode"}, 2, "name the runtime"},
		{[]string{"claude", "codex"}, 2, "one runtime only"},
		{[]string{"claude", "--yes"}, 2, "unknown flag --yes"},
		{[]string{"-h"}, 0, "usage: arbiter-hook RUNTIME"},
	} {
		out, errs, code := runProgram(t, hookBinaryPath, nil, nil, tt.args...)
		if code != tt.code || !strings.Contains(out+errs, tt.says) {
			t.Errorf("arbiter-hook %v: exit %d, %q; want exit %d saying %q", tt.args, code, out+errs, tt.code, tt.says)
		}
	}
}

// TestInstallPrefersArbiterHook: a user-level install points the hooks at
// arbiter-hook when it is installed beside arbiter; a shared project file
// keeps arbiter hook, which a teammate with arbiter alone can run.
func TestInstallPrefersArbiterHook(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "arbiter")
	os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755)
	if got := besideHook(bin); got != bin {
		t.Errorf("without arbiter-hook: %s", got)
	}
	os.WriteFile(filepath.Join(dir, "arbiter-hook"), []byte("#!/bin/sh\n"), 0o644)
	if got := besideHook(bin); got != bin {
		t.Errorf("with an arbiter-hook that is not executable: %s", got)
	}
	os.Chmod(filepath.Join(dir, "arbiter-hook"), 0o755)
	if got := besideHook(bin); got != filepath.Join(dir, "arbiter-hook") {
		t.Errorf("with arbiter-hook beside arbiter: %s", got)
	}
	home := t.TempDir()
	env := []string{"HOME=" + home, "PATH=" + filepath.Dir(hookBinaryPath) + ":" + os.Getenv("PATH")}
	if out, errs, code := runBinary(t, nil, env, "install", "claude"); code != 0 {
		t.Fatalf("install: %d %s%s", code, out, errs)
	}
	if got := readFile(t, filepath.Join(home, ".claude", "settings.json")); !strings.Contains(got, hookBinaryPath+" claude") {
		t.Errorf("the user-level entry does not run arbiter-hook:\n%s", got)
	}
	if out, errs, code := runBinary(t, nil, env, "doctor"); code != 0 || !strings.Contains(out, "✓ claude") {
		t.Errorf("doctor after installing arbiter-hook: %d %s%s", code, out, errs)
	}
}

// TestInstallRefusesAMissingProgram: --binary must name a program that
// runs. A runtime takes a missing hook as a warning at most, so an entry
// for one would leave the gate off without a word.
func TestInstallRefusesAMissingProgram(t *testing.T) {
	dir := t.TempDir()
	notExec := filepath.Join(dir, "arbiter-copy")
	os.WriteFile(notExec, []byte("#!/bin/sh\n"), 0o644)
	for _, bin := range []string{"/nonexistent/arbiter", dir, notExec, "no-such-arbiter-program"} {
		home := t.TempDir()
		for _, rt := range []string{"claude", "gemini"} {
			out, errs, code := runBinary(t, nil, []string{"HOME=" + home}, "install", rt, "--binary", bin)
			if code == 0 {
				t.Errorf("install %s --binary %s: exit 0 (%s%s)", rt, bin, out, errs)
			}
			if !strings.Contains(errs, "--binary") {
				t.Errorf("install %s --binary %s: the error does not say what is wrong: %s", rt, bin, errs)
			}
		}
		if entries, _ := os.ReadDir(home); len(entries) != 0 {
			t.Errorf("--binary %s: install wrote %v", bin, entries)
		}
	}
	home := t.TempDir()
	if out, errs, code := runBinary(t, nil, []string{"HOME=" + home}, "install", "claude", "--binary", hookBinaryPath); code != 0 {
		t.Errorf("install with the real arbiter-hook: %d %s%s", code, out, errs)
	}
}
