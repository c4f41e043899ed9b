package project

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// CargoTargetKind is a kind of cargo target: what [[bin]], [[test]],
// [[bench]] and [[example]] declare, and where cargo finds them unasked.
type CargoTargetKind struct {
	Table string // the manifest's array of tables: "bin", "test", ...
	Dir   string // the folder of automatic targets, from the package's
	Auto  string // the [package] key that turns discovery off
}

// The kinds of target cargo test and cargo bench build besides the
// library.
var (
	CargoBins     = CargoTargetKind{"bin", "src/bin", "autobins"}
	CargoTests    = CargoTargetKind{"test", "tests", "autotests"}
	CargoBenches  = CargoTargetKind{"bench", "benches", "autobenches"}
	CargoExamples = CargoTargetKind{"example", "examples", "autoexamples"}
)

// CargoTargets is which targets of a kind a command builds: every one,
// or those named.
type CargoTargets struct {
	All   bool
	Names []string
}

func (t CargoTargets) any() bool { return t.All || len(t.Names) > 0 }

// CargoTestWant is what cargo test or cargo bench builds and runs.
type CargoTestWant struct {
	// Packages are the -p patterns; none is the manifest's own package,
	// or a virtual manifest's default members.
	Packages  []string
	Workspace bool // --workspace, --all: the package and every member
	// Targets are the targets per kind besides the library, which every
	// target links and which is always read.
	Targets map[CargoTargetKind]CargoTargets
}

// CargoTestCode lists the crate roots a cargo test or cargo bench of
// manifest (within root) compiles and runs: of each package selected,
// its library, the targets want names, and the libraries of its path
// dependencies, dev-dependencies included. Their modules are followed
// by the Rust reader. An error wrapping fs.ErrNotExist says a package or
// target named is not there.
func CargoTestCode(manifest, root string, want CargoTestWant) ([]string, error) {
	w := &cargoWalk{root: filepath.Clean(root), seen: map[string]bool{}}
	pkgs, err := w.testPackages(manifest, want)
	if err != nil {
		return nil, err
	}
	var out []string
	found := map[CargoTargetKind]map[string]bool{}
	for _, p := range pkgs {
		roots, err := w.packageTestRoots(p, want, found)
		if err != nil {
			return nil, err
		}
		out = append(out, roots...)
	}
	for kind, t := range want.Targets {
		for _, n := range t.Names {
			if !found[kind][n] {
				return nil, fmt.Errorf("no package selected in %s has the %s target %s: %w", manifest, kind.Table, n, os.ErrNotExist)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}

// cargoPackage is one package of the walk, its manifest parsed.
type cargoPackage struct {
	doc    map[string]any
	dir    string
	name   string
	wsDeps []string // the path dependencies its workspace declares
}

// testPackages returns the packages want selects from manifest and its
// workspace's members.
func (w *cargoWalk) testPackages(manifest string, want CargoTestWant) ([]cargoPackage, error) {
	all, err := w.packagesOf(manifest, nil)
	if err != nil {
		return nil, err
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("%s has no package: %w", manifest, os.ErrNotExist)
	}
	own := filepath.Dir(filepath.Clean(manifest))
	var out []cargoPackage
	switch {
	case want.Workspace:
		return all, nil
	case len(want.Packages) > 0:
		for _, pat := range want.Packages {
			n := len(out)
			for _, p := range all {
				if ok, err := filepath.Match(pat, p.name); err != nil {
					return nil, fmt.Errorf("the package pattern %q: %w", pat, err)
				} else if ok {
					out = append(out, p)
				}
			}
			if len(out) == n {
				return nil, fmt.Errorf("no package of %s is named %s: %w", manifest, pat, os.ErrNotExist)
			}
		}
		return out, nil
	case all[0].dir == own:
		return all[:1], nil // the manifest's own package
	}
	// A virtual manifest tests its default members, else every member
	// (reading all of them is the stricter, and simpler, choice).
	return all, nil
}

// packagesOf returns the package of manifest, if it has one, first, then
// those of its workspace's members.
func (w *cargoWalk) packagesOf(manifest string, wsDeps []string) ([]cargoPackage, error) {
	doc, dir, err := w.manifest(manifest)
	if err != nil {
		return nil, err
	}
	ws, _ := doc["workspace"].(map[string]any)
	if d, ok := ws["dependencies"].(map[string]any); ok {
		wsDeps = pathDeps(d, dir)
	}
	var out []cargoPackage
	if pkg, ok := doc["package"].(map[string]any); ok {
		name, _ := pkg["name"].(string)
		out = append(out, cargoPackage{doc, dir, name, wsDeps})
	}
	list, _ := ws["members"].([]any)
	for _, m := range list {
		pat, ok := m.(string)
		if !ok {
			return nil, fmt.Errorf("%s: a workspace member is not a string", manifest)
		}
		matches, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			return nil, fmt.Errorf("%s: workspace member %q: %w", manifest, pat, err)
		}
		for _, d := range matches {
			member := filepath.Join(d, "Cargo.toml")
			if !fileExists(member) || w.seen[filepath.Clean(member)] {
				continue
			}
			sub, err := w.packagesOf(member, wsDeps)
			if err != nil {
				return nil, err
			}
			out = append(out, sub...)
		}
	}
	return out, nil
}

// packageTestRoots returns the crate roots of one package's targets
// that want selects and of the libraries they link, recording in found
// the targets named.
func (w *cargoWalk) packageTestRoots(p cargoPackage, want CargoTestWant, found map[CargoTargetKind]map[string]bool) ([]string, error) {
	var out []string
	for kind, t := range want.Targets {
		if !t.any() {
			continue
		}
		targets, err := packageTargets(p, kind)
		if err != nil {
			return nil, err
		}
		if found[kind] == nil {
			found[kind] = map[string]bool{}
		}
		for _, tg := range targets {
			if t.All || slices.Contains(t.Names, tg.name) {
				found[kind][tg.name] = true
				out = append(out, tg.path)
			}
		}
	}
	// Tests, benches and examples link the dev-dependencies too.
	// A walk of its own: a member the selection walked past may be one
	// of the package's path dependencies, whose library is read here.
	extra := append(slices.Clone(p.wsDeps), devPathDeps(p.doc, p.dir)...)
	lw := &cargoWalk{root: w.root, seen: map[string]bool{filepath.Join(p.dir, "Cargo.toml"): true}}
	libs, err := lw.libraries(p.doc, p.dir, extra)
	if err != nil {
		return nil, err
	}
	return append(out, libs...), nil
}

// devPathDeps returns the manifests of the package's dev-dependencies
// given by path, [target] tables' included.
func devPathDeps(doc map[string]any, dir string) []string {
	m, _ := doc["dev-dependencies"].(map[string]any)
	out := pathDeps(m, dir)
	targets, _ := doc["target"].(map[string]any)
	for _, t := range targets {
		tt, _ := t.(map[string]any)
		m, _ := tt["dev-dependencies"].(map[string]any)
		out = append(out, pathDeps(m, dir)...)
	}
	return out
}

// cargoTarget is one target's name and crate root.
type cargoTarget struct{ name, path string }

// packageTargets returns the package's targets of a kind: those its
// manifest declares, then those cargo discovers in the kind's folder
// (NAME.rs, NAME/main.rs; for bins src/main.rs too), unless the
// [package] key turns discovery off.
func packageTargets(p cargoPackage, kind CargoTargetKind) ([]cargoTarget, error) {
	var out []cargoTarget
	declared, _ := p.doc[kind.Table].([]any)
	for _, d := range declared {
		t, ok := d.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("a [[%s]] entry of %s is not a table", kind.Table, p.name)
		}
		name, _ := t["name"].(string)
		file, ok := t["path"].(string)
		switch {
		case ok:
			file = filepath.Join(p.dir, file)
		case kind == CargoBins && name == p.name && fileExists(filepath.Join(p.dir, "src", "main.rs")):
			file = filepath.Join(p.dir, "src", "main.rs")
		case fileExists(filepath.Join(p.dir, kind.Dir, name+".rs")):
			file = filepath.Join(p.dir, kind.Dir, name+".rs")
		default:
			file = filepath.Join(p.dir, kind.Dir, name, "main.rs")
		}
		out = append(out, cargoTarget{name, file})
	}
	pkg, _ := p.doc["package"].(map[string]any)
	if auto, ok := pkg[kind.Auto].(bool); ok && !auto {
		return out, nil
	}
	if main := filepath.Join(p.dir, "src", "main.rs"); kind == CargoBins && fileExists(main) {
		out = append(out, cargoTarget{p.name, main})
	}
	found, err := discoverTargets(filepath.Join(p.dir, kind.Dir))
	return append(out, found...), err
}

// discoverTargets lists the targets cargo finds in a folder: each NAME.rs
// and each NAME/main.rs, at most MaxSources.
func discoverTargets(dir string) ([]cargoTarget, error) {
	entries, err := os.ReadDir(dir)
	if IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []cargoTarget
	for _, e := range entries {
		name := e.Name()
		file := filepath.Join(dir, name)
		switch {
		case e.IsDir() && fileExists(filepath.Join(file, "main.rs")):
			out = append(out, cargoTarget{name, filepath.Join(file, "main.rs")})
		case !e.IsDir() && strings.HasSuffix(name, ".rs"):
			out = append(out, cargoTarget{strings.TrimSuffix(name, ".rs"), file})
		default:
			continue
		}
		if len(out) > MaxSources {
			return nil, fmt.Errorf("%s holds more than %d targets, more than arbiter reads", dir, MaxSources)
		}
	}
	return out, nil
}
