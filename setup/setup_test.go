package setup

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// originals are settings files as users have them: other hooks, unknown
// keys, odd formatting. Each is installed into and uninstalled from.
var originals = map[string]string{
	"other hooks and keys": `{
  "model": "opus",
  "permissions": {"allow": ["Bash(go test:*)"], "deny": []},
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "Bash",
        "hooks": [{"type": "command", "command": "~/bin/audit.sh", "timeout": 5}]
      }
    ],
    "PostToolUse": [{"matcher": "Edit", "hooks": [{"type": "command", "command": "gofmt -w"}]}],
    "beforeShellExecution": [{"command": "./guard.sh"}],
    "preToolUse": [{"type": "command", "bash": "./other.sh"}],
    "BeforeTool": []
  },
  "x-unknown": {"nested": [1, 2.50, "three", null, true]}
}
`,
	"tabs":                 "{\n\t\"theme\": \"dark\",\n\t\"hooks\": {}\n}\n",
	"one line, no newline": `{"version": 1, "hooks": {"stop": [{"command": "notify"}]}}`,
	"no hooks":             "{\n    \"env\": {\"FOO\": \"bar\"}\n}\n",
	"empty object":         "{}\n",
	"unicode and escapes":  "{\n  \"name\": \"caf\\u00e9 ☕\",\n  \"path\": \"C:\\\\x\"\n}\n",
}

func TestInstallUninstallRestoresOriginal(t *testing.T) {
	for _, rt := range Runtimes() {
		if isModule(rt) || isYAML(rt) {
			continue // TestModuleInstallUninstall, TestYAMLInstallUninstall
		}
		for name, orig := range originals {
			t.Run(rt+"/"+name, func(t *testing.T) {
				home := t.TempDir()
				tg, err := For(rt, Scope{Home: home, Project: filepath.Join(home, "proj")}, "/usr/local/bin/arbiter")
				if err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(filepath.Dir(tg.Path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(tg.Path, []byte(orig), 0o640); err != nil {
					t.Fatal(err)
				}
				r, err := tg.Install(false)
				if err != nil {
					t.Fatal(err)
				}
				if !r.Changed || r.Backup == "" {
					t.Errorf("install: %+v", r)
				}
				after := readT(t, tg.Path)
				checkInstalled(t, tg, after)
				checkKept(t, orig, after)
				if st, _ := os.Stat(tg.Path); st.Mode().Perm() != 0o640 {
					t.Errorf("mode %v, want the original 0640", st.Mode().Perm())
				}
				// Idempotent.
				r, err = tg.Install(false)
				if err != nil || r.Changed {
					t.Errorf("second install changed the file: %+v %v", r, err)
				}
				if got := readT(t, tg.Path); got != after {
					t.Error("second install rewrote the file")
				}
				// Uninstall does not need to know which binary was installed.
				plain, _ := For(rt, Scope{Home: home, Project: filepath.Join(home, "proj")}, "")
				r, err = plain.Uninstall(false)
				if err != nil {
					t.Fatal(err)
				}
				if got := readT(t, tg.Path); got != orig {
					t.Errorf("after uninstall the file is\n%s\nwant the original\n%s", got, orig)
				}
				if _, err := os.Stat(BackupPath(tg.Path)); !os.IsNotExist(err) {
					t.Error("the backup was left behind after a clean restore")
				}
			})
		}
	}
}

// TestCopilotUserAndProject: Copilot CLI reads the user's
// ~/.copilot/hooks/*.json ($COPILOT_HOME/hooks) and a repository's
// .github/hooks/*.json; arbiter keeps a file of its own in each.
func TestCopilotUserAndProject(t *testing.T) {
	home := t.TempDir()
	t.Setenv("COPILOT_HOME", "")
	user, err := For("copilot", Scope{Home: home}, "arbiter")
	if err != nil || user.Path != filepath.Join(home, ".copilot", "hooks", "arbiter.json") {
		t.Errorf("user scope: %s, %v", user.Path, err)
	}
	t.Setenv("COPILOT_HOME", filepath.Join(home, "elsewhere"))
	moved, _ := For("copilot", Scope{Home: home}, "arbiter")
	if moved.Path != filepath.Join(home, "elsewhere", "hooks", "arbiter.json") {
		t.Errorf("with COPILOT_HOME: %s", moved.Path)
	}
	proj, err := For("copilot", Scope{Home: home, Project: filepath.Join(home, "proj")}, "arbiter")
	if err != nil || proj.Path != filepath.Join(home, "proj", ".github", "hooks", "arbiter.json") {
		t.Errorf("project scope: %s, %v", proj.Path, err)
	}
}

func TestInstallCreatesAndUninstallRemoves(t *testing.T) {
	for _, rt := range Runtimes() {
		if isModule(rt) || isYAML(rt) {
			continue // TestModuleInstallUninstall, TestYAMLInstallUninstall
		}
		home := t.TempDir()
		tg, _ := For(rt, Scope{Home: home, Project: filepath.Join(home, "proj")}, "/opt/arbiter bin/arbiter")
		r, err := tg.Install(false)
		if err != nil || !r.Changed {
			t.Fatalf("%s: %+v %v", rt, r, err)
		}
		data := readT(t, tg.Path)
		checkInstalled(t, tg, data)
		if !strings.Contains(data, `'/opt/arbiter bin/arbiter' hook `+rt) {
			t.Errorf("%s: the binary path is not quoted:\n%s", rt, data)
		}
		if st, _ := os.Stat(tg.Path); st.Mode().Perm() != 0o600 {
			t.Errorf("%s: new file mode %v, want 0600", rt, st.Mode().Perm())
		}
		if _, err := tg.Uninstall(false); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(tg.Path); !os.IsNotExist(err) {
			t.Errorf("%s: uninstall left the file arbiter created", rt)
		}
	}
}

func TestMalformedFileIsNeverOverwritten(t *testing.T) {
	for _, bad := range []string{`{"hooks": {"PreToolUse": [}`, `["not", "an", "object"]`, `{"hooks": []}`, `{"hooks": {"PreToolUse": {}}}`} {
		home := t.TempDir()
		tg, _ := For("claude", Scope{Home: home}, "arbiter")
		os.MkdirAll(filepath.Dir(tg.Path), 0o755)
		os.WriteFile(tg.Path, []byte(bad), 0o600)
		if _, err := tg.Install(false); err == nil || !strings.Contains(err.Error(), tg.Path) {
			t.Errorf("%s: install gave %v, want an error naming the file", bad, err)
		}
		if got := readT(t, tg.Path); got != bad {
			t.Errorf("%s: the file was changed to %s", bad, got)
		}
		if _, err := os.Stat(BackupPath(tg.Path)); !os.IsNotExist(err) {
			t.Errorf("%s: a backup was written for a failed install", bad)
		}
	}
}

func TestUninstallAfterOtherEditsKeepsThem(t *testing.T) {
	home := t.TempDir()
	tg, _ := For("claude", Scope{Home: home}, "/usr/bin/arbiter")
	os.MkdirAll(filepath.Dir(tg.Path), 0o755)
	os.WriteFile(tg.Path, []byte(originals["other hooks and keys"]), 0o600)
	if _, err := tg.Install(false); err != nil {
		t.Fatal(err)
	}
	// The user (or another tool) edits the file after the install.
	edited := strings.Replace(readT(t, tg.Path), `"model": "opus"`, `"model": "sonnet"`, 1)
	os.WriteFile(tg.Path, []byte(edited), 0o600)
	r, err := tg.Uninstall(false)
	if err != nil {
		t.Fatal(err)
	}
	got := readT(t, tg.Path)
	want := strings.Replace(originals["other hooks and keys"], `"model": "opus"`, `"model": "sonnet"`, 1)
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if r.Backup == "" {
		t.Error("the backup was not kept after a partial uninstall")
	}
}

func TestDryRunWritesNothing(t *testing.T) {
	home := t.TempDir()
	tg, _ := For("gemini", Scope{Home: home}, "arbiter")
	r, err := tg.Install(true)
	if err != nil || !r.Changed || !strings.Contains(r.Diff, "+ ") {
		t.Fatalf("%+v %v", r, err)
	}
	if _, err := os.Stat(tg.Path); !os.IsNotExist(err) {
		t.Error("a dry run wrote the file")
	}
}

func TestIsArbiterCommand(t *testing.T) {
	for cmd, want := range map[string]bool{
		"arbiter hook claude":                 true,
		"/usr/local/bin/arbiter hook codex":   true,
		"'/opt/my tools/arbiter' hook gemini": true,
		"arbiter check 'ls'":                  false,
		"~/bin/audit.sh":                      false,
		"not-arbiter hook claude":             false,
		"/home/u/go/bin/arbiter-hook claude":  true,
		"arbiter-hook":                        false,
		"arbiter-hooks claude":                false,
	} {
		if got := IsArbiterCommand(cmd); got != want {
			t.Errorf("IsArbiterCommand(%q) = %v, want %v", cmd, got, want)
		}
	}
}

func TestHookCommand(t *testing.T) {
	for _, tt := range []struct{ binary, want string }{
		{"/usr/local/bin/arbiter", "/usr/local/bin/arbiter hook claude"},
		{"/usr/local/bin/arbiter-hook", "/usr/local/bin/arbiter-hook claude"},
		{"/opt/my tools/arbiter-hook", "'/opt/my tools/arbiter-hook' claude"},
		{"arbiter", "arbiter hook claude"},
	} {
		got := HookCommand(tt.binary, "claude")
		if got != tt.want || !IsArbiterCommand(got) {
			t.Errorf("HookCommand(%q) = %q, want %q, recognised as arbiter's", tt.binary, got, tt.want)
		}
	}
}

func readT(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func checkInstalled(t *testing.T, tg Target, data string) {
	t.Helper()
	if !json.Valid([]byte(data)) {
		t.Fatalf("not valid JSON after install:\n%s", data)
	}
	st, err := tg.Status()
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range tg.Events {
		if len(st[ev]) != 1 || st[ev][0] != tg.Command {
			t.Errorf("event %s: arbiter commands %q, want [%q]\n%s", ev, st[ev], tg.Command, data)
		}
	}
}

// checkKept compares every top-level key except hooks, and every hook
// that was there before.
func checkKept(t *testing.T, orig, after string) {
	t.Helper()
	var a, b map[string]any
	json.Unmarshal([]byte(orig), &a)
	json.Unmarshal([]byte(after), &b)
	for k, v := range a {
		if k == "hooks" {
			continue
		}
		x, _ := json.Marshal(v)
		y, _ := json.Marshal(b[k])
		if !bytes.Equal(x, y) {
			t.Errorf("key %q changed: %s → %s", k, x, y)
		}
	}
	ah, _ := a["hooks"].(map[string]any)
	bh, _ := b["hooks"].(map[string]any)
	for ev, list := range ah {
		old, _ := list.([]any)
		now, _ := bh[ev].([]any)
		for i, h := range old {
			x, _ := json.Marshal(h)
			y, _ := json.Marshal(now[i])
			if !bytes.Equal(x, y) {
				t.Errorf("hook %s[%d] changed: %s → %s", ev, i, x, y)
			}
		}
	}
}

func TestInstallFollowsASymlinkedSettingsFile(t *testing.T) {
	home := t.TempDir()
	dotfiles := filepath.Join(home, "dotfiles", "claude-settings.json")
	os.MkdirAll(filepath.Dir(dotfiles), 0o755)
	orig := "{\n  \"model\": \"opus\"\n}\n"
	os.WriteFile(dotfiles, []byte(orig), 0o644)
	tg, _ := For("claude", Scope{Home: home}, "/usr/bin/arbiter")
	os.MkdirAll(filepath.Dir(tg.Path), 0o755)
	if err := os.Symlink(dotfiles, tg.Path); err != nil {
		t.Fatal(err)
	}
	if _, err := tg.Install(false); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(tg.Path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Fatal("install replaced the symbolic link with a file")
	}
	checkInstalled(t, tg, readT(t, dotfiles))
	if _, err := tg.Uninstall(false); err != nil {
		t.Fatal(err)
	}
	if got := readT(t, dotfiles); got != orig {
		t.Errorf("after uninstall the link target is\n%s", got)
	}
	if fi, _ := os.Lstat(tg.Path); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("uninstall replaced the symbolic link with a file")
	}
}

// FuzzSpans checks the span parser against encoding/json on arbitrary
// documents: it accepts exactly the valid ones, and every span it
// records is itself valid JSON equal to the value it stands for.
func FuzzSpans(f *testing.F) {
	for _, o := range originals {
		f.Add([]byte(o))
	}
	f.Add([]byte(`[1, {"a": [true, null, "x\"y"]}, -2.5e3]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := parse(data)
		if (err == nil) != json.Valid(data) {
			t.Fatalf("parse error %v, json.Valid %v", err, json.Valid(data))
		}
		if err != nil {
			return
		}
		var check func(n *node)
		check = func(n *node) {
			if n.start < 0 || n.end > len(data) || n.start >= n.end || !json.Valid(data[n.start:n.end]) {
				t.Fatalf("bad span [%d,%d) in %q", n.start, n.end, data)
			}
			for _, m := range n.members {
				check(m.val)
			}
			for _, e := range n.elems {
				check(e)
			}
		}
		check(root)
	})
}
