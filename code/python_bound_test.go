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
		{"from os import *\n", nil, nil, true},
		{"import json\nfrom os import 3\n", map[string]string{"json": "json"}, nil, true},
	}
	for _, tt := range tests {
		r := AnalyzeWith("python", tt.src, opt)
		if !maps.Equal(r.Bound, tt.bound) || !slices.Equal(r.ProjectUses, tt.uses) || (r.Unbound != "") != tt.unbound {
			t.Errorf("%q: bound %v uses %v unbound %q; want %v %v %v", tt.src, r.Bound, r.ProjectUses, r.Unbound, tt.bound, tt.uses, tt.unbound)
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
