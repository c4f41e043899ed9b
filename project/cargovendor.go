package project

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// MaxVendored bounds the crates of cargo's directory sources (a vendor
// folder) that are read: each one's manifest, and its build script and
// macro library when it has them.
const MaxVendored = 256

// CargoVendored lists the code a cargo build run in dir would run from
// the crates of the directory sources its configuration names (`[source.X]
// directory = "vendor"`, which `replace-with` puts in place of crates.io):
// cargo compiles crates from that folder, running their build scripts
// and procedural macros. It reads every crate of every directory source
// named, a superset of those the build uses, in the configuration files
// from dir up to root as FindCargoAlias reads them. An error wrapping
// fs.ErrNotExist means no configuration names one; any other error
// means what runs is not known: a configuration that cannot be read or
// includes more, a local registry (crates as archives), a vendor folder
// outside the project or that cannot be listed, a crate's manifest that
// cannot be read, more than MaxVendored crates.
//
// The configuration's [patch] tables and `paths` overrides build a folder
// in place of a crate, as the manifest's [patch] does: those packages are
// followed as CargoBuildCode follows the manifest's.
func CargoVendored(dir, root string) ([]CrateCode, error) {
	dirs, manifests, err := cargoConfigCrates(dir, root)
	if err != nil {
		return nil, err
	}
	if len(dirs) == 0 && len(manifests) == 0 {
		return nil, fmt.Errorf("no cargo directory source or patch from %s up to %s: %w", dir, root, os.ErrNotExist)
	}
	w := &cargoWalk{root: filepath.Clean(root), seen: map[string]bool{}}
	// A missing package is not "no configuration": errors here do not
	// wrap fs.ErrNotExist.
	for _, m := range manifests {
		if err := w.add(m); err != nil {
			return nil, fmt.Errorf("a package the cargo configuration patches in: %v", err)
		}
	}
	crates := 0
	for _, d := range dirs {
		if !within(d, w.root) {
			return nil, fmt.Errorf("the cargo directory source %s is outside the project", d)
		}
		entries, err := os.ReadDir(d)
		if err != nil {
			return nil, fmt.Errorf("listing the cargo directory source %s: %v", d, err)
		}
		for _, e := range entries {
			ok, err := vendoredCrate(filepath.Join(d, e.Name()))
			if err != nil {
				return nil, err
			}
			if !ok {
				continue
			}
			manifest := filepath.Join(d, e.Name(), "Cargo.toml")
			if crates++; crates > MaxVendored {
				return nil, fmt.Errorf("the cargo directory source %s holds more than %d crates, more than arbiter reads", d, MaxVendored)
			}
			if err := w.vendored(manifest); err != nil {
				return nil, fmt.Errorf("a vendored crate: %v", err)
			}
		}
	}
	return w.code, nil
}

// vendoredCrate reports whether p, an entry of a directory source, is a
// crate cargo would take: a folder (or a link to one) with a manifest.
func vendoredCrate(p string) (bool, error) {
	info, err := os.Stat(p)
	switch {
	case IsNotExist(err):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("reading the vendored entry %s: %w", p, err)
	case !info.IsDir():
		return false, nil
	}
	_, err = os.Stat(filepath.Join(p, "Cargo.toml"))
	switch {
	case IsNotExist(err):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("reading the vendored crate %s: %w", p, err)
	}
	return true, nil
}

// vendored records one vendored crate's build code (its dependencies
// are crates of the same source, each read in turn).
func (w *cargoWalk) vendored(manifest string) error {
	doc, err := readTOML(manifest)
	if err != nil {
		return err
	}
	if err := w.packageCode(doc, filepath.Dir(manifest)); err != nil {
		return fmt.Errorf("%s: %w", manifest, err)
	}
	return nil
}

// cargoConfigCrates returns the folders of the directory sources the
// cargo configuration files from dir up to root name, and the manifests
// of the packages their patches and path overrides build, each resolved
// as cargo does against the folder holding the .cargo folder.
func cargoConfigCrates(dir, root string) (dirs, manifests []string, err error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return nil, nil, fmt.Errorf("%s is outside the project %s", dir, root)
	}
	for {
		doc, file, err := folderConfig(dir)
		if err != nil {
			return nil, nil, err
		}
		if doc != nil {
			found, err := sourceDirs(doc, file, dir)
			if err != nil {
				return nil, nil, err
			}
			dirs = append(dirs, found...)
			more, err := configPatches(doc, file, dir)
			if err != nil {
				return nil, nil, err
			}
			manifests = append(manifests, more...)
		}
		if dir == root || filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	slices.Sort(dirs)
	slices.Sort(manifests)
	return slices.Compact(dirs), slices.Compact(manifests), nil
}

// folderConfig reads one folder's .cargo configuration (config, which
// cargo prefers, else config.toml); nil when there is none.
func folderConfig(dir string) (map[string]any, string, error) {
	conf := filepath.Join(dir, ".cargo")
	file, err := FindUp(conf, conf, "config", "config.toml")
	switch {
	case IsNotExist(err):
		return nil, "", nil
	case err != nil:
		return nil, "", err
	}
	doc, err := readTOML(file)
	if err != nil {
		return nil, "", err
	}
	if _, ok := doc["include"]; ok {
		return nil, "", fmt.Errorf("%s includes more configuration, which arbiter does not follow", file)
	}
	return doc, file, nil
}

// configPatches returns the manifests of the packages a configuration's
// [patch] tables and `paths` overrides build in place of a crate.
func configPatches(doc map[string]any, file, dir string) ([]string, error) {
	var out []string
	for _, p := range table(doc, "patch") {
		deps, _ := p.(map[string]any)
		out = append(out, pathDeps(deps, dir)...)
	}
	v, ok := doc["paths"]
	if !ok {
		return out, nil
	}
	list, err := stringList(v, file+" paths")
	if err != nil {
		return nil, err
	}
	for _, p := range list {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		out = append(out, filepath.Join(p, "Cargo.toml"))
	}
	return out, nil
}

// sourceDirs returns the folders of the directory sources of one
// configuration, found in dir's .cargo folder.
func sourceDirs(doc map[string]any, file, dir string) ([]string, error) {
	var out []string
	for name, v := range table(doc, "source") {
		src, ok := v.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: source.%s is not a table", file, name)
		}
		if _, ok := src["local-registry"]; ok {
			return nil, fmt.Errorf("%s: source.%s is a local registry, whose crates are archives arbiter does not read", file, name)
		}
		d, ok := src["directory"]
		if !ok {
			continue
		}
		p, ok := d.(string)
		if !ok {
			return nil, fmt.Errorf("%s: source.%s.directory is not a string", file, name)
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out, nil
}
