package project

import "testing"

func TestPthRunsCode(t *testing.T) {
	distutils := "import os; var = 'SETUPTOOLS_USE_DISTUTILS'; enabled = os.environ.get(var, 'local') == 'local'; enabled and __import__('_distutils_hack').add_shim(); \n"
	tests := []struct {
		text string
		runs bool
	}{
		{distutils, false},
		{"import _virtualenv\n", false},
		{"import __editable___pkg_1_0_finder; __editable___pkg_1_0_finder.install()\n", false},
		{"/opt/lib\n# import os\n", false},
		{"importlib\n", false}, // a folder named importlib, not an import line
		{"import os\n", true},
		{"import\tos;os.system('id')\n", true},
		{distutils[:len(distutils)-2] + "; __import__('os').system('id')\n", true},
		{"\ufeffimport evil\n", true},
		{"import _virtualenv; import os\n", true},
	}
	for _, tt := range tests {
		if got := PthRunsCode(tt.text) != ""; got != tt.runs {
			t.Errorf("PthRunsCode(%q) runs = %v, want %v", tt.text, got, tt.runs)
		}
	}
}
