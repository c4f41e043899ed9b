package policy

import (
	"context"
	"os"
	"testing"

	"github.com/arbitergate/arbiter"
)

const reproPy = "import sys\nprint(sys.version)\n"

// TestScratchDeletes: rm of files the agent wrote in this session. Each
// attack was answered the same before the record was read (B1 asks, or
// the class of its place) and still is; each twin was asked before and is
// now allowed as the agent's own file.
func TestScratchDeletes(t *testing.T) {
	ask, allow := arbiter.Ask, arbiter.Allow
	runWrittenCases(t, []writtenCase{
		// Routine: the agent's own files, unchanged.
		{name: "repro script", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, cmd: "rm repro_issue.py", before: was(ask), want: allow, rule: "D2.agent-scratch-delete"},
		{name: "force", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, cmd: "rm -f repro_issue.py", before: was(ask), want: allow, rule: "D2.agent-scratch-delete"},
		{name: "unlink", wrote: map[string]string{"PROJECT/out/notes.md": "# notes\n"}, cmd: "unlink out/notes.md", before: was(ask), want: allow, rule: "D2.agent-scratch-delete"},
		{name: "two files after --", wrote: map[string]string{"PROJECT/a.py": reproPy, "PROJECT/tests/test_a.py": "def test_a():\n    pass\n"}, cmd: "rm -v -- a.py tests/test_a.py", before: was(ask), want: allow, rule: "D2.agent-scratch-delete"},
		{name: "absolute path", wrote: map[string]string{"PROJECT/scratch/x.py": reproPy}, cmd: "rm PROJECT/scratch/x.py && ls", before: was(ask), want: allow, rule: "D2.agent-scratch-delete"},
		{name: "after cd", wrote: map[string]string{"PROJECT/sub/x.txt": "x\n"}, cmd: "cd sub && rm x.txt", before: was(ask), want: allow, rule: "D2.agent-scratch-delete"},
		{name: "written by the shell", tool: "Bash", wrote: map[string]string{"PROJECT/x.txt": "x\n"}, cmd: "rm x.txt", before: was(ask), want: allow, rule: "D2.agent-scratch-delete"},

		// Harmful neighbours: not (only) the agent's unchanged file.
		{name: "changed since", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/repro_issue.py": reproPy + "# the user's line\n"}, cmd: "rm repro_issue.py", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "changed since, written by the shell", tool: "Bash", wrote: map[string]string{"PROJECT/x.txt": "x\n"}, files: map[string]string{"PROJECT/x.txt": "y\n"}, cmd: "rm x.txt", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "the user's file", files: map[string]string{"PROJECT/notes.txt": "mine\n"}, cmd: "rm notes.txt", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "edited, not written", tool: "Edit", wrote: map[string]string{"PROJECT/main.py": reproPy}, cmd: "rm main.py", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a link to the user's file", wrote: map[string]string{"PROJECT/x.txt": "mine\n"}, files: map[string]string{"HOME/notes.txt": "mine\n"}, links: map[string]string{"PROJECT/x.txt": "HOME/notes.txt"}, cmd: "rm x.txt", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a scratch file and the user's", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/notes.txt": "mine\n"}, cmd: "rm repro_issue.py notes.txt", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a glob", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/repro_notes.py": "mine\n"}, cmd: "rm repro_*.py", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a glob of one file", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, cmd: "rm repro_issue.p?", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a path known at run time", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, cmd: `rm "$REPRO"`, before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a path set in the line", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, cmd: `f=repro_issue.py; rm "$f"`, before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a substituted path", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, cmd: "rm $(ls repro*)", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "recursive", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, cmd: "rm -r repro_issue.py", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "in .git", wrote: map[string]string{"PROJECT/.git/hooks/pre-commit": "echo hi\n"}, cmd: "rm .git/hooks/pre-commit", before: was(ask), want: ask, rule: "B7.git-metadata"},
		{name: "the agent's configuration", wrote: map[string]string{"PROJECT/.claude/settings.json": "{}\n"}, cmd: "rm .claude/settings.json", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a shell start-up file", wrote: map[string]string{"HOME/.bashrc": "echo hi\n"}, cmd: "rm HOME/.bashrc", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "a credentials file", wrote: map[string]string{"PROJECT/.env": "A=1\n"}, cmd: "rm .env", before: was(ask), want: ask},
		{name: "personal data folder", wrote: map[string]string{"HOME/Documents/x.txt": "x\n"}, cmd: "rm HOME/Documents/x.txt", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "in the home", wrote: map[string]string{"HOME/scratch/x.py": reproPy}, cmd: "rm HOME/scratch/x.py", before: was(ask), want: ask},
		{name: "replaced first by mv", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/notes.txt": "mine\n"}, cmd: "mv notes.txt repro_issue.py && rm repro_issue.py", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "replaced first by a redirect", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/notes.txt": "mine\n"}, cmd: "cat notes.txt > repro_issue.py; rm repro_issue.py", before: was(ask), want: ask, rule: "B1.delete"},
		{name: "replaced first by a program", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/mover.py": "import os\nos.replace('notes.txt', 'repro_issue.py')\n", "PROJECT/notes.txt": "mine\n"}, cmd: "python3 mover.py && rm repro_issue.py", before: was(ask), want: ask, rule: "B1.delete"},
	})
}

// TestScratchDeleteOfASystemFile: a file of a system tree is never
// scratch, even when the record names it with what it holds.
func TestScratchDeleteOfASystemFile(t *testing.T) {
	const file = "/etc/hostname"
	data, err := os.ReadFile(file)
	if err != nil {
		t.Skip(err)
	}
	call := projectCall(t.TempDir(), "rm -f "+file)
	call.Written = func(abs string) (arbiter.WrittenFile, bool) {
		return arbiter.WrittenFile{Sum: arbiter.ContentSum(data), Tool: "Write"}, abs == file
	}
	if d := Decide(context.Background(), call); d.Decision != arbiter.Deny || !hasRule(d.Rules, "A2.system-tree-delete") {
		t.Errorf("rm -f %s: %s %v: %s, want deny A2.system-tree-delete", file, d.Decision, d.Rules, d.Reason)
	}
}
