package policy

import (
	"slices"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// scriptOptions defers a build or format tool given an option whose
// value its spec calls a file of code it loads (javac -cp) when no
// reader of that tool reads the file: only the options the
// test runners' and checkers' readers follow are left to them.
func (j *judgement) scriptOptions(c *shell.Command, res spec.Result, subj string) {
	tool := shell.Canonical(c.Program)
	conf, known := runnerConfigs.Get()[c.Program]
	for _, v := range res.Values {
		if v.Kind != spec.Script || v.Option == "" {
			continue
		}
		if known && (slices.Contains(conf.config, v.Option) || slices.Contains(conf.modules, v.Option)) || project.CheckerConfigOption(tool, v.Option) ||
			tool == "golangci-lint" && slices.Contains(golangciConfig.Get(), v.Option) {
			continue // read by the tool's own reader
		}
		j.fireWith(catalog.UBuildCode, subj, c.Program+" "+v.Option+" names "+v.Text+", a file of code or configuration it loads, which arbiter does not read")
	}
}
