package policy

import (
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// checkerPlugins defers a Python checker whose configuration (its files
// in the folder, or the one its command line names) makes it import
// project code (a plugin that is a path or a module of the project) or
// run code (pylint's init-hook), which arbiter does not read. A plugin named by an installed package is loaded like any dependency.
func (j *judgement) checkerPlugins(c *shell.Command, tool, subj string) {
	if c.DirUnknown {
		return // where it runs is unknown: the closed world defers it
	}
	dir := j.res.Resolve(".", c.Dir)
	named := project.CheckerConfigNamed(tool, c.ArgTexts())
	if named != "" {
		named = j.res.Resolve(named, dir) // the file read instead of the defaults
	}
	loads, ok, err := project.FindCheckerLoads(tool, dir, named)
	switch {
	case !ok:
		return
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read "+tool+"'s configuration ("+err.Error()+")")
		return
	}
	for _, l := range loads {
		shown := j.shownPath(l.File)
		if l.Code != "" {
			j.fireWith(catalog.UUnreadableScript, subj, tool+" reads "+shown+": "+l.Code+", which arbiter does not read")
			continue
		}
		for _, m := range l.Modules {
			if projectPlugin(filepath.Dir(l.File), m) {
				j.fireWith(catalog.UUnreadableScript, subj, tool+" imports the plugin "+m+" that "+shown+" names, project code that arbiter does not read")
			}
		}
	}
}

// projectPlugin reports whether a plugin's name is a path, or a module
// whose top-level package or file is in dir.
func projectPlugin(dir, name string) bool {
	if strings.ContainsAny(name, "/\\") || strings.HasSuffix(name, ".py") {
		return true
	}
	top, _, _ := strings.Cut(strings.SplitN(name, ":", 2)[0], ".")
	return fileExistsAt(filepath.Join(dir, top+".py")) || fileExistsAt(filepath.Join(dir, top))
}
