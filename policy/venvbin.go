package policy

import (
	"os"
	"path"
	"regexp"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// A virtual environment's bin folder (Scripts/ on Windows) holds console
// scripts: a few lines, their #! line naming the environment's
// interpreter, that start an installed program (pip, black, pytest).
// Running one runs that interpreter, so what its site-packages runs at
// every start (a .pth line of code, sitecustomize) is judged as for the
// interpreter, and it is the program of its name, judged by that
// program's spec: the script shows neither what the program does nor
// what its words ask for. A name arbiter has no spec of keeps the
// script's own answer.

// venvBinFolders are the names of an environment's folder of programs.
var venvBinFolders = lazy.New(func() map[string]bool { return setOfWords("bin", "Scripts") })

// versioned matches a program name with its version appended (pip3.12).
var versioned = lazy.New(func() *regexp.Regexp { return regexp.MustCompile(`^(.*[^0-9.])[0-9][0-9.]*$`) })

// venvConsoleScript returns the folder of the virtual environment whose
// console script c runs by its path, and the script's text; "" when c
// runs no such file.
func (j *judgement) venvConsoleScript(c *shell.Command) (string, string) {
	if !strings.Contains(c.Name, "/") || c.DirUnknown && !path.IsAbs(c.Name) {
		return "", ""
	}
	abs := j.res.Resolve(c.Name, c.Dir)
	bin := path.Dir(abs)
	if !venvBinFolders.Get()[path.Base(bin)] {
		return "", ""
	}
	env := path.Dir(bin)
	if _, err := os.Lstat(path.Join(env, "pyvenv.cfg")); err != nil {
		return "", ""
	}
	f, err := j.read(abs)
	if err != nil || f.Kind != project.Text || !pythonExe.Get().MatchString(path.Base(project.Interpreter(f.Text))) {
		return "", ""
	}
	return env, f.Text
}

// venvScriptRuns judges a console script of a virtual environment as the
// environment's interpreter starting and as the program of its name.
func (j *judgement) venvScriptRuns(c *shell.Command, subj string) {
	env, text := j.venvConsoleScript(c)
	if env == "" {
		return
	}
	if r, ok := j.venvAt(env); ok {
		switch {
		case r.unknown != "":
			j.fireWith(catalog.UUnknownDirectory, subj, path.Base(c.Name)+" runs the Python of "+j.shownPath(env)+", and "+r.unknown)
		case r.v != nil && r.v.startup != "":
			j.fireWith(catalog.UUnreadableCode, subj, path.Base(c.Name)+" runs the Python of "+j.shownPath(env)+": "+r.v.startup)
		}
	}
	if pytestEntryScript(text) {
		return // judged as pytest with the script (see pytestvenv.go)
	}
	if name := consoleProgram(path.Base(c.Name)); name != "" {
		j.binAsProgram(c, name, subj)
	}
}

// consoleProgram is the program a console script's name is, with a
// version appended to it or not (pip3.12 is pip3); "" when arbiter has no
// spec of it.
func consoleProgram(name string) string {
	name = strings.TrimSuffix(name, "-script.py")
	for name != "" {
		if spec.Lookup(name) != nil {
			return name
		}
		m := versioned.Get().FindStringSubmatch(name)
		if m == nil {
			return ""
		}
		name = m[1]
	}
	return ""
}
