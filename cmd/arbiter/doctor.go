package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/gate"
	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/setup"
)

// doctor checks every runtime arbiter is installed in: the entry points
// at a binary that runs, and a call round-trips through the real hook.
func doctor(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintln(stderr, "arbiter doctor takes no arguments")
		return 2
	}
	problems, found := doctorConfig(stdout), 0
	for _, project := range []bool{false, true} {
		scope, err := scopeFor(project)
		if err != nil {
			fmt.Fprintln(stderr, "arbiter doctor:", err)
			return 1
		}
		for _, rt := range setup.Runtimes {
			t, err := setup.For(rt, scope, "arbiter")
			if err != nil {
				continue
			}
			events, err := t.Status()
			if err != nil {
				problems++
				fmt.Fprintf(stdout, "✗ %s (%s): cannot read the settings: %v\n  fix: repair the JSON, then run `arbiter install %s`\n", rt, t.Path, err, rt)
				continue
			}
			if len(events) == 0 {
				continue
			}
			found++
			problems += checkRuntime(stdout, rt, t, events)
		}
	}
	if found == 0 {
		fmt.Fprintf(stdout, "arbiter is not installed in any runtime; run `arbiter install RUNTIME` (%s)\n", strings.Join(setup.Runtimes, ", "))
	}
	problems += checkConfig(stdout, stderr)
	if problems > 0 {
		fmt.Fprintf(stdout, "%d problem(s) found\n", problems)
		return 1
	}
	return 0
}

// checkRuntime checks one installed settings file and returns the number
// of problems it printed.
func checkRuntime(w io.Writer, rt string, t setup.Target, events map[string][]string) int {
	problems := 0
	var missing []string
	for _, ev := range t.Events {
		if len(events[ev]) == 0 {
			missing = append(missing, ev)
		}
	}
	if len(missing) > 0 {
		problems++
		fmt.Fprintf(w, "✗ %s (%s): no arbiter hook for %s\n  fix: arbiter install %s\n", rt, t.Path, strings.Join(missing, ", "), rt)
	}
	seen := map[string]bool{}
	for _, ev := range t.Events {
		for _, cmd := range events[ev] {
			if seen[cmd] {
				continue
			}
			seen[cmd] = true
			if err := roundTrip(rt, cmd); err != nil {
				problems++
				fmt.Fprintf(w, "✗ %s (%s): `%s` failed: %v\n  fix: reinstall the binary (go install ./cmd/arbiter), then arbiter uninstall %s && arbiter install %s\n", rt, t.Path, cmd, err, rt, rt)
				continue
			}
			fmt.Fprintf(w, "✓ %s (%s): `%s` answers a sample call correctly\n", rt, t.Path, cmd)
		}
	}
	return problems
}

// roundTrip runs an installed hook command the way a runtime does, via
// the shell with the payload on stdin, and checks its answer.
func roundTrip(rt, cmd string) error {
	payload, check := hook.Probe(rt)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := exec.CommandContext(ctx, "sh", "-c", cmd)
	c.Stdin = bytes.NewReader(payload)
	var out, errb bytes.Buffer
	c.Stdout, c.Stderr = &out, &errb
	if err := c.Run(); err != nil {
		return fmt.Errorf("%v: %s", err, strings.TrimSpace(errb.String()))
	}
	return check(out.Bytes())
}

// checkConfig reports the configuration and the judge: the file loads,
// the settings make sense, and arbiter-judge is installed when needed.
func checkConfig(w, stderr io.Writer) int {
	g, cfg, err := gate.FromConfig(gate.Options{Log: io.Discard})
	where := "no config file (" + cfg.File + "); environment only"
	if cfg.FileFound {
		where = "config " + cfg.File
	}
	if err != nil {
		fmt.Fprintf(w, "✗ %s: %v\n  fix: correct the setting (README: Configuration); until then every hook answers defer\n", where, err)
		return 1
	}
	if g.Judge == nil {
		fmt.Fprintf(w, "✓ %s: no judge; the static policy alone decides\n", where)
		return 0
	}
	fmt.Fprintf(w, "✓ %s: judge %s, mode %s, timeout %v\n", where, g.Judge.Backend.Name(), g.Judge.Mode(), g.Judge.Timeout)
	helper := gate.HelperPath()
	if helper == "" {
		fmt.Fprintln(w, "✗ arbiter-judge is not installed in the same directory as arbiter, so the judge is never asked\n  fix: go install ./cmd/...")
		return 1
	}
	out, _ := exec.Command(helper).CombinedOutput()
	if !strings.Contains(string(out), "usage: arbiter-judge") {
		fmt.Fprintf(w, "✗ %s does not run: %.200s\n  fix: go install ./cmd/...\n", helper, out)
		return 1
	}
	fmt.Fprintf(w, "✓ %s runs\n", helper)
	return 0
}
