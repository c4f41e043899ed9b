package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// gemfileNames are the files bundler looks for in each folder, in its order.
var gemfileNames = []string{"gems.rb", "Gemfile"}

// bundleExec judges the Ruby code bundle exec loads whatever it runs: it
// evaluates the nearest Gemfile (searched up to the file system's root,
// as bundler does) to set up the bundle, puts the bundle's gem folder
// first in PATH, where any gem may install a program of any name, and
// makes every Ruby program the command starts load the Gemfile again
// (RUBYOPT=-rbundler/setup). A Gemfile is Ruby, which arbiter has no
// reader for, so one that exists defers naming it; with none bundler
// stops with "Could not locate Gemfile" and the command is judged as the
// program it names. It reports whether it decided the command.
func (j *judgement) bundleExec(c *shell.Command, subj string) bool {
	if !c.Has("bundle") {
		return false
	}
	if c.DirUnknown {
		j.fireWith(catalog.UUnresolved, subj, "bundle exec loads the Gemfile of a folder arbiter cannot tell")
		return true
	}
	if f := j.writesFirst(func(base string) bool { return contains(gemfileNames, base) }); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", Ruby code bundle exec loads, which arbiter does not read")
		return true
	}
	f, err := project.FindUp(j.res.Resolve(".", c.Dir), "/", gemfileNames...)
	switch {
	case project.IsNotExist(err):
		return false
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot tell which Gemfile bundle exec loads ("+err.Error()+")")
	default:
		j.fireWith(catalog.UUnreadableScript, subj, "bundle exec loads "+j.shownPath(f)+" first, Ruby code that arbiter has no reader for, and runs "+c.Name+" from the bundle's gems before PATH")
	}
	return true
}
