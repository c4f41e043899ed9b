package project

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// PyModule is one module Python would load for an import, found the way
// its path finder finds it in a list of directories (sys.path).
type PyModule struct {
	// Name is the module's dotted name.
	Name string
	// File is the file whose code runs: x.py, x/__init__.py, or a file
	// that is not source (Native); "" for a namespace package, which runs
	// nothing.
	File string
	// Native is set when File is not Python source Python reads (an
	// extension module, a sourceless .pyc).
	Native bool
	// Bytecode, when set, says why File is the bytecode Python runs in
	// place of the module's source.
	Bytecode string
	// Dirs is a package's __path__, where its submodules are found; nil
	// for a plain module.
	Dirs []string
}

// startupModules are loaded before Python puts the script's directory or
// the working directory on sys.path (builtin, frozen, or imported by
// site), so a file of the same name there is never what an import runs.
var startupModules = lazy.New(func() map[string]bool {
	return map[string]bool{
		"sys": true, "builtins": true, "_imp": true, "_io": true, "_thread": true, "_warnings": true, "_weakref": true, "marshal": true, "posix": true, "time": true,
		"abc": true, "codecs": true, "encodings": true, "io": true, "zipimport": true, "os": true, "stat": true, "site": true, "posixpath": true, "genericpath": true,
		"_collections_abc": true, "_sitebuiltins": true, "_frozen_importlib": true, "_frozen_importlib_external": true, "_abc": true, "_codecs": true, "_signal": true,
	}
})

// StartupModule reports whether the top-level package of a dotted name is
// loaded before the project's folders are searched.
func StartupModule(name string) bool {
	top, _, _ := strings.Cut(name, ".")
	return startupModules.Get()[top]
}

// pySuffixes are the endings the path finder tries for a module, in its
// order: extension modules, source, then sourceless bytecode.
var pySuffixes = []struct {
	glob   string
	native bool
}{{".*so", true}, {".pyd", true}, {".py", false}, {".pyc", true}}

// FindPyModule returns the modules importing name (dotted, absolute) runs,
// outermost first: a, a.b, a.b.c for import a.b.c. The first is looked up
// in dirs; each submodule in its package's directories. It returns nil
// when the top-level module is not in dirs (the standard library or an
// installed package, or a module loaded at startup), and stops at the
// first submodule its package does not hold (Python then fails, or finds
// a name the package defines). written, when not nil, reports paths that
// the command writes before Python runs (a folder holding such a path, a
// file), which are not on disk yet.
func FindPyModule(dirs []string, name string, written func(string) (dir, file bool)) []PyModule {
	return PyFinder{Written: written}.Find(dirs, name)
}

// PyFinder finds modules as FindPyModule does. Listings, when set, reads
// each directory once for all the lookups that share it (one decision's),
// instead of a stat or a glob per candidate name.
type PyFinder struct {
	Written  func(string) (dir, file bool)
	Listings *Listings
}

// Find is FindPyModule with f's written files and listings.
func (f PyFinder) Find(dirs []string, name string) []PyModule {
	parts := strings.Split(name, ".")
	if startupModules.Get()[parts[0]] {
		return nil
	}
	return finder{written: f.Written, listings: f.Listings}.find(dirs, parts)
}

func (f finder) find(dirs []string, parts []string) []PyModule {
	var out []PyModule
	search := dirs
	for k, part := range parts {
		if !pyIdentifier(part) {
			break
		}
		m, ok := f.findIn(search, part)
		if !ok {
			break
		}
		m.Name = strings.Join(parts[:k+1], ".")
		out = append(out, m)
		if m.Dirs == nil {
			break
		}
		search = m.Dirs
	}
	return out
}

// findIn looks one name up in dirs the way FileFinder does: in each
// directory a package (a folder with an __init__) comes first, then a
// module file; a folder without an __init__ is a portion of a namespace
// package, which only counts when no directory holds the name otherwise.
func (f finder) findIn(dirs []string, name string) (PyModule, bool) {
	var portions []string
	for _, d := range dirs {
		if d == "" {
			continue
		}
		sub := filepath.Join(d, name)
		if f.isDir(sub) {
			if m, ok := f.moduleFile(filepath.Join(sub, "__init__")); ok {
				m.Dirs = []string{sub}
				return m, true
			}
			portions = append(portions, sub)
			continue
		}
		if m, ok := f.moduleFile(sub); ok {
			return m, true
		}
	}
	if len(portions) > 0 {
		return PyModule{Dirs: portions}, true
	}
	return PyModule{}, false
}

// finder looks paths up on disk and among the files the command writes.
type finder struct {
	written  func(string) (dir, file bool)
	listings *Listings
}

// moduleFile finds base plus one of the path finder's suffixes: the
// module's File, and whether it is Native.
func (f finder) moduleFile(base string) (PyModule, bool) {
	for _, s := range pySuffixes {
		if strings.Contains(s.glob, "*") {
			for _, m := range f.glob(base, s.glob) {
				if f.isFile(m) {
					return PyModule{File: m, Native: s.native}, true
				}
			}
			continue
		}
		if f.isFile(base + s.glob) {
			if s.glob == ".py" {
				if pyc, why := f.bytecodeInPlace(base + s.glob); pyc != "" {
					return PyModule{File: pyc, Native: true, Bytecode: why}, true
				}
			}
			return PyModule{File: base + s.glob, Native: s.native}, true
		}
	}
	return PyModule{}, false
}

// glob returns the files base+pattern matches (pattern is a suffix with
// one *), sorted, as filepath.Glob would.
func (f finder) glob(base, pattern string) []string {
	dir, name := filepath.Split(base)
	if names, ok := f.listings.names(filepath.Clean(dir)); ok {
		head, tail, _ := strings.Cut(pattern, "*")
		var out []string
		for n := range names {
			if len(n) >= len(name)+len(head)+len(tail) && strings.HasPrefix(n, name+head) && strings.HasSuffix(n, tail) {
				out = append(out, filepath.Join(dir, n))
			}
		}
		slices.Sort(out)
		return out
	}
	f.listings.unlisted(dir)
	matches, _ := filepath.Glob(globEscape(base) + pattern)
	return matches
}

func (f finder) isDir(p string) bool {
	if f.written != nil {
		if dir, _ := f.written(p); dir {
			return true
		}
	}
	mode, listed, found := f.listings.mode(p)
	if listed && !found {
		return false
	}
	if listed && mode&fs.ModeSymlink == 0 {
		return mode.IsDir()
	}
	f.listings.unlisted(p)
	info, err := os.Stat(p)
	return err == nil && info.IsDir()
}

// isFile reports a path that exists and is not a directory: a pipe or a
// device where a module is looked for still stops the search, and is
// reported (and then not readable).
func (f finder) isFile(p string) bool {
	if f.written != nil {
		if _, file := f.written(p); file {
			return true
		}
	}
	mode, listed, found := f.listings.mode(p)
	if listed && !found {
		return false
	}
	if listed && mode&fs.ModeSymlink == 0 {
		return !mode.IsDir()
	}
	f.listings.unlisted(p)
	info, err := os.Stat(p)
	return err == nil && !info.IsDir()
}

// Listings holds the names in each directory read so far, for the
// lookups of one decision: a module search asks about many names in few
// folders. A folder that cannot be listed is not cached, and each path in
// it is then looked up on its own, as without listings.
type Listings struct {
	dirs map[string]map[string]fs.FileMode
	// Seen, when set, is told of every folder whose listing a lookup
	// consults (listed) and of every path looked up on its own instead
	// (not listed), before it is read: what the lookups found depends on
	// them, for a caller that keeps it.
	Seen func(p string, listed bool)
	// Read, when set, is told of every file whose content a lookup reads
	// (the header of a module's bytecode).
	Read func(p string)
}

// names returns the entries of dir and whether it could be listed.
func (l *Listings) names(dir string) (map[string]fs.FileMode, bool) {
	if l == nil {
		return nil, false
	}
	if l.Seen != nil {
		l.Seen(dir, true)
	}
	if names, ok := l.dirs[dir]; ok {
		return names, names != nil
	}
	if l.dirs == nil {
		l.dirs = map[string]map[string]fs.FileMode{}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			l.dirs[dir] = map[string]fs.FileMode{} // nothing is there
			return l.dirs[dir], true
		}
		l.dirs[dir] = nil
		return nil, false
	}
	names := make(map[string]fs.FileMode, len(entries))
	for _, e := range entries {
		names[e.Name()] = e.Type()
	}
	l.dirs[dir] = names
	return names, true
}

// unlisted tells Seen of a path looked up without a listing.
func (l *Listings) unlisted(p string) {
	if l != nil && l.Seen != nil {
		l.Seen(p, false)
	}
}

// mode looks p up in its directory's listing: listed reports that the
// directory could be listed, found that p is in it.
func (l *Listings) mode(p string) (mode fs.FileMode, listed, found bool) {
	names, ok := l.names(filepath.Dir(p))
	if !ok {
		return 0, false, false
	}
	mode, found = names[filepath.Base(p)]
	return mode, true, found
}

func globEscape(p string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(p)
}

// pyIdentifier reports a name Python can import: letters, digits and
// underscores, not starting with a digit (ASCII; other names are never
// looked up, so they are never taken for files).
func pyIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// IsDir reports whether p is a folder (following links).
func IsDir(p string) bool { return finder{}.isDir(p) }

// IsFile reports whether p exists and is not a folder (following links).
func IsFile(p string) bool { return finder{}.isFile(p) }
