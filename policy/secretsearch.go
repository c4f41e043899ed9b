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
// search reads hidden files (ripgrep skips them unless told).
func (j *judgement) treeSecret(root string, hidden bool) (string, string) {
	w := treeWalk{j: j, hidden: hidden}
	w.walk(root, 0)
	return w.file, w.kind
}

type treeWalk struct {
	j              *judgement
	hidden         bool
	files, entries int
	file, kind     string
}

func (w *treeWalk) walk(dir string, depth int) {
	if depth > 32 || w.kind != "" {
		return
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return // the search will not read it either
	}
	for _, e := range ents {
		if w.kind != "" || w.files >= treeFiles || w.entries >= treeEntries {
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
			w.files++
			if kind := w.j.fileSecret(p, secrets.File(p)); kind != "" && kind != unreadable {
				w.file, w.kind = p, kind
			}
		}
	}
}

// folderSecret returns a file holding a secret in a folder of the
// project that a command copies, archives or uploads whole, as far as
// treeSecret looks; "" for a path that is not such a folder.
func (j *judgement) folderSecret(abs string) (string, string) {
	if place := j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot && place != paths.Temp {
		return "", ""
	}
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		return "", ""
	}
	return j.treeSecret(abs, true)
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
// matching lines: the secrets a file in it holds would be printed too.
func (j *judgement) projectSearch(subject, root, pattern string, hidden bool) {
	if !seeksSecrets(pattern) {
		return
	}
	if file, kind := j.treeSecret(root, hidden); kind != "" {
		j.fireWith(catalog.B3SecretSearch, subject, "searches "+j.shownPath(root)+" for lines that include secrets: "+j.shownPath(file)+" is "+article(kind)+"; what matches would be sent to the model provider with the conversation")
	}
}
