package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/hook"
	"github.com/arbitergate/arbiter/policy"
	"github.com/arbitergate/arbiter/replay"
	"github.com/arbitergate/arbiter/setup"
	"github.com/arbitergate/arbiter/tools"
)

// TestEveryRuntimeIsComplete: every runtime of the registry (package
// agents) has a hook adapter, a tool table, an installer, a probe the
// hook denies, a hook timeout unit and a folder of golden hook tests; and
// nothing is registered for a runtime the registry lacks. Each failure
// names what is missing and where it goes (README: Adding a runtime).
func TestEveryRuntimeIsComplete(t *testing.T) {
	var tables []string
	for _, tb := range tools.Tables() {
		tables = append(tables, tb.ID)
	}
	var readers []string
	for _, rt := range replay.Runtimes() {
		readers = append(readers, string(rt))
	}
	golden, err := filepath.Glob("testdata/hook/*")
	if err != nil {
		t.Fatal(err)
	}
	var folders []string
	for _, p := range golden {
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			folders = append(folders, filepath.Base(p))
		}
	}
	// Each package registers runtimes by ID in one table.
	registered := []registration{
		{"hook adapter", "adapters in hook/adapters.go", hook.Runtimes()},
		{"tool table", "tables in tools/tools.go", tables},
		{"installer", "installers in setup/installers.go", setup.Runtimes()},
		{"folder of golden hook tests", "cmd/arbiter/testdata/hook/<id>/", folders},
	}
	for _, a := range agents.All() {
		for _, r := range registered {
			if !slices.Contains(r.ids, a.ID) {
				t.Errorf("%s (%s) has no %s: add one to %s", a.ID, a.Name, r.what, strings.ReplaceAll(r.where, "<id>", a.ID))
			}
		}
		if a.Timeout == 0 {
			t.Errorf("%s (%s) has no hook timeout unit: set Timeout in agents/registry.go (agents.Seconds, agents.Milliseconds, or agents.NoTimeout when its entries carry none)", a.ID, a.Name)
		}
		if tb, ok := tools.ForRuntime(a.ID); ok && (tb.ID != a.ID || tb.Runtime != a.Name) {
			t.Errorf("the tool table for %s says ID %q, runtime %q; want %q, %q", a.ID, tb.ID, tb.Runtime, a.ID, a.Name)
		}
		if len(a.Sessions) > 0 && !slices.Contains(readers, a.ID) {
			t.Errorf("%s (%s) lists session folders but replay has no reader for them: add one to readers in replay/read.go, or drop Sessions", a.ID, a.Name)
		}
		if hook.Known(a.ID) {
			checkProbe(t, a)
		}
		if slices.Contains(folders, a.ID) {
			if p, _ := filepath.Glob(filepath.Join("testdata/hook", a.ID, "*.json")); len(p) == 0 {
				t.Errorf("cmd/arbiter/testdata/hook/%s/ holds no payload (NAME.json beside NAME.golden)", a.ID)
			}
		}
	}
	// Tables that need not hold every runtime, but none the registry
	// lacks.
	registered = append(registered,
		registration{"session reader", "readers in replay/read.go", readers},
		registration{"doctor check", "runtimeChecks in cmd/arbiter/doctor.go", keys(runtimeChecks)},
		registration{"install step", "installSteps in cmd/arbiter/install.go", keys(installSteps)},
	)
	for _, r := range registered {
		for _, id := range r.ids {
			if _, ok := agents.Lookup(id); !ok {
				t.Errorf("%s has a %s for %q, which the registry lacks: add the runtime to agents/registry.go, or remove it there", r.where, r.what, id)
			}
		}
	}
}

// registration is the runtimes one package registers something for.
type registration struct {
	what, where string
	ids         []string
}

// checkProbe sends a runtime's probe through its hook, as doctor does,
// and checks that the answer denies it.
func checkProbe(t *testing.T, a agents.Agent) {
	t.Helper()
	payload, check := hook.Probe(a.ID)
	if payload == nil {
		t.Errorf("%s (%s) has no probe: its adapter's probe method in hook/ returns the payload of a shell call", a.ID, a.Name)
		return
	}
	var out, errb bytes.Buffer
	hook.Run(context.Background(), a.ID, bytes.NewReader(payload), &out, &errb, policy.New(policy.Options{}), hook.Options{Home: "/home/dev"})
	if err := check(out.Bytes()); err != nil {
		t.Errorf("%s (%s): the hook does not deny its own probe: %v (stderr: %s)", a.ID, a.Name, err, errb.String())
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
