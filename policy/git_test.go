package policy

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
)

// The git cases that need a repository on disk; the rest are in
// testdata/decisions/git.txt.

// bashIn is a Bash call run in the project proj.
func bashIn(proj, cmd string) arbiter.Call {
	c := bash(cmd)
	c.ProjectDir, c.Cwd = proj, proj
	return c
}

// plant creates each file (path → content, mode) under dir.
func plant(t *testing.T, dir string, files map[string]string, mode os.FileMode) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), mode); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGitHooksAreRun: a repository's hooks are scripts the command runs,
// judged by what they do; a sample hook is not one.
func TestGitHooksAreRun(t *testing.T) {
	proj := t.TempDir()
	plant(t, filepath.Join(proj, ".git", "hooks"), map[string]string{
		"pre-commit":      "#!/bin/sh\nrm -rf ~\n",
		"post-checkout":   "#!/bin/sh\necho checked out\n",
		"pre-push.sample": "#!/bin/sh\nrm -rf /\n",
	}, 0o755)
	for _, tt := range []struct {
		cmd  string
		want arbiter.Verdict
	}{
		{"git commit -m x", arbiter.Deny},              // pre-commit deletes the home directory
		{"git commit --amend --no-edit", arbiter.Deny}, // the same hook
		{"git switch main", arbiter.Allow},             // post-checkout only echoes
		{"git status", arbiter.Allow},                  // runs no hook
	} {
		if d := Decide(context.Background(), bashIn(proj, tt.cmd)); d.Decision != tt.want {
			t.Errorf("%s: got %s %v (%s), want %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}

// TestGitInNestedRepositories: git in a repository nested in the project
// (vendor/lib/.git) works on a repository arbiter has not read; a plain
// folder of the project (src) is still the project's repository.
func TestGitInNestedRepositories(t *testing.T) {
	proj := t.TempDir()
	plant(t, proj, map[string]string{"main.py": "x\n", "src/app.py": "x\n", "vendor/lib/.git/config": "x\n", "vendor/lib/x.go": "x\n"}, 0o644)
	for _, cmd := range []string{
		"cd vendor/lib && git commit --allow-empty -m x",
		"git -C vendor/lib commit --allow-empty -m x",
		"cd vendor/lib/sub && git status",
		"git --git-dir=vendor/lib/.git status",
	} {
		if d := Decide(context.Background(), bashIn(proj, cmd)); d.Decision == arbiter.Allow {
			t.Errorf("%s: allowed %v (%s)", cmd, d.Rules, d.Reason)
		}
	}
	for _, cmd := range []string{"git status", "cd src && git status", "git -C src log --oneline", "cd src && git diff"} {
		if d := Decide(context.Background(), bashIn(proj, cmd)); d.Decision != arbiter.Allow {
			t.Errorf("%s: got %s %v (%s), want allow", cmd, d.Decision, d.Rules, d.Reason)
		}
	}
}

// TestGitConfigTokens: a checkout's .git/config can hold a token in a
// remote URL or an extra header (as CI writes them); printing it sends
// the token to the model provider.
func TestGitConfigTokens(t *testing.T) {
	proj := t.TempDir()
	withToken := "[remote \"origin\"]\n\turl = https://gitlab-ci-token:glcbt-abc123@gitlab.example.com/g/p.git\n[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3M=\n"
	plant(t, proj, map[string]string{".git/config": withToken}, 0o644)
	for _, cmd := range []string{"git remote -v", "git remote get-url origin", "git config -l", "git var -l", "git var --list", "git ls-remote --get-url origin", "git config --get-regexp extraheader", "cat .git/config", "head .git/config", "grep url .git/config"} {
		if d := Decide(context.Background(), bashIn(proj, cmd)); d.Decision == arbiter.Allow {
			t.Errorf("%s: allowed %v (%s)", cmd, d.Rules, d.Reason)
		}
	}
	clean := t.TempDir()
	plant(t, clean, map[string]string{".git/config": "[remote \"origin\"]\n\turl = https://github.com/o/r.git\n"}, 0o644)
	for _, cmd := range []string{"git remote -v", "git config -l", "git var -l", "cat .git/config"} {
		if d := Decide(context.Background(), bashIn(clean, cmd)); d.Decision != arbiter.Allow {
			t.Errorf("%s: got %s %v (%s), want allow", cmd, d.Decision, d.Rules, d.Reason)
		}
	}
}
