package code

import (
	"strings"
	"testing"
)

func TestPython(t *testing.T) {
	tests := []struct {
		src  string
		pure bool
		why  string // a part of Why, when not pure
	}{
		// Routine: printing, JSON, math, version checks, named reads.
		{`print("hi")`, true, ""},
		{`import json; print(json.load(open('x.json'))['k'])`, true, ""},
		{`import numpy; print(numpy.__version__)`, true, ""},
		{`import sys; print(sys.version)`, true, ""},
		{`import sys; sys.path.insert(0, '.'); print(sys.path)`, true, ""},
		{"import math\nfor i in range(3):\n    print(math.sqrt(i))\n", true, ""},
		{`import json,sys; d=json.load(sys.stdin); print(d.get("a", {}).keys())`, true, ""},
		{`print(f"{1+2:>{4}} {'a'.upper()!r}")`, true, ""},
		{`from pathlib import Path; print(Path('a.txt').read_text())`, true, ""},
		{"def f(x):\n    return x * 2\nprint(f(3))", true, ""},
		{`import re; print(re.findall(r"\d+", "a1b22"))`, true, ""},
		{`x = """multi
line"""; print(x.splitlines())`, true, ""},
		{`import django; print(django.get_version())`, true, ""},
		{"with open('out.txt') as f:\n    print(f.read())", true, ""},
		// Not pure: the evasions and variants.
		{`import os; getattr(os, 'sys'+'tem')('id')`, false, "getattr"},
		{`import os; getattr(os, n)('id')`, false, "getattr"},
		{`import os as o; o.system('id')`, false, "os.system"},
		{`from os import system as s; s('id')`, false, "os.system"},
		{"import os; os.ｓｙｓｔｅｍ('id')", false, "os.system"},
		{"import os; os.\uff53ystem('id')", false, "os.system"},
		{`exec(chr(105)+chr(100))`, false, "exec"},
		{`eval("1")`, false, "eval"},
		{`__import__('os').system('id')`, false, "__import__"},
		{`import importlib; importlib.import_module('os').system('x')`, false, "importlib"},
		{`print = __builtins__.exec; print('x')`, false, "__builtins__"},
		{`import os; print = os.system; print('id')`, false, "os.system"},
		{`import os; list(map(os.system, ['id']))`, false, "os.system"},
		{`import os; x = os; x.system('id')`, false, "os"},
		{`().__class__.__bases__[0].__subclasses__()`, false, "__class__"},
		{`globals()['os']`, false, "globals"},
		{`import subprocess; subprocess.run(['ls'])`, false, "subprocess.run"},
		{`import socket; socket.socket().connect(('h', 1))`, false, "socket"},
		{`import http.server`, true, ""},
		{`import antigravity`, false, "opens a program"},
		{`import http.server as h; h.test()`, false, "http.server"},
		{`import ctypes; ctypes.CDLL('libc.so.6')`, false, "native"},
		{`import os; print(os.environ)`, false, "environment"},
		{`import os; print(dict(os.environ))`, false, "environment"},
		{`import os; print(os.environ[k])`, false, "environment"},
		{`import os; print(os.environ.setdefault(k, 'x'))`, false, "environment"},
		{`import os; os.environb.setdefault(name(), b'x')`, false, "environment"},
		{`import os; print(os.environ.setdefault(*names))`, false, "environment"},
		{`from pathlib import Path; print(Path.home())`, false, "Path.home"},
		{`import os; os.remove('x')`, false, "deletes"},
		{`open(p).read()`, false, "computed"},
		{`import os; open(os.path.expanduser(x)).read()`, false, "computed"},
		{`from os import *; system('id')`, false, "every name"},
		{`import pandas as pd; pd.read_pickle('x')`, false, "pandas.read_pickle"},
		{`d = {}; d['f']('x')`, false, "result of an expression"},
		{`print("unterminated)`, false, "unterminated"},
		{`print("x"`, false, "unclosed"},
		{`f"{x"`, false, "cannot tokenize"},
		{`import os; os.system = print`, false, "assigns"},
		{`import pickle; pickle.loads(b'')`, false, "pickle"},
		{`import os; os.popen('id')`, false, "os.popen"},
		{`import os.path; os.path.os.system('id')`, false, "os.path.os.system"},
		{`import uuid, operator; list(map(operator.methodcaller('system', 'id'), [uuid.os]))`, false, "methodcaller"},
		{`import uuid; list(map(getattr(uuid.os, 'system'), ['id']))`, false, "getattr"},
		{`import random; random._os.system('id')`, false, "random._os"},
		{`x = 1; getattr(x, 'system')`, false, "getattr"},
		{"import json as x\ndef f():\n    return x.loads(b'')\nimport pickle as x\nf()", false, "both"},
		{`print(f"{__import__('os').system('id')}")`, false, "__import__"},
		{`print(f"{x!r}" f'{os.popen("id").read()}')`, false, "popen"},
		{`from datetime import datetime; print(datetime.now().isoformat())`, true, ""},
		{`import collections; print(collections.Counter('aab').most_common(1))`, true, ""},
	}
	for _, tt := range tests {
		r := Analyze("python", tt.src)
		if r.Pure != tt.pure {
			t.Errorf("%q: Pure=%v, want %v (why: %s)", tt.src, r.Pure, tt.pure, r.Why)
			continue
		}
		if !tt.pure && !containsFold(r.Why, tt.why) {
			t.Errorf("%q: why %q, want it to mention %q", tt.src, r.Why, tt.why)
		}
	}
}

func TestPythonReadsWrites(t *testing.T) {
	r := Analyze("python", `import json; d = json.load(open("/home/u/.aws/credentials")); open('out.txt', 'w').write('x')`)
	if !r.Contained || r.Pure || len(r.Reads) != 1 || r.Reads[0] != "/home/u/.aws/credentials" || len(r.Writes) != 1 || r.Writes[0] != "out.txt" {
		t.Errorf("got %+v", r)
	}
	r = Analyze("python", `import os; print(os.environ.get("HOME"), os.getenv('GITHUB_TOKEN'), os.environ['X'])`)
	if !r.Pure || len(r.Env) != 3 {
		t.Errorf("got %+v", r)
	}
	// setdefault reads the one variable it names, not the whole
	// environment: manage.py's DJANGO_SETTINGS_MODULE.
	r = Analyze("python", `import os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'mysite.settings'); print(os.environ.setdefault("GITHUB_TOKEN", ""))`)
	if !r.Pure || r.EnvDump || len(r.Env) != 2 || r.Env[1] != "GITHUB_TOKEN" {
		t.Errorf("setdefault: got %+v", r)
	}
}

// TestHazard: the project's own scripts are not held to the list, but the
// effects that are never routine are named in Hazard.
func TestHazard(t *testing.T) {
	tests := []struct {
		lang, src string
		hazard    bool
	}{
		{"python", "import pandas as pd\ndf = pd.read_csv('data.csv')\ndf.to_csv('out.csv')\nprint(df.describe())\n", false},
		{"python", "import mylib\nmylib.run(3)\nimport os\nos.system('id')\n", true},
		{"python", "import requests\nrequests.get('https://x.example')\n", true},
		{"python", "import os\nprint(os.environ)\n", true},
		{"python", "x = getattr(obj, name)\n", true},
		{"python", "import ctypes\n", true},
		{"javascript", "const lib = require('./lib');\nclass A { m() { return this.x } }\nconsole.log(lib.run(new A()))\n", false},
		{"javascript", "const lib = require('./lib'); lib.go(); require('child_process').execSync('id')", true},
		{"javascript", "require(process.argv[2])", true},
		{"python", "print('unterminated", true},
	}
	for _, tt := range tests {
		r := Analyze(tt.lang, tt.src)
		if (r.Hazard != "") != tt.hazard {
			t.Errorf("%q: hazard %q, want one: %v", tt.src, r.Hazard, tt.hazard)
		}
	}
}

// TestProjectModules: calls into the project's own modules are reported,
// not taken for pure, and the hazards still count.
func TestProjectModules(t *testing.T) {
	opt := Options{ProjectModule: func(top string) bool { return top == "pandas" || top == "mylib" }}
	tests := []struct {
		src       string
		contained bool
	}{
		{"import pandas as pd\ns = pd.Series([1, None])\nprint(s.isna().tolist(), s.describe())", true},
		{"from mylib.options import OptionParser\no = OptionParser()\no.define('n', type=int)\nprint(o.n)", true},
		{"import mylib, os\nmylib.run()\nos.system('id')", false},
		{"import mylib\ngetattr(mylib, name)()", false},
		{"import numpy as np\nnp.array([1]).tofile('x')", false},
		{"import pandas as pd\nprint(pd.Series([1]).head().foo())", true},
		{"x = 1\nprint(x.foo())", false},
	}
	for _, tt := range tests {
		r := AnalyzeWith("python", tt.src, opt)
		if r.Contained != tt.contained || r.Pure {
			t.Errorf("%q: contained %v pure %v (%s), want contained %v", tt.src, r.Contained, r.Pure, r.Why, tt.contained)
		}
		if tt.contained && len(r.Project) == 0 {
			t.Errorf("%q: no project module reported", tt.src)
		}
	}
}

// TestLoadsHazard: a loader that runs code a file or a name decides is a
// hazard in a project script; the same module used without it is not.
func TestLoadsHazard(t *testing.T) {
	tests := []struct {
		src    string
		hazard bool
	}{
		{"import unittest\nunittest.main()\n", false},
		{"import unittest\nunittest.main(module='__main__', verbosity=2)\n", false},
		{"import unittest\nunittest.main(defaultTest='T.test_add', exit=False)\n", false},
		{"import unittest\nunittest.main(module=None)\n", true},
		{"import unittest\nunittest.main('tests.test_x')\n", true},
		{"import unittest\nunittest.main(*opts)\n", true},
		{"import unittest\nunittest.TestProgram(module=mods[0])\n", true},
		{"import unittest\nloader = unittest.TestLoader()\nloader.discover('tests')\n", true},
		{"import unittest\nunittest.TestLoader().loadTestsFromNames(['a.b'])\n", true},
		{"import celery\napp = celery.Celery('p')\napp.config_from_envvar('CELERY_CONFIG')\n", true},
		{"import logging.config\nlogging.config.fileConfig('log.ini')\n", true},
		{"import logging\nlogging.basicConfig(level=logging.INFO)\n", false},
		// discover is only a loader's method in code that imports unittest.
		{"import zeroconf\nzeroconf.browser.discover()\n", false},
	}
	for _, tt := range tests {
		r := Analyze("python", tt.src)
		if (r.Hazard != "") != tt.hazard {
			t.Errorf("%q: hazard %q, want one: %v", tt.src, r.Hazard, tt.hazard)
		}
	}
}

// TestPyLoadTables: every entry of the loader tables parses.
func TestPyLoadTables(t *testing.T) {
	n := pythonNames.Get()
	if got, want := len(n.loadArgs), len(strings.Fields(pyLoadArgs)); got != want {
		t.Errorf("pyLoadArgs: %d of %d entries parse", got, want)
	}
	for _, mm := range strings.Fields(pyLoadMethods) {
		if !strings.Contains(mm, ".") {
			t.Errorf("pyLoadMethods: %q is not MODULE.METHOD", mm)
		}
	}
}
