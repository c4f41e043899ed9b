package policy

import (
	"encoding/json"
	"path/filepath"
	"slices"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// babelFiles are the Babel configurations babel-jest (jest's default
// transform) loads: the project-wide babel.config.* in its root, and the
// file-relative .babelrc* nearest each file it compiles, with the babel
// key of package.json. They are read whether or not the jest
// configuration sets a transform of its own: reading more than runs is
// never less, and ts-jest and others may hand files to Babel too.
var babelFiles = lazy.New(func() []string {
	return []string{
		"babel.config.js", "babel.config.cjs", "babel.config.mjs", "babel.config.cts", "babel.config.json",
		".babelrc", ".babelrc.js", ".babelrc.cjs", ".babelrc.mjs", ".babelrc.cts", ".babelrc.json",
	}
})

// babelKeys are the settings of a Babel configuration that name code
// Babel loads: plugins and presets (a path is the project's code), and
// another configuration it extends.
var babelKeys = lazy.New(func() map[string]bool {
	return map[string]bool{"plugins": true, "presets": true, "extends": true}
})

// babelConfigs judges the Babel configurations the runner in dir may
// load: in dir and the folders above it up to the project's root, where
// its root (jest's rootDir) may be, and below it, where the files it
// compiles take theirs.
func (j *judgement) babelConfigs(c *shell.Command, dir, subj string) {
	root := j.projectRootFor(dir)
	for d := dir; ; d = filepath.Dir(d) {
		j.babelConfigsIn(c, d, subj)
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	found, err := project.FindFiles(dir, func(name string) bool {
		return slices.Contains(babelFiles.Get(), name) || name == "package.json"
	}, func(p string) bool {
		base := filepath.Base(p)
		return base == "node_modules" || base == ".git"
	})
	switch {
	case err != nil && !fileExistsAt(dir):
		return
	case err != nil:
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot list the folders below "+j.shownPath(dir)+" for the Babel configurations "+c.Program+" loads there ("+err.Error()+")")
		return
	}
	for _, f := range found {
		j.babelConfigsIn(c, filepath.Dir(f), subj)
	}
}

// babelConfigsIn judges the Babel configurations in the folder d.
func (j *judgement) babelConfigsIn(c *shell.Command, d, subj string) {
	if !j.firstRead("babel:"+d, subj) {
		return
	}
	for _, f := range babelFiles.Get() {
		if p := filepath.Join(d, f); fileExistsAt(p) {
			j.babelConfig(c, p, subj)
		}
	}
	pkg := filepath.Join(d, "package.json")
	if !fileExistsAt(pkg) {
		return
	}
	if raw, ok := j.packageKey(pkg, "babel", subj); ok {
		j.babelJSON(c, raw, j.shownPath(pkg)+" (babel)", d, subj)
	}
}

// babelConfig judges one Babel configuration file: a module runs and is
// judged as code, and so are the project's files its plugins, presets
// and extends name.
func (j *judgement) babelConfig(c *shell.Command, p, subj string) {
	if !j.firstRead("babel-config:"+p, subj) {
		return
	}
	shown := j.shownPath(p)
	text, ok := j.readBuildFile(p, "the Babel configuration", subj)
	if !ok {
		return
	}
	dir := filepath.Dir(p)
	if !jsFile(p) {
		j.babelJSON(c, []byte(text), shown, dir, subj)
		return
	}
	j.runnerModule(c, p, dir, subj) // the configuration is code that runs
	names, err := code.ConfigValues(text, babelKeys.Get())
	if err != nil {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot tell which plugins "+shown+" makes Babel load ("+err.Error()+")")
		return
	}
	j.babelNames(c, names, dir, subj)
}

// babelJSON judges a Babel configuration written as JSON. Babel reads
// .babelrc as JSON5; one that is not plain JSON defers.
func (j *judgement) babelJSON(c *shell.Command, data []byte, shown, dir, subj string) {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot read the Babel configuration "+shown+" as JSON ("+err.Error()+"), so it cannot tell which plugins Babel loads")
		return
	}
	j.babelNames(c, namedStrings(v, babelKeys.Get()), dir, subj)
}

// babelNames judges what a Babel configuration in dir names: a
// configuration it extends is read as one, a plugin or preset file as a
// module the runner loads; a package is a dependency.
func (j *judgement) babelNames(c *shell.Command, names []string, dir, subj string) {
	for _, n := range names {
		abs := j.res.Resolve(n, dir)
		if slices.Contains(babelFiles.Get(), filepath.Base(abs)) || filepath.Ext(abs) == ".json" {
			j.babelConfig(c, abs, subj)
			continue
		}
		j.configFiles(c, []string{n}, dir, subj)
	}
}

// namedStrings returns the strings under the settings keys names, at any
// depth of a configuration read as plain values.
func namedStrings(v any, keys map[string]bool) []string {
	var out []string
	var walk func(x any, named bool)
	walk = func(x any, named bool) {
		switch t := x.(type) {
		case map[string]any:
			for k, v := range t {
				walk(v, named || keys[k])
			}
		case []any:
			for _, v := range t {
				walk(v, named)
			}
		case string:
			if named {
				out = append(out, t)
			}
		}
	}
	walk(v, false)
	return out
}
