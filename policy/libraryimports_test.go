package policy

import "testing"

// TestLibraryImportsShadowed: a library or standard module the code
// imports imports others by name, looked up first in the same folders
// (the working directory for inline code), so a project module named like
// one of them runs though the code never names it: it is judged as an
// import of the code's own.
func TestLibraryImportsShadowed(t *testing.T) {
	runReadCases(t, []readCase{
		{"statistics imports fractions", map[string]string{"fractions.py": pyFetchRun}, "python3 -c 'import statistics; print(statistics.mean([1, 2]))'", ask, "B9.run-downloaded"},
		{"fractions imports numbers", map[string]string{"numbers.py": pyUploadSSH}, "python3 -c 'import fractions; print(fractions.Fraction(1, 3))'", deny, ""},
		{"pandas imports pytz", map[string]string{"pytz/__init__.py": pyRmHome, "data.csv": "a\n1\n"}, "python3 -c 'import pandas as pd; print(pd.read_csv(\"data.csv\"))'", deny, "A2.home-delete"},
		{"written before it runs", map[string]string{"x.txt": pyFetchRun}, "cp x.txt bisect.py && python3 -c 'import statistics; print(statistics.mean([1]))'", ask, "B9.run-downloaded"},

		{"a plain module of that name", map[string]string{"fractions.py": pyPlain}, "python3 -c 'import statistics; print(statistics.mean([1, 2]))'", allow, "D4.run-project-code"},
		{"other project modules", map[string]string{"setup.py": pyFetchRun, "main.py": pyRmHome, "utils.py": pyUploadSSH}, "python3 -c 'import statistics; print(statistics.mean([1, 2]))'", allow, "D4.inline-code"},
		{"a folder that is no package", map[string]string{"random/notes.txt": "x"}, "python3 -c 'import statistics; print(statistics.mean([1, 2]))'", allow, "D4.inline-code"},
		{"isolated", map[string]string{"fractions.py": pyFetchRun}, "python3 -I -c 'import statistics; print(statistics.mean([1, 2]))'", allow, "D4.inline-code"},
		{"nothing imported", map[string]string{"fractions.py": pyFetchRun}, "python3 -c 'print(1 + 2)'", allow, "D4.inline-code"},
	})
}
