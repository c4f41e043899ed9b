package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// projectLoad is project code a program loads before any of its
// commands, in a language arbiter has no reader for (rake's Rakefile,
// rails' application, a migration tool's configuration).
type projectLoad struct {
	what   string                           // what is loaded, for a folder arbiter cannot tell
	writes func(base string) bool           // whether a file of that name is loaded
	find   func(dir string) (string, error) // the file loaded from dir; fs.ErrNotExist when none
	found  func(shown string) string        // the reason, given the file found
}

// loadsProjectCode defers c when the code l describes exists or the
// command line writes it first, naming the file; it reports whether the
// program loads nothing of the project (none found).
func (j *judgement) loadsProjectCode(c *shell.Command, subj string, l projectLoad) bool {
	if c.DirUnknown {
		j.fireWith(catalog.UUnresolved, subj, c.Program+" loads "+l.what+" of a folder arbiter cannot tell")
		return false
	}
	if f := j.writesFirst(l.writes); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", which "+c.Program+" loads and arbiter does not read")
		return false
	}
	f, err := l.find(j.res.Resolve(".", c.Dir))
	switch {
	case project.IsNotExist(err):
		return true
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot tell what "+c.Program+" loads ("+err.Error()+")")
	default:
		j.fireWith(catalog.UUnreadableScript, subj, l.found(j.shownPath(f)))
	}
	return false
}
