package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestHookDeletesTheAgentsScratchFile: a Write of a file in the project,
// then rm of it in a later call. The agent's own file, unchanged, is
// deleted without a prompt; one changed after the Write, or one the agent
// never wrote, is asked as any delete in the project is.
func TestHookDeletesTheAgentsScratchFile(t *testing.T) {
	const repro = "import sys\nprint(sys.version)\n"
	for _, tt := range []struct {
		name         string
		write        bool
		onDisk, want string
		reason       string
	}{
		{name: "the agent's", write: true, want: "allow", reason: "which the agent wrote in this session (with Write at "},
		{name: "changed after the write", write: true, onDisk: repro + "# kept by the user\n", want: "ask", reason: "deletes files in the project"},
		{name: "never written by the agent", onDisk: repro, want: "ask", reason: "deletes files in the project"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := newSession(t)
			file := filepath.Join(s.proj, "repro_issue.py")
			if tt.write {
				if d, _ := s.call("toolu_w1", "Write", map[string]any{"file_path": file, "content": repro}); d != "allow" {
					t.Fatalf("the Write: %q, want allow", d)
				}
				s.write(file, repro)
				s.ran("toolu_w1", true)
			}
			if tt.onDisk != "" {
				s.write(file, tt.onDisk)
			}
			d, reason := s.call("toolu_b1", "Bash", map[string]any{"command": "rm repro_issue.py"})
			if d != tt.want || !strings.Contains(reason, tt.reason) {
				t.Errorf("rm repro_issue.py: %q %s, want %q with %q", d, reason, tt.want, tt.reason)
			}
		})
	}
}
