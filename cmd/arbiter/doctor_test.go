package main

import (
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter/judge"
	"github.com/arbitergate/arbiter/judge/judgetest"
)

// doctorEnv is a clean HOME with arbiter installed for Claude Code, and
// the environment that runs the built binary there.
func doctorEnv(t *testing.T, extra ...string) (home string, env []string) {
	t.Helper()
	home = t.TempDir()
	// An empty config file: an ARBITER_CONFIG naming a missing one is itself a problem.
	if err := os.WriteFile(filepath.Join(home, "arbiter.conf"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	env = append([]string{"HOME=" + home, "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "ARBITER_CONFIG=" + filepath.Join(home, "arbiter.conf"),
		"ARBITER_LOG=" + filepath.Join(home, "decisions.jsonl"), "CODEX_HOME=" + filepath.Join(home, ".codex")}, extra...)
	if out, _, code := runBinary(t, nil, env, "install", "claude", "--binary", binary); code != 0 {
		t.Fatalf("install: %s", out)
	}
	return home, env
}

// TestDoctorBrokenConfigFirst: the configuration's problems come first,
// each with the fix that the problem itself gives (config.Problem.Fix):
// a wrong judge setting switches the judge off and the hooks still
// decide; a file that does not load leaves the hooks unable to allow.
func TestDoctorBrokenConfigFirst(t *testing.T) {
	for _, tc := range []struct {
		name, config, want string
		broken             bool
	}{
		{"unknown judge mode", "ARBITER_JUDGE_MODE=sometimes\n", "ARBITER_JUDGE_MODE", false},
		{"url without key", "ARBITER_JUDGE_URL=https://judge.example\n", "TYPESAFE_API_KEY", false},
		{"bad backend", "ARBITER_JUDGE_BACKEND=oracle\n", "ARBITER_JUDGE_BACKEND", false},
		{"not a setting", "ARBITER_JUDGE_MODES=enforce\n", "unknown setting", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home, env := doctorEnv(t)
			os.WriteFile(filepath.Join(home, "arbiter.conf"), []byte(tc.config), 0o600)
			out, _, code := runBinary(t, nil, env, "doctor")
			lines := strings.Split(out, "\n")
			if tc.broken {
				lines = append([]string{""}, lines...) // the problem is on the file's own line
			}
			if code != 1 || len(lines) < 3 || !strings.HasPrefix(lines[1], "✗ ") || !strings.Contains(lines[1], tc.want) {
				t.Fatalf("exit %d; want the config's problem named first with %s:\n%s", code, tc.want, out)
			}
			if want := "  fix: correct line 1 of " + filepath.Join(home, "arbiter.conf"); !strings.HasPrefix(lines[2], want) {
				t.Errorf("fix line %q, want it to start %q", lines[2], want)
			}
			if strings.Contains(out, "reinstall") || strings.Contains(out, "go install") {
				t.Errorf("doctor blamed the binary for a broken config:\n%s", out)
			}
			if got := strings.Contains(out, "because the configuration does not load"); got != tc.broken {
				t.Errorf("hook tied to a configuration that does not load: %v, want %v:\n%s", got, tc.broken, out)
			}
			if !tc.broken && !strings.Contains(out, "the judge is off: the static policy and rules still decide") {
				t.Errorf("the fix does not say the static policy still decides:\n%s", out)
			}
			if !tc.broken && strings.Contains(out, "count for nothing") {
				t.Errorf("a judge setting was reported as a file that does not load:\n%s", out)
			}
		})
	}
}

// TestDoctorSaysWhereASettingCameFrom: a setting from the environment is
// reported and fixed there, and never as the config file (which may not
// exist); one from the file names its file and line.
func TestDoctorSaysWhereASettingCameFrom(t *testing.T) {
	for _, tc := range []struct {
		name, env, setting string
	}{
		{"mode", "ARBITER_JUDGE_MODE=bogus", "ARBITER_JUDGE_MODE"},
		{"openai alone", "ARBITER_JUDGE_BACKEND=openai", "ARBITER_JUDGE_BACKEND"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home, env := doctorEnv(t, tc.env)
			missing := filepath.Join(home, "no-such-dir")
			env = append(env, "XDG_CONFIG_HOME="+missing)
			env = slicesWithout(env, "ARBITER_CONFIG=")
			out, _, code := runBinary(t, nil, env, "doctor")
			if code != 1 {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			if want := "✗ environment variable " + tc.setting + ": "; !strings.Contains(out, want) {
				t.Errorf("want %q:\n%s", want, out)
			}
			if want := "fix: correct or unset " + tc.setting + " in the environment"; !strings.Contains(out, want) {
				t.Errorf("want %q:\n%s", want, out)
			}
			if n := strings.Count(out, filepath.Join(missing, "arbiter", "config.toml")); n != 1 {
				t.Errorf("the config file that does not exist is named %d times, want once (where arbiter looked):\n%s", n, out)
			}
			if strings.Contains(out, "leave to the runtime what it would allow") || strings.Contains(out, "does not load") {
				t.Errorf("a judge setting was reported as a configuration that does not load:\n%s", out)
			}
		})
	}
}

// slicesWithout drops the entries that start with prefix.
func slicesWithout(env []string, prefix string) []string {
	var out []string
	for _, e := range env {
		if !strings.HasPrefix(e, prefix) {
			out = append(out, e)
		}
	}
	return out
}

// TestDoctorNamesNoJudge: with no judge configured doctor says so.
func TestDoctorNamesNoJudge(t *testing.T) {
	_, env := doctorEnv(t)
	out, _, _ := runBinary(t, nil, env, "doctor")
	if !strings.Contains(out, "judge: none") {
		t.Errorf("want judge: none:\n%s", out)
	}
}

func TestDoctorCodexTrust(t *testing.T) {
	home, env := doctorEnv(t)
	if out, _, code := runBinary(t, nil, env, "install", "codex", "--binary", binary); code != 0 || !strings.Contains(out, "/hooks") {
		t.Fatalf("install codex: %d, %s; want the trust explained", code, out)
	}
	hooks := filepath.Join(home, ".codex", "hooks.json")
	config := filepath.Join(home, ".codex", "config.toml")
	if _, err := os.Stat(config); err == nil {
		t.Fatal("install wrote Codex's trust itself")
	}
	out, _, code := runBinary(t, nil, env, "doctor")
	if code != 1 || !strings.Contains(out, "✗ codex") || !strings.Contains(out, "not trusted") {
		t.Errorf("untrusted: exit %d:\n%s", code, out)
	}
	// Trusting one event is not enough.
	trust := "[hooks.state.\"" + hooks + ":pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:aa\"\n"
	os.WriteFile(config, []byte(trust), 0o600)
	if out, _, code := runBinary(t, nil, env, "doctor"); code != 1 || !strings.Contains(out, "PermissionRequest hook (no trusted_hash") {
		t.Errorf("half trusted: exit %d:\n%s", code, out)
	}
	trust += "[hooks.state.\"" + hooks + ":permission_request:0:0\"]\ntrusted_hash = \"sha256:bb\"\n"
	os.WriteFile(config, []byte(trust), 0o600)
	if out, _, code := runBinary(t, nil, env, "doctor"); code != 0 || !strings.Contains(out, "✓ codex: Codex trusts") {
		t.Errorf("trusted: exit %d:\n%s", code, out)
	}
	// The entry changes under the trust: Codex skips it now.
	b, _ := os.ReadFile(hooks)
	moved := filepath.Join(home, "bin", "arbiter")
	os.MkdirAll(filepath.Dir(moved), 0o755)
	os.Symlink(binary, moved)
	os.WriteFile(hooks, []byte(strings.ReplaceAll(string(b), binary, moved)), 0o600)
	if out, _, code := runBinary(t, nil, env, "doctor"); code != 1 || !strings.Contains(out, "changed since Codex trusted it") {
		t.Errorf("changed: exit %d:\n%s", code, out)
	}
}

// TestDoctorJudge: a configured judge is probed with one request; one
// that does not answer is a problem; the probe is never in the log.
func TestDoctorJudge(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + ln.Addr().String()
	ln.Close()
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { http.Error(w, "overloaded", 503) }))
	defer failing.Close()
	good := judgetest.NewSystemOne()
	defer good.Close()
	a := judge.Answers{}
	for _, q := range judge.Questions {
		a[q.Key] = 0.01
	}
	good.Answer(a)
	for _, tc := range []struct {
		name, url string
		code      int
		want      string
	}{
		{"nothing listening", closed, 1, "✗ the judge is unreachable"},
		{"server error", failing.URL, 1, "✗ the judge is unreachable"},
		{"answers", good.URL, 0, "✓ the judge answered the probe"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home, env := doctorEnv(t, "TYPESAFE_API_KEY=test-key", "ARBITER_JUDGE_URL="+tc.url, "ARBITER_JUDGE_TIMEOUT=2s")
			out, _, code := runBinary(t, nil, env, "doctor")
			if code != tc.code || !strings.Contains(out, tc.want) || !strings.Contains(out, "one probe request") {
				t.Errorf("exit %d, want %d and %q:\n%s", code, tc.code, tc.want, out)
			}
			if b, err := os.ReadFile(filepath.Join(home, "decisions.jsonl")); err == nil && len(b) > 0 {
				t.Errorf("doctor wrote to the decision log:\n%s", b)
			}
		})
	}
	if n := len(good.Requests()); n != 1 {
		t.Errorf("the judge got %d requests, want one probe", n)
	}
}

// TestInstallProjectAtRoot: --project writes at the repository root from
// any subdirectory, names no absolute path of this machine, and --local
// keeps Claude Code's file unshared.
func TestInstallProjectAtRoot(t *testing.T) {
	home := t.TempDir()
	repo := filepath.Join(home, "repo")
	sub := filepath.Join(repo, "internal", "deep")
	os.MkdirAll(sub, 0o755)
	os.Mkdir(filepath.Join(repo, ".git"), 0o755)
	env := []string{"HOME=" + home}
	run := func(args ...string) (string, int) {
		out, errs, code := runBinaryIn(t, sub, env, args...)
		return out + errs, code
	}
	if out, code := run("install", "claude", "--project"); code != 0 {
		t.Fatalf("install: %s", out)
	}
	shared := filepath.Join(repo, ".claude", "settings.json")
	b, err := os.ReadFile(shared)
	if err != nil {
		t.Fatalf("not installed at the root: %v", err)
	}
	if strings.Contains(string(b), home) || !strings.Contains(string(b), `"arbiter hook claude"`) {
		t.Errorf("the shared file names a path of this machine:\n%s", b)
	}
	if _, err := os.Stat(filepath.Join(sub, ".claude")); err == nil {
		t.Error("installed in the subdirectory")
	}
	if out, code := run("install", "claude", "--project", "--local", "--binary", binary); code != 0 {
		t.Fatalf("install --local: %s", out)
	}
	if _, err := os.Stat(filepath.Join(repo, ".claude", "settings.local.json")); err != nil {
		t.Errorf("--local: %v", err)
	}
	if out, code := run("install", "gemini", "--project", "--local"); code != 2 || !strings.Contains(out, "--local") {
		t.Errorf("--local for gemini: %d %s", code, out)
	}
	outside := t.TempDir()
	if _, errs, code := runBinaryIn(t, outside, env, "install", "claude", "--project"); code == 0 || !strings.Contains(errs, "not inside a git repository") {
		t.Errorf("outside a repository: %d %s", code, errs)
	}
}

// runBinaryIn is runBinary in a working directory.
func runBinaryIn(t *testing.T, dir string, env []string, args ...string) (string, string, int) {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	defer os.Chdir(wd)
	return runBinary(t, nil, env, args...)
}

// TestDoctorHookTimeoutBelowJudge: a hook the runtime stops before the
// judge can answer is a problem.
func TestDoctorHookTimeoutBelowJudge(t *testing.T) {
	good := judgetest.NewSystemOne()
	defer good.Close()
	a := judge.Answers{}
	for _, q := range judge.Questions {
		a[q.Key] = 0.01
	}
	good.Answer(a)
	for _, tc := range []struct {
		timeout string
		code    int
	}{{"20s", 1}, {"2s", 0}} {
		_, env := doctorEnv(t, "TYPESAFE_API_KEY=test-key", "ARBITER_JUDGE_URL="+good.URL, "ARBITER_JUDGE_TIMEOUT="+tc.timeout)
		out, _, code := runBinary(t, nil, env, "doctor")
		if code != tc.code || (tc.code == 1) != strings.Contains(out, "shorter than the judge may take") {
			t.Errorf("judge timeout %s: exit %d, want %d:\n%s", tc.timeout, code, tc.code, out)
		}
	}
}

// TestDoctorSaysWhatUnattendedSessionsDo: doctor says what a session
// with the runtime's prompts off does, with the setting's source, and
// names a Claude Code settings file that makes every session one.
func TestDoctorSaysWhatUnattendedSessionsDo(t *testing.T) {
	home, env := doctorEnv(t)
	settings := filepath.Join(home, ".claude", "settings.json")
	b, _ := os.ReadFile(settings)
	os.WriteFile(settings, []byte(strings.Replace(string(b), "{", `{"permissions": {"defaultMode": "bypassPermissions"},`, 1)), 0o600)
	out, _, _ := runBinary(t, nil, env, "doctor")
	for _, want := range []string{"runs unreviewed", "ARBITER_UNATTENDED=ask asks instead", "! claude (" + settings + "): permissions.defaultMode is bypassPermissions"} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q:\n%s", want, out)
		}
	}
	out, _, _ = runBinary(t, nil, append(env, "ARBITER_UNATTENDED=ask"), "doctor")
	if want := "✓ ARBITER_UNATTENDED=ask, read as ask (the environment)"; !strings.Contains(out, want) {
		t.Errorf("want %q:\n%s", want, out)
	}
}
