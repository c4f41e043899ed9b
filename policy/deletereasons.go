package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/shell"
)

// projectRootDelete says, for the person asked, what a delete that the
// paths place at the project's top folder removes: a glob there (*.pyc)
// or a find that selects by its tests removes the files they match, which
// is not the whole project; rm -rf ., rm -rf * and a find that selects
// everything are.
func (j *judgement) projectRootDelete(c *shell.Command, w shell.Word) string {
	var f *shell.Command
	switch {
	case c.Program == "find":
		f = c
	case foundByFind(c, w):
		f = j.findOf(c)
	}
	if root, ok := strings.CutSuffix(w.Text, "/*"); ok && f != nil && findSelects(f) {
		return "deletes each file that find selects under " + root + " (by its tests: name, type, age and the like) in the project"
	}
	if w.Glob && f == nil && path.Base(w.Text) != "*" {
		return "deletes every file at the top of the project that " + w.Text + " matches"
	}
	return "deletes the whole project directory"
}

// findSelects reports whether find's expression holds a test (-name,
// -type, -newer, …): a word after the roots, outside an -exec's command,
// that is not an action or an option of the walk.
func findSelects(f *shell.Command) bool {
	args := f.Args
	k := 0
	for k < len(args) && !strings.HasPrefix(args[k].Text, "-") && args[k].Text != "(" && args[k].Text != "!" {
		k++
	}
	for ; k < len(args); k++ {
		t := args[k].Text
		switch {
		case t == "-exec" || t == "-execdir" || t == "-ok" || t == "-okdir":
			for k < len(args) && args[k].Text != ";" && args[k].Text != "+" {
				k++
			}
		case findWalkWord(t):
		case t == "-maxdepth" || t == "-mindepth":
			k++
		case strings.HasPrefix(t, "-"):
			return true
		}
	}
	return false
}

// findWalkWord reports an action or option of find that selects nothing.
func findWalkWord(t string) bool {
	switch t {
	case "-delete", "-print", "-print0", "-depth", "-d", "-xdev", "-mount", "-noleaf", "-ignore_readdir_race", "-daystart", "-follow":
		return true
	}
	return false
}
