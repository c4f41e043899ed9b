package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/setup"
)

// checkOpenClawEnabled reports an installed OpenClaw plugin that OpenClaw
// does not run: one that openclaw.json does not enable, or whose plugins
// settings switch it off. It then says what the plugin makes of a defer.
func checkOpenClawEnabled(w io.Writer, t setup.Target) int {
	path := os.Getenv("OPENCLAW_CONFIG_PATH")
	if path == "" {
		oc, _ := agents.Lookup(agents.OpenClaw)
		home, _ := os.UserHomeDir()
		path = oc.InHome(home, oc.Dir+"/openclaw.json", os.Getenv)
	}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(w, "✗ openclaw: cannot read %s to check that OpenClaw runs arbiter's plugin: %v\n  fix: make it readable\n", path, err)
		return 1
	}
	problems := 0
	switch on, why, err := setup.OpenClawEnabled(data); {
	case err != nil:
		fmt.Fprintf(w, "  openclaw: %s is not JSON arbiter reads (%v), so whether it enables arbiter's plugin is not checked: see openclaw plugins inspect arbiter\n", path, err)
	case !on:
		problems++
		fmt.Fprintf(w, "✗ openclaw (%s): OpenClaw does not run arbiter's plugin: %s, so its tool calls go unchecked\n  fix: openclaw plugins enable arbiter, then restart a running gateway\n", path, why)
	default:
		fmt.Fprintf(w, "✓ openclaw: %s enables arbiter's plugin\n", path)
	}
	return problems + reportDeferMapping(w, t)
}
