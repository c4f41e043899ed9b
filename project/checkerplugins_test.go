package project

import (
	"slices"
	"testing"
)

func TestCheckerSettingParse(t *testing.T) {
	tests := []struct {
		tool, file, text string
		set              bool
		modules          []string
	}{
		{"mypy", "mypy.ini", "[mypy]\nplugins = a.b, c\n", true, []string{"a.b", "c"}},
		{"mypy", "pyproject.toml", "[tool.mypy]\nplugins = [\"x.y\", 'z']\n", true, []string{"x.y", "z"}},
		{"mypy", "setup.cfg", "[metadata]\nname = x\n", false, nil},
		{"mypy", "pyproject.toml", "[tool.mypy]\nstrict = true\n", false, nil},
		{"pylint", ".pylintrc", "[MASTER]\nload-plugins=p1,\n    p2\n", true, []string{"p1", "p2"}},
		{"pylint", "pyproject.toml", "[tool.pylint.main]\ninit-hook = \"import sys\"\n", true, nil},
		{"flake8", "tox.ini", "[flake8:local-plugins]\nextension = X = m:P\n", true, nil},
		{"flake8", "tox.ini", "[flake8]\nselect = E\n", false, nil},
		// Unread, a file that mentions the setting is taken to set it.
		{"mypy", "mypy.ini", "[mypy\nplugins = x\n", true, nil},
		{"mypy", "mypy.ini", "[mypy\nstrict = True\n", false, nil},
	}
	for _, tt := range tests {
		l, set := checkerSettings.Get()[tt.tool].parse(tt.file, tt.text)
		if set != tt.set || !slices.Equal(l.Modules, tt.modules) {
			t.Errorf("%s %s %q: got %v %+v, want %v %v", tt.tool, tt.file, tt.text, set, l, tt.set, tt.modules)
		}
	}
}

func FuzzCheckerSettings(f *testing.F) {
	for _, s := range []string{"[mypy]\nplugins = a, b\n", "[tool.mypy]\nplugins = [\"x\"]\n", "[MAIN]\ninit-hook='x'\n", "[flake8:local-plugins]\nextension =\n  X = m:P\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for tool, s := range checkerSettings.Get() {
			for _, name := range s.files {
				if l, set := s.parse(name, text); !set && (l.Code != "" || len(l.Modules) > 0) {
					t.Errorf("%s %s %q: loads reported but not set", tool, name, text)
				}
			}
		}
	})
}
