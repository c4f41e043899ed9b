package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// jestModuleKeys are jest's own settings (from its configuration
// reference) whose values name a module it loads, besides runnerKeys:
// haste.hasteImplModulePath, haste.hasteMapModulePath and the dependency
// extractor load while it maps the project, filter while it picks the
// tests, moduleNameMapper's targets stand in for what the tests require,
// the runtime (moduleLoader before), serializers, coverage reporters and
// prettier while it runs them.
var jestModuleKeys = lazy.New(func() []string {
	return []string{
		"dependencyExtractor", "hasteImplModulePath", "hasteMapModulePath", "moduleNameMapper", "prettierPath",
		"moduleLoader", "runtime", "filter", "snapshotSerializers", "coverageReporters",
	}
})

// jestSearchKeys are jest's settings that add folders where the tests'
// bare specifiers (require('lodash')) are looked for: a folder of the
// project there makes such a require load its file, which arbiter takes
// for an installed package and does not read.
var jestSearchKeys = lazy.New(func() map[string]bool {
	return map[string]bool{"modulePaths": true, "moduleDirectories": true}
})

// searchDirs judges the folders a configuration adds to where bare
// specifiers are looked for: node_modules is where packages are; any
// other defers.
func (j *judgement) searchDirs(c *shell.Command, dirs []string, subj string) {
	for _, d := range dirs {
		if d != "node_modules" {
			j.fireWith(catalog.UBuildCode, subj, c.Program+" looks for the modules the tests require by name in "+clipText(d, 60)+" too, whose files arbiter does not follow from those requires")
			return
		}
	}
}
