package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/shell"
)

// libraryConfigs are the files in the working directory that a library
// reads when the code imports it (or a library that imports it to plot),
// with what they can make it do: code judged by its text alone does
// what those files say too.
var libraryConfigs = []struct {
	modules []string // top-level imports that load the library
	file    string
	does    string
}{
	{[]string{"matplotlib", "pandas"}, "matplotlibrc", "whose backend: module://NAME imports that module and whose text.usetex runs LaTeX"},
}

// libraryConfigRead reports (and fires) a configuration file of the
// working directory that a library the code imports reads.
func (j *judgement) libraryConfigRead(c *shell.Command, name string, r code.Report) bool {
	for _, lc := range libraryConfigs {
		if !importsAny(r.Imports, lc.modules) {
			continue
		}
		if c.DirUnknown {
			j.fireWith(catalog.UUnknownDirectory, c.String(), name+" code imports "+lc.modules[0]+", which reads "+lc.file+" from a working directory the analysis cannot tell")
			return true
		}
		if j.exists(j.res.Resolve(lc.file, c.Dir)) {
			j.fireWith(catalog.UImpureCode, c.String(), name+" code imports "+lc.modules[0]+", which reads ./"+lc.file+" ("+lc.does+"), a file arbiter does not read")
			return true
		}
	}
	return false
}

// importsAny reports whether one of the imports is of one of the modules
// or their submodules.
func importsAny(imports, modules []string) bool {
	for _, m := range imports {
		top, _, _ := strings.Cut(m, ".")
		for _, want := range modules {
			if top == want {
				return true
			}
		}
	}
	return false
}
