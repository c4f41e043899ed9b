package code

import (
	"slices"
	"testing"
)

func TestPythonStrings(t *testing.T) {
	tests := []struct {
		src   string
		want  []string
		found bool
		fails bool
	}{
		{"import pytest\n", nil, false, false},
		{"pytest_plugins = 'a.b'\n", []string{"a.b"}, true, false},
		{"pytest_plugins = ['a', \"b\",]\n", []string{"a", "b"}, true, false},
		{"pytest_plugins = (\n    'a',\n    'b'\n)\n", []string{"a", "b"}, true, false},
		{"pytest_plugins = []\n", nil, true, false},
		{"pytest_plugins = ['a' + x]\n", nil, true, true},
		{"pytest_plugins = load()\n", nil, true, true},
		{"pytest_plugins = ['a']\npytest_plugins += ['b']\n", nil, true, true},
		{"pytest_plugins.append('b')\n", nil, true, true},
		{"x = config.pytest_plugins\n", nil, false, false},
		{"pytest_plugins = ['a'\n", nil, false, true},
	}
	for _, tt := range tests {
		got, found, err := PythonStrings(tt.src, "pytest_plugins")
		if !slices.Equal(got, tt.want) || found != tt.found || (err != nil) != tt.fails {
			t.Errorf("%q: got %q found=%v err=%v; want %q found=%v fails=%v", tt.src, got, found, err, tt.want, tt.found, tt.fails)
		}
	}
}

func TestPythonImports(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"import helper", []string{"helper"}},
		{"import a.b as c, d", []string{"a.b", "d"}},
		{"from pkg import mod, other as o", []string{"pkg", "pkg.mod", "pkg.other"}},
		{"from . import x", []string{".", ".x"}},
		{"from ..p.q import (r,\n s)", []string{"..p.q", "..p.q.r", "..p.q.s"}},
		{"def f():\n    import late\n", []string{"late"}},
		{"from m import *", []string{"m"}},
	}
	for _, tt := range tests {
		r := Analyze("python", tt.src)
		if !slices.Equal(r.Imports, tt.want) {
			t.Errorf("%q: imports %q, want %q", tt.src, r.Imports, tt.want)
		}
	}
}

// FuzzPythonStrings: no panic, and an error whenever the code does not
// tokenize.
func FuzzPythonStrings(f *testing.F) {
	for _, s := range []string{"pytest_plugins = ['a', 'b']\n", "pytest_plugins = ('a',)", "pytest_plugins = f'{x}'", "pytest_plugins = [", "pytest_plugins=[*x]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		vals, found, err := PythonStrings(src, "pytest_plugins")
		if err == nil && !found && len(vals) > 0 {
			t.Errorf("%q: values %q without an assignment", src, vals)
		}
		if err == nil && !Analyze("python", src).Parsed && len(src) <= maxSource {
			t.Errorf("%q: read as literals, but the code does not tokenize", src)
		}
	})
}
