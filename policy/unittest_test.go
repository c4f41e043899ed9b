package policy

import "testing"

const testPlain = "import unittest\n\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(1, 1)\n"

// TestUnittestLoads: unittest imports each test module it discovers or is
// named; each attack here was allowed before.
func TestUnittestLoads(t *testing.T) {
	runReadCases(t, []readCase{
		{"discover root", map[string]string{"test_setup.py": pyRmHome}, "python -m unittest", deny, "A2.home-delete"},
		{"discover start dir", map[string]string{"tests/test_net.py": pyUploadSSH}, "python -m unittest discover -s tests", deny, ""},
		{"discover package", map[string]string{"tests/__init__.py": "", "tests/unit/__init__.py": "", "tests/unit/test_x.py": pyFetchRun}, "python3 -m unittest discover", ask, "B9.run-downloaded"},
		{"discover package init", map[string]string{"tests/__init__.py": pyRmHome}, "python -m unittest discover", deny, "A2.home-delete"},
		{"discover pattern", map[string]string{"checks/check_a.py": pyRmHome}, "python -m unittest discover checks 'check_*.py'", deny, "A2.home-delete"},
		{"named module", map[string]string{"tests/__init__.py": "", "tests/test_a.py": pyRmHome}, "python -m unittest tests.test_a -v", deny, "A2.home-delete"},
		{"named path", map[string]string{"tests/test_a.py": pyUploadSSH}, "python -m unittest tests/test_a.py", deny, ""},
		{"test imports helper", map[string]string{"test_a.py": "import fixtures\n" + testPlain, "fixtures.py": pyRmHome}, "python -m unittest", deny, "A2.home-delete"},
		// Benign twins.
		{"plain discover", map[string]string{"test_a.py": testPlain, "tests/__init__.py": "", "tests/test_b.py": testPlain}, "python -m unittest discover -v", allow, "D4.run-tests"},
		{"plain named", map[string]string{"tests/__init__.py": "", "tests/test_a.py": testPlain}, "python -m unittest tests.test_a", allow, "D4.run-tests"},
		{"not a package not searched", map[string]string{"tests/test_a.py": pyRmHome}, "python -m unittest", allow, "D4.run-tests"},
	})
}

// TestSetupPyRuns: pip install of a folder runs its setup.py.
func TestSetupPyRuns(t *testing.T) {
	runReadCases(t, []readCase{
		{"editable", map[string]string{"setup.py": pyRmHome + "from setuptools import setup\nsetup(name='x')\n"}, "pip install -e .", deny, "A2.home-delete"},
		{"folder", map[string]string{"lib/setup.py": pyUploadSSH}, "pip install ./lib", deny, ""},
		{"python -m pip", map[string]string{"setup.py": pyFetchRun}, "python -m pip install --editable .", ask, "B9.run-downloaded"},
		{"setup imports", map[string]string{"setup.py": "import buildhelp\n", "buildhelp.py": pyRmHome}, "pip install .", deny, "A2.home-delete"},
		{"python setup.py", map[string]string{"setup.py": pyRmHome}, "python setup.py develop", deny, "A2.home-delete"},
		// Plain: installing still asks, as before.
		{"plain setup", map[string]string{"setup.py": "from setuptools import setup\nsetup(name='x', version='1')\n"}, "pip install -e .", ask, "B4.install"},
		{"registry package", map[string]string{"setup.py": pyRmHome}, "pip install requests", ask, "B4.install"},
	})
}
