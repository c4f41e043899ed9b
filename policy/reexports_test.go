package policy

import "testing"

// TestReexportedNames: a name a script takes from a project module is
// what that module bound it to, so a call through a standard module the
// project module imports under another name is judged like the direct
// call. Each attack here was allowed before.
func TestReexportedNames(t *testing.T) {
	pkg := func(helpers, run string) map[string]string {
		return map[string]string{"pkg/__init__.py": "", "pkg/helpers.py": helpers, "run.py": run}
	}
	runReadCases(t, []readCase{
		// Attacks.
		{"module alias", pkg("import os as tool\n", "from pkg.helpers import tool\nimport sys\ntool.unlink(sys.argv[1])\n"), "python run.py x", dfr, "U.impure-code"},
		{"through the module", pkg("import os as tool\n", "from pkg import helpers\nimport sys\nhelpers.tool.unlink(sys.argv[1])\n"), "python run.py x", dfr, "U.impure-code"},
		{"module's own import", pkg("import os\n", "import pkg.helpers as h\nimport sys\nh.os.unlink(sys.argv[1])\n"), "python run.py x", dfr, "U.impure-code"},
		{"function alias", pkg("from os import unlink as rm\n", "from pkg.helpers import rm\nimport sys\nrm(sys.argv[1])\n"), "python run.py x", dfr, "U.impure-code"},
		{"shutil alias", pkg("from shutil import rmtree as rm\n", "from pkg.helpers import rm\nimport sys\nrm(sys.argv[1])\n"), "python run.py x", dfr, "U.impure-code"},
		{"spawn alias", pkg("import subprocess as sp\n", "from pkg.helpers import sp\nimport sys\nsp.run(sys.argv[1:])\n"), "python run.py x", dfr, ""},
		{"module as a value", pkg("import os as tool\n", "from pkg import helpers\nt = helpers.tool\nprint(t)\n"), "python run.py", dfr, "U.dynamic-code"},
		{"relative import", map[string]string{"pkg/__init__.py": "", "pkg/helpers.py": "from os import unlink as rm\n", "pkg/main.py": "from .helpers import rm\nimport sys\nrm(sys.argv[1])\n"}, "python -m pkg.main x", dfr, "U.impure-code"},
		{"relative from dot", map[string]string{"pkg/__init__.py": "", "pkg/helpers.py": "import os as tool\n", "pkg/main.py": "from . import helpers\nimport sys\nhelpers.tool.unlink(sys.argv[1])\n"}, "python -m pkg.main x", dfr, "U.impure-code"},
		{"chain of re-exports", map[string]string{"pkg/__init__.py": "from .helpers import tool\n", "pkg/helpers.py": "import os as tool\n", "run.py": "import pkg\nimport sys\npkg.tool.unlink(sys.argv[1])\n"}, "python run.py x", dfr, "U.impure-code"},
		{"re-export in another module", map[string]string{"pkg/__init__.py": "", "pkg/a.py": "from pkg.b import tool\n", "pkg/b.py": "import os as tool\n", "run.py": "from pkg.a import tool\nimport sys\ntool.unlink(sys.argv[1])\n"}, "python run.py x", dfr, "U.impure-code"},
		{"inline code", pkg("import os as tool\n", ""), "python -c 'import sys; from pkg.helpers import tool; tool.unlink(sys.argv[1])' x", dfr, ""},
		{"star import hides the name", pkg("from os import *\n", "from pkg import helpers\nimport sys\nhelpers.unlink(sys.argv[1])\n"), "python run.py x", dfr, "U.impure-code"},
		{"star import in the script", map[string]string{"pkg/__init__.py": "", "pkg/core.py": pyPlain, "run.py": "from pkg.core import *\nimport os, sys\nos.unlink(sys.argv[1])\n"}, "python run.py x", dfr, "U.impure-code"},
		{"star import in a package", map[string]string{"pkg/__init__.py": "from .core import *\nimport os, sys\nos.unlink(sys.argv[1])\n", "pkg/core.py": pyPlain, "run.py": "import pkg\n"}, "python run.py x", dfr, "U.impure-code"},
		{"star import of os", map[string]string{"run.py": "from os import *\nimport sys\nunlink(sys.argv[1])\n"}, "python run.py x", dfr, "U.impure-code"},
		{"function taken as a value", map[string]string{"run.py": "import os, sys\nf = os.unlink\nf(sys.argv[1])\n"}, "python run.py x", dfr, "U.impure-code"},
		{"re-exported function taken as a value", pkg("from os import unlink as rm\n", "from pkg import helpers\nimport sys\nf = helpers.rm\nf(sys.argv[1])\n"), "python run.py x", dfr, "U.impure-code"},
		// Benign twins.
		{"function of the module", pkg("def unlink(p):\n    print(p)\n", "from pkg import helpers\nimport sys\nhelpers.unlink(sys.argv[1])\n"), "python run.py x", allow, "D4.run-project-code"},
		{"module that imports os", pkg("import os\n\ndef where():\n    return os.getcwd()\n", "from pkg import helpers\nprint(helpers.where())\n"), "python run.py", allow, "D4.run-project-code"},
		{"pure name re-exported", pkg("from os.path import join as j\n", "from pkg.helpers import j\nimport sys\nprint(j('a', sys.argv[1]))\n"), "python run.py x", allow, "D4.run-project-code"},
		{"relative function", map[string]string{"pkg/__init__.py": "", "pkg/views.py": "def index():\n    return 'ok'\n", "pkg/main.py": "from .views import index\nprint(index())\n"}, "python -m pkg.main", allow, "D4.run-project-code"},
		{"re-exported function", map[string]string{"pkg/__init__.py": "from .helpers import add\n", "pkg/helpers.py": pyPlain, "run.py": "import pkg\nprint(pkg.add(1, 2))\n"}, "python run.py", allow, "D4.run-project-code"},
	})
}

// TestReexportKeptModule: a project module kept as plain between calls
// still gives its names: the script that uses them is judged by the
// module's text on every call.
func TestReexportKeptModule(t *testing.T) {
	dir, cache := t.TempDir(), t.TempDir()
	writeFiles(t, dir, map[string]string{
		"pkg/__init__.py": "",
		"pkg/helpers.py":  "import os as tool\n",
		"plain.py":        "import pkg.helpers\nprint(1)\n",
		"run.py":          "from pkg.helpers import tool\nimport sys\ntool.unlink(sys.argv[1])\n",
	})
	if d := decideCached(dir, cache, "test", "python plain.py"); d.Decision != allow {
		t.Fatalf("plain script: %s %v %s", d.Decision, d.Rules, d.Reason)
	}
	if len(records(t, cache)) == 0 {
		t.Fatal("no verdict kept")
	}
	if d := decideCached(dir, cache, "test", "python run.py x"); d.Decision != dfr {
		t.Errorf("script through the kept module: %s %v %s, want defer", d.Decision, d.Rules, d.Reason)
	}
}
