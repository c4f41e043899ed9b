package policy

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// runnerConfig is where a test runner finds its configuration, and the
// options of its command line that name a file of code it loads: its
// configuration, or a module (a required file, a reporter, a formatter).
type runnerConfig struct {
	files   []string // in each folder it looks in, in its order
	key     string   // the package.json key it reads ("" for none)
	config  []string
	modules []string
	keys    []string // its own settings naming code it loads, besides runnerKeys
	up      bool     // with none in its folder, it looks in the parents
	below   bool     // each file it works on takes the configuration nearest it
	// projects: its projects setting names folders (or files) whose
	// configurations it loads too.
	projects bool
	unread   []string // files it loads that arbiter does not read: there, they defer
	// tests: it runs test files; selection are the settings with which a
	// configuration chooses them, operands whether its operands are
	// test files or folders (not filters of its own selection).
	tests     bool
	selection []string
	operands  bool
	locations []string // the selection settings that name where tests are (roots, dir, spec)
	// watch are the settings with which a configuration turns watch
	// mode on.
	watch []string
	// babel: its default transform (babel-jest) loads the project's Babel
	// configuration.
	babel bool
	// search: its modulePaths and moduleDirectories add folders where the
	// tests' bare specifiers are looked for.
	search bool
}

// runnerConfigs are where each JavaScript test runner (and linter,
// formatter or build tool) finds its configuration.
var runnerConfigs = lazy.New(func() map[string]runnerConfig {
	testOpts := []string{"-r", "--require", "-R", "--reporter"}
	return map[string]runnerConfig{
		"jest": {
			files: []string{"jest.config.js", "jest.config.ts", "jest.config.mjs", "jest.config.cjs", "jest.config.mts", "jest.config.cts", "jest.config.json"},
			key:   "jest", config: []string{"--config", "-c"}, modules: testOpts, up: true, projects: true,
			keys: jestModuleKeys.Get(), babel: true, search: true,
			tests: true, selection: []string{"testMatch", "testRegex", "roots", "rootDir", "moduleFileExtensions"}, locations: []string{"roots", "rootDir"},
		},
		"vitest": {
			files:  []string{"vitest.config.ts", "vitest.config.mts", "vitest.config.cts", "vitest.config.js", "vitest.config.mjs", "vitest.config.cjs", "vite.config.ts", "vite.config.mts", "vite.config.cts", "vite.config.js", "vite.config.mjs", "vite.config.cjs"},
			config: []string{"--config", "-c"}, modules: testOpts, up: true, projects: true,
			tests: true, selection: []string{"include", "dir", "root", "includeSource"}, locations: []string{"dir", "root", "include", "includeSource"},
			watch: []string{"watch"},
			// A workspace module names its projects by pattern.
			unread: []string{"vitest.workspace.ts", "vitest.workspace.mts", "vitest.workspace.cts", "vitest.workspace.js", "vitest.workspace.mjs", "vitest.workspace.cjs", "vitest.workspace.json", "vitest.projects.ts", "vitest.projects.js"},
		},
		"mocha": {
			files: []string{".mocharc.js", ".mocharc.cjs", ".mocharc.mjs", ".mocharc.yaml", ".mocharc.yml", ".mocharc.jsonc", ".mocharc.json"},
			key:   "mocha", config: []string{"--config"}, modules: testOpts, up: true,
			tests: true, selection: []string{"spec", "extension", "file"}, operands: true, locations: []string{"spec", "file"},
			watch: []string{"watch", "w"},
		},
		// eslint: only the configurations that are modules, which run;
		// the JSON and YAML ones name installed packages.
		"eslint": {
			files:  []string{"eslint.config.js", "eslint.config.mjs", "eslint.config.cjs", "eslint.config.ts", "eslint.config.mts", "eslint.config.cts", ".eslintrc.js", ".eslintrc.cjs"},
			config: []string{"--config", "-c"}, modules: []string{"-f", "--format"}, up: true, below: true,
		},
		// prettier: all of them, for the plugins they name.
		"prettier": {
			files:  []string{".prettierrc", ".prettierrc.json", ".prettierrc.yml", ".prettierrc.yaml", ".prettierrc.json5", ".prettierrc.js", "prettier.config.js", ".prettierrc.ts", "prettier.config.ts", ".prettierrc.mjs", "prettier.config.mjs", ".prettierrc.mts", "prettier.config.mts", ".prettierrc.cjs", "prettier.config.cjs", ".prettierrc.cts", "prettier.config.cts", ".prettierrc.toml"},
			key:    "prettier",
			config: []string{"--config"}, // its -c is --check
			keys:   []string{"plugins"}, up: true, below: true,
		},
		// vite and next: their configuration modules, which run before a
		// build, in the root only.
		"vite": {files: []string{"vite.config.js", "vite.config.mjs", "vite.config.ts", "vite.config.cjs", "vite.config.mts", "vite.config.cts"}, config: []string{"--config", "-c"}},
		"next": {files: []string{"next.config.js", "next.config.mjs", "next.config.ts", "next.config.cjs", "next.config.mts"}, config: []string{"--config", "-c"}},
	}
})

// runnerKeys are the configuration properties whose values are files of
// code the runner loads and runs: setup and teardown modules, reporters,
// transformers, environments, resolvers and required modules.
var runnerKeys = lazy.New(func() map[string]bool {
	return map[string]bool{
		"globalSetup": true, "globalTeardown": true, "setupFiles": true, "setupFilesAfterEnv": true, "setupFilesAfterEach": true,
		"reporters": true, "reporter": true, "transform": true, "require": true, "testEnvironment": true, "environment": true,
		"testRunner": true, "runner": true, "testSequencer": true, "snapshotResolver": true, "testResultsProcessor": true,
		"watchPlugins": true, "resolver": true, "preset": true, "file": true, "ui": true,
	}
})

// testRunner judges jest, vitest and mocha by the code they load before
// the tests: the configuration file (a module that runs) and the setup
// files, reporters and transformers it names, and the modules named on
// the command line (mocha --require).
func (j *judgement) testRunner(c *shell.Command) {
	subj := c.String()
	j.fire(catalog.D5Build, subj)
	if c.DirUnknown {
		return // where it runs is unknown: the closed world defers it
	}
	dir := j.res.Resolve(".", c.Dir)
	j.runnerConfigIn(c, dir, subj)
	if runnerConfigs.Get()[c.Program].babel {
		j.babelConfigs(c, dir, subj)
	}
	j.testFiles(c, dir, subj)
	j.configWatch(c, runnerConfigs.Get()[c.Program], dir, subj)
}

// configModule judges a linter, formatter or build tool (eslint,
// prettier, vite, next) by the configuration it loads before its work: a
// module that runs, like a test runner's.
func (j *judgement) configModule(c *shell.Command, subj string) {
	if _, ok := runnerConfigs.Get()[c.Program]; !ok || c.DirUnknown {
		return // where it runs is unknown: the closed world defers it
	}
	j.runnerConfigIn(c, j.res.Resolve(".", c.Dir), subj)
}

// runnerConfigIn judges the configuration c loads in dir: the one its
// command line names, else the first of its files there, and its
// package.json key.
func (j *judgement) runnerConfigIn(c *shell.Command, dir, subj string) {
	conf := runnerConfigs.Get()[c.Program]
	explicit := false
	for k, a := range c.Args {
		name, value, eq := strings.Cut(a.Text, "=")
		if !eq && k+1 < len(c.Args) {
			value = c.Args[k+1].Text
		}
		switch {
		case slices.Contains(conf.config, name):
			if eq || k+1 < len(c.Args) {
				explicit = true
				j.runnerConfig(c, value, dir, subj)
			}
		case slices.Contains(conf.modules, name):
			j.runnerModule(c, value, dir, subj)
		}
	}
	if explicit {
		return
	}
	// Every folder it may take a configuration from is read, which is
	// never less than it loads: where it runs, and for a tool whose files
	// take the configuration nearest them, where each operand is.
	seen := map[string]bool{}
	here := func(d string) {
		if !seen[d] {
			seen[d] = true
			j.configHere(c, conf, d, subj)
		}
	}
	roots := []string{dir}
	if conf.below {
		roots = append(roots, j.operandRoots(c, dir)...)
	}
	walked := map[string]bool{}
	for _, r := range roots {
		if walked[r] {
			continue
		}
		walked[r] = true
		here(r)
		for d := r; conf.up && filepath.Dir(d) != d; {
			d = filepath.Dir(d)
			here(d)
		}
		if conf.below {
			j.configsBelow(c, conf, r, here, subj)
		}
	}
}

// operandRoots are the folders c's operands are in or are: a file's
// folder, a folder, or a pattern's folder before its first wildcard.
func (j *judgement) operandRoots(c *shell.Command, dir string) []string {
	sp := spec.Lookup(c.Program)
	if sp == nil {
		return nil
	}
	var roots []string
	for _, v := range sp.Parse(c.ArgTexts()).Values {
		if v.Option != "" {
			continue
		}
		name := v.Text
		if k := strings.IndexAny(name, "*?[{"); k >= 0 {
			name = filepath.Dir(name[:k] + "x")
		}
		abs := j.res.Resolve(name, dir)
		if st, err := os.Stat(abs); err == nil && !st.IsDir() {
			abs = filepath.Dir(abs)
		}
		roots = append(roots, abs)
	}
	return roots
}

// configHere judges the configuration c takes from the folder dir: the
// first of its files there, and its package.json key (mocha merges it
// with its file, prettier reads it first, jest refuses both).
func (j *judgement) configHere(c *shell.Command, conf runnerConfig, dir, subj string) {
	for _, f := range conf.unread {
		if p := filepath.Join(dir, f); fileExistsAt(p) {
			j.fireWith(catalog.UBuildCode, subj, c.Program+" loads "+j.shownPath(p)+", which names the projects it runs by pattern, which arbiter does not read")
		}
	}
	for _, f := range conf.files {
		if p := filepath.Join(dir, f); fileExistsAt(p) {
			j.runnerConfig(c, p, dir, subj)
			break
		}
	}
	if conf.key != "" {
		j.packageConfig(c, filepath.Join(dir, "package.json"), conf.key, subj)
	}
}

// configsBelow judges the configurations in the folders below dir, which
// the files there take, leaving out the installed packages and git's
// folder, which the tools skip.
func (j *judgement) configsBelow(c *shell.Command, conf runnerConfig, dir string, here func(string), subj string) {
	found, err := project.FindFiles(dir, func(name string) bool {
		return slices.Contains(conf.files, name) || conf.key != "" && name == "package.json"
	}, func(p string) bool {
		base := filepath.Base(p)
		return base == "node_modules" || base == ".git"
	})
	switch {
	case err != nil && !fileExistsAt(dir):
		return // no folder: nothing there runs
	case err != nil:
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot list the folders below "+j.shownPath(dir)+" for the configurations "+c.Program+" takes there ("+err.Error()+")")
		return
	}
	for _, f := range found {
		here(filepath.Dir(f))
	}
}

// configKeys are the settings of c's configuration that name code it
// loads: runnerKeys, and the tool's own.
func configKeys(c *shell.Command) map[string]bool {
	extra := runnerConfigs.Get()[c.Program].keys
	if len(extra) == 0 {
		return runnerKeys.Get()
	}
	keys := maps.Clone(runnerKeys.Get())
	for _, k := range extra {
		keys[k] = true
	}
	return keys
}

func fileExistsAt(p string) bool {
	_, err := os.Lstat(p)
	return err == nil
}

// runnerConfig judges one configuration: inline JSON (jest --config
// '{…}'), a JSON file, or a module, which runs.
func (j *judgement) runnerConfig(c *shell.Command, value, dir, subj string) {
	if strings.HasPrefix(strings.TrimSpace(value), "{") {
		j.jsonConfig(c, []byte(value), "the inline configuration", dir, subj)
		return
	}
	abs := j.res.Resolve(value, dir)
	shown := j.shownPath(abs)
	switch ext := filepath.Ext(abs); {
	case ext == ".json":
		text, ok := j.readBuildFile(abs, "the test runner's configuration", subj)
		if ok {
			j.jsonConfig(c, []byte(text), shown, filepath.Dir(abs), subj)
		}
	case ext == ".yaml" || ext == ".yml" || ext == ".toml" || filepath.Base(abs) == ".prettierrc":
		text, ok := j.readBuildFile(abs, "the test runner's configuration", subj)
		if !ok {
			return
		}
		v, err := decodeConfig(abs, []byte(text))
		if err != nil {
			j.fireWith(catalog.UBuildCode, subj, "arbiter cannot read "+shown+" ("+err.Error()+"), so it cannot tell which files the tool loads")
			return
		}
		j.configTree(c, v, filepath.Dir(abs), subj)
	case jsFile(abs):
		text, ok := j.readBuildFile(abs, "the test runner's configuration", subj)
		if !ok {
			return
		}
		j.runnerModule(c, abs, dir, subj) // the configuration is code that runs
		files, err := code.ConfigValues(text, configKeys(c))
		if err != nil {
			j.fireWith(catalog.UBuildCode, subj, "arbiter cannot tell which files "+shown+" makes the test runner load ("+err.Error()+")")
			return
		}
		j.configFiles(c, files, filepath.Dir(abs), subj)
		if runnerConfigs.Get()[c.Program].search {
			dirs, err := code.ConfigValues(text, jestSearchKeys.Get())
			if err != nil {
				j.fireWith(catalog.UBuildCode, subj, "arbiter cannot tell where "+shown+" makes the test runner look for modules ("+err.Error()+")")
				return
			}
			j.searchDirs(c, dirs, subj)
		}
		if runnerConfigs.Get()[c.Program].projects {
			projects, err := code.ConfigValues(text, map[string]bool{"projects": true})
			if err != nil {
				j.fireWith(catalog.UBuildCode, subj, "arbiter cannot tell which projects "+shown+" makes the test runner load ("+err.Error()+")")
				return
			}
			j.runnerProjects(c, projects, filepath.Dir(abs), subj)
		}
	default:
		j.fireWith(catalog.UBuildCode, subj, "the test runner reads its configuration from "+shown+", a format arbiter does not read")
	}
}

// packageKey reads one key of a package.json; false when the file could
// not be read (told) or has no such key.
func (j *judgement) packageKey(pkg, key, subj string) (json.RawMessage, bool) {
	text, ok := j.readBuildFile(pkg, "package.json", subj)
	if !ok {
		return nil, false
	}
	var doc map[string]json.RawMessage
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read "+j.shownPath(pkg)+" ("+err.Error()+")")
		return nil, false
	}
	raw, ok := doc[key]
	return raw, ok
}

// packageConfig judges the runner's key in package.json.
func (j *judgement) packageConfig(c *shell.Command, pkg, key, subj string) {
	if raw, ok := j.packageKey(pkg, key, subj); ok {
		j.jsonConfig(c, raw, j.shownPath(pkg)+" ("+key+")", filepath.Dir(pkg), subj)
	}
}

// jsonConfig judges a configuration given as JSON by the files it names.
func (j *judgement) jsonConfig(c *shell.Command, data []byte, shown, dir, subj string) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot read "+shown+" as JSON ("+err.Error()+"), so it cannot tell which files the test runner loads")
		return
	}
	j.configTree(c, v, dir, subj)
}

// decodeConfig reads a YAML (or bare .prettierrc, YAML or JSON) or TOML
// configuration as plain values.
func decodeConfig(path string, data []byte) (any, error) {
	if filepath.Ext(path) == ".toml" {
		var v map[string]any
		err := toml.Unmarshal(data, &v)
		return v, err
	}
	docs, err := project.ParseYAML(data)
	switch {
	case err != nil:
		return nil, err
	case len(docs) > 1:
		return nil, fmt.Errorf("it holds %d YAML documents", len(docs))
	case len(docs) == 0:
		return nil, nil
	}
	return docs[0], nil
}

// configTree judges a configuration read as plain values by the files
// its code-naming settings name; a configuration that is only a string
// names a shared configuration, a module it loads.
func (j *judgement) configTree(c *shell.Command, v any, dir, subj string) {
	files := namedStrings(v, configKeys(c))
	if shared, ok := v.(string); ok {
		files = append(files, shared)
	}
	j.configFiles(c, files, dir, subj)
	if runnerConfigs.Get()[c.Program].search {
		j.searchDirs(c, namedStrings(v, jestSearchKeys.Get()), subj)
	}
	if runnerConfigs.Get()[c.Program].projects {
		j.runnerProjects(c, treeProjects(v), dir, subj)
	}
}

// configFiles judges the files a configuration names: a path is the
// project's code and is read; a bare name is an installed package or a
// built-in (ts-jest, jsdom, default), loaded like any dependency.
func (j *judgement) configFiles(c *shell.Command, names []string, dir, subj string) {
	for _, n := range names {
		n = strings.ReplaceAll(n, "<rootDir>", dir)
		if substituted(n) {
			// moduleNameMapper's target takes what its pattern matched:
			// which files it loads depends on the specifiers of the tests.
			j.fireWith(catalog.UBuildCode, subj, c.Program+" loads the modules "+clipText(n, 60)+" names by substitution from the path it maps, which arbiter does not follow")
			continue
		}
		if strings.HasPrefix(n, ".") || strings.HasPrefix(n, "/") || jsFile(n) && !strings.HasPrefix(n, "@") {
			j.runnerModule(c, n, dir, subj)
		}
	}
}

// substituted reports whether a module name takes a group of a regular
// expression's match ($1, ${name}).
func substituted(n string) bool {
	for k := 0; k+1 < len(n); k++ {
		if next := n[k+1]; n[k] == '$' && (next >= '0' && next <= '9' || next == '{' || next == '<') {
			return true
		}
	}
	return false
}

// moduleExtensions are those a module named without one may have: jest's
// moduleFileExtensions, vite's and node's.
var moduleExtensions = lazy.New(func() []string {
	return []string{".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx", ".mts", ".cts", ".json", ".node"}
})

// runnerModule judges a module the runner loads as a script node runs.
func (j *judgement) runnerModule(c *shell.Command, name, dir, subj string) {
	if !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "/") && !jsFile(name) {
		return // a package or a built-in reporter
	}
	abs := j.res.Resolve(name, dir)
	if !fileExistsAt(abs) && !jsFile(abs) {
		// Named without its extension: the runners and node try several,
		// in orders of their own, so every file that one may find is read.
		for _, ext := range moduleExtensions.Get() {
			switch p := abs + ext; {
			case !fileExistsAt(p) || ext == ".json":
				// not there, or data
			case ext == ".node":
				j.fireWith(catalog.UBuildCode, subj, c.Program+" loads "+j.shownPath(p)+", a compiled addon arbiter cannot read")
			default:
				j.runnerModule(c, p, dir, subj)
			}
		}
		return
	}
	if !j.firstRead(abs, subj) {
		return
	}
	text, ok := j.readBuildFile(abs, "a module the test runner loads", subj)
	if !ok {
		return // not there: nothing runs
	}
	j.scriptCode("node", "javascript", text, dir, subj+" (loads "+j.shownPath(abs)+")", nil, abs)
}

// treeProjects returns the strings of the projects settings in a
// configuration read as plain values; an inline project is an object,
// whose own settings the walk of the whole already read.
func treeProjects(v any) []string {
	var out []string
	var walk func(x any)
	walk = func(x any) {
		switch t := x.(type) {
		case map[string]any:
			for k, v := range t {
				if list, ok := v.([]any); ok && k == "projects" {
					for _, e := range list {
						if s, ok := e.(string); ok {
							out = append(out, s)
						}
					}
				}
				walk(v)
			}
		case []any:
			for _, v := range t {
				walk(v)
			}
		}
	}
	walk(v)
	return out
}

// runnerProjects judges the projects a configuration in dir names: a
// folder's configuration, or a configuration file, is read as the
// runner's own; a pattern is not expanded and defers.
func (j *judgement) runnerProjects(c *shell.Command, names []string, dir, subj string) {
	conf := runnerConfigs.Get()[c.Program]
	for _, n := range names {
		n = strings.ReplaceAll(n, "<rootDir>", dir)
		if strings.ContainsAny(n, "*?[{!") {
			j.fireWith(catalog.UBuildCode, subj, c.Program+" runs the projects "+n+" names by pattern, whose configurations arbiter does not read")
			continue
		}
		abs := j.res.Resolve(n, dir)
		if !j.firstRead("projects:"+abs, subj) {
			continue // read already (or a cycle)
		}
		switch st, err := os.Stat(abs); {
		case err != nil:
			// not there: nothing runs
		case st.IsDir():
			j.configHere(c, conf, abs, subj)
		default:
			j.runnerConfig(c, abs, filepath.Dir(abs), subj)
		}
	}
}
