package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) root(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "visudo", "sudoedit":
		j.fireWith(catalog.B12Root, subj, "edits files as root")
	default:
		if len(operands(c)) == 0 && !hasFlag(c, 's') && !hasFlag(c, 'i') {
			j.fireWith(catalog.D1ReadOnly, subj, "checks or lists privileges")
			return
		}
		j.fire(catalog.B12Root, subj)
	}
}
