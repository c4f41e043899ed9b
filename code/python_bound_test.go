package code

import (
	"maps"
	"slices"
	"testing"
)

// TestPythonBound: the names code binds by import, what it uses through
// project modules, and why its bindings may be incomplete.
func TestPythonBound(t *testing.T) {
	opt := Options{ProjectModule: func(top string) bool { return top == "pkg" }}
	tests := []struct {
		src     string
		bound   map[string]string
		uses    []string
		unbound bool
	}{
		{"import os as tool\n", map[string]string{"tool": "os"}, nil, false},
		{"import os.path\n", map[string]string{"os": "os"}, nil, false},
		{"from os import unlink as rm, getcwd\n", map[string]string{"rm": "os.unlink", "getcwd": "os.getcwd"}, nil, false},
		{"from . import helpers\nhelpers.tool.unlink(1)\n", map[string]string{"helpers": ".helpers"}, []string{".helpers.tool.unlink"}, false},
		{"from ..p import q\nq()\n", map[string]string{"q": "..p.q"}, []string{"..p.q"}, false},
		{"from pkg.helpers import tool\ntool.unlink(1)\nprint(tool)\n", map[string]string{"tool": "pkg.helpers.tool"}, []string{"pkg.helpers.tool.unlink", "pkg.helpers.tool"}, false},
		{"import os\nos.getcwd()\n", map[string]string{"os": "os"}, nil, false},
		{"from os import *\n", nil, nil, false}, // Report.Stars
		{"def __getattr__(name):\n    return name\n", nil, nil, true},
		{"class C:\n    def __getattr__(self, name):\n        return name\n", nil, nil, false},
		{"import json\nfrom os import 3\n", map[string]string{"json": "json"}, nil, true},
	}
	for _, tt := range tests {
		r := AnalyzeWith("python", tt.src, opt)
		if !maps.Equal(r.Bound, tt.bound) || !slices.Equal(r.ProjectUses, tt.uses) || (r.Unbound != "") != tt.unbound {
			t.Errorf("%q: bound %v uses %v unbound %q; want %v %v %v", tt.src, r.Bound, r.ProjectUses, r.Unbound, tt.bound, tt.uses, tt.unbound)
		}
	}
}

// TestPythonStars: the modules code imports every name from, the names
// it uses that those may bind, and the module's own __all__.
func TestPythonStars(t *testing.T) {
	tests := []struct {
		src            string
		stars, uses    []string
		values, all    []string
		hasAll, unread bool
	}{
		{"from .core import *\nimport sys\ntool.unlink(sys.argv[1])\nf(bp)\n", []string{".core"}, []string{"tool.unlink", "sys.argv", "f", "bp"}, []string{"sys.argv", "bp"}, nil, false, false},
		{"print(x)\nfrom a import *\nfrom b import *\n", []string{"a", "b"}, []string{"print", "x"}, []string{"x"}, nil, false, false},
		{"import os\nos.getcwd()\n", nil, nil, nil, nil, false, false},
		{"__all__ = ['a', 'b']\n", nil, nil, nil, []string{"a", "b"}, true, false},
		{"__all__ = ('a',)\n__all__ += ['b']\n__all__.append('c')\n__all__.extend(('d', 'e'))\n", nil, nil, nil, []string{"a", "b", "c", "d", "e"}, true, false},
		{"__all__ = 'a', 'b'\n", nil, nil, nil, []string{"a", "b"}, true, false},
		{"__all__ = []\n", nil, nil, nil, nil, true, false},
		{"__all__ = [n for n in dir()]\n", nil, nil, nil, nil, true, true},
		{"__all__ = ['a'] + other.__all__\n", nil, nil, nil, nil, true, true},
		{"if x:\n    __all__ = ['a']\n", nil, nil, nil, nil, true, true},
		{"__all__ = ['a']\nprint(__all__)\n", nil, nil, nil, nil, true, true},
		{"__all__ = ['a b']\n", nil, nil, nil, nil, true, true},
	}
	for _, tt := range tests {
		r := Analyze("python", tt.src)
		if !slices.Equal(r.Stars, tt.stars) || !slices.Equal(r.StarUses, tt.uses) || !slices.Equal(r.StarValues, tt.values) || !slices.Equal(r.All, tt.all) || r.HasAll != tt.hasAll || (r.AllUnread != "") != tt.unread {
			t.Errorf("%q: stars %v uses %v values %v all %v %v %q", tt.src, r.Stars, r.StarUses, r.StarValues, r.All, r.HasAll, r.AllUnread)
		}
	}
}

// TestStarImportRuns: a star import runs its module as any import does.
func TestStarImportRuns(t *testing.T) {
	for _, tt := range []struct {
		src    string
		hazard bool
	}{
		{"from antigravity import *\n", true},
		{"from venv.__main__ import *\n", true},
		{"from .__main__ import *\n", true},
		{"from ctypes import *\n", true},
		{"from math import *\nprint(sqrt(2))\n", false},
		{"from .core import *\nprint(add(1, 2))\n", false},
	} {
		if r := Analyze("python", tt.src); (r.Hazard != "") != tt.hazard {
			t.Errorf("%q: hazard %q, want %v", tt.src, r.Hazard, tt.hazard)
		}
	}
}

// TestAnalyzePythonName: a qualified name is judged as code importing its
// module and using it would be; what is not a dotted name is a hazard.
func TestAnalyzePythonName(t *testing.T) {
	for _, tt := range []struct {
		q      string
		hazard bool
	}{
		{"os.unlink", true},
		{"shutil.rmtree", true},
		{"subprocess.run", true},
		{"os", true}, // a module as a value
		{"builtins.eval", true},
		{"os.path.join", false},
		{"json.dumps", false},
		{"os.getcwd", false},
		{"os;x", true},
		{"os.\nimport", true},
		{"", true},
	} {
		if r := AnalyzePythonName(tt.q); (r.Hazard != "") != tt.hazard {
			t.Errorf("%q: hazard %q, want %v", tt.q, r.Hazard, tt.hazard)
		}
	}
}

// TestEffectTakenAsValue: a function with an effect taken as a value is
// that effect, as its call is: the call through the new name is not read.
func TestEffectTakenAsValue(t *testing.T) {
	for _, tt := range []struct {
		src    string
		hazard bool
	}{
		{"import os, sys\nf = os.unlink\nf(sys.argv[1])\n", true},
		{"import subprocess, sys\nrun = subprocess.run\nrun(sys.argv[1:])\n", true},
		{"import shutil, sys\nfor f in [shutil.rmtree]:\n    f(sys.argv[1])\n", true},
		{"from os import system as s\ncall = s\ncall('id')\n", true},
		{"e = eval\nprint(e('1'))\n", true},
		{"import os\nj = os.path.join\nprint(j('a', 'b'))\n", false},
		{"import os\nprint(os.sep, os.getcwd)\n", false},
		{"import json\nf = json.dumps\nprint(f(1))\n", false},
	} {
		if r := Analyze("python", tt.src); (r.Hazard != "") != tt.hazard {
			t.Errorf("%q: hazard %q, want %v", tt.src, r.Hazard, tt.hazard)
		}
	}
}
