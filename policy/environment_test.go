package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// A search path, tool or configuration variable that points somewhere
// arbiter did not check makes the command not routine.
func TestEnvironmentThatRedirectsPrograms(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		// The search path.
		{bash("PATH=/tmp/x:$PATH cat f"), arbiter.Defer, "U.env-redirect"},
		{bash("PATH=dir:$PATH git status"), arbiter.Defer, "U.env-redirect"},
		{bash("export PATH=/tmp/x:$PATH; git status"), arbiter.Defer, "U.env-redirect"},
		{bash("PATH=/var/tmp/b:$PATH npm test"), arbiter.Defer, "U.env-redirect"},
		{bash("env PATH=/tmp/evil ls"), arbiter.Defer, "U.env-redirect"},
		{bash("PATH=$HOME/bin:$PATH make"), arbiter.Defer, "U.env-redirect"},
		{bash("PATH=/usr/local/go/bin:$PATH go test ./..."), arbiter.Allow, ""},
		{bash("PATH=$PATH:/usr/sbin ls"), arbiter.Allow, ""},
		// The compiler a build runs.
		{bash("CC=/tmp/cc make"), arbiter.Defer, "U.env-redirect"},
		{bash("CXX=./mycc make"), arbiter.Defer, "U.env-redirect"},
		{bash(`CC="sh -c id" make`), arbiter.Defer, "U.env-redirect"},
		{bash("LD=/tmp/ld cargo build"), arbiter.Defer, "U.env-redirect"},
		{bash("CC=gcc make"), arbiter.Allow, ""},
		{bash("CC=clang-15 CXX=clang++-15 make"), arbiter.Allow, ""},
		// Where programs read their configuration.
		{bash("HOME=/tmp/h git status"), arbiter.Defer, "U.env-redirect"},
		{bash("HOME=. npm test"), arbiter.Defer, "U.env-redirect"},
		{bash("XDG_CONFIG_HOME=/tmp/c git log"), arbiter.Defer, "U.env-redirect"},
		{bash("HOME=/tmp/h; git diff"), arbiter.Defer, "U.env-redirect"},
		{bash("GIT_CONFIG_GLOBAL=/tmp/x git status"), arbiter.Ask, "U.env-redirect"},
		{bash("HOME=/tmp/h echo hi"), arbiter.Allow, ""},
		{bash("GIT_CONFIG_GLOBAL=/dev/null git log"), arbiter.Allow, ""},
		// Which repository git works on, and git variables arbiter does not know.
		{bash("GIT_DIR=/tmp/r/.git git status"), arbiter.Defer, "U.env-redirect"},
		{bash("GIT_WORK_TREE=/etc git status"), arbiter.Defer, "U.env-redirect"},
		{bash("GIT_DIR=$X git log"), arbiter.Defer, "U.env-redirect"},
		{bash("GIT_FOO=1 git status"), arbiter.Defer, "U.env-redirect"},
		{bash("GIT_DIR=.git git status"), arbiter.Allow, ""},
		{bash("GIT_AUTHOR_NAME=x GIT_AUTHOR_EMAIL=x@example.com git commit -m y"), arbiter.Allow, ""},
		{bash("GIT_PAGER=cat git log"), arbiter.Allow, ""},
		// The same through git's own options.
		{bash("git -c include.path=/tmp/x status"), arbiter.Defer, "U.env-redirect"},
		{bash("git -c includeIf.gitdir:/.path=/tmp/x log"), arbiter.Defer, "U.env-redirect"},
		{bash("git --git-dir=/tmp/r/.git log"), arbiter.Defer, "U.env-redirect"},
		{bash("git -C /tmp/repo status"), arbiter.Defer, "U.env-redirect"},
		{bash("git --work-tree=/etc status"), arbiter.Defer, "U.env-redirect"},
		{bash("git --exec-path=/tmp/x status"), arbiter.Defer, "U.env-redirect"},
		{bash("git --config-env=core.pager=P log"), arbiter.Defer, "U.env-redirect"},
		{bash("git -C sub log"), arbiter.Allow, ""},
		{bash("git -c color.ui=never log"), arbiter.Allow, ""},
		// Code loaded from a directory.
		{bash("PYTHONPATH=/tmp/x python3 t.py"), arbiter.Defer, "U.env-redirect"},
		{bash("NODE_PATH=/tmp/m node app.js"), arbiter.Defer, "U.env-redirect"},
		{bash("LD_LIBRARY_PATH=/tmp/l ./app"), arbiter.Defer, "U.env-redirect"},
		{bash("PYTHONPATH=. pytest"), arbiter.Allow, ""},
		{bash("PYTHONPATH=src:tests python3 -m pytest"), arbiter.Allow, ""},
	})
}

// git's trace variables name a file git appends to when they hold an
// absolute path: that is a write there.
func TestTraceFiles(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{bash("GIT_TRACE=~/.bashrc git status"), arbiter.Ask, "B5.persistence"},
		{bash("GIT_TRACE_PACKET=/etc/profile.d/x.sh git log"), arbiter.Ask, "B5.persistence"},
		{bash("GIT_TRACE_PERFORMANCE=/usr/bin/ls git log"), arbiter.Deny, "A2.system-tree-write"},
		{bash("GIT_TRACE_SETUP=$HOME/.profile git status"), arbiter.Ask, "B5.persistence"},
		{bash("export GIT_TRACE=/home/user/.ssh/authorized_keys; git status"), arbiter.Ask, "B5.persistence"},
		{bash(`GIT_TRACE="$F" git status`), arbiter.Defer, "U.env-redirect"},
		{bash("GIT_TRACE=1 git status"), arbiter.Allow, ""},
		{bash("GIT_TRACE=/tmp/t.log git status"), arbiter.Allow, ""},
		{bash("GIT_TRACE=true GIT_TRACE_PACKET=2 git log"), arbiter.Allow, ""},
	})
}
