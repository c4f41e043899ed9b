package project

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestParsePytestConfig(t *testing.T) {
	tests := []struct {
		name, file, text string
		found            bool
		addopts          []string
		pythonpath       []string
		fails            bool
	}{
		{"ini", "pytest.ini", "[pytest]\naddopts = -x -p myplug\n  --tb=short\npythonpath = src lib\n", true, []string{"-x", "-p", "myplug", "--tb=short"}, []string{"src", "lib"}, false},
		{"ini colon", "pytest.ini", "# c\n[pytest]\naddopts: '-k a b'\n", true, []string{"-k a b"}, nil, false},
		{"empty pytest.ini", "pytest.ini", "", false, nil, nil, false},
		{"tox other section", "tox.ini", "[tox]\nenvlist = py3\n", false, nil, nil, false},
		{"setup.cfg", "setup.cfg", "[metadata]\nname = x\n[tool:pytest]\naddopts = -q\n", true, []string{"-q"}, nil, false},
		{"toml string", "pyproject.toml", "[project]\nname = \"x\"\nauthors = [{name = \"a\"}]\n[tool.pytest.ini_options]\naddopts = \"-ra -q\" # fast\npythonpath = [\"src\"]\n", true, []string{"-ra", "-q"}, []string{"src"}, false},
		{"toml list", "pyproject.toml", "[tool.pytest.ini_options]\naddopts = [\n  \"-p\", 'plug', # x\n]\nminversion = 6.0\n", true, []string{"-p", "plug"}, nil, false},
		{"toml no section", "pyproject.toml", "[tool.black]\nline-length = 88\n", false, nil, nil, false},
		{"toml multiline", "pyproject.toml", "[tool.pytest.ini_options]\naddopts = \"\"\"\n-x\n-v\"\"\"\n", true, []string{"-x", "-v"}, nil, false},
		{"toml dotted key", "pyproject.toml", "[tool]\npytest.ini_options.addopts = \"-p evil\"\n", false, nil, nil, true},
		{"toml unicode escape", "pyproject.toml", "[tool.pytest.ini_options]\naddopts = \"\\u002dp evil\"\n", true, nil, nil, true},
		{"toml inline table", "pyproject.toml", "[tool.pytest.ini_options]\naddopts = {a = 1}\n", true, nil, nil, true},
		{"unclosed quote", "pytest.ini", "[pytest]\naddopts = -k 'a\n", true, nil, nil, true},
		{"bad ini line", "tox.ini", "[pytest]\nnonsense\n", true, nil, nil, true},
	}
	for _, tt := range tests {
		cfg, found, err := ParsePytestConfig(tt.file, tt.text)
		if (err != nil) != tt.fails {
			t.Errorf("%s: err %v, want failure %v", tt.name, err, tt.fails)
			continue
		}
		if tt.fails {
			continue
		}
		if found != tt.found || !slices.Equal(cfg.Addopts, tt.addopts) || !slices.Equal(cfg.Pythonpath, tt.pythonpath) {
			t.Errorf("%s: found %v addopts %q pythonpath %q; want %v %q %q", tt.name, found, cfg.Addopts, cfg.Pythonpath, tt.found, tt.addopts, tt.pythonpath)
		}
	}
}

func TestShellWords(t *testing.T) {
	for in, want := range map[string][]string{
		`-x  -k "a and b"`: {"-x", "-k", "a and b"},
		`a\ b 'c d' e"f"`:  {"a b", "c d", "ef"},
		`"a\"b" '\n'`:      {`a"b`, `\n`},
		"":                 nil,
	} {
		got, err := ShellWords(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%q: %q %v, want %q", in, got, err, want)
		}
	}
}

func TestFindPytestConfig(t *testing.T) {
	root := t.TempDir()
	sub := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "setup.cfg"), []byte("[tool:pytest]\naddopts = -q\n"), 0o644)
	os.WriteFile(filepath.Join(root, "a", "tox.ini"), []byte("[tox]\n"), 0o644)
	cfg, err := FindPytestConfig(sub, root)
	if err != nil || cfg.Dir != root || !slices.Equal(cfg.Addopts, []string{"-q"}) {
		t.Errorf("got %+v %v", cfg, err)
	}
	cfg, err = FindPytestConfig(filepath.Join(root, "a"), filepath.Join(root, "a"))
	if err != nil || cfg.File != "" {
		t.Errorf("stop not honoured: %+v %v", cfg, err)
	}
}

// FuzzPytestConfig: no panic on any configuration text.
func FuzzPytestConfig(f *testing.F) {
	for _, s := range []string{"[pytest]\naddopts = -x 'a b'\n  -v\n", "[tool.pytest.ini_options]\naddopts = [\"-x\", '''y''']\n", "[tool:pytest]\n", "[a]\nb = { c = [1, \"]\" ] }\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, name := range []string{"pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini"} {
			cfg, found, err := ParsePytestConfig(name, text)
			if err == nil && !found && len(cfg.Addopts) > 0 {
				t.Errorf("%s %q: addopts without pytest's section", name, text)
			}
		}
		ShellWords(text)
	})
}
