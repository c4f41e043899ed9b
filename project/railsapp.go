package project

import (
	"fmt"
	"os"
	"path/filepath"
)

// RailsExecutables are the files the rails command looks for in each
// folder from the working one up, newest layout first: finding one, it
// hands the whole command to that application.
var RailsExecutables = []string{"bin/rails", "script/rails"}

// FindRailsApp returns the application executable the rails command would
// run from dir, walking up to the file system's root as rails does. It
// returns an error wrapping fs.ErrNotExist when there is none.
func FindRailsApp(dir string) (string, error) {
	dir = filepath.Clean(dir)
	for {
		if p, err := FindUp(dir, dir, RailsExecutables...); err == nil || !IsNotExist(err) {
			return p, err
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("no Rails application from %s up: %w", dir, os.ErrNotExist)
		}
		dir = filepath.Dir(dir)
	}
}
