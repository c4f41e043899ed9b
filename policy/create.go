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
	case "mktemp":
		ops = operands(c, "-p") // -d and -t are flags here
	case "objcopy", "strip":
		for k, a := range c.Args {
			if a.Text == "-o" && k+1 < len(c.Args) {
				ops = append(ops, c.Args[k+1])
			}
		}
	}
	if len(ops) == 0 && c.Program == "mktemp" {
		// No template: tmp.XXXXXXXXXX in $TMPDIR or /tmp, or in the folder
		// -p names, which the spec judges as the place written.
		j.fireWith(catalog.D2WriteProject, c.String(), "creates one new, randomly named file or folder in a temporary folder and prints its name")
		return
	}
	if len(ops) == 0 {
		j.fireWith(catalog.D1ReadOnly, c.String(), "writes to standard output only")
		return
	}
	j.writeArgs(c, ops)
}
