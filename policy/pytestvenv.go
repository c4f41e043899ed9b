package policy

import (
	"path"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// What pytest loads from its virtual environment on start, besides what
// the project holds: the pytest11 entry points of every installed
// distribution (pytest-cov, pytest-xdist, or the project's own editable
// install declaring a plugin), which pytest imports unless
// PYTEST_DISABLE_PLUGIN_AUTOLOAD is set (arbiter does not know that
// variable: the closed world defers on it) or -p no:NAME disables one.
// A plugin whose module site-packages holds is an installed package's,
// which arbiter does not read, as for any import; one found through the
// environment's .pth folders is the project's code and is read and
// judged; one found nowhere defers, naming it.

// maxDists bounds the installed distributions whose entry points are
// read for one run: an environment with more defers.
const maxDists = 1024

// pytestEntry reports the names of pytest's own entry point scripts,
// which a virtual environment's bin folder holds and which run its
// interpreter.
func pytestEntry(name string) bool {
	return name == "pytest" || name == "py.test"
}

// pytestEntryPoints judges the pytest11 plugins the distributions of
// venv declare, but for those disabled by name.
func (j *judgement) pytestEntryPoints(c *shell.Command, venv *venvPath, dirs, disabled []string, subj string) {
	if venv == nil || len(venv.dists) == 0 {
		return
	}
	if len(venv.dists) > maxDists {
		j.fireWith(catalog.UTooManyFiles, subj, j.fileShown(venv.site)+" holds more than "+strconv.Itoa(maxDists)+" installed distributions, whose plugins pytest loads, beyond what arbiter reads")
		return
	}
	load := &pyLoad{dirs: dirs, venv: venv}
	for _, dist := range venv.dists {
		file := path.Join(dist, "entry_points.txt")
		if !j.isFile(file) {
			continue
		}
		f, err := j.read(file)
		if err != nil || f.Kind != project.Text {
			j.fireWith(catalog.UUnreadableConfig, subj, "arbiter cannot read "+j.fileShown(file)+", which names the plugins pytest loads on start")
			return
		}
		for _, ep := range project.InstalledEntryPoints(f.Text, "pytest11") {
			if !slicesHas(disabled, ep[0]) {
				j.pytestEntryPlugin(c, ep[0], ep[1], file, load, subj)
			}
		}
	}
}

// pytestEntryPlugin judges one plugin an entry point names.
func (j *judgement) pytestEntryPlugin(c *shell.Command, name, module, file string, load *pyLoad, subj string) {
	top, _, _ := strings.Cut(module, ".")
	if !pythonDotted(module) {
		j.fireWith(catalog.UUnknownModule, subj, j.fileShown(file)+" names the pytest plugin "+name+" as "+strconv.Quote(module)+", which arbiter cannot read as a module name")
		return
	}
	if j.installed(load.venv, top) {
		return // an installed package's code, which arbiter does not read
	}
	chain := j.loadModules(load, module)
	if len(chain) == 0 {
		j.fireWith(catalog.UUnknownModule, subj, "pytest loads the plugin "+name+" ("+module+"), which "+j.fileShown(file)+" names and arbiter cannot find")
		return
	}
	for _, m := range chain {
		j.pythonModuleFile(c, m, load, subj)
	}
}

// pythonDotted reports a dotted Python module name.
func pythonDotted(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if part == "" || strings.ContainsAny(part[:1], "0123456789") {
			return false
		}
		for _, r := range part {
			if r != '_' && !('a' <= r && r <= 'z') && !('A' <= r && r <= 'Z') && !('0' <= r && r <= '9') && r < 0x80 {
				return false
			}
		}
	}
	return true
}

// slicesHas reports whether list holds s.
func slicesHas(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// pytestEntryScript reports the console script pip and uv install as a
// virtual environment's bin/pytest: Python code that starts pytest's
// console_main, which then loads the conftest.py files, plugins and test
// modules the run collects, none of which the script itself names.
func pytestEntryScript(text string) bool {
	return strings.HasPrefix(text, "#!") && strings.Contains(text, "console_main") &&
		(strings.Contains(text, "from pytest import") || strings.Contains(text, "import pytest"))
}

// pytestScript judges what a pytest entry script c runs loads, as pytest's
// words: understood by pytest's spec first (an option arbiter does not
// know defers), then read as a pytest run whose environment is found from
// the script's own path.
func (j *judgement) pytestScript(c *shell.Command) {
	sub := *c
	sub.Program, sub.Name = "pytest", "pytest"
	start := len(j.findings)
	j.understand(&sub)
	if j.understoodSince(start) {
		j.pytestLoads(&sub, c, nil)
	}
}
