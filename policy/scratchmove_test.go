package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestScratchMoves: mv of a file the agent wrote in this session, to a
// name inside the project that holds nothing. Each routine variant was
// deferred as a move (C3) before the record was read and is now allowed
// as the agent's own file; each harmful neighbour keeps the answer it had.
func TestScratchMoves(t *testing.T) {
	dfr, ask, allow := arbiter.Defer, arbiter.Ask, arbiter.Allow
	runWrittenCases(t, []writtenCase{
		// Routine: the agent's own, unchanged file, onto a free name.
		{name: "repro script into the tests", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/tests/__init__.py": ""}, cmd: "mv repro_issue.py tests/test_issue.py", before: was(dfr), want: allow, rule: "D2.agent-scratch-move"},
		{name: "rename a draft", wrote: map[string]string{"PROJECT/notes_draft.md": "# notes\n"}, cmd: "mv -v notes_draft.md NOTES.md", before: was(dfr), want: allow, rule: "D2.agent-scratch-move"},
		{name: "into a folder", wrote: map[string]string{"PROJECT/x.py": reproPy}, files: map[string]string{"PROJECT/scratch/keep.txt": "k\n"}, cmd: "mv x.py scratch/", before: was(dfr), want: allow, rule: "D2.agent-scratch-move"},
		{name: "no-clobber after cd", wrote: map[string]string{"PROJECT/sub/a.txt": "a\n"}, cmd: "cd sub && mv -n -- a.txt b.txt", before: was(dfr), want: allow, rule: "D2.agent-scratch-move"},
		{name: "written by the shell", tool: "Bash", wrote: map[string]string{"PROJECT/out.json": "{}\n"}, cmd: "mv out.json expected.json", before: was(dfr), want: allow, rule: "D2.agent-scratch-move"},

		// Harmful neighbours.
		{name: "changed since", wrote: map[string]string{"PROJECT/repro_issue.py": reproPy}, files: map[string]string{"PROJECT/repro_issue.py": reproPy + "# the user's line\n"}, cmd: "mv repro_issue.py tests_issue.py", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "onto the user's file", wrote: map[string]string{"PROJECT/draft.md": "# draft\n"}, files: map[string]string{"PROJECT/README.md": "the user's\n"}, cmd: "mv draft.md README.md", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "onto the user's file in a folder", wrote: map[string]string{"PROJECT/utils.py": reproPy}, files: map[string]string{"PROJECT/src/utils.py": "the user's\n"}, cmd: "mv utils.py src/", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "the user's file", files: map[string]string{"PROJECT/notes.txt": "mine\n"}, cmd: "mv notes.txt old_notes.txt", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "edited, not written", tool: "Edit", wrote: map[string]string{"PROJECT/main.py": reproPy}, cmd: "mv main.py app.py", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "out of the project", wrote: map[string]string{"PROJECT/x.sh": "echo hi\n"}, files: map[string]string{"HOME/bin/keep": ""}, cmd: "mv x.sh HOME/bin/x", before: was(ask), want: ask},
		{name: "into a start-up file", wrote: map[string]string{"PROJECT/x.sh": "echo hi\n"}, cmd: "mv x.sh HOME/.bashrc", before: was(ask), want: ask, rule: "B5.persistence"},
		{name: "into a git hook", wrote: map[string]string{"PROJECT/x.sh": "echo hi\n"}, files: map[string]string{"PROJECT/.git/hooks/keep": ""}, cmd: "mv x.sh .git/hooks/pre-commit", before: was(ask), want: ask},
		{name: "a scratch file and the user's", wrote: map[string]string{"PROJECT/a.py": reproPy}, files: map[string]string{"PROJECT/b.py": "mine\n", "PROJECT/old/keep": ""}, cmd: "mv a.py b.py old/", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "a link to the user's file", wrote: map[string]string{"PROJECT/x.txt": "mine\n"}, files: map[string]string{"HOME/notes.txt": "mine\n"}, links: map[string]string{"PROJECT/x.txt": "HOME/notes.txt"}, cmd: "mv x.txt y.txt", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "the name filled first", wrote: map[string]string{"PROJECT/draft.md": "# draft\n"}, files: map[string]string{"PROJECT/README.md": "the user's\n"}, cmd: "cp README.md NEW.md && mv draft.md NEW.md", before: was(dfr), want: dfr, rule: "C3.move"},
		{name: "a backup option", wrote: map[string]string{"PROJECT/draft.md": "# draft\n"}, cmd: "mv --backup=numbered draft.md NOTES.md", before: was(dfr), want: dfr},
		{name: "a glob", wrote: map[string]string{"PROJECT/draft.md": "# draft\n"}, cmd: "mv draft.m? NOTES.md", before: was(dfr), want: dfr},
		{name: "a path known at run time", wrote: map[string]string{"PROJECT/draft.md": "# draft\n"}, cmd: `mv draft.md "$DEST"`, before: was(dfr), want: dfr},
	})
}
