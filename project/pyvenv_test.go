package project

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestPthPaths(t *testing.T) {
	site := "/p/.venv/lib/python3.12/site-packages"
	text := "\ufeff# comment\n\n/p/src\n../../../../lib  \nimport _virtualenv\nimport\tx\nimportant\n"
	got := PthPaths(text, site)
	want := []string{"/p/src", "/p/lib", site + "/important"}
	if !slices.Equal(got, want) {
		t.Errorf("PthPaths = %q, want %q", got, want)
	}
}

func TestVenvSite(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"lib/python3.11/site-packages", "lib/python3.12/site-packages"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		cfg, want string
		fails     bool
	}{
		{"home = /usr/bin\nversion = 3.12.3\n", "lib/python3.12/site-packages", false},
		{"version_info = 3.11.9.final.0\n", "lib/python3.11/site-packages", false},
		{"home = /usr/bin\n", "", true}, // two, and no version to tell which
	} {
		got, err := VenvSite(dir, PyvenvConfig(tt.cfg))
		if tt.fails != (err != nil) || !tt.fails && got != filepath.Join(dir, tt.want) {
			t.Errorf("VenvSite(%q) = %q, %v; want %q", tt.cfg, got, err, tt.want)
		}
	}
}

func TestEditableMapping(t *testing.T) {
	for _, tt := range []struct {
		text string
		want map[string]string
		ok   bool
	}{
		{"import sys\nMAPPING: dict[str, str] = {'app': '/p/app', 'mod': '/p/src/mod'}\nNAMESPACES = {}\n", map[string]string{"app": "/p/app", "mod": "/p/src/mod"}, true},
		{"MAPPING: dict[str, str] = {\"it's\": '/p/it\\'s\\\\x'}\n", map[string]string{"it's": "/p/it's\\x"}, true},
		{"MAPPING = {}\n", map[string]string{}, true},
		{"MAPPING = dict(app='/p/app')\n", nil, false},
		{"MAPPING = {'a': '/p/a'} | OTHER\n", nil, false},
		{"MAPPING = {'a': f'/p/{x}'}\n", nil, false},
		{"NAMESPACES = {}\n", nil, false},
	} {
		got, ok := EditableMapping(tt.text)
		if ok != tt.ok || !maps.Equal(got, tt.want) {
			t.Errorf("EditableMapping(%q) = %v, %v; want %v, %v", tt.text, got, ok, tt.want, tt.ok)
		}
	}
	if got := EditableFinder("import __editable___proj_0_1_finder; __editable___proj_0_1_finder.install()\n"); got != "__editable___proj_0_1_finder" {
		t.Errorf("EditableFinder = %q", got)
	}
	if got := EditableFinder("import __editable___a_finder; __editable___b_finder.install()"); got != "" {
		t.Errorf("EditableFinder of two names = %q", got)
	}
}

func FuzzPthFiles(f *testing.F) {
	f.Add("/p/src\n# c\nimport os; os.x()\n../x\n", "version = 3.12.3\nhome = /usr/bin\n")
	f.Add("\ufeff\r\n  \n\t\n", "version_info=3.13.0.final.0")
	f.Add("MAPPING: dict[str, str] = {'a': '/p/a', \"b'\": '/p/\\x41\\u00e9'}\n", "")
	f.Fuzz(func(t *testing.T, pth, cfg string) {
		site := "/p/.venv/lib/python3.12/site-packages"
		for _, p := range PthPaths(pth, site) {
			if !filepath.IsAbs(p) || p != filepath.Clean(p) {
				t.Fatalf("PthPaths(%q) gave %q, not a clean absolute path", pth, p)
			}
		}
		EditableFinder(pth)
		if m, ok := EditableMapping(pth); ok && m == nil {
			t.Fatalf("EditableMapping(%q) read no map", pth)
		}
		v := VenvVersion(PyvenvConfig(cfg))
		if v != "" && strings.Count(v, ".") != 1 {
			t.Fatalf("VenvVersion(%q) = %q", cfg, v)
		}
	})
}
