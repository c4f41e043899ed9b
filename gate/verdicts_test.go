package gate

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/arbitergate/arbiter"
)

// TestGateKeepsPythonVerdicts: the gate gives the policy its cache
// directory and build, so a pytest run's plain files are kept between
// calls (policy/pyverdicts.go).
func TestGateKeepsPythonVerdicts(t *testing.T) {
	proj, cache := t.TempDir(), t.TempDir()
	for name, text := range map[string]string{"conftest.py": "import pytest\n", "tests/test_a.py": "def test_a():\n    assert True\n"} {
		p := filepath.Join(proj, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(text), 0o644)
	}
	env := map[string]string{"ARBITER_CONFIG": "/dev/null", "ARBITER_MANAGED_CONFIG": os.DevNull}
	g, _, _ := FromConfig(Options{Getenv: func(k string) string { return env[k] }, CacheDir: cache, Log: io.Discard, NoRules: true, NoProjects: true, Now: func() time.Time { return time.Now().Add(time.Hour) }})
	call := func(cmd string) arbiter.Call {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		return arbiter.Call{Tool: "Bash", Input: in, ProjectDir: proj, Cwd: proj, Home: t.TempDir()}
	}
	if d := g.Static.Decide(context.Background(), call("pytest tests")); d.Decision != arbiter.Allow {
		t.Fatalf("pytest: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	if entries, _ := os.ReadDir(filepath.Join(cache, "python-verdicts")); len(entries) == 0 {
		t.Error("no verdict kept in the cache directory")
	}
}
