package policy_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/setup"
)

// TestGuardCoversEveryRuntimesHookFile: every hook file arbiter install
// writes, for every runtime it installs into, for the user and in a
// project (settings with arbiter's entries, and the plugin, extension and
// hooks files that are arbiter's alone), is the gate's own once written.
// Editing, replacing, moving or deleting it is denied as tampering; a
// file written beside it in the folder the runtime loads (which the
// runtime would run too, before or instead of arbiter's) is denied or
// asked; reading it is allowed.
func TestGuardCoversEveryRuntimesHookFile(t *testing.T) {
	for _, rt := range setup.Runtimes() {
		root := t.TempDir()
		home, project := filepath.Join(root, "home"), filepath.Join(root, "proj")
		p := policy.New(policy.Options{})
		for _, scope := range []setup.Scope{{Home: home}, {Home: home, Project: project}} {
			if a, _ := agents.Lookup(rt); a.UserOnly && scope.Project != "" {
				continue // no project file to guard
			}
			tg, err := setup.For(rt, scope, "/usr/local/bin/arbiter-hook")
			if err != nil {
				t.Fatalf("%s: %v", rt, err)
			}
			if _, err := tg.Install(false); err != nil {
				t.Fatalf("%s install: %v", rt, err)
			}
			checkGuarded(t, p, rt, tg.Path, home, project)
		}
	}
}

// checkGuarded decides each change, shadowing write and read of one
// installed hook file f.
func checkGuarded(t *testing.T, p *policy.Policy, rt, f, home, project string) {
	t.Helper()
	decide := func(tool string, in map[string]any) arbiter.Decision {
		b, _ := json.Marshal(in)
		return p.Decide(context.Background(), arbiter.Call{Tool: tool, Input: b, ProjectDir: project, Cwd: project, Home: home})
	}
	bash := func(cmd string) arbiter.Decision { return decide("Bash", map[string]any{"command": cmd}) }
	q := "'" + f + "'"
	tampering := []struct {
		how string
		d   arbiter.Decision
	}{
		{"Edit", decide("Edit", map[string]any{"file_path": f, "old_string": "arbiter", "new_string": "true"})},
		{"Write", decide("Write", map[string]any{"file_path": f, "content": "{}"})},
		{"sed -i", bash("sed -i 's/deny/allow/' " + q)},
		{"> over it", bash("echo '{}' > " + q)},
		{"cp over it", bash("cp /tmp/x " + q)},
		{"mv it away", bash("mv " + q + " /tmp/x")},
		{"mv over it", bash("mv /tmp/x " + q)},
		{"rm", bash("rm -f " + q)},
		{"truncate", bash("truncate -s 0 " + q)},
	}
	for _, c := range tampering {
		if c.d.Decision != arbiter.Deny || !hasRule(c.d, "S.guard-tamper") {
			t.Errorf("%s: %s changed with %s: %s %v", rt, f, c.how, c.d.Decision, c.d.Rules)
		}
	}
	// A hook file of another name in the same folder, with the same
	// extension: the runtime loads it as well.
	shadow := filepath.Join(filepath.Dir(f), "0-"+strings.TrimSuffix(filepath.Base(f), filepath.Ext(f))+"-override"+filepath.Ext(f))
	for how, d := range map[string]arbiter.Decision{
		"Write": decide("Write", map[string]any{"file_path": shadow, "content": "{}"}),
		"cp":    bash("cp " + q + " '" + shadow + "'"),
	} {
		if d.Decision != arbiter.Deny && d.Decision != arbiter.Ask {
			t.Errorf("%s: a shadowing hook file %s written with %s: %s %v", rt, shadow, how, d.Decision, d.Rules)
		}
	}
	for how, d := range map[string]arbiter.Decision{
		"Read": decide("Read", map[string]any{"file_path": f}),
		"cat":  bash("cat " + q),
	} {
		if d.Decision != arbiter.Allow {
			t.Errorf("%s: %s read with %s: %s %v", rt, f, how, d.Decision, d.Rules)
		}
	}
}

// TestGuardCoversTheFoldersOfHookFiles: removing or moving away a folder
// that holds a hook file of the gate's removes the file with it, so it is
// tampering as removing the file is; the same folder without arbiter's
// file is the agent's own configuration, asked about as before.
func TestGuardCoversTheFoldersOfHookFiles(t *testing.T) {
	cases := []struct{ runtime, cmd string }{
		{"kiro", "rm -rf .kiro"},
		{"kiro", "rm -r .kiro/hooks"},
		{"kiro", "mv .kiro /tmp/kiro-off"},
		{"opencode", "mv .opencode/plugins .opencode/plugins.off"},
		{"claude", "rm -rf ./.claude"},
		{"qwen", "mv .qwen ../qwen"},
		{"pi", "rm -fr .pi"},
	}
	for _, c := range cases {
		for _, installed := range []bool{true, false} {
			root := t.TempDir()
			home, project := filepath.Join(root, "home"), filepath.Join(root, "proj")
			tg, err := setup.For(c.runtime, setup.Scope{Home: home, Project: project}, "arbiter")
			if err != nil {
				t.Fatal(err)
			}
			if installed {
				if _, err := tg.Install(false); err != nil {
					t.Fatal(err)
				}
			} else if err := os.MkdirAll(filepath.Dir(tg.Path), 0o755); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(map[string]any{"command": c.cmd})
			d := policy.New(policy.Options{}).Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: b, ProjectDir: project, Cwd: project, Home: home})
			switch {
			case installed && (d.Decision != arbiter.Deny || !hasRule(d, "S.guard-tamper")):
				t.Errorf("%s with arbiter's %s installed: %s %v, want deny S.guard-tamper", c.cmd, c.runtime, d.Decision, d.Rules)
			case !installed && hasRule(d, "S.guard-tamper"):
				t.Errorf("%s without arbiter's hook file: %s %v, want no S.guard-tamper", c.cmd, d.Decision, d.Rules)
			}
		}
	}
}

// TestGuardFollowsMovedRuntimeHomes: a runtime whose home folder an
// environment variable moves (CODEX_HOME, COPILOT_HOME,
// PI_CODING_AGENT_DIR, CLINE_DIR, and XDG_CONFIG_HOME for those that
// follow it) loads arbiter's hook from there, so the
// hook file arbiter install writes there is the gate's as it is at the
// default place: changing, moving or removing it, or the folder holding
// it, is tampering; a file written beside it is asked about or denied.
func TestGuardFollowsMovedRuntimeHomes(t *testing.T) {
	moved := 0
	for _, rt := range setup.Runtimes() {
		a, ok := agents.Lookup(rt)
		if !ok || a.DirEnv == "" && !a.ConfigHome {
			continue
		}
		root := t.TempDir()
		home, project, dir := filepath.Join(root, "home"), filepath.Join(root, "proj"), filepath.Join(root, "elsewhere", rt)
		if a.DirEnv != "" {
			t.Setenv(a.DirEnv, dir)
		} else {
			t.Setenv("XDG_CONFIG_HOME", filepath.Join(root, "elsewhere"))
			dir = filepath.Join(root, "elsewhere", strings.TrimPrefix(a.Dir, ".config/"))
		}
		tg, err := setup.For(rt, setup.Scope{Home: home}, "/usr/local/bin/arbiter-hook")
		if err != nil {
			t.Fatalf("%s: %v", rt, err)
		}
		if !strings.HasPrefix(tg.Path, dir+string(filepath.Separator)) {
			continue // its user-level hook is not under the folder the variable moves (Cline's IDE folder)
		}
		moved++
		if _, err := tg.Install(false); err != nil {
			t.Fatalf("%s install: %v", rt, err)
		}
		p := policy.New(policy.Options{AgentDirs: agents.MovedDirs(os.Getenv)})
		checkGuarded(t, p, rt, tg.Path, home, project)
		b, _ := json.Marshal(map[string]any{"command": "rm -rf '" + dir + "'"})
		d := p.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: b, ProjectDir: project, Cwd: project, Home: home})
		if d.Decision != arbiter.Deny || !hasRule(d, "S.guard-tamper") {
			t.Errorf("%s: removing %s, which holds arbiter's hook: %s %v", rt, dir, d.Decision, d.Rules)
		}
	}
	if moved < 3 {
		t.Fatalf("only %d runtimes have a home an environment variable moves", moved)
	}
}

// TestMovedRuntimeHomeAboveTheProject: a variable naming the home folder
// itself does not make every project file the agent's configuration.
func TestMovedRuntimeHomeAboveTheProject(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	project := filepath.Join(home, "proj")
	p := policy.New(policy.Options{AgentDirs: agents.MovedDirs(func(k string) string {
		return map[string]string{"CODEX_HOME": home}[k]
	})})
	b, _ := json.Marshal(map[string]any{"file_path": filepath.Join(project, "main.go"), "content": "package main\n"})
	d := p.Decide(context.Background(), arbiter.Call{Tool: "Write", Input: b, ProjectDir: project, Cwd: project, Home: home})
	if d.Decision != arbiter.Allow {
		t.Errorf("a project write with CODEX_HOME=$HOME: %s %v", d.Decision, d.Rules)
	}
}

// TestGuardCoversGeminiCLIAndAntigravityTogether: with both runtimes
// installed in one home (~/.gemini is the folder of each), each one's
// hook file is guarded.
func TestGuardCoversGeminiCLIAndAntigravityTogether(t *testing.T) {
	root := t.TempDir()
	home, project := filepath.Join(root, "home"), filepath.Join(root, "proj")
	var files []string
	for _, rt := range []string{"gemini", "antigravity"} {
		tg, err := setup.For(rt, setup.Scope{Home: home}, "/usr/local/bin/arbiter-hook")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tg.Install(false); err != nil {
			t.Fatal(err)
		}
		files = append(files, tg.Path)
	}
	p := policy.New(policy.Options{})
	for i, rt := range []string{"gemini", "antigravity"} {
		checkGuarded(t, p, rt, files[i], home, project)
	}
}
