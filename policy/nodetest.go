package policy

import (
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
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

// nodeTests judges the test files node --test runs, the modules it
// preloads and the reporters it loads, its words read with node's spec.
func (j *judgement) nodeTests(c *shell.Command, subj string) {
	dir := j.res.Resolve(".", c.Dir)
	sp := spec.Lookup(c.Program)
	if sp == nil {
		return // the closed world reports a program with no spec
	}
	named := false
	for _, v := range sp.Parse(c.ArgTexts()).Values {
		if v.Arg < len(c.Args) && c.Args[v.Arg].Dynamic {
			j.fireWith(catalog.UDynamicPath, subj, "node --test is given a word only known when the command runs")
			return
		}
		switch v.Option {
		case "":
			named = true
			j.testOperand(c, v.Text, dir, subj)
		case "-r", "--require", "--import":
			j.nodeLoads(c, v.Text, "preloads", dir, subj) // before every test file
		case "--test-reporter":
			if !builtinNodeReporter(v.Text) {
				j.nodeLoads(c, v.Text, "loads the reporter", dir, subj)
			}
		}
	}
	if !named {
		j.testsBelow(c, dir, dir, nodeTestName, subj)
	}
	j.fireWith(catalog.D4RunTests, subj, "runs the project's tests with node's test runner, judged by the test files it runs")
}

// nodeLoads judges a module node --test loads: a file by its path, read
// as the tests are; a package by its name, which arbiter does not read.
func (j *judgement) nodeLoads(c *shell.Command, name, how, dir, subj string) {
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "/") {
		j.runnerModule(c, name, dir, subj)
		return
	}
	j.fireWith(catalog.UBuildCode, subj, "node --test "+how+" "+clipText(name, 40)+", a package arbiter does not read")
}

// builtinNodeReporter reports a reporter node's test runner has built in.
func builtinNodeReporter(name string) bool {
	switch name {
	case "spec", "tap", "dot", "junit", "lcov":
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
