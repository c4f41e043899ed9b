package project

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzCargoBuildCode: any manifest gives code within the project or an
// error, never a panic.
func FuzzCargoBuildCode(f *testing.F) {
	f.Add("[package]\nname = \"app\"\nbuild = \"b.rs\"\n[patch.crates-io]\ns = { path = \"s\" }\n[replace]\n\"t:1\" = { path = \"/t\" }\n")
	f.Add("[workspace]\nmembers = [\"*\"]\n[lib]\nproc-macro = true\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, manifest string) {
		if err := os.WriteFile(filepath.Join(dir, "Cargo.toml"), []byte(manifest), 0o644); err != nil {
			t.Fatal(err)
		}
		code, err := CargoBuildCode(filepath.Join(dir, "Cargo.toml"), dir)
		for _, c := range code {
			if err == nil && !strings.HasPrefix(c.Dir, dir) {
				t.Errorf("code of %s outside the project %s", c.Dir, dir)
			}
		}
	})
}
