package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func allowEnv(t *testing.T) (string, func(string) string) {
	dir := t.TempDir()
	file := filepath.Join(dir, "arbiter", "config.toml")
	return file, func(k string) string {
		return map[string]string{"XDG_CONFIG_HOME": dir, "HOME": dir}[k]
	}
}

func TestAllowRefusesBroadPrefixes(t *testing.T) {
	file, getenv := allowEnv(t)
	for _, p := range []string{"bash", "sh -c", "python", "python3 -c", "node", "npx", "npx jest", "env", "env FOO=1 make", "sudo", "sudo npm ci",
		"xargs", "nohup", "git", "npm", "docker", "kubectl", "go", "npm run", "go run", "docker run", "FOO=1 npm ci", "npm ci && curl x"} {
		var out, errb bytes.Buffer
		code := allowCmd(append([]string{"--yes", "--"}, strings.Fields(p)...), strings.NewReader(""), &out, &errb, getenv)
		if code == 0 {
			t.Errorf("%q was added", p)
		}
		if msg := errb.String(); !strings.Contains(msg, "instead") && !strings.Contains(msg, "plain words") {
			t.Errorf("%q: no reason and suggestion: %q", p, msg)
		}
	}
	if _, err := os.Stat(file); err == nil {
		t.Errorf("a refused prefix wrote %s", file)
	}
}

// TestAllowNeedsAPerson: without a terminal on stdin (the agent's shell
// has none) nothing is added unless --yes is given.
func TestAllowNeedsAPerson(t *testing.T) {
	file, getenv := allowEnv(t)
	var out, errb bytes.Buffer
	if code := allowCmd([]string{"--", "npm", "ci"}, strings.NewReader("y\n"), &out, &errb, getenv); code == 0 || !strings.Contains(errb.String(), "not a terminal") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	devnull, _ := os.Open(os.DevNull)
	defer devnull.Close()
	if code := allowCmd([]string{"--", "npm", "ci"}, devnull, &out, &errb, getenv); code == 0 {
		t.Errorf("/dev/null on stdin was taken for a terminal")
	}
	if _, err := os.Stat(file); err == nil {
		t.Fatalf("a rule was added without a person")
	}
	out.Reset()
	if code := allowCmd([]string{"--yes", "--message", "lockfile installs", "--", "npm", "ci"}, strings.NewReader(""), &out, &errb, getenv); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `command = "npm ci"`) {
		t.Errorf("the rule was not shown: %q", out.String())
	}
	b, _ := os.ReadFile(file)
	for _, want := range []string{"[[rule]]", `decision = "allow"`, `command = "npm ci"`, `message = "lockfile installs"`, `match = ["npm ci"]`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("file lacks %s:\n%s", want, b)
		}
	}
	if code := allowCmd([]string{"--yes", "--project", "--", "terraform", "plan"}, strings.NewReader(""), &out, &errb, getenv); code != 0 {
		t.Fatalf("--project: exit %d: %s", code, errb.String())
	}
	b, _ = os.ReadFile(file)
	if strings.Count(string(b), "[[rule]]") != 2 || !strings.Contains(string(b), "project = ") {
		t.Errorf("--project rule:\n%s", b)
	}
}

// TestAllowedRuleDecides: the rule arbiter allow wrote decides through
// the real binary; a protected call stays refused.
func TestAllowedRuleDecides(t *testing.T) {
	dir := t.TempDir()
	env := []string{"XDG_CONFIG_HOME=" + dir, "XDG_CACHE_HOME=" + dir}
	if _, errs, code := runBinary(t, nil, env, "allow", "--yes", "--", "npm", "ci"); code != 0 {
		t.Fatalf("allow: %d %s", code, errs)
	}
	for cmd, want := range map[string]string{
		"npm ci":                     "allow",
		"npm ci && npm test":         "allow",
		"npm ci && npm install left": "ask",
		"sudo npm ci":                "ask",
	} {
		out, errs, _ := runBinary(t, nil, env, "check", "--json", "--project", dir, cmd)
		if !strings.Contains(out, `"decision":"`+want+`"`) {
			t.Errorf("%q: %s %s, want %s", cmd, out, errs, want)
		}
	}
	out, _, _ := runBinary(t, nil, env, "check", "--json", "--project", dir, "arbiter allow --yes -- curl")
	if !strings.Contains(out, `"deny"`) || !strings.Contains(out, "S.guard-tamper") {
		t.Errorf("the agent running arbiter allow: %s", out)
	}
}

// TestDoctorReportsConfigFirst: arbiter doctor names a broken config
// file, with line and key, before anything else, and fails.
func TestDoctorReportsConfigFirst(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "config.toml")
	os.WriteFile(file, []byte("ARBITER_JUDGE_MODE = \"enforce\"\n[[rule]]\ndecision = \"alow\"\ncommand = \"npm ci\"\n"), 0o600)
	out, _, code := runBinary(t, nil, []string{"ARBITER_CONFIG=" + file, "XDG_CACHE_HOME=" + dir, "HOME=" + dir}, "doctor")
	first, _, _ := strings.Cut(out, "\n")
	if code == 0 || !strings.HasPrefix(first, "✗ config "+file) || !strings.Contains(first, file+":3: rule[1].decision") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestAllowOnceAndNotIntoABrokenFile(t *testing.T) {
	file, getenv := allowEnv(t)
	var out, errb bytes.Buffer
	for range 2 {
		if code := allowCmd([]string{"--yes", "--", "npm", "ci"}, strings.NewReader(""), &out, &errb, getenv); code != 0 {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
	}
	b, _ := os.ReadFile(file)
	if n := strings.Count(string(b), "[[rule]]"); n != 1 || !strings.Contains(out.String(), "already allowed by rule 1") {
		t.Errorf("%d rules after adding the same one twice; output %q", n, out.String())
	}
	os.WriteFile(file, append(b, []byte("decison = \"x\"\n")...), 0o600)
	before, _ := os.ReadFile(file)
	if code := allowCmd([]string{"--yes", "--", "terraform", "plan"}, strings.NewReader(""), &out, &errb, getenv); code == 0 || !strings.Contains(errb.String(), "fix the config file first") {
		t.Errorf("added to a broken file: exit %d, %q", code, errb.String())
	}
	if after, _ := os.ReadFile(file); string(after) != string(before) {
		t.Errorf("a broken file was changed")
	}
}
