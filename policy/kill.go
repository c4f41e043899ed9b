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
	if signalZero(c) {
		// Signal 0 is only the check that a process exists and may be
		// signalled (kill -0 "$PID" before waiting on a server).
		j.fireWith(catalog.D1ReadOnly, subj, "checks whether the processes exist and sends them no signal")
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

// signalZero reports a kill whose signal, named first, is 0 (-0, -s 0,
// -n 0, --signal 0), with no later word that names a signal. (A later
// word with a dash and digits is a process group: kill -0 -1234.)
func signalZero(c *shell.Command) bool {
	if c.Program != "kill" || len(c.Args) == 0 {
		return false
	}
	rest := c.Args[1:]
	switch t := c.Args[0].Text; {
	case t == "-0" || t == "--signal=0":
	case (t == "-s" || t == "-n" || t == "--signal") && len(c.Args) > 1 && c.Args[1].Text == "0":
		rest = c.Args[2:]
	default:
		return false
	}
	for _, a := range rest {
		t := a.Text
		if a.Dynamic && strings.HasPrefix(t, "-") || t == "-s" || t == "-n" || strings.HasPrefix(t, "--") || len(t) > 1 && t[0] == '-' && (t[1] < '0' || t[1] > '9') {
			return false
		}
	}
	return true
}
