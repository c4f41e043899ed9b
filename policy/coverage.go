package policy

import (
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// coverage.py reads its configuration from the folder it runs in: the
// .coveragerc, else [coverage:*] of setup.cfg and tox.ini, or
// [tool.coverage.*] of pyproject.toml (or the file COVERAGE_RCFILE names).
// Its plugins setting imports the modules it names, code arbiter does
// not read: a configuration that mentions plugins defers, naming the
// file. `coverage run` itself is read as the python command it runs
// (shell/coverage.go), judged as that is.
var coverageConfigs = []string{".coveragerc", "setup.cfg", "tox.ini", "pyproject.toml"}

// coverageConfig judges the configuration a command that runs coverage
// (coverage report, coverage run …) loads.
func (j *judgement) coverageConfig(c *shell.Command, subj string) {
	if c.Program != "coverage" && !slices.Contains(c.Via, "coverage") {
		return
	}
	if j.envExported != nil && (j.envExported("COVERAGE_RCFILE") || j.envExported("COVERAGE_PROCESS_START")) {
		j.fireWith(catalog.UUnreadableConfig, subj, "the environment names the configuration coverage reads (COVERAGE_RCFILE), which arbiter did not read")
		return
	}
	if c.DirUnknown {
		return // where it runs is unknown: the closed world defers it
	}
	dir := j.res.Resolve(".", c.Dir)
	for _, n := range coverageConfigs {
		abs := filepath.Join(dir, n)
		f, err := j.readSource(abs)
		switch {
		case project.IsNotExist(err):
			continue
		case err != nil || f.Kind != project.Text:
			j.fireWith(catalog.UUnreadableConfig, subj, "arbiter cannot read "+j.shownPath(abs)+", where coverage may find plugins to load")
			return
		}
		if coversPlugins(n, f.Text) {
			j.fireWith(catalog.UBuildCode, subj, j.shownPath(abs)+" gives coverage plugins, modules it imports and runs, which arbiter does not read")
			return
		}
	}
}

// coversPlugins reports a configuration file's text that may set
// coverage's plugins: a .coveragerc that mentions them, or a shared file
// that mentions them beside a coverage section (read as text, which is
// never less than the setting).
func coversPlugins(name, text string) bool {
	if !strings.Contains(text, "plugins") {
		return false
	}
	return name == ".coveragerc" || strings.Contains(text, "coverage")
}

// coverageCommand decides the coverage commands the spec does not read
// (report is read by its spec, run as the python command it runs).
func (j *judgement) coverageCommand(c *shell.Command) {
	j.fireWith(catalog.UUnknownSubcommand, c.String(), "coverage's reports and data files are written where its configuration says, which arbiter does not follow yet")
}
