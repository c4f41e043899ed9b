package project

import (
	"fmt"
	"os"
	"path/filepath"
)

// MaxWalkDirs bounds the folders a search for the files a tool loads
// (conftest.py, test files) visits.
const MaxWalkDirs = 4096

// FindFiles returns the regular files under root whose names match, in
// breadth-first and lexical order, without entering folders skip names (or symbolic links
// to folders, which the test runners do not follow either); skip is
// given each folder's path. It fails when
// the tree holds more than MaxWalkDirs folders.
func FindFiles(root string, match, skip func(name string) bool) ([]string, error) {
	var out []string
	dirs := 0
	queue := []string{root}
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		if dirs++; dirs > MaxWalkDirs {
			return out, fmt.Errorf("%s holds more than %d folders", root, MaxWalkDirs)
		}
		entries, err := os.ReadDir(dir)
		if err != nil {
			return out, err
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name())
			switch {
			case e.IsDir():
				if !skip(p) {
					queue = append(queue, p)
				}
			case e.Type().IsRegular() || e.Type()&os.ModeSymlink != 0:
				if match(e.Name()) {
					out = append(out, p)
				}
			}
		}
	}
	return out, nil
}
