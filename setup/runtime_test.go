package setup

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestClaudeEntryBlocksOnFailure: Claude Code lets a call through when a
// hook times out or crashes unless the entry says onFailure block.
func TestClaudeEntryBlocksOnFailure(t *testing.T) {
	tg, err := For("claude", Scope{Home: t.TempDir()}, "/usr/local/bin/arbiter")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(tg.entry(tg.Command))
	for _, want := range []string{`"onFailure":"block"`, `"timeout":10`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("entry %s lacks %s", b, want)
		}
	}
	old := tg.WithoutOnFailure()
	b, _ = json.Marshal(old.entry(old.Command))
	if strings.Contains(string(b), "onFailure") {
		t.Errorf("entry for an older Claude Code still has onFailure: %s", b)
	}
}

// TestClaudeLocal: a project install can go to settings.local.json,
// which is not shared; only Claude Code has one.
func TestClaudeLocal(t *testing.T) {
	proj := t.TempDir()
	tg, err := For("claude", Scope{Home: t.TempDir(), Project: proj, Local: true}, "arbiter")
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(proj, ".claude", "settings.local.json"); tg.Path != want {
		t.Errorf("path %s, want %s", tg.Path, want)
	}
	for _, rt := range []string{"codex", "gemini", "cursor", "copilot"} {
		if _, err := For(rt, Scope{Home: t.TempDir(), Project: proj, Local: true}, "arbiter"); err == nil {
			t.Errorf("%s accepted --local", rt)
		}
	}
	if _, err := For("claude", Scope{Home: t.TempDir(), Local: true}, "arbiter"); err == nil {
		t.Error("--local without a project was accepted")
	}
}

// TestProjectRoot: --project means the repository's root, found by
// walking up to .git (a directory, or a file in a worktree), never the
// subdirectory the command ran in.
func TestProjectRoot(t *testing.T) {
	repo := t.TempDir()
	os.Mkdir(filepath.Join(repo, ".git"), 0o755)
	deep := filepath.Join(repo, "cmd", "tool", "internal")
	os.MkdirAll(deep, 0o755)
	worktree := t.TempDir()
	os.WriteFile(filepath.Join(worktree, ".git"), []byte("gitdir: /elsewhere\n"), 0o644)
	wsub := filepath.Join(worktree, "pkg")
	os.Mkdir(wsub, 0o755)
	for _, tc := range []struct{ from, want string }{
		{repo, repo}, {deep, repo}, {filepath.Join(repo, "cmd"), repo}, {wsub, worktree},
	} {
		got, err := ProjectRoot(tc.from)
		if err != nil || got != tc.want {
			t.Errorf("ProjectRoot(%s) = %s, %v; want %s", tc.from, got, err, tc.want)
		}
	}
	if _, err := ProjectRoot(t.TempDir()); err == nil {
		t.Error("a directory outside any repository was accepted")
	}
}

// TestNotes: what a runtime needs beyond the settings file is said.
func TestNotes(t *testing.T) {
	tg, _ := For("codex", Scope{Home: t.TempDir()}, "arbiter")
	for _, want := range []string{"trust", "/hooks", "codex exec", "arbiter doctor"} {
		if !strings.Contains(tg.Notes, want) {
			t.Errorf("codex notes lack %q: %s", want, tg.Notes)
		}
	}
}
