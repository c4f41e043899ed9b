package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// creates judges tee, touch, mkdir and other commands whose operands are
// files they create or change.
func (j *judgement) creates(c *shell.Command) {
	ops := operands(c, "-m", "--mode", "-p", "-i", "-o", "-d", "-r", "-t", "--reference", "-F", "-K", "-R", "-N", "-B", "-O")
	switch c.Program {
	case "patch":
		if len(ops) > 0 {
			ops = ops[:1]
		}
	case "objcopy", "strip":
		for k, a := range c.Args {
			if a.Text == "-o" && k+1 < len(c.Args) {
				ops = append(ops, c.Args[k+1])
			}
		}
	}
	if len(ops) == 0 {
		j.fireWith(catalog.D1ReadOnly, c.String(), "writes to standard output only")
		return
	}
	j.writeArgs(c, ops)
}
