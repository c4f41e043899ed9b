package policy

import "testing"

// TestLibraryConfigFiles: matplotlib reads a matplotlibrc in the working
// directory when imported, whose backend: module://name imports that
// module and whose text.usetex runs LaTeX; code importing it there is not
// judged by its text alone.
func TestLibraryConfigFiles(t *testing.T) {
	rc := map[string]string{"matplotlibrc": "backend: module://evil\n", "evil.py": pyFetchRun}
	runReadCases(t, []readCase{
		{"pyplot", rc, "python3 -c 'import matplotlib.pyplot as plt; plt.plot([1, 2]); plt.savefig(\"out.png\")'", dfr, "U.impure-code"},
		{"from import", map[string]string{"matplotlibrc": "text.usetex: True\n"}, "python3 -c 'from matplotlib import pyplot; pyplot.plot([1]); pyplot.savefig(\"a.png\")'", dfr, "U.impure-code"},
		{"written first", map[string]string{"x.txt": "backend: module://evil\n"}, "cp x.txt matplotlibrc && python3 -c 'import matplotlib; matplotlib.use(\"Agg\")'", dfr, "U.impure-code"},
		{"pandas plots", rc, "python3 -c 'import pandas as pd; pd.DataFrame({\"a\": [1]}).plot()'", dfr, "U.impure-code"},

		{"no matplotlibrc", nil, "python3 -c 'import matplotlib.pyplot as plt; plt.plot([1, 2]); plt.savefig(\"out.png\")'", allow, "D4.inline-code"},
		{"matplotlibrc elsewhere", map[string]string{"conf/matplotlibrc": "backend: module://evil\n"}, "python3 -c 'import matplotlib.pyplot as plt; plt.plot([1]); plt.savefig(\"out.png\")'", allow, "D4.inline-code"},
		{"another library", rc, "python3 -c 'import numpy as np; print(np.zeros(3))'", allow, "D4.inline-code"},
	})
}
