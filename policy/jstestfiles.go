package policy

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
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
	all, roots, err := j.choosesTests(conf, dir)
	if err != nil {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot tell where "+c.Program+" finds its test files ("+err.Error()+")")
		return
	}
	pick := testFileName
	if all {
		pick = anyScript
	}
	j.testsBelow(c, dir, dir, pick, subj)
	for _, r := range roots {
		if !within(r, dir) {
			j.testsBelow(c, r, dir, anyScript, subj) // a folder outside: every script
		}
	}
}

// anyScript picks every script.
func anyScript(string) bool { return true }

// testsBelow judges the scripts below root that pick picks.
func (j *judgement) testsBelow(c *shell.Command, root, dir string, pick func(string) bool, subj string) {
	found, err := project.FindFiles(root, jsFile, func(p string) bool {
		base := filepath.Base(p)
		return base == "node_modules" || base == ".git"
	})
	if err != nil && fileExistsAt(root) {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot list the test files "+c.Program+" runs below "+j.shownPath(root)+" ("+err.Error()+")")
		return
	}
	for _, f := range found {
		if pick(f) {
			j.runnerModule(c, f, dir, subj)
		}
	}
}

// within reports whether p is dir or below it.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
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
// or a parent mentions a setting that chooses its test files (read as
// text, which is never less than the setting), and the folders its
// location settings name (a pattern's folder before its wildcard).
func (j *judgement) choosesTests(conf runnerConfig, dir string) (all bool, roots []string, err error) {
	for d := dir; ; d = filepath.Dir(d) {
		for _, t := range j.configTexts(conf, d) {
			n, text := t.name, t.text
			for _, k := range conf.selection {
				all = all || setsKey(text, k)
			}
			found, err := locationValues(conf, n, text)
			if err != nil {
				return true, nil, fmt.Errorf("%s: %v", j.shownPath(filepath.Join(d, n)), err)
			}
			for _, v := range found {
				v = strings.ReplaceAll(v, "<rootDir>", d)
				if k := strings.IndexAny(v, "*?[{!"); k >= 0 {
					v = filepath.Dir(v[:k] + "x")
				}
				roots = append(roots, j.res.Resolve(v, d))
			}
		}
		if filepath.Dir(d) == d {
			return all, roots, nil
		}
	}
}

// configText is one configuration file's text, by its name.
type configText struct{ name, text string }

// configTexts reads the configurations a runner may take in folder d:
// its own files, and its key of package.json.
func (j *judgement) configTexts(conf runnerConfig, d string) []configText {
	names := slices.Clone(conf.files)
	if conf.key != "" {
		names = append(names, "package.json")
	}
	var out []configText
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
		out = append(out, configText{n, text})
	}
	return out
}

// configWatch defers a test run whose configuration, in dir or a parent,
// turns watch mode on (mocha's watch, vitest's test.watch), unless the
// command runs once (vitest run, --run, --watch=false). The setting is
// found as text, which is never less than the setting.
func (j *judgement) configWatch(c *shell.Command, conf runnerConfig, dir, subj string) {
	if len(conf.watch) == 0 || runsOnce(c) {
		return
	}
	for d := dir; ; d = filepath.Dir(d) {
		for _, t := range j.configTexts(conf, d) {
			for _, k := range conf.watch {
				if setsKey(t.text, k) {
					j.fireWith(catalog.UWatchMode, subj, j.shownPath(filepath.Join(d, t.name))+" sets "+k+": "+c.Program+" keeps running and re-runs the tests whenever a file changes; what it runs then is written after this call and cannot be read now: run it once instead")
					return
				}
			}
		}
		if filepath.Dir(d) == d {
			return
		}
	}
}

// runsOnce reports a test runner's command line that runs the tests once
// whatever its configuration says: vitest run, --run, --watch=false.
func runsOnce(c *shell.Command) bool {
	sp := spec.Lookup(c.Program)
	if sp == nil {
		return false
	}
	res := sp.Parse(c.ArgTexts())
	return res.Problem == nil && (res.Spec.Name == "run" || res.Has("--run") || res.WatchOff())
}

// locationValues are the values of the location settings in one
// configuration's text (JavaScript, JSON, or YAML by its name).
func locationValues(conf runnerConfig, name, text string) ([]string, error) {
	set := false
	keys := map[string]bool{}
	for _, k := range conf.locations {
		keys[k] = true
		set = set || setsKey(text, k)
	}
	if !set {
		return nil, nil
	}
	if ext := filepath.Ext(name); ext == ".yml" || ext == ".yaml" {
		v, err := decodeConfig(name, []byte(text))
		if err != nil {
			return nil, err
		}
		return namedStrings(v, keys), nil
	}
	return code.ConfigValues(text, keys)
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
