package shell

import "strings"

// coverageRun reads `coverage run [OPTIONS] (-m MODULE | SCRIPT) ARGS…`,
// which runs the script or module with Python under coverage.py's trace,
// as the python command it runs: false when args are not coverage run.
// Options arbiter does not know to change only what is measured
// (--rcfile names another configuration, --data-file writes elsewhere)
// are a problem, as a wrapper's are.
func (w *walker) coverageRun(args []Word) ([]Word, bool) {
	if len(args) == 0 || args[0].Text != "run" {
		return nil, false
	}
	args = args[1:]
	module := false
	i := 0
	for ; i < len(args); i++ {
		t := args[i].Text
		if t == "--" {
			i++
			break
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			break
		}
		name, _, hasValue := strings.Cut(t, "=")
		switch {
		case name == "-m" || name == "--module":
			module = true
		case contains(coverageValued, name):
			if !hasValue {
				i++
			}
		case contains(coverageFlags, name):
		default:
			w.problem(WrapperOption, "coverage run %s is not an option arbiter knows to change only what coverage measures", clip(t, 60))
			return nil, false
		}
	}
	if i >= len(args) {
		return nil, false
	}
	out := []Word{{Text: "python3"}}
	if module {
		out = append(out, Word{Text: "-m"})
	}
	return append(out, args[i:]...), true
}

// coverageValued and coverageFlags are coverage run's options that only
// choose what is measured and how (coverage.py's "coverage run --help").
var (
	coverageValued = []string{"--source", "--omit", "--include", "--concurrency", "--context"}
	coverageFlags  = []string{"-a", "--append", "--branch", "-p", "--parallel-mode", "--timid", "-L", "--pylib"}
)
