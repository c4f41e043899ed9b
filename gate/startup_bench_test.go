package gate

import (
	"bytes"
	"context"
	"os"

	"testing"

	"github.com/arbitergate/arbiter"

	"github.com/arbitergate/arbiter/config"
)

// BenchmarkFromConfig is the configuration part of a hook's start-up.
// ARBITER_BENCH_CONFIG names the file to load (default: none).
func BenchmarkFromConfig(b *testing.B) {
	file := os.Getenv("ARBITER_BENCH_CONFIG")
	if file == "" {
		file = "/dev/null"
	}
	env := map[string]string{"ARBITER_CONFIG": file, "ARBITER_MANAGED_CONFIG": os.DevNull, "HOME": b.TempDir()}
	getenv := func(k string) string { return env[k] }
	for b.Loop() {
		if _, _, err := FromConfig(Options{Getenv: getenv, Report: func(config.Problem) {}, Log: &bytes.Buffer{}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkHookPath is FromConfig and one decision, as one hook process
// does them.
func BenchmarkHookPath(b *testing.B) {
	file := os.Getenv("ARBITER_BENCH_CONFIG")
	if file == "" {
		file = "/dev/null"
	}
	env := map[string]string{"ARBITER_CONFIG": file, "ARBITER_MANAGED_CONFIG": os.DevNull, "HOME": b.TempDir()}
	getenv := func(k string) string { return env[k] }
	call := arbiter.Call{Tool: "Bash", Input: []byte(`{"command":"go test ./... 2>&1 | tail -20","description":"Run the tests"}`), ProjectDir: "/home/dev/proj", Cwd: "/home/dev/proj", Home: "/home/dev"}
	for b.Loop() {
		g, _, _ := FromConfig(Options{Getenv: getenv, Report: func(config.Problem) {}, Log: &bytes.Buffer{}})
		g.Decide(context.Background(), call)
	}
}
