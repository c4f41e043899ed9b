package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// rakeTasks judges the Ruby code rake loads before any task, whatever the
// task's name: a Rakefile (or rakelib/*.rake) is Ruby that arbiter has no
// reader for, so one that exists defers naming it; with none rake stops
// with "No Rakefile found" and runs nothing. The task's name is judged
// apart, as a database mode (rails' db:drop stays what it is).
func (j *judgement) rakeTasks(c *shell.Command, subj string) {
	if j.loadsProjectCode(c, subj, projectLoad{
		what:   "the Rakefile",
		writes: isRakeFile,
		find:   project.FindRakefile,
		found:  func(f string) string { return "rake loads " + f + " first, Ruby code that arbiter has no reader for" },
	}) {
		j.fireWith(catalog.D4RunScript, subj, "there is no Rakefile, so rake runs nothing")
	}
}

// isRakeFile reports whether a file's name is one rake loads.
func isRakeFile(base string) bool {
	return contains(project.RakefileNames, base) || strings.HasSuffix(base, ".rake")
}

// railsApp judges the application the rails command hands itself to: in
// a folder with bin/rails (or script/rails) above it, every rails command
// loads that application (config/application.rb, its initializers, the
// Gemfile's gems), Ruby that arbiter has no reader for, so it defers
// naming the file. With none, rails runs only its own commands (new,
// --version, --help), none of the project's code: the task is judged by
// its name. The task's name is judged apart, as a database mode.
func (j *judgement) railsApp(c *shell.Command, subj string) {
	j.loadsProjectCode(c, subj, projectLoad{
		what:   "the application",
		writes: isRailsLoaded,
		find:   project.FindRailsApp,
		found: func(f string) string {
			return "rails hands the command to " + f + ", which loads the application: Ruby code that arbiter has no reader for"
		},
	})
}

// isRailsLoaded reports whether a file's name is one a rails command may
// run or load: its executable, Ruby files, the Gemfile.
func isRailsLoaded(base string) bool {
	return base == "rails" || base == "Gemfile" || strings.HasSuffix(base, ".rb")
}
