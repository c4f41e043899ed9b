package policy

import (
	"path"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// cargoCompiles are the cargo subcommands that compile the package, and
// so first run its build scripts, and its procedural macros inside the
// compiler.
var cargoCompiles = map[string]bool{
	"build": true, "b": true, "check": true, "c": true, "test": true, "t": true, "bench": true, "run": true, "r": true,
	"clippy": true, "doc": true, "d": true, "rustc": true, "rustdoc": true, "fix": true,
}

// cargoBuild judges a cargo command that compiles: the build scripts
// (build.rs, or what [package] build names) of the package, of its
// workspace's members and of its path dependencies, and the sources of
// its procedural macro crates, each read and judged by what it does.
func (j *judgement) cargoBuild(c *shell.Command, subj string) {
	if c.DirUnknown {
		j.fireWith(catalog.D5Build, subj, "builds, tests or runs the project")
		return // where it runs is unknown: the closed world defers it
	}
	dir := j.res.Resolve(".", c.Dir)
	manifest := ""
	for k, a := range c.Args {
		t := a.Text
		switch {
		case t == "--manifest-path" && k+1 < len(c.Args):
			manifest = j.res.Resolve(c.Args[k+1].Text, c.Dir)
		case strings.HasPrefix(t, "--manifest-path="):
			manifest = j.res.Resolve(strings.TrimPrefix(t, "--manifest-path="), c.Dir)
		case t == "-C" && k+1 < len(c.Args):
			dir = j.res.Resolve(c.Args[k+1].Text, c.Dir)
		}
	}
	if f := j.writesFirst(func(name string) bool { return name == "Cargo.toml" || name == "build.rs" }); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", so the build that runs is not the one arbiter can read on disk")
		return
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	var err error
	if manifest == "" {
		manifest, err = project.FindCargoManifest(dir, root)
	} else if place := j.res.Classify(manifest, false); place != paths.Project && place != paths.ProjectRoot {
		j.fire(catalog.D5Build, subj) // the closed world defers a manifest outside the project
		return
	}
	var crates []project.CrateCode
	if err == nil {
		crates, err = project.CargoBuildCode(manifest, root)
	}
	switch {
	case project.IsNotExist(err):
		j.fireWith(catalog.D5Build, subj, "builds, tests or runs the project") // no Cargo.toml: no build script runs
		return
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot tell which build scripts the build runs ("+err.Error()+")")
		return
	}
	var macros []string
	for _, cr := range crates {
		what := "the build script of " + cr.Package
		if cr.Macro {
			what = "the procedural macro " + cr.Package
			macros = append(macros, cr.Package)
		}
		j.rustCode(cr.File, cr.Dir, what, subj, 0)
	}
	reason := "builds, tests or runs the project"
	switch {
	case len(macros) > 0:
		reason = "builds the project; its build scripts and the code of its procedural macros (" + strings.Join(macros, ", ") + "), which runs inside the compiler, were read and do nothing arbiter must confirm"
	case len(crates) > 0:
		reason = "builds the project; its build scripts were read and do nothing arbiter must confirm"
	}
	j.fireWith(catalog.D5Build, subj, reason)
}

// maxModuleDepth bounds how deep mod declarations are followed.
const maxModuleDepth = 8

// rustCode judges one file of Rust code a build runs, and the module
// files it declares.
func (j *judgement) rustCode(abs, dir, what, subj string, depth int) {
	if depth > maxModuleDepth {
		j.fireWith(catalog.UBuildCode, subj, what+" nests modules more than "+strconv.Itoa(maxModuleDepth)+" deep, beyond what arbiter reads ("+path.Base(abs)+")")
		return
	}
	if !j.firstRead(abs, subj) {
		return
	}
	text, ok := j.readBuildFile(abs, what, subj)
	if !ok {
		return
	}
	e := code.ReadRust(text)
	j.buildEffects(e, abs, dir, subj)
	for _, m := range e.Modules {
		j.rustCode(project.RustModule(abs, m, false), dir, what, subj, depth+1)
	}
	for _, f := range e.Files {
		j.rustCode(project.RustModule(abs, f, true), dir, what, subj, depth+1)
	}
}
