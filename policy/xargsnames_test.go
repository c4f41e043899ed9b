package policy

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/secrets"
)

// TestXargsFromFind: find ROOT … | xargs CMD is judged as find ROOT …
// -exec CMD {} + when every name below ROOT reaches CMD whole; the files
// a reader is given are judged for secrets. Each routine case was
// deferred before (U.unresolved: the arguments were unknown).
func TestXargsFromFind(t *testing.T) {
	tree := map[string]string{
		"src/app.py":           pyPlain,
		"src/util/helpers.py":  pyPlain,
		"tests/test_app.py":    "def test_add(fixture):\n    pass\n",
		"README.md":            "read me\n",
		".git/HEAD":            "ref: refs/heads/main\n",
		"src/data/sample.json": "{}",
	}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range tree {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	runReadCases(t, []readCase{
		// Routine: now allowed.
		{"grep the python files", tree, `find . -name "*.py" | xargs grep -n "def add"`, allow, "D1.read-only"},
		{"print them", tree, `find src -type f -name "*.py" | xargs cat`, allow, "D1.read-only"},
		{"null separated", tree, `find tests -name "test_*.py" -print0 | xargs -0 grep -l fixture`, allow, "D1.read-only"},
		{"edit them", tree, `find src -name "*.py" | xargs sed -i 's/add/plus/g'`, allow, "D2.write-project"},
		{"xargs options", tree, `find src -name "*.py" | xargs -r -n 4 -P 2 grep -c def`, allow, "D1.read-only"},
		// Harmful neighbours.
		{"a name with a blank", with(map[string]string{"src/a b/x.py": pyPlain}), `find src -name "*.py" | xargs cat`, dfr, "U.unresolved"},
		{"a name with a quote", with(map[string]string{"src/it's.py": pyPlain}), `find . -name "*.py" | xargs grep -n def`, dfr, "U.unresolved"},
		{"an environment file", with(map[string]string{".env": "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"}), `find . -type f | xargs cat`, ask, "B3.secret-read"},
		{"arguments from a file", tree, `find . -name "*.py" | xargs -a list.txt cat`, dfr, "U.unresolved"},
		{"find follows links", tree, `find -L . -name "*.py" | xargs cat`, dfr, "U.unresolved"},
		{"find runs a command too", tree, `find . -name "*.py" -exec touch {} + | xargs cat`, dfr, "U.unresolved"},
		{"find prints a format", tree, `find . -name "*.py" -printf '%h\n' | xargs cat`, dfr, "U.unresolved"},
		{"null separators without -print0", tree, `find . -name "*.py" | xargs -0 cat`, dfr, "U.unresolved"},
		{"a delete", tree, `find . -name "*.py" | xargs rm`, ask, "B1.delete"},
		// find -exec hands on the same files: each attack was allowed
		// before (its files were judged by find's name tests alone).
		{"-exec cat of a tree with .env", with(map[string]string{".env": "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"}), `find . -exec cat {} +`, ask, "B3.secret-read"},
		{"-exec head of every file", with(map[string]string{"config/.env.local": "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"}), `find . -type f -exec head -50 {} \;`, ask, "B3.secret-read"},
		{"-exec grep of the python files", with(map[string]string{".env": "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"}), `find . -name "*.py" -exec grep -n def {} +`, allow, "D1.read-only"},
		{"a root outside the folder", tree, `find ../ -name "*.py" | xargs cat`, dfr, "U.unresolved"},
		{"an absolute root", tree, `find /etc -name "*.conf" | xargs cat`, dfr, "U.unresolved"},
	})
}

// TestXargsFoundContent: the files find selects for a reader are judged
// by what they hold; a file its -name test leaves out is not read.
func TestXargsFoundContent(t *testing.T) {
	proj := t.TempDir()
	plant(t, proj, map[string]string{"src/app.py": pyPlain, "src/settings.py": "TOKEN = '…'\n", "src/notes.txt": "token …\n"}, 0o644)
	token := secrets.Scan{Regular: true, Found: secrets.Found{Kind: "GitHub token"}}
	for _, tt := range []struct {
		secret, cmd string
		want        arbiter.Verdict
	}{
		{"src/settings.py", `find src -name "*.py" | xargs cat`, arbiter.Ask},
		{"src/settings.py", `find src -type f | xargs grep -n TOKEN`, arbiter.Ask},
		{"src/notes.txt", `find src -name "*.py" | xargs cat`, arbiter.Allow},
		{"src/settings.py", `find src -name "*.py" -exec cat {} +`, arbiter.Ask},
	} {
		p := New(Options{Files: plantedScanner{filepath.Join(proj, tt.secret): token}})
		if d := p.Decide(context.Background(), bashIn(proj, tt.cmd)); d.Decision != tt.want {
			t.Errorf("%s with a token in %s: got %s %v: %s, want %s", tt.cmd, tt.secret, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}
