package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func isYAML(rt string) bool {
	in, _ := installerFor(rt)
	return in.yaml != nil
}

// yamlOriginals are config.yaml files as Hermes users have them: its own
// hooks: {} default, comments, other hooks, a list at the key's own
// indentation, no newline at the end, and none at all.
var yamlOriginals = map[string]string{
	"no file": "",
	"hermes default": `# Hermes Agent configuration
model:
  default: anthropic/claude-opus   # the main model
  provider: auto

hooks: {}
hooks_auto_accept: false
`,
	"comment after empty hooks": "terminal:\n  backend: local\nhooks: {} # none yet\n",
	"hooks null":                "hooks:\nmemory:\n  enabled: true\n",
	"other events": `hooks:
  post_tool_call:
    - command: ~/bin/log.sh   # audit log
  pre_llm_call:
    - command: ~/bin/context.py
`,
	"other pre_tool_call hooks": `hooks:
    pre_tool_call:
    # mine first
    - command: "~/bin/guard.sh"
      matcher: "terminal"
      timeout: 5
`,
	"empty list":        "hooks:\n  pre_tool_call: []\n",
	"no newline at end": "model:\n  default: x",
	"no hooks key":      "display:\n  skin: mono\n\n# trailing comment\n",
}

// TestYAMLInstallUninstall: arbiter's entry goes into each file, every
// other line stays as it was, Status reads the command back, a second
// install changes nothing, and uninstall leaves the original bytes (no
// file where there was none).
func TestYAMLInstallUninstall(t *testing.T) {
	for _, rt := range Runtimes() {
		if !isYAML(rt) {
			continue
		}
		for name, orig := range yamlOriginals {
			t.Run(rt+"/"+name, func(t *testing.T) {
				home := t.TempDir()
				t.Setenv("HERMES_HOME", "")
				tg, err := For(rt, Scope{Home: home}, "/opt/arbiter bin/arbiter-hook")
				if err != nil {
					t.Fatal(err)
				}
				if name != "no file" {
					os.MkdirAll(filepath.Dir(tg.Path), 0o755)
					os.WriteFile(tg.Path, []byte(orig), 0o640)
				}
				r, err := tg.Install(false)
				if err != nil || !r.Changed {
					t.Fatalf("install: %+v %v", r, err)
				}
				after := readT(t, tg.Path)
				for _, line := range strings.Split(strings.TrimSpace(orig), "\n") {
					if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "hooks:") && !strings.HasPrefix(line, "pre_tool_call:") && !strings.Contains(after, line) {
						t.Errorf("install lost %q:\n%s", line, after)
					}
				}
				events, err := tg.Status()
				if err != nil || len(events["pre_tool_call"]) != 1 || events["pre_tool_call"][0] != `'/opt/arbiter bin/arbiter-hook' `+rt {
					t.Fatalf("status: %v %v\n%s", events, err, after)
				}
				if !strings.Contains(after, "fail_closed: true") {
					t.Errorf("the entry is not fail_closed:\n%s", after)
				}
				if r, err := tg.Install(false); err != nil || r.Changed {
					t.Errorf("a second install changed the file: %+v %v", r, err)
				}
				plain, _ := For(rt, Scope{Home: home}, "")
				if _, err := plain.Uninstall(false); err != nil {
					t.Fatal(err)
				}
				b, err := os.ReadFile(tg.Path)
				switch {
				case name == "no file" && !os.IsNotExist(err):
					t.Errorf("uninstall left %s", tg.Path)
				case name != "no file" && string(b) != orig:
					t.Errorf("after uninstall:\n%s\nwant the original:\n%s", b, orig)
				}
			})
		}
	}
}

// TestYAMLUninstallAfterOtherEdits: a file edited since install keeps
// the edit; only arbiter's item goes, and an item of arbiter's that was
// edited is left, with an error.
func TestYAMLUninstallAfterOtherEdits(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERMES_HOME", "")
	tg, _ := For("hermes", Scope{Home: home}, "/usr/bin/arbiter-hook")
	os.MkdirAll(filepath.Dir(tg.Path), 0o755)
	orig := yamlOriginals["hermes default"]
	os.WriteFile(tg.Path, []byte(orig), 0o600)
	if _, err := tg.Install(false); err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(readT(t, tg.Path), "provider: auto", "provider: openrouter", 1)
	os.WriteFile(tg.Path, []byte(edited), 0o600)
	r, err := tg.Uninstall(false)
	if err != nil {
		t.Fatal(err)
	}
	got := readT(t, tg.Path)
	if strings.Contains(got, "arbiter-hook") || !strings.Contains(got, "provider: openrouter") || r.Backup == "" {
		t.Errorf("uninstall after an edit: %+v\n%s", r, got)
	}

	os.WriteFile(tg.Path, []byte(orig), 0o600)
	os.Remove(BackupPath(tg.Path))
	if _, err := tg.Install(false); err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(readT(t, tg.Path), "timeout: 30", "timeout: 5", 1)
	os.WriteFile(tg.Path, []byte(changed), 0o600)
	if _, err := tg.Uninstall(false); err == nil {
		t.Error("an edited entry of arbiter's was removed without a word")
	}
	if readT(t, tg.Path) != changed {
		t.Error("a refused uninstall changed the file")
	}
}

// TestYAMLRefusesWhatItCannotEdit: a file that is not YAML, a flow
// mapping at the top, a hooks value on one line, or more than one
// document is never written over.
func TestYAMLRefusesWhatItCannotEdit(t *testing.T) {
	for _, bad := range []string{
		"hooks: [\n", `{"hooks": {}}`, "hooks: {pre_tool_call: [{command: x}]}\n", "hooks: 3\n",
		"a: 1\n---\nb: 2\n", "- a list\n", "hooks:\n  pre_tool_call: {command: x}\n",
		"hooks:\n  pre_tool_call: [{command: x}]\n",
	} {
		home := t.TempDir()
		t.Setenv("HERMES_HOME", "")
		tg, _ := For("hermes", Scope{Home: home}, "arbiter")
		os.MkdirAll(filepath.Dir(tg.Path), 0o755)
		os.WriteFile(tg.Path, []byte(bad), 0o600)
		if _, err := tg.Install(false); err == nil || !strings.Contains(err.Error(), tg.Path) {
			t.Errorf("%q: install gave %v, want an error naming the file", bad, err)
		}
		if got := readT(t, tg.Path); got != bad {
			t.Errorf("%q: the file was changed to %q", bad, got)
		}
		if _, err := os.Stat(BackupPath(tg.Path)); !os.IsNotExist(err) {
			t.Errorf("%q: a backup was written for a failed install", bad)
		}
	}
}

// TestHermesHomeMovesTheFile: $HERMES_HOME is where Hermes reads
// config.yaml.
func TestHermesHomeMovesTheFile(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HERMES_HOME", filepath.Join(home, "profiles", "work"))
	tg, _ := For("hermes", Scope{Home: home}, "arbiter")
	if want := filepath.Join(home, "profiles", "work", "config.yaml"); tg.Path != want {
		t.Errorf("path %s, want %s", tg.Path, want)
	}
}

// TestHermesConsent reads Hermes's allowlist and hooks_auto_accept.
func TestHermesConsent(t *testing.T) {
	list := []byte("\xef\xbb\xbf" + `{"approvals": [{"event": "pre_tool_call", "command": "arbiter-hook hermes", "approved_at": "2026-12-01T00:00:00Z"}]}`)
	for _, c := range []struct {
		event, command string
		want           bool
	}{
		{"pre_tool_call", "arbiter-hook hermes", true},
		{"post_tool_call", "arbiter-hook hermes", false},
		{"pre_tool_call", "/usr/bin/arbiter-hook hermes", false},
	} {
		if got := HermesConsented(list, c.event, c.command); got != c.want {
			t.Errorf("%s %s: %v, want %v", c.event, c.command, got, c.want)
		}
	}
	if HermesConsented([]byte("not json"), "pre_tool_call", "arbiter-hook hermes") {
		t.Error("a broken allowlist reads as consent")
	}
	for cfg, want := range map[string]bool{"hooks_auto_accept: true\n": true, "hooks_auto_accept: \"yes\"\n": true,
		"hooks_auto_accept: false\n": false, "model: x\n": false, "hooks_auto_accept: [\n": false} {
		if got := HermesAutoAccept([]byte(cfg)); got != want {
			t.Errorf("%q: %v, want %v", cfg, got, want)
		}
	}
}

// FuzzYAMLHooks installs arbiter's Hermes entry into arbitrary files: no
// panic; an install either refuses and leaves no result, or yields a file
// that holds the entry, reads as the original but for it, and uninstalls
// back to the original bytes.
func FuzzYAMLHooks(f *testing.F) {
	for _, s := range yamlOriginals {
		f.Add(s)
	}
	for _, s := range []string{"hooks: [\n", "hooks:\n  pre_tool_call:\n  - command: x\n", "a: &x {b: 1}\nhooks: *x\n", "hooks:\n\tpre_tool_call: []\n"} {
		f.Add(s)
	}
	tg := Target{Runtime: "hermes", Events: []string{"pre_tool_call"}, yaml: hermesYAML}
	const cmd = "arbiter-hook hermes"
	f.Fuzz(func(t *testing.T, orig string) {
		next, err := tg.yamlInstalled([]byte(orig), cmd)
		if err != nil {
			return
		}
		cmds, err := yamlCommands(next)
		if err != nil || !containsString(cmds["pre_tool_call"], cmd) {
			t.Fatalf("installed file lacks the entry (%v):\n%s", err, next)
		}
		if before, _ := yamlCommands([]byte(orig)); containsString(before["pre_tool_call"], cmd) {
			return // already there: nothing was added
		}
		if !sameBut([]byte(orig), next, "pre_tool_call", cmd, true) {
			t.Fatalf("install changed more than its entry:\n%q\n%q", orig, next)
		}
		if back := tg.yaml.removeEntry(next, cmd); back == nil || !sameBut(next, back, "pre_tool_call", cmd, false) {
			t.Fatalf("the entry cannot be cut out again:\n%q", next)
		}
	})
}

// TestHermesHasNoProjectFile: Hermes reads config.yaml only from its
// home, so install --project is refused rather than writing a file
// Hermes never reads.
func TestHermesHasNoProjectFile(t *testing.T) {
	home := t.TempDir()
	if _, err := For("hermes", Scope{Home: home, Project: filepath.Join(home, "proj")}, "arbiter"); err == nil {
		t.Error("a project install was accepted")
	}
}
