package project

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/pelletier/go-toml/v2"
)

// MaxCrates bounds the packages a cargo build's manifests are followed
// into: workspace members and path dependencies.
const MaxCrates = 64

// CrateCode is Rust code a cargo build runs on this machine before (or
// while) it compiles: a package's build script, or a procedural macro
// crate's library, which runs inside the compiler.
type CrateCode struct {
	File    string // the build script or the macro crate's lib.rs (absolute)
	Dir     string // the package's directory, where a build script runs
	Package string // the package's name, as its manifest gives it
	Macro   bool   // a procedural macro crate's library, not a build script
}

// FindCargoManifest walks up from dir to the nearest Cargo.toml, never
// above root, the way cargo finds the package it builds. It returns an
// error wrapping fs.ErrNotExist when there is none within the project.
func FindCargoManifest(dir, root string) (string, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return "", fmt.Errorf("%s is outside the project %s", dir, root)
	}
	for {
		p := filepath.Join(dir, "Cargo.toml")
		_, err := os.Lstat(p)
		if err == nil {
			return p, nil
		}
		if !IsNotExist(err) {
			return "", err
		}
		if dir == root || filepath.Dir(dir) == dir {
			return "", fmt.Errorf("no Cargo.toml from %s up to %s: %w", dir, root, err)
		}
		dir = filepath.Dir(dir)
	}
}

// CargoBuildCode lists the code a build of manifest runs: the build script
// and procedural macro of its package, of every member of its workspace,
// and of the path dependencies and folder patches ([patch], [replace]) of
// each, up to MaxCrates packages, all
// within root. A manifest that cannot be read, or a package outside root,
// is an error: what would run is then not known.
func CargoBuildCode(manifest, root string) ([]CrateCode, error) {
	w := &cargoWalk{root: filepath.Clean(root), seen: map[string]bool{}}
	if err := w.add(manifest); err != nil {
		return nil, err
	}
	return w.code, nil
}

type cargoWalk struct {
	root string
	seen map[string]bool
	code []CrateCode
}

// add reads one manifest and the packages it names.
func (w *cargoWalk) add(manifest string) error {
	manifest = filepath.Clean(manifest)
	if w.seen[manifest] {
		return nil
	}
	if len(w.seen) >= MaxCrates {
		return fmt.Errorf("the build spans more than %d packages, more than arbiter reads", MaxCrates)
	}
	w.seen[manifest] = true
	dir := filepath.Dir(manifest)
	if !within(dir, w.root) {
		return fmt.Errorf("the build includes the package at %s, outside the project", dir)
	}
	data, _, err := readBounded(manifest, MaxManifest)
	if err != nil {
		return err
	}
	if len(data) > MaxManifest {
		return fmt.Errorf("%s is over the %d bytes read", manifest, MaxManifest)
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return fmt.Errorf("%s is not valid TOML: %w", manifest, err)
	}
	if err := w.packageCode(doc, dir); err != nil {
		return fmt.Errorf("%s: %w", manifest, err)
	}
	members, err := w.members(doc, dir)
	if err != nil {
		return fmt.Errorf("%s: %w", manifest, err)
	}
	for _, m := range members {
		if err := w.add(m); err != nil {
			return err
		}
	}
	return nil
}

// packageCode records the package's build script and macro library.
func (w *cargoWalk) packageCode(doc map[string]any, dir string) error {
	pkg, ok := doc["package"].(map[string]any)
	if !ok {
		return nil // a virtual manifest: only its members build
	}
	name, _ := pkg["name"].(string)
	switch b := pkg["build"].(type) {
	case nil, bool:
		if b == false {
			break
		}
		script := filepath.Join(dir, "build.rs")
		if _, err := os.Lstat(script); err == nil || b == true {
			w.code = append(w.code, CrateCode{File: script, Dir: dir, Package: name})
		}
	case string:
		w.code = append(w.code, CrateCode{File: filepath.Join(dir, b), Dir: dir, Package: name})
	default:
		return fmt.Errorf("[package] build is neither a path nor true or false")
	}
	lib, _ := doc["lib"].(map[string]any)
	macro, _ := lib["proc-macro"].(bool)
	if alt, _ := lib["proc_macro"].(bool); alt {
		macro = true
	}
	if macro {
		file := "src/lib.rs"
		if p, ok := lib["path"].(string); ok {
			file = p
		}
		w.code = append(w.code, CrateCode{File: filepath.Join(dir, file), Dir: dir, Package: name, Macro: true})
	}
	return nil
}

// members returns the manifests of the workspace's members, of the
// package's path dependencies and of the crates it patches with a folder.
func (w *cargoWalk) members(doc map[string]any, dir string) ([]string, error) {
	var out []string
	if ws, ok := doc["workspace"].(map[string]any); ok {
		list, _ := ws["members"].([]any)
		for _, m := range list {
			pat, ok := m.(string)
			if !ok {
				return nil, fmt.Errorf("a workspace member is not a string")
			}
			matches, err := filepath.Glob(filepath.Join(dir, pat))
			if err != nil {
				return nil, fmt.Errorf("workspace member %q: %w", pat, err)
			}
			for _, d := range matches {
				if _, err := os.Lstat(filepath.Join(d, "Cargo.toml")); err == nil {
					out = append(out, filepath.Join(d, "Cargo.toml"))
				}
			}
		}
		deps, _ := ws["dependencies"].(map[string]any)
		out = append(out, pathDeps(deps, dir)...)
	}
	for _, table := range []string{"dependencies", "build-dependencies", "dev-dependencies"} {
		deps, _ := doc[table].(map[string]any)
		out = append(out, pathDeps(deps, dir)...)
	}
	// [patch.<source>] and [replace] build a folder in place of a
	// registry's or a git repository's crate.
	patches, _ := doc["patch"].(map[string]any)
	for _, p := range patches {
		deps, _ := p.(map[string]any)
		out = append(out, pathDeps(deps, dir)...)
	}
	replaced, _ := doc["replace"].(map[string]any)
	out = append(out, pathDeps(replaced, dir)...)
	// [target.'cfg(…)'.dependencies] tables name path dependencies too.
	targets, _ := doc["target"].(map[string]any)
	for _, t := range targets {
		tt, _ := t.(map[string]any)
		for _, table := range []string{"dependencies", "build-dependencies", "dev-dependencies"} {
			deps, _ := tt[table].(map[string]any)
			out = append(out, pathDeps(deps, dir)...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// pathDeps returns the manifests of dependencies given by path.
func pathDeps(deps map[string]any, dir string) []string {
	var out []string
	for _, d := range deps {
		spec, _ := d.(map[string]any)
		if p, ok := spec["path"].(string); ok {
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, p)
			}
			out = append(out, filepath.Join(p, "Cargo.toml"))
		}
	}
	return out
}

func fileExists(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}
