package policy

import (
	"os"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// Deleting a cache folder that a tool writes for itself and writes again
// when it is gone (Python's bytecode, pytest's, mypy's and ruff's caches,
// the build caches tools keep under node_modules/.cache) removes no one's
// work: the next run rebuilds it. Only the folder itself or what is under
// it, in the project and reached through no link, named by a plain word
// (no glob, no expansion), and not written or replaced by the same command
// line; a build directory (build/, dist/) is the project's output, which
// may be all there is of a release, and keeps B1.delete.

// cacheFolders maps a cache folder's name to the folder it must be in ("" for
// any), and what writes it, for the reason.
var cacheFolders = lazy.New(func() map[string]struct{ parent, tool string } {
	return map[string]struct{ parent, tool string }{
		"__pycache__":   {"", "Python's bytecode cache"},
		".pytest_cache": {"", "pytest's cache"},
		".mypy_cache":   {"", "mypy's cache"},
		".ruff_cache":   {"", "ruff's cache"},
		".cache":        {"node_modules", "the build tools' cache in node_modules"},
	}
})

// cacheOf returns what writes the cache folder abs is or is under, within
// the project root; "" when it is in none.
func (j *judgement) cacheOf(abs string) string {
	rel, ok := strings.CutPrefix(abs, strings.TrimSuffix(j.res.Project, "/")+"/")
	if !ok {
		return ""
	}
	parts := strings.Split(rel, "/")
	for i, p := range parts {
		c, ok := cacheFolders.Get()[p]
		if ok && (c.parent == "" || i > 0 && parts[i-1] == c.parent) {
			return c.tool
		}
	}
	return ""
}

// cacheDelete judges rm of one operand in the project that is a tool's
// cache folder or lies in one; true when it fired D2.cache-delete.
func (j *judgement) cacheDelete(c *shell.Command, w shell.Word, abs string) bool {
	if w.Dynamic || w.Glob || c.Origin != "" || strings.HasSuffix(w.Text, "/") && j.isLink(abs) {
		return false
	}
	tool := j.cacheOf(abs)
	if tool == "" || j.isLink(abs) {
		return false
	}
	if dir, file := j.writtenLookup(abs); dir || file {
		return false // what the line puts there first is not the tool's cache
	}
	for k := range j.written {
		if strings.HasPrefix(abs, strings.TrimSuffix(k, "/")+"/") {
			return false // a folder above it is written (moved, unpacked) first
		}
	}
	j.fireWith(catalog.D2CacheDelete, w.Text, "deletes "+w.Text+", "+tool+", which is written again when it is needed")
	return true
}

// isLink reports whether abs is a symbolic link (rm removes the link; with
// a trailing slash, what it points to).
func (j *judgement) isLink(abs string) bool {
	st, err := os.Lstat(abs)
	return err == nil && st.Mode()&os.ModeSymlink != 0
}

// findCacheDelete judges the delete of what find hands on (find -delete,
// or the ROOT/* word of an rm it runs with -exec), for a find whose
// expression only selects a cache folder by its exact name: true when it
// fired D2.cache-delete. f is the find command.
func (j *judgement) findCacheDelete(f *shell.Command, shown string) bool {
	name, ok := j.findSelectsCache(f)
	if !ok {
		return false
	}
	j.fireWith(catalog.D2CacheDelete, shown, "deletes each "+name+" folder find selects by that name, "+cacheFolders.Get()[name].tool+", which is written again when it is needed")
	return true
}

// findSelectsCache reports whether find's expression is exactly: roots in
// the project named by plain words, then only -type d, -maxdepth N,
// -mindepth N, -depth, -prune, one -name of a cache folder, and its
// action (-delete, or -exec rm … {} + or \;). An operator (-o, !, a
// parenthesis), another test, or an option that follows links (-L, -H,
// -follow) selects more than the cache, or elsewhere. It returns the
// folder's name.
func (j *judgement) findSelectsCache(f *shell.Command) (string, bool) {
	if f == nil || f.DirUnknown || f.Origin != "" {
		return "", false
	}
	args := f.Args
	k := 0
	for ; k < len(args) && !strings.HasPrefix(args[k].Text, "-") && args[k].Text != "(" && args[k].Text != "!"; k++ {
		r := args[k]
		abs := j.res.ResolveLink(r.Text, f.Dir)
		place := j.res.Classify(abs, false)
		if r.Dynamic || r.Glob || j.isLink(abs) || !inProject(place) || inGitDir(abs) {
			return "", false
		}
	}
	name := ""
	acted := false
	for ; k < len(args); k++ {
		a := args[k]
		if a.Dynamic || a.Glob && a.Text != "{}" {
			return "", false
		}
		next := func() (string, bool) {
			if k+1 >= len(args) || args[k+1].Dynamic {
				return "", false
			}
			k++
			return args[k].Text, true
		}
		switch a.Text {
		case "-depth", "-prune":
		case "-type":
			if v, ok := next(); !ok || v != "d" {
				return "", false
			}
		case "-maxdepth", "-mindepth":
			if v, ok := next(); !ok || strings.Trim(v, "0123456789") != "" || v == "" {
				return "", false
			}
		case "-name":
			v, ok := next()
			c, known := cacheFolders.Get()[v]
			if !ok || !known || c.parent != "" || name != "" {
				return "", false
			}
			name = v
		case "-delete":
			acted = true
		case "-exec":
			if !findExecRm(args[k+1:]) {
				return "", false
			}
			acted = true
			for k < len(args) && args[k].Text != "+" && args[k].Text != ";" {
				k++
			}
		default:
			return "", false
		}
	}
	return name, name != "" && acted
}

// findExecRm reports an -exec action that is rm of what find found, alone:
// rm with only -r, -f, -v options, then {}, then + or ;.
func findExecRm(rest []shell.Word) bool {
	if len(rest) < 3 || rest[0].Text != "rm" {
		return false
	}
	for i := 1; i < len(rest); i++ {
		t := rest[i].Text
		switch {
		case t == "{}":
			return i+1 < len(rest) && (rest[i+1].Text == "+" || rest[i+1].Text == ";")
		case strings.HasPrefix(t, "-") && len(t) > 1 && strings.Trim(t[1:], "rRfv") == "":
		default:
			return false
		}
	}
	return false
}

// findOf returns the find command whose -exec runs c; nil when the
// analysis does not place c after one.
func (j *judgement) findOf(c *shell.Command) *shell.Command {
	if j.shell == nil {
		return nil
	}
	for i := range j.shell.Commands {
		if &j.shell.Commands[i] == c {
			return findBefore(j.shell, i)
		}
	}
	return nil
}
