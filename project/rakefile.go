package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// RakefileNames are the names rake looks for in each folder, in its order.
var RakefileNames = []string{"rakefile", "Rakefile", "rakefile.rb", "Rakefile.rb"}

// FindRakefile finds the Ruby code rake loads before it runs any task: a
// Rakefile in dir or the nearest parent (rake searches up to the file
// system's root, so this does too, above the project included), or a
// rakelib folder of *.rake files it imports. The file is not read: it is
// Ruby, which arbiter has no reader for. It returns an error wrapping
// fs.ErrNotExist when there is none.
func FindRakefile(dir string) (string, error) {
	dir = filepath.Clean(dir)
	for {
		if p, err := FindUp(dir, dir, RakefileNames...); err == nil || !IsNotExist(err) {
			return p, err
		}
		if p, err := rakelib(filepath.Join(dir, "rakelib")); err == nil || !IsNotExist(err) {
			return p, err
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("no Rakefile from %s up: %w", dir, os.ErrNotExist)
		}
		dir = filepath.Dir(dir)
	}
}

// rakelib returns the first *.rake file of a rakelib folder.
func rakelib(dir string) (string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".rake") {
			return filepath.Join(dir, e.Name()), nil
		}
	}
	return "", fmt.Errorf("no .rake file in %s: %w", dir, os.ErrNotExist)
}
