package policy

import (
	"path/filepath"
	"strings"
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

// editableFiles is a project installed with setuptools' editable finder
// (a flat layout: the package at the project's root, mapped by the
// finder's MAPPING), with files added.
func editableFiles(mapping string, extra map[string]string) map[string]string {
	files := map[string]string{
		".venv/lib/python3.12/site-packages/__editable__.proj-0.1.pth":       "import __editable___proj_0_1_finder; __editable___proj_0_1_finder.install()\n",
		".venv/lib/python3.12/site-packages/__editable___proj_0_1_finder.py": "from __future__ import annotations\nimport sys\n\nMAPPING: dict[str, str] = " + mapping + "\nNAMESPACES: dict[str, list[str]] = {}\n",
		".venv/lib/python3.12/site-packages/_proj.pth":                       "",
	}
	for k, v := range extra {
		files[k] = v
	}
	return venvFiles(files)
}

// TestEditableFinder: the modules setuptools' editable finder maps are
// found where it maps them, after every folder of the path. Each attack
// was allowed before.
func TestEditableFinder(t *testing.T) {
	mapping := "{'app': '@DIR@/app'}"
	plain := map[string]string{"app/__init__.py": "", "app/cli.py": "print('usage: app')\n", "app/core.py": pyPlain, "scripts/run.py": "from app import core\nprint(core.add(1, 2))\n"}
	runVenvCases(t, []readCase{
		// Attacks.
		{"import from a subfolder", editableFiles(mapping, map[string]string{"app/__init__.py": pyRmHome}), "cd sub && ../.venv/bin/python -c 'import app'", deny, "A2.home-delete"},
		{"heredoc from a subfolder", editableFiles(mapping, map[string]string{"app/__init__.py": "", "app/core.py": pyUploadSSH}), "cd sub && ../.venv/bin/python - <<'EOF'\nfrom app import core\nEOF", deny, ""},
		{"a script in a subfolder", editableFiles(mapping, map[string]string{"app/__init__.py": "", "app/core.py": pyFetchRun, "scripts/run.py": "from app import core\n"}), ".venv/bin/python scripts/run.py", ask, "B9.run-downloaded"},
		// Harmful neighbours.
		{"harmful module run", editableFiles(mapping, map[string]string{"app/__init__.py": "", "app/cli.py": pyRmHome}), "cd sub && ../.venv/bin/python -m app.cli", deny, "A2.home-delete"},
		{"finder without a mapping", editableFiles("dict(app='@DIR@/app')", plain), "cd sub && ../.venv/bin/python -c 'import app'", dfr, "U.unknown-directory"},
		{"mapped under another name", editableFiles("{'app': '@DIR@/lib'}", plain), "cd sub && ../.venv/bin/python -m app.cli", dfr, "U.unknown-directory"},
		// Benign twins.
		{"plain module run", editableFiles(mapping, plain), "cd sub && ../.venv/bin/python -m app.cli", allow, "D4.run-project-code"},
		{"plain script", editableFiles(mapping, plain), ".venv/bin/python scripts/run.py", allow, "D4.run-project-code"},
		{"plain import", editableFiles(mapping, plain), "cd sub && ../.venv/bin/python -c 'from app import core; print(core.add(1, 2))'", allow, "D4.run-project-code"},
	})
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
				v = strings.ReplaceAll(v, "@DIR@", dir)
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

// TestVenvOnPath: python named alone is the interpreter the call's PATH
// finds first; when that is a virtual environment's (the runtime was
// started with it active), its .pth folders are searched too. Each attack
// was allowed before.
func TestVenvOnPath(t *testing.T) {
	harmful := map[string]string{"src/app/__init__.py": pyRmHome}
	tests := []readCase{
		{"import", venvFiles(harmful), "python -c 'import app'", deny, "A2.home-delete"},
		{"python3 from a subfolder", venvFiles(harmful), "cd sub && python3 -c 'import app'", deny, "A2.home-delete"},
		{"heredoc", venvFiles(harmful), "python - <<'EOF'\nimport app\nEOF", deny, "A2.home-delete"},
		{"plain module run", venvFiles(plainReport), "python -m pkg.tools.report --help", allow, "D4.run-project-code"},
		{"plain module from a subfolder", venvFiles(plainReport), "cd sub && python -m pkg.tools.report", allow, "D4.run-project-code"},
		{"plain import", venvFiles(plainReport), "python3 -c 'import pkg.tools.report'", allow, "D4.run-project-code"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			files := tt.files
			files[".venv/bin/python3"] = ""
			writeFiles(t, dir, files)
			p := New(Options{Path: filepath.Join(dir, ".venv", "bin") + ":/usr/bin:/bin"})
			d := p.Decide(t.Context(), projectCall(dir, tt.cmd))
			if d.Decision != tt.want || !hasRule(d.Rules, tt.rule) {
				t.Errorf("%s\n got %s %v: %s\nwant %s %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.want, tt.rule)
			}
		})
	}
	// Another python first on PATH: the environment is not the one that runs.
	dir := t.TempDir()
	writeFiles(t, dir, venvFiles(plainReport))
	p := New(Options{Path: "/usr/bin:" + filepath.Join(dir, ".venv", "bin")})
	if d := p.Decide(t.Context(), projectCall(dir, "python3 -m pkg.tools.report")); d.Decision == allow {
		t.Errorf("python3 -m pkg.tools.report with the system's python3 first: got %s %v: %s", d.Decision, d.Rules, d.Reason)
	}
}

// TestVenvRunners: uv, poetry and pipenv run the interpreter of the
// project's .venv, so its .pth folders are searched. Each attack was
// allowed before.
func TestVenvRunners(t *testing.T) {
	harmful := map[string]string{"src/app/__init__.py": pyRmHome, "pyproject.toml": "[project]\nname = \"proj\"\nversion = \"0.1\"\n"}
	plain := map[string]string{"pyproject.toml": "[project]\nname = \"proj\"\nversion = \"0.1\"\n"}
	for k, v := range plainReport {
		plain[k] = v
	}
	runVenvCases(t, []readCase{
		// Attacks.
		{"uv run import", venvFiles(harmful), "uv run python -c 'import app'", deny, "A2.home-delete"},
		{"poetry run heredoc", venvFiles(harmful), "poetry run python - <<'EOF'\nimport app\nEOF", deny, "A2.home-delete"},
		{"pipenv run from a subfolder", venvFiles(harmful), "cd sub && pipenv run python3 -c 'import app'", deny, "A2.home-delete"},
		// Neighbours: no environment of the project to read.
		{"no .venv", map[string]string{"src/pkg/__init__.py": "", "src/pkg/tools/__init__.py": "", "src/pkg/tools/report.py": "print(1)\n", "pyproject.toml": plain["pyproject.toml"]}, "uv run python -m pkg.tools.report", dfr, "U.unknown-module"},
		{"harmful module run", venvFiles(map[string]string{"src/pkg/__init__.py": pyUploadSSH, "src/pkg/tools/__init__.py": "", "src/pkg/tools/report.py": "print(1)\n"}), "uv run python -m pkg.tools.report", deny, ""},
		// Twins.
		{"uv run module", venvFiles(plain), "uv run python -m pkg.tools.report --help", allow, "D4.run-project-code"},
		{"poetry run module", venvFiles(plain), "poetry run python -m pkg.tools.report", allow, "D4.run-project-code"},
		{"pipenv run from a subfolder", venvFiles(plain), "cd sub && pipenv run python -m pkg.tools.report", allow, "D4.run-project-code"},
	})
}
