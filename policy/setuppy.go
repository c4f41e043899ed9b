package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// pip install of a folder (pip install ., pip install -e ./lib) builds it,
// and a folder with a setup.py runs it: setup.py is read and judged as the
// project's Python code, run in its folder. (A pyproject.toml build
// backend kept in the tree, backend-path, is not read.)

// pipLocalSetup judges the setup.py of each folder pip install is given.
func (j *judgement) pipLocalSetup(c *shell.Command, subj string) {
	for _, dir := range pipLocalDirs(c) {
		abs := j.res.Resolve(dir, c.Dir)
		setup := path.Join(abs, "setup.py")
		if !j.exists(setup) {
			continue
		}
		j.pythonFile(c, setup, &pyLoad{dirs: []string{abs}}, subj, "runs "+j.fileShown(setup)+" to build the package")
	}
}

// pipLocalDirs returns the folders pip install names: values of -e and
// --editable, and operands written as paths (., ./x, /x, ../x).
func pipLocalDirs(c *shell.Command) []string {
	var out []string
	after := false
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		t := a.Text
		switch {
		case !after:
			after = t == "install"
		case a.Dynamic:
		case t == "-e" || t == "--editable":
			if k+1 < len(c.Args) && !c.Args[k+1].Dynamic {
				k++
				out = append(out, c.Args[k].Text)
			}
		case strings.HasPrefix(t, "--editable="):
			out = append(out, strings.TrimPrefix(t, "--editable="))
		case strings.HasPrefix(t, "-e") && len(t) > 2:
			out = append(out, t[2:])
		case t == "." || t == ".." || strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || strings.HasPrefix(t, "/"):
			out = append(out, strings.TrimSuffix(strings.SplitN(t, "[", 2)[0], "/"))
		}
	}
	return out
}

// projectBuild judges the build a runner makes of the project before it
// runs c, when the project is a package (pyproject.toml has a
// [build-system] table): uv run's sync and hatch run's environment both
// install it. Its setup.py is read as pip install's is; a backend kept in
// the tree (backend-path) or hatch's build hook (hatch_build.py) is code
// arbiter does not read. The runner's own options are not kept with c, so
// uv run --no-sync is not told apart: judged as the sync it usually is.
func (j *judgement) projectBuild(c *shell.Command, runner, subj string) {
	if c.DirUnknown {
		return // where it runs is unknown: the closed world defers it
	}
	pyproject, err := project.FindToRoot(j.res.Resolve(".", c.Dir), "pyproject.toml")
	if err != nil || !namesTable(pyproject, "[build-system]") {
		return // not a package (or none): uv builds nothing
	}
	root := path.Dir(pyproject)
	if namesTable(pyproject, "backend-path") {
		j.fireWith(catalog.UUnreadableScript, subj, runner+" run builds the project first, with the build backend "+j.fileShown(pyproject)+" keeps in the project (backend-path), which arbiter does not read")
	}
	if hook := path.Join(root, "hatch_build.py"); j.exists(hook) {
		j.fireWith(catalog.UUnreadableScript, subj, runner+" run builds the project first, which runs hatch's build hook "+j.fileShown(hook)+", and arbiter does not read it")
	}
	if setup := path.Join(root, "setup.py"); j.exists(setup) {
		j.pythonFile(c, setup, &pyLoad{dirs: []string{root}}, subj, "runs "+j.fileShown(setup)+" to build the package")
	}
}
