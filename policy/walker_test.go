package policy

import (
	"context"
	"testing"

	"github.com/arbitergate/arbiter"
)

// Commands whose effect the shell analysis once skipped, each allowed by
// the earlier analysis: a substitution in a subscript, arithmetic that
// evaluates a variable's value, a builtin that runs or writes, word
// splitting of an unquoted value, a cd the analysis did not follow, zsh
// syntax. None may be allowed now.
func TestSkippedSyntaxIsNotAllowed(t *testing.T) {
	cmds := []string{
		`echo ${a[$(rm -rf ~)]}`,
		`echo ${#a[$(rm -rf ~)]}`,
		`echo ${x:$(rm -rf ~)}`,
		`echo ${x:0:$(rm -rf ~)}`,
		`a[$(rm -rf ~)]=1`,
		`a=([$(rm -rf ~)]=1)`,
		`declare a[$(rm -rf ~)]`,
		`case y in $(rm -rf ~)) ;; esac`,
		`for x in a; do echo hi; done > ~/.bashrc`,
		`x='a[$(rm -rf ~)]'; ((x))`,
		`x='a[$(rm -rf ~)]'; echo $((x))`,
		`x='a[$(rm -rf ~)]'; let y=x`,
		`x='a[$(rm -rf ~)]'; [[ $x -eq 1 ]]`,
		`x='a[$(rm -rf ~)]'; [[ x -lt 2 ]]`,
		`x='a[$(rm -rf ~)]'; [[ -v "$x" ]]`,
		`x='a[$(rm -rf ~)]'; echo ${!x}`,
		`declare -i n; n='a[$(rm -rf ~)]'`,
		`read 'a[$(rm -rf ~)]' < /dev/null`,
		`unset 'a[$(rm -rf ~)]'`,
		`printf -v 'a[$(rm -rf ~)]' %s 1`,
		`n=$(cat f); echo $((n))`,
		`read n < f; echo $((n+1))`,
		`echo ${x@P}`,
		`echo "${PS1@P}"`,
		`declare -n r=x`,
		`typeset -n r=x`,
		`declare -gn r=a`,
		`mapfile -C "rm -rf ~" -c 1 a < /dev/null`,
		`readarray -C 'rm -rf ~' -c 1 a < /dev/null`,
		`trap -- 'rm -rf ~' EXIT`,
		`trap -- "rm -rf ~" INT TERM`,
		`history -w ~/.bashrc`,
		`history -a ~/.profile`,
		`compgen -C 'rm -rf ~' x`,
		`complete -C 'rm -rf ~' git`,
		`select x in a b; do echo $x; done`,
		`ls *(e:'rm -rf ~':)`,
		`ls **/*(+rmall)`,
		`echo $~x`,
		`echo $=x`,
		`ls @($(rm -rf ~))`,
		"ls !(`rm -rf ~`)",
		`cd ~; pushd /tmp; popd; rm -rf *`,
		`d='/tmp/build ~'; rm -rf $d`,
		`x='/tmp/a /etc/passwd'; rm -f $x`,
		`f='/tmp/x ~/.bashrc'; echo hi > /tmp/y; cp /tmp/y $f`,
		`cd /tmp; command cd ~; rm -rf build`,
		`bash -c 'cd ~ && echo x >> .bashrc'`,
		`builtin cd ~ && echo x >> .profile`,
		`command cd ~ && echo x >> .bashrc`,
		`cd ~; pushd /tmp; popd; echo x >> .bashrc`,
		`cd ~ && bash -c 'echo x >> .bashrc'`,
		`x=ls; eval 'x="rm -rf ~"'; $x`,
		`eval 'cd ~'; echo x >> .bashrc`,
		`trap 'cd ~' DEBUG; echo x >> .bashrc`,
		`source ./env.sh; echo x >> .bashrc`,
		`x=/tmp/a; eval 'x=~/.bashrc'; echo hi > $x`,
		`mapfile -C 'cd ~;:' -c 1 a < f; echo x >> .bashrc`,
	}
	for _, c := range cmds {
		d := Decide(context.Background(), bash(c))
		if d.Decision == arbiter.Allow {
			t.Errorf("%s: allowed (%v: %s)", c, d.Rules, d.Reason)
		}
	}
}
