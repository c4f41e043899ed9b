package policy

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCacheDelete: deleting a tool's cache folder in the project (it is
// written again when needed) is routine; anything that reaches past the
// cache, or that the same line puts there first, keeps its answer.
func TestCacheDelete(t *testing.T) {
	caches := map[string]string{
		"src/__pycache__/m.cpython-312.pyc": "\x00",
		".pytest_cache/v/cache/lastfailed":  "{}",
		"node_modules/.cache/tmp/x":         "",
		"build/app.bin":                     "",
		".cache/notes.txt":                  "mine",
		"README.md":                         "read me",
		"src/app.py":                        pyPlain,
	}
	runReadCases(t, []readCase{
		// Routine: now allowed.
		{"bytecode cache", caches, "rm -rf src/__pycache__", allow, "D2.cache-delete"},
		{"pytest cache before a run", caches, "rm -rf .pytest_cache && python -m pytest -q", allow, "D2.cache-delete"},
		{"under node_modules/.cache", caches, "rm -rf node_modules/.cache/tmp", allow, "D2.cache-delete"},
		{"find -exec rm", caches, "find . -name __pycache__ -exec rm -rf {} +", allow, "D2.cache-delete"},
		{"find -type d -exec rm \\;", caches, "find . -type d -name __pycache__ -exec rm -r {} \\;", allow, "D2.cache-delete"},
		{"find -delete", caches, "find src -name __pycache__ -delete", allow, "D2.cache-delete"},
		// Harmful neighbours: not a cache, not only the cache, or not the
		// cache by the time rm runs.
		{"a build folder", caches, "rm -rf build", ask, "B1.delete"},
		{".cache outside node_modules", caches, "rm -rf .cache", ask, "B1.delete"},
		{"climbs out of the cache", caches, "rm -rf src/__pycache__/../../src", ask, "B1.delete"},
		{"a glob", caches, "rm -rf __pycache__*", ask, "B1.delete"},
		{"moved into the cache first", caches, "mv README.md src/__pycache__/ && rm -rf src/__pycache__", ask, "B1.delete"},
		{"find with an or", caches, "find . -name __pycache__ -o -name src -exec rm -rf {} +", ask, "B1.delete"},
		{"find following links", caches, "find -L . -name __pycache__ -exec rm -rf {} +", ask, "B1.delete"},
		{"find of bytecode files", caches, "find . -name '*.pyc' -delete", ask, "B1.delete"},
		{"find runs another command", caches, "find . -name __pycache__ -exec sh -c 'rm -rf ~/x' \\;", ask, ""},
	})
}

// TestCacheDeleteLinks: a cache folder that is a link, or reached through
// one, is not the tool's cache: here each link leads to the project's data
// folder.
func TestCacheDeleteLinks(t *testing.T) {
	for _, tt := range []struct{ name, link, cmd string }{
		{"cache is a link", "__pycache__", "rm -rf __pycache__/"},
		{"node_modules is a link", "node_modules", "rm -rf node_modules/.cache/x"},
		{"find root is a link", "lib", "find lib -name __pycache__ -exec rm -rf {} +"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, map[string]string{"data/.cache/x/keep.txt": "mine", "data/__pycache__/keep.txt": "mine", "data/keep.txt": "mine"})
			if err := os.Symlink(filepath.Join(dir, "data"), filepath.Join(dir, tt.link)); err != nil {
				t.Fatal(err)
			}
			d := Decide(t.Context(), projectCall(dir, tt.cmd))
			if d.Decision == allow || hasRule(d.Rules, "D2.cache-delete") {
				t.Errorf("%s: got %s %v: %s", tt.cmd, d.Decision, d.Rules, d.Reason)
			}
		})
	}
}
