package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/setup"
)

// checkAmp is doctor's check of Amp's plugin beyond its answer: the
// defer mapping in force, and whether Amp reads the folder it is in.
func checkAmp(w io.Writer, t setup.Target) int {
	return reportDeferMapping(w, t) + checkConfigHome(w, t)
}

// checkConfigHome finds a user-level plugin under ~/.config that its
// runtime does not read because XDG_CONFIG_HOME moves the runtime's
// configuration elsewhere (Amp reads $XDG_CONFIG_HOME/amp/plugins). Amp
// runs every call that no plugin answers, so such a plugin gates nothing.
func checkConfigHome(w io.Writer, t setup.Target) int {
	home, err := os.UserHomeDir()
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if err != nil || xdg == "" {
		return 0
	}
	def := filepath.Join(home, ".config")
	rest, under := strings.CutPrefix(t.Path, def+string(filepath.Separator))
	if !under || filepath.Clean(xdg) == def {
		return 0
	}
	fmt.Fprintf(w, "✗ %s: XDG_CONFIG_HOME is %s, so %s reads %s, not %s: the hook there gates nothing\n  fix: move %s to %s, or unset XDG_CONFIG_HOME for %s\n",
		t.Runtime, xdg, agents.Name(t.Runtime), filepath.Join(xdg, rest), t.Path, t.Path, filepath.Join(xdg, rest), agents.Name(t.Runtime))
	return 1
}
