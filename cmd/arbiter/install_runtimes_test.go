package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallDoctorUninstallAmpAntigravityDevin runs install, doctor and
// uninstall as a user would for each of these runtimes, in a fresh home
// that holds a file of the person's own where the runtime shares one
// (Antigravity's named hooks, Devin's configuration with comments):
// doctor passes, and uninstall leaves the original bytes, or no file.
func TestInstallDoctorUninstallAmpAntigravityDevin(t *testing.T) {
	for _, c := range []struct {
		runtime, file, orig, defer_ string
	}{
		{"amp", ".config/amp/plugins/arbiter.ts", "", "has no verdict on is left to Amp's own permission rules"},
		{"antigravity", ".gemini/config/hooks.json", "{\n  \"shell-audit\": {\"PreToolUse\": [{\"matcher\": \"run_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"./audit.sh\"}]}]}\n}\n", ""},
		{"devin", ".config/devin/config.json", "{\n  // the person's own settings\n  \"agent\": {\"model\": \"opus\"},\n  \"permissions\": {\"allow\": [\"Read(**)\", \"Exec(git)\"]},\n}\n", ""},
	} {
		t.Run(c.runtime, func(t *testing.T) {
			home := t.TempDir()
			path := filepath.Join(home, filepath.FromSlash(c.file))
			if c.orig != "" {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(c.orig), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			env := []string{"HOME=" + home}
			run := func(args ...string) (string, int) {
				out, errs, code := runBinary(t, nil, env, args...)
				return out + errs, code
			}
			if out, code := run("install", c.runtime, "--binary", binary); code != 0 {
				t.Fatalf("install: %d %s", code, out)
			}
			out, code := run("doctor")
			if code != 0 || !strings.Contains(out, "✓ "+c.runtime+" ("+path+")") {
				t.Errorf("doctor after install: %d %s", code, out)
			}
			if c.defer_ != "" && !strings.Contains(out, c.defer_) {
				t.Errorf("doctor does not say what a defer becomes (%q): %s", c.defer_, out)
			}
			if out, code := run("uninstall", c.runtime); code != 0 {
				t.Fatalf("uninstall: %d %s", code, out)
			}
			got, err := os.ReadFile(path)
			switch {
			case c.orig == "" && !os.IsNotExist(err):
				t.Errorf("uninstall left %s", path)
			case c.orig != "" && string(got) != c.orig:
				t.Errorf("after install and uninstall the file is\n%s\nwant\n%s", got, c.orig)
			}
		})
	}
}

// TestInstallAmpDeferAsAsk: the stricter mapping is offered for Amp,
// where a defer would otherwise run the call, and doctor says which
// mapping is in force.
func TestInstallAmpDeferAsAsk(t *testing.T) {
	home := t.TempDir()
	env := []string{"HOME=" + home}
	if out, errs, code := runBinary(t, nil, env, "install", "amp", "--defer-as", "ask", "--binary", binary); code != 0 {
		t.Fatalf("install --defer-as ask: %d %s%s", code, out, errs)
	}
	out, errs, code := runBinary(t, nil, env, "doctor")
	if code != 0 || !strings.Contains(out+errs, "amp: a call arbiter has no verdict on is blocked as one a person must confirm (--defer-as ask)") {
		t.Errorf("doctor: %d %s%s", code, out, errs)
	}
	for _, rt := range []string{"antigravity", "devin"} {
		if _, _, code := runBinary(t, nil, env, "install", rt, "--defer-as", "ask", "--binary", binary); code != 2 {
			t.Errorf("install %s --defer-as ask: exit %d, want 2 (its hook has no defer mapping)", rt, code)
		}
	}
}

// TestDoctorAmpConfigHome: Amp reads $XDG_CONFIG_HOME/amp/plugins, so
// install puts the plugin there when it is set; a plugin installed under
// ~/.config while XDG_CONFIG_HOME points elsewhere gates nothing, and
// doctor says so.
func TestDoctorAmpConfigHome(t *testing.T) {
	home := t.TempDir()
	if out, errs, code := runBinary(t, nil, []string{"HOME=" + home}, "install", "amp", "--binary", binary); code != 0 {
		t.Fatalf("install: %d %s%s", code, out, errs)
	}
	elsewhere := filepath.Join(home, "xdg")
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + elsewhere}
	out, errs, code := runBinary(t, nil, env, "doctor")
	if code != 1 || !strings.Contains(out+errs, "✗ amp: arbiter's hook is at "+filepath.Join(home, ".config", "amp", "plugins", "arbiter.ts")) || !strings.Contains(out+errs, "it reads "+filepath.Join(elsewhere, "amp", "plugins", "arbiter.ts")) {
		t.Errorf("doctor with XDG_CONFIG_HOME elsewhere: %d %s%s", code, out, errs)
	}
	out, errs, code = runBinary(t, nil, []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config")}, "doctor")
	if code != 0 || strings.Contains(out+errs, "gates nothing") {
		t.Errorf("doctor with XDG_CONFIG_HOME at ~/.config: %d %s%s", code, out, errs)
	}
	if out, errs, code := runBinary(t, nil, env, "install", "amp", "--binary", binary); code != 0 {
		t.Fatalf("install with XDG_CONFIG_HOME: %d %s%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(elsewhere, "amp", "plugins", "arbiter.ts")); err != nil {
		t.Errorf("install with XDG_CONFIG_HOME=%s: %v", elsewhere, err)
	}
}
