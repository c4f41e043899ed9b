package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) kill(c *shell.Command) {
	subj := c.String()
	if c.Program == "kill" && len(c.Args) > 0 && contains([]string{"-l", "-L", "--list", "--table"}, c.Args[0].Text) {
		// kill -l [SIGNAL] names signals (kill -l 9 prints KILL); it sends none.
		j.fireWith(catalog.D1ReadOnly, subj, "lists the signal names and sends none")
		return
	}
	ops := operands(c, "-s", "-n", "-u", "-U", "-g", "-G", "-t", "-P", "--signal")
	if c.Program == "kill" && len(ops) > 0 {
		allJobs := true
		for _, o := range ops {
			if !strings.HasPrefix(o.Text, "%") && !(o.Text == "$!") {
				allJobs = false
			}
		}
		if allJobs {
			j.fire(catalog.DOwnJobs, subj)
			return
		}
		for _, o := range ops {
			if o.Text == "1" || o.Text == "-1" {
				j.fire(catalog.A3KillAll, subj)
				return
			}
		}
	}
	j.fire(catalog.BKillProcess, subj)
}
