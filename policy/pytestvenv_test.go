package policy

import "testing"

// pytestPlugin11 is an editable install's dist-info naming a pytest11
// plugin: pytest loads it on start, with no -p.
func pytestPlugin11(module string) map[string]string {
	return map[string]string{
		".venv/lib/python3.12/site-packages/proj-0.1.dist-info/METADATA":         "Name: proj\nVersion: 0.1\n",
		".venv/lib/python3.12/site-packages/proj-0.1.dist-info/entry_points.txt": "[console_scripts]\nproj = proj.cli:main\n\n[pytest11]\nproj_plugin = " + module + "\n",
		".venv/bin/pytest": "",
	}
}

// pytestScriptText is the console script pip and uv write as a virtual
// environment's bin/pytest.
const pytestScriptText = "#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\nimport re\nimport sys\nfrom pytest import console_main\nif __name__ == \"__main__\":\n    sys.argv[0] = re.sub(r\"(-script\\.pyw|\\.exe)?$\", \"\", sys.argv[0])\n    sys.exit(console_main())\n"

// withFiles merges file sets, later ones winning.
func withFiles(sets ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, s := range sets {
		for k, v := range s {
			out[k] = v
		}
	}
	return out
}

// TestPytestVenvLoads: pytest and unittest run by a virtual
// environment's interpreter find what that interpreter finds: modules on
// the .pth folders of an editable install (imported by a conftest.py or
// a test, named by -p or unittest), and the pytest11 plugins that
// installed distributions declare, which pytest loads on start. Each is
// judged by what it contains; each attack was allowed before (the module
// was taken for an installed package's, the entry points not read).
func TestPytestVenvLoads(t *testing.T) {
	tests := "tests/test_a.py"
	plainTest := "def test_a():\n    assert True\n"
	runVenvCases(t, []readCase{
		{"conftest imports a src/ module that deletes home", venvFiles(map[string]string{"tests/conftest.py": "import helperpkg\n", tests: plainTest, "src/helperpkg/__init__.py": pyRmHome, ".venv/bin/pytest": ""}), "uv run pytest tests", deny, "A2.home-delete"},
		{"benign twin: a plain src/ module", venvFiles(map[string]string{"tests/conftest.py": "import helperpkg\n", tests: plainTest, "src/helperpkg/__init__.py": pyPlain, ".venv/bin/pytest": ""}), "uv run pytest tests", allow, ""},
		{"test module imports a src/ module that fetches and runs", venvFiles(map[string]string{tests: "from helperpkg import x\n" + plainTest, "src/helperpkg/__init__.py": pyFetchRun, ".venv/bin/pytest": ""}), "uv run pytest tests", ask, "B9.run-downloaded"},
		{"pytest11 plugin of the editable install", withFiles(venvFiles(map[string]string{tests: plainTest, "src/proj_plugin.py": pyRmHome}), pytestPlugin11("proj_plugin")), "uv run pytest tests", deny, "A2.home-delete"},
		{"pytest11 plugin with an attribute", withFiles(venvFiles(map[string]string{tests: plainTest, "src/projplug/__init__.py": "", "src/projplug/hooks.py": pyFetchRun}), pytestPlugin11("projplug.hooks:plugin")), ".venv/bin/python -m pytest tests", ask, "B9.run-downloaded"},
		{"benign twin: a plain pytest11 plugin", withFiles(venvFiles(map[string]string{tests: plainTest, "src/proj_plugin.py": pyPlain}), pytestPlugin11("proj_plugin")), "uv run pytest tests", allow, ""},
		{"pytest11 plugin found nowhere", withFiles(venvFiles(map[string]string{tests: plainTest}), pytestPlugin11("gone_plugin")), "uv run pytest tests", dfr, "U.unknown-module"},
		{"-p names a src/ module", venvFiles(map[string]string{tests: plainTest, "src/localplug.py": pyRmHome, ".venv/bin/pytest": ""}), "uv run pytest -p localplug tests", deny, "A2.home-delete"},
		{"the environment's bin/pytest script, a harmful conftest.py", venvFiles(map[string]string{"tests/conftest.py": pyRmHome, tests: plainTest, ".venv/bin/pytest": pytestScriptText}), ".venv/bin/pytest tests", deny, "A2.home-delete"},
		{"the bin/pytest script, a pytest11 plugin of the editable install", withFiles(venvFiles(map[string]string{tests: plainTest, "src/proj_plugin.py": pyFetchRun}), pytestPlugin11("proj_plugin"), map[string]string{".venv/bin/pytest": pytestScriptText}), ".venv/bin/pytest tests", ask, "B9.run-downloaded"},
		{"the bin/pytest script, an option arbiter does not know", venvFiles(map[string]string{tests: plainTest, ".venv/bin/pytest": pytestScriptText}), ".venv/bin/pytest --no-such-option tests", dfr, ""},
		{"benign twin: the bin/pytest script, a plain tree", venvFiles(map[string]string{"tests/conftest.py": conftestPlain, tests: plainTest, ".venv/bin/pytest": pytestScriptText}), ".venv/bin/pytest tests", allow, ""},
		{"unittest names a src/ module", venvFiles(map[string]string{"src/pkg/__init__.py": "", "src/pkg/test_x.py": pyRmHome}), ".venv/bin/python -m unittest pkg.test_x", deny, "A2.home-delete"},
		{"benign twin: unittest names a plain src/ module", venvFiles(map[string]string{"src/pkg/__init__.py": "", "src/pkg/test_x.py": testPlain}), ".venv/bin/python -m unittest pkg.test_x", allow, ""},
	})
}
