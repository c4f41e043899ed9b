package policy

import (
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/code"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// cargo test and cargo bench build the package's test targets and run
// them: its library and bins with their #[cfg(test)] modules, its
// integration tests, its benches, and (cargo test) its examples, built
// to check they compile. Each is read as cargo run's program is, so a
// test that deletes the home folder makes the command as harmful.

// cargoTestSubs are the cargo subcommands that run test targets; true
// for those that run the benches.
var cargoTestSubs = lazy.New(func() map[string]bool {
	return map[string]bool{"test": false, "t": false, "bench": true}
})

// cargoTargetFlag is what one target-selection option of cargo test or
// cargo bench builds: kinds of target whole, and the kind whose target
// its value names.
type cargoTargetFlag struct {
	all   []project.CargoTargetKind
	named project.CargoTargetKind // zero: the option takes no name
	doc   bool                    // runs the library's doc tests
}

// cargoTargetFlags are cargo test's and cargo bench's target-selection
// options. An integration test or bench may run the package's bins
// (CARGO_BIN_EXE_<name>), so cargo builds them too.
var cargoTargetFlags = lazy.New(func() map[string]cargoTargetFlag {
	bins, tests, benches, examples := project.CargoBins, project.CargoTests, project.CargoBenches, project.CargoExamples
	return map[string]cargoTargetFlag{
		"--lib":         {},
		"--doc":         {doc: true},
		"--bins":        {all: []project.CargoTargetKind{bins}},
		"--bin":         {named: bins},
		"--tests":       {all: []project.CargoTargetKind{bins, tests}},
		"--test":        {all: []project.CargoTargetKind{bins}, named: tests},
		"--benches":     {all: []project.CargoTargetKind{bins, benches}},
		"--bench":       {all: []project.CargoTargetKind{bins}, named: benches},
		"--examples":    {all: []project.CargoTargetKind{examples}},
		"--example":     {named: examples},
		"--all-targets": {all: []project.CargoTargetKind{bins, tests, benches, examples}},
	}
})

// cargoDefaultTargets are what cargo test and cargo bench build when no
// option selects targets (the library always).
func cargoDefaultTargets(bench bool) []project.CargoTargetKind {
	if bench {
		return []project.CargoTargetKind{project.CargoBins, project.CargoBenches}
	}
	return []project.CargoTargetKind{project.CargoBins, project.CargoTests, project.CargoExamples}
}

// cargoTestWant reads the packages and targets a cargo test or cargo
// bench command line selects, and whether the doc tests run (cargo test
// with no target selected, or --doc). Options after -- are the test
// binary's.
func cargoTestWant(c *shell.Command, bench bool) (project.CargoTestWant, bool) {
	want := project.CargoTestWant{Targets: map[project.CargoTargetKind]project.CargoTargets{}}
	selected, docs := false, false
	add := func(kind project.CargoTargetKind, name string, all bool) {
		t := want.Targets[kind]
		t.All = t.All || all
		if !all {
			t.Names = append(t.Names, name)
		}
		want.Targets[kind] = t
	}
	for k := 0; k < len(c.Args); k++ {
		t := c.Args[k].Text
		if t == "--" {
			break
		}
		opt, val, eq := strings.Cut(t, "=")
		flag, isTarget := cargoTargetFlags.Get()[opt]
		takesValue := opt == "-p" || opt == "--package" || isTarget && flag.named != (project.CargoTargetKind{})
		if takesValue && !eq && k+1 < len(c.Args) {
			k++
			val = c.Args[k].Text
		}
		switch {
		case opt == "-p" || opt == "--package":
			want.Packages = append(want.Packages, val)
		case opt == "--workspace" || opt == "--all":
			want.Workspace = true
		case isTarget:
			selected, docs = true, docs || flag.doc
			for _, kind := range flag.all {
				add(kind, "", true)
			}
			if flag.named != (project.CargoTargetKind{}) {
				add(flag.named, val, false)
			}
		}
	}
	if !selected {
		for _, kind := range cargoDefaultTargets(bench) {
			add(kind, "", true)
		}
	}
	return want, docs || !selected && !bench
}

// cargoTest judges the test targets cargo test or cargo bench builds
// and runs, in the packages of manifest (within root) the command
// selects, read as cargo run's program is. False when one could not be
// read or holds something to judge (told).
func (j *judgement) cargoTest(c *shell.Command, manifest, root, subj string, bench bool) bool {
	want, docs := cargoTestWant(c, bench)
	roots, err := project.CargoTestCode(manifest, root, want)
	if err != nil {
		j.fireWith(catalog.UCompiledSource, subj, "arbiter cannot tell which tests cargo "+c.Arg(0)+" builds and runs ("+err.Error()+")")
		return false
	}
	b := &compiledBuild{compiler: "cargo"}
	for _, r := range roots {
		b.sources = append(b.sources, compiledSource{path: r, lang: "rust"})
	}
	if j.tooDeep(subj) {
		return false
	}
	rd := j.readSources(b)
	if !rd.failed && docs {
		j.addDocTests(rd)
	}
	return !rd.failed && j.judgeSources(rd, j.res.Resolve(".", c.Dir), subj)
}

// addDocTests adds to the reading the doc tests of its Rust files, each
// as a program of the file it is in: those of the library's files are
// the ones cargo test runs, and a bin's or a dependency's are read too,
// which is stricter than needed. The files a #[doc = include_str!(…)]
// brings in (a README) are read for theirs.
func (j *judgement) addDocTests(rd *sourceReading) {
	for _, f := range slices.Clone(rd.files) {
		text, ok := rd.text(f.path, false)
		if !ok {
			return
		}
		doc := code.RustDocTests(text)
		if doc.Unread != "" {
			rd.fail(catalog.UCompiledSource, j.shownPath(f.path)+" documents code with "+doc.Unread+", whose doc tests cargo test runs and arbiter cannot read")
			return
		}
		tests := doc.Tests
		for _, inc := range doc.Includes {
			abs := path.Join(path.Dir(f.path), inc)
			md, ok := rd.text(abs, true) // a file outside the project is not read
			if !ok {
				return
			}
			tests = append(tests, code.MarkdownRustBlocks(md)...)
		}
		for _, t := range tests {
			rd.files = append(rd.files, sourceFile{f.path, code.ReadProgram("rust", t), arbiter.ContentSum([]byte(t))})
		}
	}
}
