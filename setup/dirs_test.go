package setup

import (
	"os"
	"path/filepath"
	"testing"
)

// TestUninstallRemovesTheDirectoriesInstallCreated: the directories
// install made for a new settings file go with it when they are empty,
// and a directory that was there before, or holds anything now, stays.
func TestUninstallRemovesTheDirectoriesInstallCreated(t *testing.T) {
	for _, tc := range []struct {
		name   string
		before []string // directories (relative to the project) made first
		after  []string // files added after install
		stays  []string // directories that must still be there
		goes   []string // directories that must be gone
	}{
		{name: "none there", goes: []string{".github/hooks", ".github"}},
		{name: ".github there", before: []string{".github/workflows"}, stays: []string{".github/workflows"}, goes: []string{".github/hooks"}},
		{name: "an empty .github/hooks there", before: []string{".github/hooks"}, stays: []string{".github/hooks"}},
		{name: "a file added beside", after: []string{".github/hooks/other.json"}, stays: []string{".github/hooks", ".github"}},
		{name: "a file added above", after: []string{".github/CODEOWNERS"}, stays: []string{".github"}, goes: []string{".github/hooks"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			home := t.TempDir()
			proj := filepath.Join(home, "proj")
			os.MkdirAll(proj, 0o755)
			for _, d := range tc.before {
				os.MkdirAll(filepath.Join(proj, d), 0o755)
			}
			tg, err := For("copilot", Scope{Home: home, Project: proj}, "arbiter")
			if err != nil {
				t.Fatal(err)
			}
			tg.Record = filepath.Join(home, "cache", "install-dirs.json")
			if _, err := tg.Install(false); err != nil {
				t.Fatal(err)
			}
			for _, f := range tc.after {
				os.WriteFile(filepath.Join(proj, f), []byte("x"), 0o644)
			}
			r, err := tg.Uninstall(false)
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range tc.stays {
				if _, err := os.Stat(filepath.Join(proj, d)); err != nil {
					t.Errorf("%s was removed: %v (%s)", d, err, r.Note)
				}
			}
			for _, d := range tc.goes {
				if _, err := os.Stat(filepath.Join(proj, d)); !os.IsNotExist(err) {
					t.Errorf("%s is still there (%s)", d, r.Note)
				}
			}
			if _, err := os.Stat(proj); err != nil {
				t.Errorf("the project itself was removed")
			}
			if _, err := os.Stat(tg.Record); !os.IsNotExist(err) {
				t.Errorf("the record outlived the last uninstall: %v", err)
			}
		})
	}
}

// TestDryRunRecordsNoDirectories: a dry run creates nothing, so it notes
// nothing that a later uninstall would remove.
func TestDryRunRecordsNoDirectories(t *testing.T) {
	home := t.TempDir()
	tg, _ := For("gemini", Scope{Home: home}, "arbiter")
	tg.Record = filepath.Join(home, "cache", "install-dirs.json")
	if _, err := tg.Install(true); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tg.Record); !os.IsNotExist(err) {
		t.Errorf("a dry run wrote the record: %v", err)
	}
}
