package policy

import (
	"fmt"
	"io/fs"
	"path"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// pythonSessions judges tox and nox, which run the commands their
// configuration gives (tox.ini's commands, a noxfile.py session's
// session.run calls) after installing what it names: a configuration
// arbiter does not read, so one that exists defers naming it. With none,
// nox stops with "noxfile.py not found" and tox runs no commands.
func (j *judgement) pythonSessions(c *shell.Command) {
	subj := c.String()
	if hasFlag(c, 'c', "--conf", "--noxfile", "-f") {
		j.fireWith(catalog.UUnreadableScript, subj, c.Program+" runs the commands of the configuration it is given, which arbiter does not read")
		return
	}
	tox := shell.Canonical(c.Program) == "tox"
	if j.loadsProjectCode(c, subj, projectLoad{
		what:   "its configuration",
		writes: func(base string) bool { return contains(sessionConfigs(tox), base) },
		find:   func(dir string) (string, error) { return findSessionConfig(tox, dir) },
		found: func(f string) string {
			return c.Program + " runs the commands " + f + " gives, and installs what it names, which arbiter does not read"
		},
	}) {
		j.fireWith(catalog.D5Build, subj, "there is no configuration, so "+c.Program+" runs no commands")
	}
}

// sessionConfigs are the files tox or nox reads its commands from.
func sessionConfigs(tox bool) []string {
	if tox {
		return []string{"tox.ini", "tox.toml", "pyproject.toml", "setup.cfg", "toxfile.py"}
	}
	return []string{"noxfile.py"}
}

// findSessionConfig returns the configuration tox (from dir up, as tox
// looks) or nox (in dir) reads; pyproject.toml and setup.cfg count only
// with tox's table.
func findSessionConfig(tox bool, dir string) (string, error) {
	if !tox {
		return project.FindUp(dir, dir, "noxfile.py")
	}
	for {
		for _, name := range sessionConfigs(true) {
			f, err := project.FindUp(dir, dir, name)
			switch {
			case err != nil && !project.IsNotExist(err):
				return "", err
			case err != nil:
			case name == "pyproject.toml" && !namesTable(f, "[tool.tox"):
			case name == "setup.cfg" && !namesTable(f, "[tox:tox]"):
			default:
				return f, nil
			}
		}
		if path.Dir(dir) == dir {
			return "", fmt.Errorf("no tox configuration from %s up: %w", dir, fs.ErrNotExist)
		}
		dir = path.Dir(dir)
	}
}
