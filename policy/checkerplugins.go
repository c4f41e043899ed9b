package policy

import (
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// checkerPlugins defers a Python checker whose configuration makes it
// import project code (a plugin that is a path or a module of the
// project) or run code (pylint's init-hook), which arbiter does not read.
// A plugin named by an installed package is loaded like any dependency.
func (j *judgement) checkerPlugins(c *shell.Command, tool, subj string) {
	if c.DirUnknown {
		return // where it runs is unknown: the closed world defers it
	}
	dir := j.res.Resolve(".", c.Dir)
	if tool == "golangci-lint" {
		j.golangciPlugins(dir, subj)
		return
	}
	loads, ok, err := project.FindCheckerLoads(tool, dir)
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

// golangciPlugins defers golangci-lint when its configuration loads a
// custom linter, a Go plugin or module arbiter does not read.
func (j *judgement) golangciPlugins(dir, subj string) {
	root := j.res.Project
	if root == "" || !under(dir, root) {
		root = dir
	}
	file, err := project.GolangciPlugins(dir, root)
	switch {
	case err != nil:
		j.fireWith(catalog.UUnreadableConfig, subj, "arbiter cannot read golangci-lint's configuration ("+err.Error()+")")
	case file != "":
		j.fireWith(catalog.UUnreadableCode, subj, "golangci-lint loads the custom linters "+j.shownPath(file)+" names, plugin code arbiter does not read")
	}
}
