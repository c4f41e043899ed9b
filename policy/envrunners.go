package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// condaRunners activate a conda environment before the command: the
// environment's activate.d scripts run and its bin folder comes before
// PATH, so any program of the environment's may answer to the name. The
// environment lives outside the project (or is named by -n, -p), and
// arbiter reads neither.
var condaRunners = []string{"conda", "mamba", "micromamba"}

// envRunners judges the command a runner starts in an environment it sets
// up first (conda run, mise exec). It reports whether it decided it.
func (j *judgement) envRunners(c *shell.Command, subj string) bool {
	for _, r := range condaRunners {
		if c.Has(r) {
			j.fireWith(catalog.CRunOutsideCode, subj, r+" run activates a conda environment first: its activation scripts run and its programs come before PATH, neither of which arbiter reads")
			return true
		}
	}
	if c.Has("mise") {
		return j.miseExec(c, subj)
	}
	return false
}

// miseExec judges mise exec: the variables of the [env] tables of mise's
// configuration files from the project's root down to where it runs are
// set for the command, judged as the assignments they are; an [env] that
// loads files or a virtual environment defers naming the file. It reports
// whether it decided the command; otherwise the program is judged too.
func (j *judgement) miseExec(c *shell.Command, subj string) bool {
	if c.DirUnknown {
		j.fireWith(catalog.UUnresolved, subj, "mise exec reads the configuration of a folder arbiter cannot tell")
		return true
	}
	dir := j.res.Resolve(".", c.Dir)
	if f := j.writesFirst(func(base string) bool { return strings.HasSuffix(base, ".toml") }); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", which mise exec may read its [env] from, so what it sets is not what arbiter can read on disk")
		return true
	}
	if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot {
		j.fireWith(catalog.CRunOutsideCode, subj, "mise exec runs "+c.Name+" in "+j.shownPath(dir)+", outside the project, whose configuration arbiter did not read")
		return true
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	file, env, err := project.MiseEnv(dir, root)
	switch {
	case project.IsNotExist(err) || err == nil && len(env) == 0:
		return false // nothing set: the program as it is
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "mise exec sets the [env] of its configuration first, and arbiter cannot read it ("+err.Error()+")")
		return true
	}
	// The command is judged with the variables in front (what it does
	// not allow stays); its allow is then earned by the program as it is.
	text := binCommand(c.Name, c.Args)
	for k := len(env) - 1; k >= 0; k-- {
		name, value, _ := strings.Cut(env[k], "=")
		text = name + "=" + shellQuote(value) + " " + text
	}
	j.shellText(text, dir, subj+" (mise exec sets the [env] of "+j.fileShown(file)+")")
	return false
}
