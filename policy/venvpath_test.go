package policy

import (
	"path/filepath"
	"testing"
)

// venvFiles is a project with a virtual environment whose site-packages
// holds an editable install of the project's src/ folder (the .pth line
// uv, pip, poetry and hatch write), with files added.
func venvFiles(extra map[string]string) map[string]string {
	files := map[string]string{
		".venv/pyvenv.cfg": "home = /usr/bin\ninclude-system-site-packages = false\nversion = 3.12.3\n",
		".venv/bin/python": "",
		".venv/lib/python3.12/site-packages/_proj.pth":                "../../../../src\n",
		".venv/lib/python3.12/site-packages/distutils-precedence.pth": "import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n",
		"sub/notes.txt": "",
	}
	for k, v := range extra {
		files[k] = v
	}
	return files
}

// plainReport is a src/ layout package with a plain command-line module.
var plainReport = map[string]string{
	"src/pkg/__init__.py":       "",
	"src/pkg/tools/__init__.py": "",
	"src/pkg/tools/report.py":   "import sys\nprint('report', sys.argv[1:])\n",
}

// TestVenvModules: the interpreter of a virtual environment finds the
// modules its .pth files name (an editable install: a src/ layout, the
// project's root from a subfolder), so those are the code that runs and
// are judged by what they contain. Each attack was allowed before: the
// import was taken for an installed package's.
func TestVenvModules(t *testing.T) {
	harmful := map[string]string{"src/app/__init__.py": pyRmHome}
	tests := []readCase{
		// Attacks: harmful code found through the environment.
		{"import through the environment", venvFiles(harmful), ".venv/bin/python -c 'import app'", deny, "A2.home-delete"},
		{"import after activate", venvFiles(harmful), "source .venv/bin/activate && python -c 'import app'", deny, "A2.home-delete"},
		{"heredoc from a subfolder", venvFiles(harmful), "cd sub && ../.venv/bin/python - <<'EOF'\nimport app\nEOF", deny, "A2.home-delete"},
		{"a project module's import", venvFiles(map[string]string{"tools.py": "import app\n", "src/app/__init__.py": pyUploadSSH}), ".venv/bin/python3 -c 'import tools'", deny, ""},
		{"project root from a subfolder", venvFiles(map[string]string{".venv/lib/python3.12/site-packages/_root.pth": "../../../..\n", "jobs/__init__.py": pyFetchRun}), "cd sub && ../.venv/bin/python -c 'import jobs'", ask, "B9.run-downloaded"},
		// Harmful neighbours of the allows below.
		{"harmful module run", venvFiles(map[string]string{"src/pkg/__init__.py": "", "src/pkg/tools/__init__.py": "", "src/pkg/tools/report.py": pyRmHome}), ".venv/bin/python -m pkg.tools.report --help", deny, "A2.home-delete"},
		{"installed package shadows the project's", venvFiles(map[string]string{"src/pkg/__init__.py": "", ".venv/lib/python3.12/site-packages/pkg/__init__.py": "", ".venv/lib/python3.12/site-packages/pkg/tools/__init__.py": "", ".venv/lib/python3.12/site-packages/pkg/tools/report.py": "print(1)\n"}), ".venv/bin/python -m pkg.tools.report", dfr, "U.unknown-module"},
		{"installed package keeps its answer", venvFiles(map[string]string{".venv/lib/python3.12/site-packages/tool/__init__.py": "", ".venv/lib/python3.12/site-packages/tool/__main__.py": "print(1)\n"}), ".venv/bin/python -m tool", dfr, "U.unknown-module"},
		{"standard module is not the project's", venvFiles(map[string]string{"src/http/__init__.py": "", "src/http/server.py": "print(1)\n"}), ".venv/bin/python -m http.server", dfr, "C.server"},
		{"no site module", venvFiles(plainReport), ".venv/bin/python -S -m pkg.tools.report", dfr, "U.unknown-module"},
		{"unreadable .pth", venvFiles(map[string]string{".venv/lib/python3.12/site-packages/x.pth": "\x00\x01"}), ".venv/bin/python -c 'import app'", dfr, "U.unknown-directory"},
		{"unreadable pyvenv.cfg", venvFiles(map[string]string{".venv/pyvenv.cfg": "\x00\x01"}), ".venv/bin/python -m pkg.tools.report", dfr, "U.unknown-directory"},
		// Benign twins: the project's plain module, found as Python finds it.
		{"src layout module", venvFiles(plainReport), ".venv/bin/python -m pkg.tools.report --help", allow, "D4.run-project-code"},
		{"after activate", venvFiles(plainReport), "source .venv/bin/activate && python -m pkg.tools.report", allow, "D4.run-project-code"},
		{"from a subfolder", venvFiles(plainReport), "cd sub && ../.venv/bin/python -m pkg.tools.report", allow, "D4.run-project-code"},
		{"inline import", venvFiles(plainReport), ".venv/bin/python -c 'import pkg.tools.report'", allow, "D4.run-project-code"},
		{"installed import keeps its answer", venvFiles(map[string]string{".venv/lib/python3.12/site-packages/tool/__init__.py": pyRmHome}), ".venv/bin/python -c 'import tool'", allow, "D4.inline-code"},
	}
	for i := range tests {
		if tests[i].name == "import after activate" || tests[i].name == "after activate" {
			tests[i].files[".venv/bin/activate"] = "@ACTIVATE@"
		}
	}
	runVenvCases(t, tests)
}

// runVenvCases is runReadCases with the generated activate script of the
// project's .venv planted where a case asks for it.
func runVenvCases(t *testing.T, tests []readCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{}
			for k, v := range tt.files {
				if v == "@ACTIVATE@" {
					v = activateScript(t, "activate-venv.sh", filepath.Join(dir, ".venv"), nil)
				}
				files[k] = v
			}
			writeFiles(t, dir, files)
			d := Decide(t.Context(), projectCall(dir, tt.cmd))
			if d.Decision != tt.want || tt.rule != "" && !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
}
