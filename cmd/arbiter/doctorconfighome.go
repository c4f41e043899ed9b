package main

import (
	"fmt"
	"io"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/setup"
)

// checkAmp is doctor's check of Amp's plugin beyond its answer: the
// defer mapping in force.
func checkAmp(w io.Writer, t setup.Target) int {
	return reportDeferMapping(w, t)
}

// checkUnmoved finds arbiter's user-level hook at a runtime's default
// place while the environment moves the runtime's folder elsewhere
// (CODEX_HOME, or XDG_CONFIG_HOME for OpenCode, Kilo and Amp): the
// runtime reads the other folder, so that hook gates nothing.
func checkUnmoved(w io.Writer, user setup.Scope) int {
	problems := 0
	for _, rt := range setup.Runtimes() {
		moved, err := setup.For(rt, user, "arbiter")
		if err != nil {
			continue
		}
		user := user
		user.Unmoved = true
		def, err := setup.For(rt, user, "arbiter")
		if err != nil || def.Path == moved.Path {
			continue
		}
		if events, err := def.Status(); err != nil || len(events) == 0 {
			continue
		}
		problems++
		fmt.Fprintf(w, "✗ %s: arbiter's hook is at %s, but the environment moves %s's folder, so it reads %s: the hook there gates nothing\n  fix: run `arbiter install %s` (it installs at the place the environment names), and remove the old one with the variable unset\n",
			rt, def.Path, agents.Name(rt), moved.Path, rt)
	}
	return problems
}
