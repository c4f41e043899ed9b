package policy

import (
	"context"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestShellVariables: a variable set without export (NAME=value alone,
// read, for, printf -v) is the shell's own and reaches no program, unless
// the line exports it (export NAME, declare -x, set -a) or runs code that
// may (source, eval). A lowercase name set alone is such a variable, as
// read and for already were (scripts' out=$(…) deferred as an unknown
// environment variable); a name the line exports is judged as the
// environment variable it becomes (read MAKEFILES; export MAKEFILES; make
// was allowed, and make then reads the makefile it names). Uppercase names,
// and the lowercase ones programs read, stay closed: the environment may
// already export them.
func TestShellVariables(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		// Shell variables: routine.
		{bash(`out=$(printf 'a b\n' | wc -w); [ "$out" = 2 ] && echo PASS`), arbiter.Allow, ""},
		{bash(`n=3; head -n "$n" README.md`), arbiter.Allow, ""},
		{bash(`f=src/main.c; wc -l "$f"`), arbiter.Allow, ""},
		{bash(`total=0; for x in 1 2; do total=$((total + x)); done; echo $total`), arbiter.Allow, ""},
		// Exported: the environment variable it becomes is judged.
		{bash(`read MAKEFILES <<< /tmp/evil.mk; export MAKEFILES; make`), arbiter.Defer, "U.env-redirect"},
		{bash(`for MAKEFILES in /tmp/evil.mk; do export MAKEFILES; make; done`), arbiter.Defer, "U.env-redirect"},
		{bash(`set -a; read MAKEFILES <<< /tmp/evil.mk; make`), arbiter.Defer, "U.env-redirect"},
		{bash(`printf -v MAKEFILES %s /tmp/evil.mk; declare -x MAKEFILES; make`), arbiter.Defer, "U.env-redirect"},
		{bash(`pytest_addopts=-p; export pytest_addopts; ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`set -o allexport; cfg=/tmp/x; ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`f() { export cfg; }; cfg=/tmp/x; f; make`), arbiter.Defer, "U.env-redirect"},
		{bash(`cfg=/tmp/x; builtin export cfg; make`), arbiter.Defer, "U.env-redirect"},
		{bash(`cfg=/tmp/x; (export cfg; make)`), arbiter.Defer, "U.env-redirect"},
		{bash(`cfg=/tmp/x; declare $(printf -- -x) cfg; ls`), arbiter.Defer, ""},
		{bash(`cfg=/tmp/x; trap 'export cfg' DEBUG; ls`), arbiter.Defer, ""},
		// A shell run with allexport exports every variable its code sets.
		{bash(`bash -a -c 'cfg=/tmp/x; ls'`), arbiter.Defer, "U.env-redirect"},
		{bash(`sh -eac 'cfg=/tmp/x; ls'`), arbiter.Defer, "U.env-redirect"},
		{bash(`bash -o allexport -c 'cfg=/tmp/x; ls'`), arbiter.Defer, "U.env-redirect"},
		{bash(`bash -e -c 'out=$(ls); echo "$out"'`), arbiter.Allow, ""},
		{bash(`sh -c 'n=2; echo "$n"'`), arbiter.Allow, ""},
		// Lowercase names programs read, which may already be exported.
		{bash(`http_proxy=http://evil.example:3128; curl -s http://localhost:8080/`), arbiter.Defer, "U.env-redirect"},
		{bash(`all_proxy=socks5://evil.example; curl -s localhost:8080`), arbiter.Defer, "U.env-redirect"},
		{bash(`yarn_registry=https://evil.example; ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`pnpm_config_x=/tmp/x; ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`read https_proxy < /dev/null; curl -s localhost:8080`), arbiter.Defer, "U.env-redirect"},
		{bash(`for no_proxy in x; do curl -s localhost:8080; done`), arbiter.Defer, "U.env-redirect"},
		// Uppercase names set alone stay closed, as before.
		{bash(`MAKEFILES=/tmp/evil.mk; make`), arbiter.Defer, "U.env-redirect"},
		{bash(`PYTEST_ADDOPTS=-pevil; python -m pytest -q`), arbiter.Defer, "U.env-redirect"},
	})
}

// TestShellVariablesInScripts: a script's #! line may turn allexport on.
func TestShellVariablesInScripts(t *testing.T) {
	runReadCases(t, []readCase{
		{"plain script", map[string]string{"run.sh": "#!/bin/sh\nset -e\nout=$(printf 'a b\\n' | wc -w)\n[ \"$out\" = 2 ] && echo PASS\n"}, "sh run.sh", allow, ""},
		{"errexit script", map[string]string{"run.sh": "#!/bin/bash -eu\nn=3\necho \"$n\"\n"}, "bash run.sh", allow, ""},
		{"allexport line", map[string]string{"run.sh": "#!/bin/bash -a\ncfg=/tmp/x\nls\n"}, "bash run.sh", dfr, "U.env-redirect"},
		{"allexport cluster", map[string]string{"run.sh": "#!/bin/sh -ea\ncfg=/tmp/x\nls\n"}, "sh run.sh", dfr, "U.env-redirect"},
		{"allexport by env", map[string]string{"run.sh": "#!/usr/bin/env -S bash -a\ncfg=/tmp/x\nls\n"}, "bash run.sh", dfr, "U.env-redirect"},
	})
}

// TestShellParameters: a lowercase name the shell itself reads is not a
// script's own variable. The runtime's shell may be zsh, which ties path
// to PATH and cdpath to CDPATH: path=/tmp/evil; ls runs /tmp/evil/ls, and
// cdpath moves where cd goes. All were allowed, by an assignment alone, a
// for loop or read.
func TestShellParameters(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{bash(`path=/tmp/evil; ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`cdpath=/tmp; cd x && ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`fpath=/tmp/evil; ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`for path in /tmp/evil; do ls; done`), arbiter.Defer, "U.env-redirect"},
		{bash(`read module_path <<< /tmp/evil; ls`), arbiter.Defer, "U.env-redirect"},
		{bash(`chpwd_functions=evil; cd src`), arbiter.Defer, "U.env-redirect"},
		// Twins: a script's own names stay its own.
		{bash(`paths=src; ls "$paths"`), arbiter.Allow, ""},
		{bash(`for p in src docs; do ls "$p"; done`), arbiter.Allow, ""},
		{bash(`read name <<< x; echo "$name"`), arbiter.Allow, ""},
	})
}

// TestShellVariablesExported: where the environment the call runs in is
// known, a variable it already exports reaches every program even when
// the command line sets it without export (an exported out, MYTOOL_OPTS).
func TestShellVariablesExported(t *testing.T) {
	env := map[string]bool{"out": true, "MYTOOL_OPTS": true}
	p := New(Options{Exported: func(n string) bool { return env[n] }})
	tests := []struct {
		cmd  string
		want arbiter.Verdict
	}{
		{`out=/tmp/x; ls`, arbiter.Defer},
		{`for MYTOOL_OPTS in --evil; do ls; done`, arbiter.Defer},
		{`read out <<< /tmp/x; ls`, arbiter.Defer},
		{`printf -v MYTOOL_OPTS %s x; ls`, arbiter.Defer},
		// Names it does not export stay the shell's own.
		{`res=/tmp/x; ls`, arbiter.Allow},
		{`for f in a b; do echo "$f"; done`, arbiter.Allow},
		{`read line <<< x; echo "$line"`, arbiter.Allow},
	}
	for _, tt := range tests {
		d := p.Decide(context.Background(), bash(tt.cmd))
		if d.Decision != tt.want {
			t.Errorf("%s: got %s %v (%s), want %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}
