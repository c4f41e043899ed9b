package policy

import (
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
)

// How far a recursive search of a tree in the project is followed to
// find the secrets it would print: the first treeFiles regular files and
// treeEntries entries of the tree, in the order of a depth-first walk by
// name, leaving out the repository's metadata and the folders dependency
// managers and builds fill (which are the project's inputs, not where its
// secrets are kept). Each file is read as a single read would be (up to
// secrets.MaxScan, its verdict cached across calls). A larger tree is checked in
// that part only; the search keeps the answer it has without it.
const (
	treeFiles   = 128
	treeEntries = 4096
)

// skippedTrees are folders a tree search walk does not enter.
func skippedTrees(name string) bool {
	switch name {
	case ".git", ".hg", ".svn", "node_modules", "vendor", "target", "dist", "build", ".venv", "venv", "__pycache__", ".tox",
		".mypy_cache", ".pytest_cache", ".gradle", ".next", ".cache", "bower_components", ".terraform":
		return true
	}
	return false
}

// treeSecret walks a tree for a file a search of it would print a secret
// from, and returns the file and what it holds. hidden says whether the
// search reads hidden files (ripgrep skips them unless told); follow,
// whether it follows the links it finds (grep -R, tar -h): a link's
// target is then read as the search reads it, a folder in the project
// walked as part of the tree (within the same bounds), a file or folder
// outside the project judged as a read of it. outside says the file found
// is such a target.
func (j *judgement) treeSecret(root string, hidden, follow bool) (file, kind string, outside bool) {
	w := treeWalk{j: j, hidden: hidden, follow: follow}
	w.walk(root, 0)
	return w.file, w.kind, w.outside
}

type treeWalk struct {
	j              *judgement
	hidden, follow bool
	files, entries int
	file, kind     string
	outside        bool
}

func (w *treeWalk) walk(dir string, depth int) {
	if depth > 32 || w.done() {
		return
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return // the search will not read it either
	}
	for _, e := range ents {
		if w.done() || w.files >= treeFiles || w.entries >= treeEntries {
			return
		}
		w.entries++
		name := e.Name()
		if !w.hidden && strings.HasPrefix(name, ".") {
			continue
		}
		p := path.Join(dir, name)
		switch {
		case e.IsDir():
			if !skippedTrees(name) {
				w.walk(p, depth+1)
			}
		case e.Type().IsRegular():
			w.file1(p)
		case e.Type()&os.ModeSymlink != 0 && w.follow:
			w.link(p, depth)
		}
	}
}

// done reports whether the walk has its answer. One that follows links
// goes on past a secret of the project for a link out of it, which is
// judged more strictly (a read of a key in the home folder).
func (w *treeWalk) done() bool {
	return w.outside || w.kind != "" && !w.follow
}

// file1 reads one regular file of the tree; the first secret is kept.
func (w *treeWalk) file1(p string) {
	w.files++
	if w.kind != "" {
		return
	}
	if kind := w.j.fileSecret(p, secrets.File(p)); kind != "" && kind != unreadable {
		w.file, w.kind = p, kind
	}
}

// link reads what a link in the tree leads to.
func (w *treeWalk) link(p string, depth int) {
	l := w.j.followLink(p)
	switch {
	case l.outside:
		w.files++
		if kind := w.j.outsideSecret(l); kind != "" {
			w.file, w.kind, w.outside = l.target, kind, true
		}
	case l.dir:
		w.walk(l.target, depth+1)
	default:
		w.file1(l.target)
	}
}

// folderSecret returns a file holding a secret in a folder of the
// project that a command copies, archives or uploads whole, as far as
// treeSecret looks; "" for a path that is not such a folder.
func (j *judgement) folderSecret(abs string, follow bool) (string, string, bool) {
	if place := j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot && place != paths.Temp {
		return "", "", false
	}
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		return "", "", false
	}
	return j.treeSecret(abs, true, follow)
}

// seeksSecrets reports a search pattern that would print a secret's line:
// one that names what secrets are called or how they are written, or one
// that matches nearly any line (”, '.', '=', '^\w').
func seeksSecrets(pattern string) bool {
	low := strings.ToLower(pattern)
	for _, w := range secretWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	for _, w := range []string{"key", "auth", "pass", "machine", "://", "@", "begin"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	letters := 0
	for _, c := range strings.NewReplacer(`\w`, "", `\s`, "", `\S`, "", `\d`, "", "[a-z]", "", "[A-Z]", "", "[0-9]", "").Replace(pattern) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '=' || c == ':' {
			letters++
		}
	}
	return letters < 2
}

// projectSearch judges a search of a tree inside the project that prints
// matching lines: the secrets a file in it holds would be printed too. A
// credential a link in the tree leads to outside the project is read as
// the same search of it named plainly is (grep KEY ~/.ssh/id_rsa),
// whatever the pattern.
func (j *judgement) projectSearch(subject, root, pattern string, hidden, follow bool) {
	if !seeksSecrets(pattern) && !follow {
		return
	}
	file, kind, outside := j.treeSecret(root, hidden, follow)
	switch {
	case outside:
		j.secretRead(file, kind)
	case kind != "" && seeksSecrets(pattern):
		j.fireWith(catalog.B3SecretSearch, subject, "searches "+j.shownPath(root)+" for lines that include secrets: "+j.shownPath(file)+" is "+article(kind)+"; what matches would be sent to the model provider with the conversation")
	}
}
