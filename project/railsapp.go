package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// RailsExecutables are the files the rails command looks for in each
// folder from the working one up, newest layout first: finding one, it
// hands the whole command to that application.
var RailsExecutables = []string{"bin/rails", "script/rails"}

// FindRailsApp returns the application executable the rails command would
// run from dir, walking up to the file system's root as rails does. It
// returns an error wrapping fs.ErrNotExist when there is none.
func FindRailsApp(dir string) (string, error) {
	return FindToRoot(dir, RailsExecutables...)
}

// FindToRoot walks up from dir to the file system's root, as tools that
// search for their configuration do, and returns the nearest file of one
// of names. It returns an error wrapping fs.ErrNotExist when there is none.
func FindToRoot(dir string, names ...string) (string, error) {
	dir = filepath.Clean(dir)
	for {
		if p, err := FindUp(dir, dir, names...); err == nil || !IsNotExist(err) {
			return p, err
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("no %s from %s up: %w", strings.Join(names, " or "), dir, os.ErrNotExist)
		}
		dir = filepath.Dir(dir)
	}
}
