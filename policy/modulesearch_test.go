package policy

import (
	"fmt"
	"strings"
	"testing"
)

// folders lists n folder names, none of which exists.
func folders(n int, sep string) string {
	var f []string
	for i := 0; i < n; i++ {
		f = append(f, fmt.Sprintf("d%d", i))
	}
	return strings.Join(f, sep)
}

// imports is Python code importing n modules no folder holds.
func imports(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "import mod%d\n", i)
	}
	return b.String()
}

// TestModuleSearchBounded checks that looking modules up is bounded over
// a decision: each import is looked for in every folder of the search
// path, so many imports on a long path cost imports × folders while both
// files stay small.
func TestModuleSearchBounded(t *testing.T) {
	const work = "U.too-many-files"
	many := map[string]string{"pytest.ini": "[pytest]\npythonpath = " + folders(1500, " ") + "\n"}
	for i := 0; i < 15; i++ {
		many[fmt.Sprintf("tests/test_%d.py", i)] = imports(200) + "def test_x():\n    assert 1\n"
	}
	runReadCases(t, []readCase{
		{"conftest", map[string]string{"pytest.ini": "[pytest]\npythonpath = " + folders(1500, " ") + "\n", "tests/conftest.py": imports(3000)}, "pytest tests", dfr, work},
		{"PYTHONPATH", map[string]string{"main.py": imports(3000)}, "PYTHONPATH=" + folders(1500, ":") + " python main.py", dfr, work},
		{"many test files", many, "pytest", dfr, work},
	})
}

// TestModuleSearchTwins checks that projects with a usual search path and
// many imports stay within the bound, a tree of 300 test folders (each on
// pytest's path) too.
func TestModuleSearchTwins(t *testing.T) {
	tree := map[string]string{"pytest.ini": "[pytest]\npythonpath = src tests\n", "src/app/__init__.py": "", "src/app/core.py": "import json\n"}
	for i := 0; i < 300; i++ {
		tree[fmt.Sprintf("tests/t%d/test_%d.py", i, i)] = "import json\nimport os\nimport app.core\n" + imports(20) + "def test_x():\n    assert 1\n"
	}
	runReadCases(t, []readCase{
		{"a test tree", tree, "pytest", allow, ""},
		{"a script importing many", map[string]string{"main.py": imports(300)}, "python main.py", allow, ""},
		{"a short PYTHONPATH", map[string]string{"main.py": imports(300)}, "PYTHONPATH=" + folders(20, ":") + " python main.py", allow, ""},
	})
}
