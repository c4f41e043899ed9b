package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// python -m unittest imports the test modules it is named, or, with no
// names or with discover, every file matching the pattern (test*.py) in
// the start folder and in the packages under it. Each is read and judged
// as the project's Python code, within the bound on Python files a
// decision reads (maxPythonFiles).

// unittestLoads judges what python -m unittest loads; sub holds its words.
func (j *judgement) unittestLoads(c, sub *shell.Command) {
	subj := c.String()
	if c.DirUnknown {
		return
	}
	load := j.pythonSearch(c, "")
	if load.unknown != "" {
		j.fireWith(catalog.UUnknownDirectory, subj, "unittest imports the test modules, and "+load.unknown)
		return
	}
	var names []string
	discover := len(sub.Args) == 0
	start, pattern, top := ".", "test*.py", ""
	var positional []string
	for k := 0; k < len(sub.Args); k++ {
		t := sub.Args[k].Text
		if sub.Args[k].Dynamic {
			j.fireWith(catalog.UUnresolved, subj, "an argument of unittest is only known when the command runs, so which tests it loads cannot be told")
			return
		}
		value := func() string {
			if k+1 < len(sub.Args) {
				k++
				return sub.Args[k].Text
			}
			return ""
		}
		switch {
		case k == 0 && t == "discover":
			discover = true
		case t == "-s" || t == "--start-directory":
			start = value()
		case t == "-p" || t == "--pattern":
			pattern = value()
		case t == "-t" || t == "--top-level-directory":
			top = value()
		case t == "-k":
			value()
		case strings.HasPrefix(t, "-"):
		case discover:
			positional = append(positional, t)
		default:
			names = append(names, t)
		}
	}
	for i, v := range positional {
		switch i {
		case 0:
			start = v
		case 1:
			pattern = v
		case 2:
			top = v
		}
	}
	if !discover {
		j.unittestNames(c, names, load, subj)
		return
	}
	startDir := j.res.Resolve(start, c.Dir)
	topDir := startDir
	if top != "" {
		topDir = j.res.Resolve(top, c.Dir)
	}
	files, err := project.FindFiles(startDir, func(name string) bool {
		ok, _ := path.Match(pattern, name)
		return ok && strings.HasSuffix(name, ".py") || name == "__init__.py"
	}, func(dir string) bool { return !project.IsFile(path.Join(dir, "__init__.py")) })
	if err != nil && !project.IsNotExist(err) {
		j.fireWith(catalog.UTooManyFiles, subj, "unittest discovers tests in "+j.fileShown(startDir)+", and arbiter cannot look through it ("+err.Error()+")")
		return
	}
	dirs := append([]string{topDir}, load.dirs...)
	for _, f := range files {
		if path.Base(f) == "__init__.py" && path.Dir(f) == startDir {
			continue // the start folder is searched, not imported
		}
		fl := j.pytestLoad(f, dirs)
		fl.venv = load.venv
		j.pythonFile(c, f, fl, subj, "runs the test module "+j.fileShown(f)+", which unittest discovers")
	}
}

// unittestNames judges the test modules unittest is named: dotted names,
// or file paths, which it turns into module names.
func (j *judgement) unittestNames(c *shell.Command, names []string, load *pyLoad, subj string) {
	for _, n := range names {
		if strings.HasSuffix(n, ".py") || strings.Contains(n, "/") {
			n = strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(n, "./"), ".py"), "/", ".")
		}
		for _, m := range j.loadModules(load, n) {
			j.pythonModuleFile(c, m, load, subj)
		}
	}
}
