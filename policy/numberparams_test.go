package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestNumberParameters: $$, $#, $? and ${#name} always expand to decimal
// digits (the shell's process id, the count of arguments, the last exit
// status, a length), a number as $(nproc) is: ps -p $$ deferred as an
// argument only known at run time. Any other parameter ($1, $!, which is
// empty before a background job, or $$ with an operator) stays unknown,
// and a number still names what it names (kill $$ stops a process).
func TestNumberParameters(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		// Routine: a number.
		{bash(`ps -o pid,ppid,cmd -p $$`), arbiter.Allow, ""},
		{bash(`pstree -p $$`), arbiter.Allow, ""},
		{bash(`ps -o pid= -p "$$"`), arbiter.Allow, ""},
		{bash(`top -b -n 1 -p $$`), arbiter.Allow, ""},
		{bash(`ps -p "${#HOSTNAME}"`), arbiter.Allow, ""},
		{bash(`ps -p $# -p $?`), arbiter.Allow, ""},
		// Harmful neighbours.
		{bash(`kill -9 $$`), arbiter.Ask, "B.kill-process"},
		{bash(`cat /proc/$$/environ`), arbiter.Deny, "A6.credential-read"},
		{bash(`rm -rf /tmp/$$`), arbiter.Ask, ""},
		{bash(`ps -p $1`), arbiter.Defer, "U.unresolved"},
		{bash(`ps -p $!`), arbiter.Defer, "U.unresolved"},
		{bash(`ps -p ${$:-$1}`), arbiter.Defer, "U.unresolved"},
	})
}
