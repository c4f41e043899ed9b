package policy

import "testing"

// A string's replace(old, new) is not a file move: Path.replace takes one
// argument, the target, and os.replace is called by its module. Each
// routine case was deferred as "mv OLD NEW"; each neighbour still moves a
// file onto a place that matters.
func TestStringReplaceIsNotAMove(t *testing.T) {
	files := map[string]string{"src/app.py": "def f():\n    raise NotImplementedError\n", "notes.txt": "mine\n"}
	edit := "python3 - <<'EOF'\np = 'src/app.py'\nsrc = open(p).read()\nsrc = src.replace('raise NotImplementedError', 'return 0')\nopen(p, 'w').write(src)\nEOF"
	runReadCases(t, []readCase{
		{"read, replace, write back", files, edit, allow, ""},
		{"replace on a literal string", files, `python3 -c "s = 'abc'; print(s.replace('a', 'b'))"`, allow, ""},
		{"replace with a count", files, `python3 -c "print('a-b-c'.replace('-', '_', 1))"`, allow, ""},
		{"javascript string replace", files, `node -e "console.log('a.b'.replace('.', '/'))"`, allow, ""},
		// Neighbours: a real rename stays a move.
		{"Path.replace onto a dotfile", files, `python3 -c "from pathlib import Path; p = Path('notes.txt'); p.replace('/home/dev/.bashrc')"`, ask, ""},
		{"os.replace onto a dotfile", files, `python3 -c "import os; os.replace('notes.txt', '/home/dev/.bashrc')"`, ask, ""},
		{"Path literal replace", files, `python3 -c "import pathlib; pathlib.Path('notes.txt').replace('/home/dev/.profile')"`, ask, ""},
	})
}
