package main

import (
	"debug/buildinfo"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestHookStartup keeps the package initialisation of arbiter's hook path
// small: it runs on a session's first call, on every call of a hook that
// decides in its own process (ARBITER_DECIDER=off, systems without a
// decider), and what it builds is paid for whether the call needs it or
// not (BENCHMARKS.md, "Start-up"). No package may
// allocate more than 4 KiB while it is initialised (a regular expression
// compiled at start-up does), and all of them together at most 56 KiB
// (about 53 KB today, nearly all of it the standard library's and the
// modules'). arbiter's own packages together may allocate at most 24
// times and 4 KiB (16 and 2.3 KB today: a few small maps): a table built
// at start-up, or a lazily built one that allocates its holder, shows
// here first. A table belongs in internal/lazy, an expression in
// internal/lazyregexp.
func TestHookStartup(t *testing.T) {
	const perPackage, total = 4 << 10, 56 << 10
	const ownAllocs, ownBytes = 24, 4 << 10
	// The standard library's unicode builds the tables of its
	// categories and scripts, which regexp/syntax refers to; mvdan.cc/sh's
	// fileutil, which its parser imports, compiles two regular expressions
	// at start-up (15 KB): only a copy of the library could defer them,
	// and arbiter uses the released module. debug/dwarf and compress/flate
	// build their tables at start-up too; debug/buildinfo and debug/elf,
	// which read a compiled program before it runs, bring them (11 KB).
	allowed := map[string]bool{"unicode": true, "mvdan.cc/sh/v3/fileutil": true, "debug/dwarf": true, "compress/flate": true}
	payload := []byte(`{"session_id":"s","transcript_path":"","cwd":"/home/dev/proj","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"go test ./... 2>&1 | tail -20"},"tool_use_id":"t"}`)
	out, trace, code := runProgram(t, binary, payload, []string{"GODEBUG=inittrace=1", "ARBITER_CONFIG=/dev/null"}, "hook", "claude")
	if code != 0 || !strings.Contains(out, `"allow"`) {
		t.Fatalf("arbiter hook claude: exit %d, %s %s", code, out, trace)
	}
	sum, packages, own, ownSum := 0, 0, 0, 0
	for _, line := range strings.Split(trace, "\n") {
		// init PACKAGE @0.5 ms, 0.01 ms clock, 312 bytes, 7 allocs
		f := strings.Fields(line)
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," {
			continue
		}
		bytes, err := strconv.Atoi(f[7])
		if err != nil {
			t.Fatalf("reading %q: %v", line, err)
		}
		allocs, err := strconv.Atoi(f[9])
		if err != nil {
			t.Fatalf("reading %q: %v", line, err)
		}
		packages++
		sum += bytes
		if strings.HasPrefix(f[1], "github.com/arbitergate/arbiter") {
			own += allocs
			ownSum += bytes
		}
		if bytes > perPackage && !allowed[f[1]] {
			t.Errorf("initialising %s allocates %d bytes (at most %d): build it on first use", f[1], bytes, perPackage)
		}
	}
	if packages == 0 {
		t.Fatalf("no initialisation traced in %q", trace)
	}
	if own > ownAllocs || ownSum > ownBytes {
		t.Errorf("initialising arbiter's own packages allocates %d times, %d bytes (at most %d, %d): build tables on first use", own, ownSum, ownAllocs, ownBytes)
	}
	if sum > total {
		t.Errorf("initialising arbiter-hook's %d packages allocates %d bytes (at most %d)", packages, sum, total)
	}
}

// TestHookRuntimeSettings: both programs that answer hook calls are built
// without the runtime's goroutine that follows the container's CPU limit
// (//go:debug updatemaxprocs=0 in their main packages). A hook lives a few
// milliseconds; starting that goroutine woke a thread on every call (41
// context switches a call against 16 without, BENCHMARKS.md).
func TestHookRuntimeSettings(t *testing.T) {
	for _, path := range []string{binary, hookBinaryPath} {
		info, err := buildinfo.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		godebug := ""
		for _, s := range info.Settings {
			if s.Key == "DefaultGODEBUG" {
				godebug = s.Value
			}
		}
		if !slices.Contains(strings.Split(godebug, ","), "updatemaxprocs=0") {
			t.Errorf("%s: DefaultGODEBUG %q lacks updatemaxprocs=0", path, godebug)
		}
	}
}
