package project

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// MaxGoDirs bounds the folders a ./... pattern is walked into.
const MaxGoDirs = 4096

// GoPackageDirs returns the folders of the packages a go command's
// patterns name, run in dir: none means dir itself; ./x and ./x/... are
// folders under dir; an import path within dir's module (found from its
// go.mod, never above root) is its folder. Folders and files whose names
// start with . or _, testdata and vendor folders and nested modules are
// skipped, as the go tool skips them. A pattern arbiter does not map to a
// folder (another module's package, std, all) is an error; a folder that
// does not exist is left out, as it runs nothing.
func GoPackageDirs(dir, root string, patterns []string) ([]string, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	var out []string
	seen := map[string]bool{}
	add := func(d string) {
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	for _, pat := range patterns {
		base, err := goPatternDir(dir, root, pat)
		if err != nil {
			return nil, err
		}
		rest, recursive := strings.CutSuffix(base, "/...")
		if strings.Contains(rest, "...") {
			return nil, fmt.Errorf("the pattern %s has a wildcard arbiter does not expand", pat)
		}
		if !recursive {
			if info, err := os.Stat(rest); err == nil && info.IsDir() {
				add(rest)
			}
			continue
		}
		dirs, err := goTree(rest)
		if err != nil {
			return nil, err
		}
		for _, d := range dirs {
			add(d)
		}
	}
	return out, nil
}

// goPatternDir maps one pattern to a folder (with /... kept).
func goPatternDir(dir, root, pat string) (string, error) {
	switch {
	case pat == "." || pat == ".." || strings.HasPrefix(pat, "./") || strings.HasPrefix(pat, "../"):
		return filepath.Join(dir, pat), nil // ./x/... keeps its /...
	case filepath.IsAbs(pat):
		return pat, nil
	}
	modDir, modPath, err := GoModule(dir, root)
	if err != nil {
		return "", fmt.Errorf("the package %s is named by import path, and %w", pat, err)
	}
	if pat == modPath || strings.HasPrefix(pat, modPath+"/") {
		return filepath.Join(modDir, strings.TrimPrefix(pat, modPath)), nil
	}
	return "", fmt.Errorf("the package %s is not in the module %s, so arbiter does not read its code", pat, modPath)
}

// GoModule finds the go.mod at or above dir (not above root) and returns
// its folder and module path.
func GoModule(dir, root string) (string, string, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	for {
		data, _, err := readBounded(filepath.Join(dir, "go.mod"), MaxManifest)
		if err == nil {
			sc := bufio.NewScanner(bytes.NewReader(data))
			for sc.Scan() {
				if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
					return dir, strings.Trim(strings.TrimSpace(rest), `"`), nil
				}
			}
			return "", "", fmt.Errorf("%s names no module", filepath.Join(dir, "go.mod"))
		}
		if !IsNotExist(err) {
			return "", "", err
		}
		if dir == root || !within(dir, root) || filepath.Dir(dir) == dir {
			return "", "", fmt.Errorf("no go.mod from %s up to %s: %w", dir, root, err)
		}
		dir = filepath.Dir(dir)
	}
}

// goTree lists top and the folders under it that ./... matches.
func goTree(top string) ([]string, error) {
	var out []string
	n := 0
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == top && IsNotExist(err) {
				return filepath.SkipAll
			}
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if p != top {
			name := d.Name()
			if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "vendor" || fileExists(filepath.Join(p, "go.mod")) {
				return filepath.SkipDir
			}
		}
		if n++; n > MaxGoDirs {
			return fmt.Errorf("%s holds more than %d folders, more than arbiter walks", top, MaxGoDirs)
		}
		out = append(out, p)
		return nil
	})
	return out, err
}
