package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/setup"
)

// checkHermesConsent reports arbiter's Hermes hooks that Hermes skips
// because the person has not consented to them: Hermes asks once per
// hook at a terminal and records the answer in its allowlist, and runs no
// unapproved hook elsewhere. arbiter never consents for the person.
func checkHermesConsent(w io.Writer, t setup.Target) int {
	events, err := t.Status()
	if err != nil || len(events) == 0 {
		return 0 // checkRuntime reported it
	}
	hermes, _ := agents.Lookup(agents.Hermes)
	home, _ := os.UserHomeDir()
	path := hermes.InHome(home, hermes.Trust, os.Getenv)
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(w, "✗ hermes: cannot read %s to check that you consented to arbiter's hook: %v\n  fix: make it readable\n", path, err)
		return 1
	}
	config, _ := os.ReadFile(t.Path)
	if setup.HermesAutoAccept(config) {
		fmt.Fprintf(w, "  hermes: %s sets hooks_auto_accept, so Hermes runs every hook of the file without asking\n", t.Path)
		return 0
	}
	problems := 0
	for ev, cmds := range events {
		for _, c := range cmds {
			if setup.HermesConsented(data, ev, c) {
				fmt.Fprintf(w, "✓ hermes: you consented to arbiter's %s hook (%s)\n", ev, path)
				continue
			}
			problems++
			fmt.Fprintf(w, "✗ hermes (%s): you have not consented to arbiter's %s hook (%q is not in %s), so Hermes skips it: at a terminal it asks first, elsewhere it runs the calls unchecked\n  fix: start hermes in a terminal and answer yes when it asks about arbiter's hook; arbiter does not consent for you\n", t.Path, ev, c, path)
		}
	}
	return problems
}
