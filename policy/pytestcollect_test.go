package policy

import "testing"

// TestPytestCollects: pytest imports every test module it collects
// (python_files, test_*.py and *_test.py by default, every module with
// --doctest-modules) and the test packages' __init__.py, so each is
// judged by its content. Each attack here was allowed before, as a test
// run whose conftest files are plain.
func TestPytestCollects(t *testing.T) {
	runReadCases(t, []readCase{
		// Attacks.
		{"test module in the working directory", map[string]string{"tests/test_a.py": pyRmHome + testPlain}, "pytest", deny, "A2.home-delete"},
		{"nested *_test.py", map[string]string{"tests/unit/upload_test.py": pyUploadSSH + testPlain, "tests/conftest.py": conftestPlain}, "pytest tests", deny, ""},
		{"test package __init__", map[string]string{"tests/__init__.py": pyFetchRun, "tests/test_a.py": testPlain}, "python -m pytest -q", ask, "B9.run-downloaded"},
		{"python_files setting", map[string]string{"pytest.ini": "[pytest]\npython_files = check_*.py\n", "checks/check_x.py": pyRmHome}, "pytest checks", deny, "A2.home-delete"},
		{"testpaths setting", map[string]string{"pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = [\"tests\"]\n", "tests/io_test.py": pyUploadSSH}, "pytest -q", deny, ""},
		{"doctest modules", map[string]string{"src/report.py": pyRmHome}, "pytest --doctest-modules src", deny, "A2.home-delete"},
		{"test module imports a helper", map[string]string{"tests/test_a.py": "from helpers import ready\n" + testPlain, "tests/helpers.py": pyFetchRun}, "pytest tests", ask, "B9.run-downloaded"},
		// Benign twins.
		{"plain test module", map[string]string{"tests/test_a.py": testPlain}, "pytest", allow, "D5.build"},
		{"plain nested *_test.py", map[string]string{"tests/unit/upload_test.py": testPlain, "tests/conftest.py": conftestPlain}, "pytest tests", allow, "D5.build"},
		{"plain test package", map[string]string{"tests/__init__.py": "", "tests/test_a.py": testPlain}, "python -m pytest -q", allow, "D4.run-tests"},
		{"python_files setting, plain", map[string]string{"pytest.ini": "[pytest]\npython_files = check_*.py\n", "checks/check_x.py": testPlain, "checks/other.py": pyRmHome}, "pytest checks", allow, "D5.build"},
		{"testpaths setting, plain", map[string]string{"pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = [\"tests\"]\n", "tests/io_test.py": testPlain}, "pytest -q", allow, "D5.build"},
		{"doctest modules, plain", map[string]string{"src/report.py": pyPlain}, "pytest --doctest-modules src", allow, "D5.build"},
		{"not collected without doctest", map[string]string{"src/report.py": pyRmHome, "tests/test_a.py": testPlain}, "pytest tests", allow, "D5.build"},
		{"test module imports a plain helper", map[string]string{"tests/test_a.py": "from helpers import ready\n" + testPlain, "tests/helpers.py": "ready = True\n"}, "pytest tests", allow, "D5.build"},
	})
}
