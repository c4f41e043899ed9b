package policy

import (
	"path"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// cargoCompiles are the cargo subcommands that compile the package, and
// so first run its build scripts, and its procedural macros inside the
// compiler.
var cargoCompiles = lazy.New(func() map[string]bool {
	return map[string]bool{
		"build": true, "b": true, "check": true, "c": true, "test": true, "t": true, "bench": true, "run": true, "r": true,
		"clippy": true, "doc": true, "d": true, "rustc": true, "rustdoc": true, "fix": true,
	}
})

// cargoBuild judges a cargo command that compiles: the build scripts
// (build.rs, or what [package] build names) of the package, of its
// workspace's members and of its path dependencies, and the sources of
// its procedural macro crates, and those of the crates of a vendor folder
// the cargo configuration builds from, each read and judged by what it
// does; for cargo run, the program it runs too (binaries.go), for cargo
// test and cargo bench the test targets they run (cargotest.go).
func (j *judgement) cargoBuild(c *shell.Command, sub, subj string) {
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
	// Crates of a directory source (a vendor folder put in place of
	// crates.io) build from the project's tree: their build code is read
	// as the project's own is.
	vendored, err := project.CargoVendored(dir, root)
	if err != nil && !project.IsNotExist(err) {
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot tell which build scripts the build runs ("+err.Error()+")")
		return
	}
	crates = append(crates, vendored...)
	var macros []string
	for _, cr := range crates {
		what := "the build script of " + cr.Package
		if cr.Macro {
			what = "the procedural macro " + cr.Package
			macros = append(macros, cr.Package)
		}
		out := path.Join(path.Dir(manifest), "target", "debug", "build", cr.Package, "out")
		j.rustCode(cr, cr.File, out, what, subj, true, 0)
	}
	reason := "builds, tests or runs the project"
	if sub == "run" || sub == "r" {
		if !j.cargoRun(c, manifest, root, subj) {
			return
		}
		reason = "builds and runs the project's program, whose sources were read"
	}
	if bench, ok := cargoTestSubs.Get()[sub]; ok {
		if !j.cargoTest(c, manifest, root, subj, bench) {
			return
		}
		reason = "builds and runs the project's tests, whose sources were read"
	}
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
// files it declares (a module arbiter cannot find fails the compile, and
// runs nothing). root is set for a crate's own file (build.rs, what
// [package] build names, a proc macro's lib.rs), whose modules sit
// beside it.
func (j *judgement) rustCode(cr project.CrateCode, abs, out, what, subj string, root bool, depth int) {
	if depth > maxModuleDepth {
		j.fireWith(catalog.UBuildCode, subj, what+" nests modules more than "+strconv.Itoa(maxModuleDepth)+" deep, beyond what arbiter reads ("+path.Base(abs)+")")
		return
	}
	// cargo runs a build script with OUT_DIR, its own folder under target/,
	// and the package's folder.
	env := map[string]string{"OUT_DIR": out, "CARGO_MANIFEST_DIR": cr.Dir}
	p, ok := j.readBuildCode(abs, "rust", what, cr.Dir, subj, env)
	if !ok || p.Unread != "" {
		return
	}
	for _, inc := range p.Includes {
		for _, f := range rustIncludeFiles(abs, inc, root) {
			if exists(f) {
				j.rustCode(cr, f, out, what, subj, false, depth+1)
				break
			}
		}
	}
}
