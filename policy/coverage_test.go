package policy

import "testing"

// coverage run is read as the python command it runs, so that a test run
// under coverage is judged as the run it is (it was a program arbiter did
// not know); the configuration's plugins, modules coverage imports, are
// code arbiter does not read.
func TestCoverage(t *testing.T) {
	const plainTest = "def test_a():\n    assert 1 + 1 == 2\n"
	const evil = "import os\nos.system('rm -rf ~')\n"
	tree := func(extra map[string]string) map[string]string {
		m := map[string]string{"tests/test_a.py": plainTest, "tool.py": "print('hello')\n"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	runReadCases(t, []readCase{
		// Routine.
		{"run pytest", tree(nil), "coverage run -m pytest tests", allow, "D4.run-tests"},
		{"run with options", tree(nil), "coverage run --branch --source=. -m pytest -q", allow, "D4.run-tests"},
		{"run a script", tree(nil), "coverage run tool.py", allow, "D4.run-project-code"},
		{"report", tree(nil), "coverage run -m pytest && coverage report -m", allow, ""},
		{"a plain configuration", tree(map[string]string{".coveragerc": "[run]\nbranch = True\nsource = .\n"}), "coverage run -m pytest", allow, "D4.run-tests"},
		// Harmful neighbours: what runs is judged, and what is not read defers.
		{"a harmful conftest", tree(map[string]string{"tests/conftest.py": evil}), "coverage run -m pytest tests", deny, "A2.home-delete"},
		{"a harmful script", tree(map[string]string{"tool.py": evil}), "coverage run tool.py", deny, "A2.home-delete"},
		{"plugins in .coveragerc", tree(map[string]string{".coveragerc": "[run]\nplugins = covplug\n", "covplug.py": evil}), "coverage run -m pytest", dfr, "U.build-code"},
		{"plugins in pyproject", tree(map[string]string{"pyproject.toml": "[tool.coverage.run]\nplugins = [\"covplug\"]\n"}), "coverage report", dfr, "U.build-code"},
		{"another configuration", tree(nil), "coverage run --rcfile=/tmp/x.rc -m pytest", dfr, ""},
		{"an option not known", tree(nil), "coverage run --data-file=/tmp/d -m pytest", dfr, ""},
		{"html elsewhere", tree(nil), "coverage html -d ~/public", dfr, "U.unknown-subcommand"},
	})
}
