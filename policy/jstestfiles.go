package policy

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// testFiles judges the test files a JavaScript test runner runs, each
// read as a script node runs. What jest's, vitest's and mocha's default
// selections pick is within the files named like tests (.test., .spec.)
// or in a test folder (__tests__, test, tests); a configuration that
// chooses its own selection (testMatch, include, spec) may pick any
// script, so then every script below is read; mocha's operands are its
// test files, or folders of them.
func (j *judgement) testFiles(c *shell.Command, dir, subj string) {
	conf := runnerConfigs.Get()[c.Program]
	if !conf.tests {
		return
	}
	if conf.operands {
		named := false
		if sp := spec.Lookup(c.Program); sp != nil {
			for _, v := range sp.Parse(c.ArgTexts()).Values {
				if v.Option != "" && v.Option != "--spec" {
					continue
				}
				named = true
				j.testOperand(c, v.Text, dir, subj)
			}
		}
		if named {
			return
		}
	}
	all := j.choosesTests(conf, dir)
	found, err := project.FindFiles(dir, jsFile, func(p string) bool {
		base := filepath.Base(p)
		return base == "node_modules" || base == ".git"
	})
	if err != nil && fileExistsAt(dir) {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot list the test files "+c.Program+" runs below "+j.shownPath(dir)+" ("+err.Error()+")")
		return
	}
	for _, f := range found {
		if all || testFileName(f) {
			j.runnerModule(c, f, dir, subj)
		}
	}
}

// testOperand judges one of mocha's operands: a file, or every script
// in a folder; a pattern is not expanded.
func (j *judgement) testOperand(c *shell.Command, name, dir, subj string) {
	if strings.ContainsAny(name, "*?[{") {
		j.fireWith(catalog.UBuildCode, subj, c.Program+" runs the test files "+name+" matches, a pattern arbiter does not expand")
		return
	}
	abs := j.res.Resolve(name, dir)
	st, err := os.Stat(abs)
	switch {
	case err != nil:
		return // not there: nothing runs
	case !st.IsDir():
		j.runnerModule(c, abs, dir, subj)
		return
	}
	found, err := project.FindFiles(abs, jsFile, func(p string) bool { return filepath.Base(p) == "node_modules" })
	if err != nil {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot list the test files in "+j.shownPath(abs)+" ("+err.Error()+")")
		return
	}
	for _, f := range found {
		j.runnerModule(c, f, dir, subj)
	}
}

// testFileName reports whether a script's path names it a test.
func testFileName(p string) bool {
	base := filepath.Base(p)
	if strings.Contains(base, ".test.") || strings.Contains(base, ".spec.") {
		return true
	}
	parts := strings.Split(filepath.ToSlash(filepath.Dir(p)), "/")
	return slices.Contains(parts, "__tests__") || slices.Contains(parts, "test") || slices.Contains(parts, "tests")
}

// choosesTests reports whether a configuration the runner takes in dir
// or a parent mentions a setting that chooses its test files: read as
// text, which is never less than the setting.
func (j *judgement) choosesTests(conf runnerConfig, dir string) bool {
	for d := dir; ; d = filepath.Dir(d) {
		names := slices.Clone(conf.files)
		if conf.key != "" {
			names = append(names, "package.json")
		}
		for _, n := range names {
			f, err := j.readSource(filepath.Join(d, n))
			if err != nil {
				continue
			}
			text := f.Text
			if n == "package.json" {
				var doc map[string]json.RawMessage
				if json.Unmarshal([]byte(text), &doc) == nil {
					text = string(doc[conf.key]) // only the runner's key
				}
			}
			for _, k := range conf.selection {
				if setsKey(text, k) {
					return true
				}
			}
		}
		if filepath.Dir(d) == d {
			return false
		}
	}
}

// setsKey reports whether text holds key as a setting's name: the word,
// quoted or not, then a colon or an equals sign (YAML's spec:, JSON's
// "spec":, JavaScript's spec: or obj.spec =).
func setsKey(text, key string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], key)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + len(key)
		if at > 0 && isWordByte(text[at-1]) {
			continue
		}
		rest := strings.TrimLeft(text[i:], "\"' \t")
		if strings.HasPrefix(rest, ":") || strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") {
			return true
		}
	}
}

func isWordByte(b byte) bool {
	return b == '_' || b == '$' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
