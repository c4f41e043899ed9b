package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestVenvStartupCode: Python's site module runs every line of a
// site-packages .pth file that starts with "import", and imports
// sitecustomize and usercustomize, whenever the environment's interpreter
// starts. Those in the project's virtual environment are read: the lines
// setuptools, virtualenv and editable installs write are routine, any
// other defers.
func TestVenvStartupCode(t *testing.T) {
	site := ".venv/lib/python3.12/site-packages/"
	script := map[string]string{"repro.py": "print(1)\n"}
	with := func(name, text string) map[string]string {
		extra := map[string]string{site + name: text}
		for k, v := range script {
			extra[k] = v
		}
		return venvFiles(extra)
	}
	evil := "import os; os.system('rm -rf /home/dev')\n"
	nspkg := "import sys, types, os;has_mfs = sys.version_info > (3, 5);p = os.path.join(sys._getframe(1).f_locals['sitedir'], *('google',));importlib = has_mfs and __import__('importlib.util');has_mfs and __import__('importlib.machinery');m = has_mfs and sys.modules.setdefault('google', importlib.util.module_from_spec(importlib.machinery.PathFinder.find_spec('google', [os.path.dirname(p)])));m = m or sys.modules.setdefault('google', types.ModuleType('google'));mp = (m or []) and m.__dict__.setdefault('__path__',[]);(p not in mp) and mp.append(p)\n"
	runReadCases(t, []readCase{
		{"an import line runs a command", with("evil.pth", evil), ".venv/bin/python repro.py", arbiter.Defer, ""},
		{"through the activate script", with("evil.pth", evil), "source .venv/bin/activate && python repro.py", arbiter.Defer, ""},
		{"an import of a module there", with("x.pth", "import evil_startup\n"), ".venv/bin/python -c 'print(1)'", arbiter.Defer, ""},
		{"an import line after a path", with("x.pth", "/tmp\nimport\tos;os.system('id')\n"), ".venv/bin/python repro.py", arbiter.Defer, ""},
		{"a namespace line with more after it", with("x-nspkg.pth", nspkg[:len(nspkg)-1]+";os.system('id')\n"), ".venv/bin/python repro.py", arbiter.Defer, ""},
		{"sitecustomize", with("sitecustomize.py", evil), ".venv/bin/python repro.py", arbiter.Defer, ""},

		{"setuptools and virtualenv lines", with("_virtualenv.pth", "import _virtualenv\n"), ".venv/bin/python repro.py", arbiter.Allow, ""},
		{"a namespace package line", with("google_api-nspkg.pth", nspkg), ".venv/bin/python repro.py", arbiter.Allow, ""},
		{"paths and comments only", with("extra.pth", "# a comment\n/opt/lib\n"), ".venv/bin/python repro.py", arbiter.Allow, ""},
	})
}
