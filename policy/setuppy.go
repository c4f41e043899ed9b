package policy

import (
	"path"
	"strings"

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
