package policy

import "testing"

// doctestRmHome is a doctest text file whose example removes the home
// folder when pytest runs it.
const doctestRmHome = "Notes\n\n>>> import os\n>>> os.system('rm -rf ~')\n0\n"

// TestPytestDoctestText: pytest runs the examples of the text files its
// doctest plugin collects (test*.txt by default, and any .txt or .rst
// file it is named), which arbiter does not read, so such a run is not
// allowed. Each attack here was allowed before, or judged the text as a
// Python module.
func TestPytestDoctestText(t *testing.T) {
	runReadCases(t, []readCase{
		// Attacks.
		{"test*.txt in a test folder", map[string]string{"tests/test_notes.txt": doctestRmHome, "tests/test_a.py": testPlain}, "pytest tests", dfr, "U.unreadable-code"},
		{"test*.txt at the root", map[string]string{"test_readme.txt": doctestRmHome}, "python -m pytest -q", dfr, "U.unreadable-code"},
		{"nested testing.txt", map[string]string{"tests/unit/testing.txt": doctestRmHome, "tests/unit/test_a.py": testPlain}, "pytest", dfr, "U.unreadable-code"},
		{"a .rst file named", map[string]string{"docs/usage.rst": doctestRmHome}, "pytest docs/usage.rst", dfr, "U.unreadable-code"},
		// Benign twins.
		{"a .txt the glob does not match", map[string]string{"tests/notes.txt": doctestRmHome, "tests/test_a.py": testPlain}, "pytest tests", allow, "D5.build"},
		{"test*.txt outside the test path", map[string]string{"docs/test_x.txt": doctestRmHome, "tests/test_a.py": testPlain}, "pytest tests", allow, "D5.build"},
		{"a .rst not named", map[string]string{"README.rst": doctestRmHome, "tests/test_a.py": testPlain}, "pytest tests", allow, "D5.build"},
	})
}
