package project

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// Package is what arbiter reads from a package.json: where it is and its
// scripts by name.
type Package struct {
	Path    string
	Dir     string
	Scripts map[string]string
}

// FindPackage walks up from dir to the nearest package.json, never above
// root (the project directory), and reads it. It returns an error wrapping
// fs.ErrNotExist when there is none within the project.
func FindPackage(dir, root string) (Package, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return Package{}, fmt.Errorf("%s is outside the project %s", dir, root)
	}
	for {
		p := filepath.Join(dir, "package.json")
		data, _, err := readBounded(p, MaxManifest)
		switch {
		case err == nil:
			scripts, err := ParseScripts(data)
			if err != nil {
				return Package{}, fmt.Errorf("%s: %w", p, err)
			}
			return Package{Path: p, Dir: dir, Scripts: scripts}, nil
		case !IsNotExist(err):
			return Package{}, err
		}
		if dir == root || filepath.Dir(dir) == dir {
			return Package{}, fmt.Errorf("no package.json from %s up to %s: %w", dir, root, err)
		}
		dir = filepath.Dir(dir)
	}
}

// ParseScripts reads the "scripts" object of a package.json. Content over
// MaxManifest, anything that is not a JSON object, or scripts that are not
// strings are errors: what runs must be known.
func ParseScripts(data []byte) (map[string]string, error) {
	if len(data) > MaxManifest {
		return nil, fmt.Errorf("package.json of %d bytes is over the %d read", len(data), MaxManifest)
	}
	var doc struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("package.json is not valid JSON: %w", err)
	}
	out := make(map[string]string, len(doc.Scripts))
	for name, raw := range doc.Scripts {
		var body string
		if err := json.Unmarshal(raw, &body); err != nil {
			return nil, fmt.Errorf("script %q is not a string", name)
		}
		out[name] = body
	}
	return out, nil
}

func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}
