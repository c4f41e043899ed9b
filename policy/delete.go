package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) rm(c *shell.Command) {
	targets := operands(c)
	if hasFlag(c, 0, "--help", "--version") {
		j.fireWith(catalog.D1ReadOnly, c.String(), "prints help")
		return
	}
	if len(targets) == 0 {
		j.fireWith(catalog.UBadInput, c.String(), c.Program+" names nothing to remove")
		return
	}
	recursive := hasFlag(c, 'r', "--recursive") || hasFlag(c, 'R')
	for _, t := range targets {
		j.remove(c, t, recursive)
	}
}

func (j *judgement) rmdir(c *shell.Command) {
	for _, t := range operands(c) {
		abs := j.res.Resolve(t.Text, c.Dir)
		if j.isGuardPath(abs) {
			j.guardTamper(t.Text, "removes a permission gate's folder")
			return
		}
		if j.isSessionRecord(abs) {
			j.guardTamper(t.Text, sessionTamper)
			return
		}
	}
	j.fire(catalog.D2Rmdir, c.String())
}
