package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHookRunsAnEarlierCompile: a compile in one call, its program run in
// a later one. The record keeps what the compile read, and the run call
// says so, but no run is allowed: a harmful source stays not allowed, a
// program replaced or a source changed after the compile is named as
// such, and even a plain one is deferred, since nothing proves that no
// call wrote the program since (see policy/earliercompile.go).
func TestHookRunsAnEarlierCompile(t *testing.T) {
	const (
		hello = "#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n"
		harm  = "#include <stdlib.h>\nint main(void) { return system(\"rm -rf ~\"); }\n"
	)
	for _, tt := range []struct {
		name   string
		source string
		// after does on disk what happens between the compile and the run.
		after   func(s *session)
		between string // a call run between them
		reason  string
	}{
		{name: "harmful source", source: harm, reason: "its sources still hold what they held then"},
		{name: "source made plain after the compile", source: harm,
			after:  func(s *session) { s.write(filepath.Join(s.proj, "x.c"), hello) },
			reason: "x.c changed after the compile"},
		{name: "program replaced after the compile", source: hello, between: "cp ../evil x",
			after:  func(s *session) { s.write(filepath.Join(s.proj, "x"), elf+"\x01") },
			reason: "written in this session (by cp from "},
		{name: "header changed after the compile", source: "#include \"u.h\"\nint main(void) { return run(); }\n",
			after:  func(s *session) { s.write(filepath.Join(s.proj, "u.h"), "static int run(void) { return 1; }\n") },
			reason: "u.h changed after the compile"},
		{name: "plain hello", source: hello, reason: "its sources still hold what they held then, but nothing records that no call wrote"},
		{name: "plain hello, another file copied", source: hello, between: "cp x.c ../backup.c",
			after:  func(s *session) { s.write(filepath.Join(s.dir, "backup.c"), hello) },
			reason: "its sources still hold what they held then"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t)
			s.write(filepath.Join(s.proj, "x.c"), tt.source)
			s.write(filepath.Join(s.proj, "u.h"), "static int run(void) { return 0; }\n")
			s.write(filepath.Join(s.dir, "evil"), elf+"\x01")
			if d, reason := s.call("toolu_c1", "Bash", map[string]any{"command": "gcc x.c -o x"}); d != "allow" {
				t.Fatalf("the compile: %q %s, want allow", d, reason)
			}
			s.write(filepath.Join(s.proj, "x"), elf)
			s.ran("toolu_c1", true)
			if tt.between != "" {
				s.call("toolu_c2", "Bash", map[string]any{"command": tt.between})
				s.ran("toolu_c2", true)
			}
			if tt.after != nil {
				tt.after(s)
			}
			d, reason := s.call("toolu_r1", "Bash", map[string]any{"command": "./x"})
			if d == "allow" {
				t.Fatalf("./x was allowed: %s", reason)
			}
			if reason == "" {
				reason = s.lastLogged()
			}
			if !strings.Contains(reason, tt.reason) {
				t.Errorf("./x: %q %s, want a reason with %q", d, reason, tt.reason)
			}
		})
	}
}

// TestHookOldCompileRecord: a record written before compiles were kept
// (the output's line alone) still makes the program one of unknown origin.
func TestHookOldCompileRecord(t *testing.T) {
	s := newSession(t)
	s.write(filepath.Join(s.proj, "x.c"), "int main(void) { return 0; }\n")
	if d, _ := s.call("toolu_c1", "Bash", map[string]any{"command": "gcc x.c -o x"}); d != "allow" {
		t.Fatalf("the compile: %q, want allow", d)
	}
	s.write(filepath.Join(s.proj, "x"), elf)
	files, _ := filepath.Glob(filepath.Join(s.cache, "arbiter", "journal", "*.tsv"))
	if len(files) != 1 {
		t.Fatalf("the session's record: %v", files)
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(line, "c1\t") {
			kept = append(kept, line)
		}
	}
	if len(kept) == strings.Count(string(data), "\n") {
		t.Fatalf("the compile left no compile line: %q", data)
	}
	if err := os.WriteFile(files[0], []byte(strings.Join(kept, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	d, reason := s.call("toolu_r1", "Bash", map[string]any{"command": "./x"})
	if reason == "" {
		reason = s.lastLogged()
	}
	if d == "allow" || !strings.Contains(reason, "not by the project's build") {
		t.Errorf("./x with an old record: %q %s, want the untraced program", d, reason)
	}
}
