package project

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// CargoBinary is what a program cargo built under target/ was compiled
// from: the crate roots of its bin target, of its package's library and
// of the libraries of the package's path dependencies (their modules are
// followed by the Rust reader).
type CargoBinary struct {
	Package string   // the package whose bin target it is
	Roots   []string // absolute crate root files, the bin's first
}

// RustTargetBinary splits the path of a program cargo writes,
// ROOT/target/{debug,release}/NAME or ROOT/target/TRIPLE/{debug,release}/NAME,
// into ROOT and NAME; ok is false for any other path (target/debug/deps,
// examples, build scripts' output).
func RustTargetBinary(abs string) (root, name string, ok bool) {
	abs = filepath.ToSlash(filepath.Clean(abs))
	elems := strings.Split(abs, "/")
	n := len(elems)
	if n < 4 || elems[n-1] == "" {
		return "", "", false
	}
	name = strings.TrimSuffix(elems[n-1], ".exe")
	if p := elems[n-2]; p != "debug" && p != "release" {
		return "", "", false
	}
	at := n - 3
	if elems[at] != "target" {
		at-- // target/TRIPLE/debug/NAME
		if at < 1 || elems[at] != "target" || strings.HasPrefix(elems[at+1], ".") {
			return "", "", false
		}
	}
	root = strings.Join(elems[:at], "/")
	if root == "" || name == "" || strings.HasPrefix(name, ".") {
		return "", "", false
	}
	return filepath.FromSlash(root), name, true
}

// FindCargoBinary finds the bin target named name among the package of
// manifest and the members of its workspace (all within root), as cargo
// names the programs it writes to target/: a [[bin]] entry, the package's
// own src/main.rs, or src/bin/NAME.rs or src/bin/NAME/main.rs. pkg, when
// set, is the only package looked in; name "" is its default program (as
// cargo run picks it: [package] default-run, else the package's name), or
// with pkg "" too, that of manifest's own package (never a member's). An
// error wrapping fs.ErrNotExist says no package has that bin target.
func FindCargoBinary(manifest, root, pkg, name string) (CargoBinary, error) {
	w := &cargoWalk{root: filepath.Clean(root), seen: map[string]bool{}}
	return w.findBin(manifest, binWanted{pkg, name}, nil)
}

// binWanted is the bin target looked for: its package ("" for any) and
// name ("" for the package's default).
type binWanted struct{ pkg, name string }

// in returns the bin name to look for in the package pkgName (with its
// [package] table), and false when that package is not the one wanted.
func (b binWanted) in(pkgName string, table map[string]any) (string, bool) {
	if b.pkg != "" && b.pkg != pkgName {
		return "", false
	}
	if b.name != "" {
		return b.name, true
	}
	if d, ok := table["default-run"].(string); ok {
		return d, true
	}
	return pkgName, true
}

// findBin looks for the bin target in one manifest, then its members.
// wsDeps are the path dependencies the workspace declares, which a
// member may inherit (dep = { workspace = true }): all are read.
func (w *cargoWalk) findBin(manifest string, want binWanted, wsDeps []string) (CargoBinary, error) {
	doc, dir, err := w.manifest(manifest)
	if err != nil {
		return CargoBinary{}, err
	}
	ws, _ := doc["workspace"].(map[string]any)
	if d, ok := ws["dependencies"].(map[string]any); ok {
		wsDeps = pathDeps(d, dir)
	}
	if pkg, ok := doc["package"].(map[string]any); ok {
		pkgName, _ := pkg["name"].(string)
		name, look := want.in(pkgName, pkg)
		bin, found, err := "", false, error(nil)
		if look {
			bin, found, err = binRoot(doc, dir, pkgName, name)
		}
		if err != nil {
			return CargoBinary{}, fmt.Errorf("%s: %w", manifest, err)
		}
		if found {
			libs, err := w.libraries(doc, dir, wsDeps)
			if err != nil {
				return CargoBinary{}, err
			}
			return CargoBinary{Package: pkgName, Roots: append([]string{bin}, libs...)}, nil
		}
	}
	if want == (binWanted{}) {
		return CargoBinary{}, fmt.Errorf("%s has no package of its own to run by default: %w", manifest, os.ErrNotExist)
	}
	list, _ := ws["members"].([]any)
	for _, m := range list {
		pat, ok := m.(string)
		if !ok {
			return CargoBinary{}, fmt.Errorf("%s: a workspace member is not a string", manifest)
		}
		matches, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return CargoBinary{}, fmt.Errorf("%s: workspace member %q: %w", manifest, pat, err)
		}
		for _, d := range matches {
			member := filepath.Join(d, "Cargo.toml")
			if !fileExists(member) {
				continue
			}
			b, err := w.findBin(member, want, wsDeps)
			if err == nil || !IsNotExist(err) {
				return b, err
			}
		}
	}
	return CargoBinary{}, fmt.Errorf("no package of %s has the bin target %s: %w", manifest, want, os.ErrNotExist)
}

func (b binWanted) String() string {
	switch {
	case b.pkg == "" && b.name == "":
		return "run by default"
	case b.pkg == "":
		return b.name
	case b.name == "":
		return "run by default in the package " + b.pkg
	}
	return b.name + " in the package " + b.pkg
}

// manifest reads and parses one Cargo.toml within the walk's root, once.
func (w *cargoWalk) manifest(manifest string) (map[string]any, string, error) {
	manifest = filepath.Clean(manifest)
	dir := filepath.Dir(manifest)
	switch {
	case w.seen[manifest]:
		return nil, "", fmt.Errorf("%s is reached twice: %w", manifest, os.ErrNotExist)
	case len(w.seen) >= MaxCrates:
		return nil, "", fmt.Errorf("the program spans more than %d packages, more than arbiter reads", MaxCrates)
	case !within(dir, w.root):
		return nil, "", fmt.Errorf("the package at %s is outside the project", dir)
	}
	w.seen[manifest] = true
	data, _, err := readBounded(manifest, MaxManifest)
	if err != nil {
		return nil, "", err
	}
	if len(data) > MaxManifest {
		return nil, "", fmt.Errorf("%s is over the %d bytes read", manifest, MaxManifest)
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, "", fmt.Errorf("%s is not valid TOML: %w", manifest, err)
	}
	return doc, dir, nil
}

// binRoot returns the crate root of the package's bin target name.
func binRoot(doc map[string]any, dir, pkgName, name string) (string, bool, error) {
	bins, _ := doc["bin"].([]any)
	for _, b := range bins {
		t, ok := b.(map[string]any)
		if !ok {
			return "", false, fmt.Errorf("a [[bin]] entry is not a table")
		}
		if n, _ := t["name"].(string); n != name {
			continue
		}
		if p, ok := t["path"].(string); ok {
			return filepath.Join(dir, p), true, nil
		}
		return defaultBin(dir, pkgName, name)
	}
	pkg, _ := doc["package"].(map[string]any)
	if auto, ok := pkg["autobins"].(bool); ok && !auto {
		return "", false, nil
	}
	return defaultBin(dir, pkgName, name)
}

// defaultBin is where cargo finds a bin target by its name alone.
func defaultBin(dir, pkgName, name string) (string, bool, error) {
	candidates := []string{filepath.Join(dir, "src", "bin", name+".rs"), filepath.Join(dir, "src", "bin", name, "main.rs")}
	if name == pkgName {
		candidates = append([]string{filepath.Join(dir, "src", "main.rs")}, candidates...)
	}
	for _, c := range candidates {
		if fileExists(c) {
			return c, true, nil
		}
	}
	return "", false, nil
}

// libraries returns the library roots a bin links: its own package's,
// and those of its path dependencies (with extra, the workspace's),
// followed within the walk's bound.
func (w *cargoWalk) libraries(doc map[string]any, dir string, extra []string) ([]string, error) {
	var out []string
	lib := filepath.Join(dir, "src", "lib.rs")
	if l, ok := doc["lib"].(map[string]any); ok {
		if p, ok := l["path"].(string); ok {
			lib = filepath.Join(dir, p)
		}
	}
	if fileExists(lib) {
		out = append(out, lib)
	}
	m, _ := doc["dependencies"].(map[string]any)
	deps := append(pathDeps(m, dir), extra...)
	targets, _ := doc["target"].(map[string]any)
	for _, t := range targets {
		tt, _ := t.(map[string]any)
		m, _ := tt["dependencies"].(map[string]any)
		deps = append(deps, pathDeps(m, dir)...)
	}
	for _, d := range deps {
		if w.seen[filepath.Clean(d)] {
			continue
		}
		sub, subDir, err := w.manifest(d)
		if err != nil {
			return nil, err
		}
		libs, err := w.libraries(sub, subDir, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, libs...)
	}
	return out, nil
}
