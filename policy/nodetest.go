package policy

import (
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// node --test is node's own test runner: it runs no script of its own and
// opens no prompt, but runs each test file its operands name (a file, the
// test files of a folder, or those a pattern matches) or, given none, the
// files below the working folder named as node's default selection names
// them. Each is judged as a script node runs.

// nodeTestRun reports node --test: the flag among the options, before the
// first operand.
func nodeTestRun(c *shell.Command) bool {
	if c.Program != "node" && c.Program != "nodejs" {
		return false
	}
	for _, a := range c.Args {
		switch {
		case a.Text == "--test":
			return true
		case !strings.HasPrefix(a.Text, "-"):
			return false
		}
	}
	return false
}

// nodeTests judges the test files node --test runs.
func (j *judgement) nodeTests(c *shell.Command, subj string) {
	dir := j.res.Resolve(".", c.Dir)
	named := false
	for k, a := range c.Args {
		if strings.HasPrefix(a.Text, "-") || k > 0 && nodeValued(c.Args[k-1].Text) {
			continue
		}
		named = true
		if a.Dynamic {
			j.fireWith(catalog.UDynamicPath, subj, "runs test files named by a word only known when the command runs")
			return
		}
		j.testOperand(c, a.Text, dir, subj)
	}
	if !named {
		j.testsBelow(c, dir, dir, nodeTestName, subj)
	}
	for k := range c.Args {
		// node -r FILE, --require, --import: loaded before every test file.
		if file, ok := nodePreload(c, k); ok && (strings.HasPrefix(file, ".") || strings.HasPrefix(file, "/")) {
			j.runnerModule(c, file, dir, subj)
		} else if ok {
			j.fireWith(catalog.UBuildCode, subj, "node --test preloads "+clipText(file, 40)+", a package arbiter does not read")
		}
	}
	j.nodeReporters(c, dir, subj)
	j.fireWith(catalog.D4RunTests, subj, "runs the project's tests with node's test runner, judged by the test files it runs")
}

// nodeReporters judges the reporters node --test loads: its own by
// name, a project file by its path (read as the tests are), a package by
// its name (not read).
func (j *judgement) nodeReporters(c *shell.Command, dir, subj string) {
	for k, a := range c.Args {
		v, ok := strings.CutPrefix(a.Text, "--test-reporter=")
		if !ok && a.Text == "--test-reporter" && k+1 < len(c.Args) {
			v, ok = c.Args[k+1].Text, true
		}
		switch {
		case !ok || builtinNodeReporter(v):
		case strings.HasPrefix(v, ".") || strings.HasPrefix(v, "/"):
			j.runnerModule(c, v, dir, subj)
		default:
			j.fireWith(catalog.UBuildCode, subj, "node --test loads the reporter "+clipText(v, 40)+", a package arbiter does not read")
		}
	}
}

// builtinNodeReporter reports a reporter node's test runner has built in.
func builtinNodeReporter(name string) bool {
	switch name {
	case "spec", "tap", "dot", "junit", "lcov":
		return true
	}
	return false
}

// nodeValued reports node's options whose value is the next word.
func nodeValued(opt string) bool {
	switch opt {
	case "-r", "--require", "--import", "--test-reporter", "--test-reporter-destination", "--test-name-pattern", "--test-skip-pattern", "--test-concurrency", "--test-timeout", "--test-shard", "--input-type":
		return true
	}
	return false
}

// nodeTestName reports a file node's default selection runs: named
// NAME.test.js, NAME-test.js, NAME_test.js, test-NAME.js or test.js, or
// any script in a folder named test (with .cjs, .mjs and, as node strips
// types, .ts forms), and the names the other runners use, which is never
// fewer.
func nodeTestName(p string) bool {
	if testFileName(p) {
		return true
	}
	base := filepath.Base(p)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	return stem == "test" || strings.HasPrefix(stem, "test-") || strings.HasSuffix(stem, "-test") || strings.HasSuffix(stem, "_test") || strings.HasSuffix(stem, ".test")
}
