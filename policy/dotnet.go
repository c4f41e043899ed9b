package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// dotnetEvaluates are the dotnet commands that evaluate the project's
// MSBuild files and run their targets.
var dotnetEvaluates = lazy.New(func() map[string]bool {
	return map[string]bool{"build": true, "test": true, "pack": true, "publish": true, "restore": true, "clean": true, "format": true, "msbuild": true, "vstest": true}
})

// dotnetProject judges a dotnet command by the project files it
// evaluates (project.ReadMSBuild); true when it settled the call.
func (j *judgement) dotnetProject(c *shell.Command, sub string, ops []shell.Word, subj string) bool {
	if sub == "run" || sub == "watch" {
		j.fireWith(catalog.UUnreadableCode, subj, "dotnet "+sub+" runs the project's program, C# or F# code arbiter has no reader for")
		return true
	}
	if !dotnetEvaluates.Get()[sub] {
		return false
	}
	dir, root, ok := j.buildDirs(c, subj)
	if !ok {
		return true
	}
	var named []string
	for _, o := range ops[1:] {
		if o.Dynamic {
			j.fireWith(catalog.UDynamicPath, subj, "dotnet builds a project whose path is only known at run time")
			return true
		}
		named = append(named, o.Text)
	}
	if v, ok := optionValue(c.Args, "--project"); ok {
		named = append(named, v)
	}
	runs, err := project.ReadMSBuild(dir, root, named)
	switch {
	case project.IsNotExist(err):
		return false // no project: dotnet stops without building
	case err != nil:
		j.fireWith(catalog.UUnreadableConfig, subj, "dotnet evaluates project files arbiter cannot read: "+err.Error())
		return true
	case len(runs.Runs) > 0:
		j.fireWith(catalog.UUnreadableCode, subj, "dotnet evaluates "+runs.Runs[0]+", code arbiter does not read")
		return true
	}
	return false
}
