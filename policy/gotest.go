package policy

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// goValued are the go command's build and test flags that take a value
// as the next word (the spec's go block names them all).
var goValued = lazy.New(func() map[string]bool {
	return map[string]bool{
		"C": true, "covermode": true, "coverpkg": true, "coverprofile": true, "buildvcs": true, "mod": true, "tags": true, "ldflags": true,
		"gcflags": true, "asmflags": true, "buildmode": true, "compiler": true, "pgo": true, "p": true, "o": true, "modfile": true, "overlay": true,
		"run": true, "skip": true, "bench": true, "benchtime": true, "count": true, "cpu": true, "timeout": true, "parallel": true, "shuffle": true,
		"list": true, "fuzz": true, "fuzztime": true, "fuzzminimizetime": true, "cpuprofile": true, "memprofile": true, "blockprofile": true,
		"mutexprofile": true, "trace": true, "outputdir": true, "vet": true, "f": true, "exec": true, "toolexec": true,
	}
})

// goArgs are a go command's words after the subcommand: its flags (name
// without dashes → value, "" for a plain flag) and its operands (package
// patterns or .go files), up to -args.
type goArgs struct {
	flags    map[string]string
	operands []string
	dynamic  bool
}

func parseGoArgs(words []shell.Word) goArgs {
	g := goArgs{flags: map[string]string{}}
	for k := 0; k < len(words); k++ {
		w := words[k]
		g.dynamic = g.dynamic || w.Dynamic
		t := w.Text
		if t == "-args" || t == "--args" || t == "--" {
			break
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			g.operands = append(g.operands, t)
			continue
		}
		name, value, eq := strings.Cut(strings.TrimLeft(t, "-"), "=")
		if !eq && goValued.Get()[name] && k+1 < len(words) {
			k++
			value = words[k].Text
		}
		g.flags[name] = value
	}
	return g
}

// goCode judges go test and go generate by the code they run: the
// packages' test files (with TestMain and init functions) for go test,
// the //go:generate directives for go generate (go run is judged by the
// program it builds, compiled.go). True when it decided the command.
func (j *judgement) goCode(c *shell.Command, sub, subj string) bool {
	at := -1
	for k, a := range c.Args {
		if a.Text == sub {
			at = k
			break
		}
	}
	if at < 0 || c.DirUnknown {
		return false
	}
	g := parseGoArgs(c.Args[at+1:])
	if g.dynamic {
		return false // the closed world defers the word only known at run time
	}
	dir := j.res.Resolve(".", c.Dir)
	for k := 0; k < at; k++ {
		if t := c.Args[k].Text; t == "-C" && k+1 < at {
			dir = j.res.Resolve(c.Args[k+1].Text, c.Dir)
		} else if v, ok := strings.CutPrefix(t, "-C="); ok {
			dir = j.res.Resolve(v, c.Dir)
		}
	}
	if v, ok := g.flags["C"]; ok {
		dir = j.res.Resolve(v, dir)
	}
	switch sub {
	case "test":
		if _, ok := g.flags["c"]; ok {
			return false // compiles the test binary without running it
		}
		if _, ok := g.flags["n"]; ok {
			return false
		}
		j.goTest(g, dir, subj)
	case "generate":
		j.goGenerate(g, dir, subj)
	default:
		return false
	}
	return true
}

// goSources lists the .go files the operands name (files), or the files
// of the packages they name.
func (j *judgement) goSources(operands []string, dir string, subj string) ([]string, bool) {
	var files []string
	for _, o := range operands {
		if strings.HasSuffix(o, ".go") {
			files = append(files, j.res.Resolve(o, dir))
		}
	}
	if len(files) > 0 {
		return files, true
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	dirs, err := project.GoPackageDirs(dir, root, operands)
	if err != nil {
		j.fireWith(catalog.UBuildCode, subj, "arbiter cannot tell which code runs: "+err.Error())
		return nil, false
	}
	for _, d := range dirs {
		fs, err := project.SourceFiles(d, ".go", maxBuildFiles)
		if err != nil && !project.IsNotExist(err) {
			j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot list the Go files of "+j.shownPath(d)+" ("+err.Error()+")")
			return nil, false
		}
		files = append(files, fs...)
	}
	if len(files) > maxBuildFiles {
		j.fireWith(catalog.UBuildCode, subj, "the packages hold "+strconv.Itoa(len(files))+" Go files, more than the "+strconv.Itoa(maxBuildFiles)+" arbiter reads")
		return nil, false
	}
	return files, true
}

// goTest judges go test by the packages' _test.go files: every test,
// TestMain and init function in them runs.
//
// The packages' other files are read too, with the packages of the module
// that they and the test files import, as go run reads the program it
// builds: their init functions and package variables run before any
// test, and the tests call the rest.
func (j *judgement) goTest(g goArgs, dir, subj string) {
	files, ok := j.goSources(g.operands, dir, subj)
	if !ok {
		return
	}
	tested := testedDirs(files, g)
	rd := &sourceReading{j: j, b: &compiledBuild{compiler: "go"}, seen: map[string]bool{}}
	for _, f := range files {
		if tested == nil || tested[filepath.Dir(f)] {
			if !goFilesNamed(g.operands) {
				rd.goForeign(filepath.Dir(f)) // the package's assembly is built into the test binary
			}
		}
		if !strings.HasSuffix(f, "_test.go") {
			if tested != nil && !tested[filepath.Dir(f)] {
				continue // no tests: go test prints [no test files] and runs none of it
			}
			rd.add(f, "go", false)
			continue
		}
		if p, ok := j.readBuildCode(f, "go", "the Go file", filepath.Dir(f), subj, nil); ok {
			rd.goImports(filepath.Dir(f), p.Imports)
		}
	}
	if !rd.failed {
		for _, f := range rd.files {
			j.judgeProgram(f, dir, subj, compiledRules)
		}
	}
	reason := "builds, tests or runs the project"
	switch {
	case tested != nil && len(tested) == 0:
		reason = "builds the packages, none of which has tests, so none of their code runs"
	case len(files) > 0:
		reason = "runs the project's tests; their files and the packages' code were read and do nothing arbiter must confirm"
	}
	j.fireWith(catalog.D5Build, subj, reason)
}

// goGenerate judges go generate by its directives: each runs, without a
// shell, as the command it names, in its file's folder.
func (j *judgement) goGenerate(g goArgs, dir, subj string) {
	_, dry := g.flags["n"]
	files, ok := j.goSources(g.operands, dir, subj)
	if !ok {
		return
	}
	n := 0
	for _, f := range files {
		if !j.firstRead(f, subj) {
			continue
		}
		text, ok := j.readBuildFile(f, "the Go file", subj)
		if !ok {
			continue
		}
		gf := code.ReadProgram("go", text)
		if gf.Unread != "" && len(gf.Generate) > 0 {
			j.fireWith(catalog.UUnreadableCode, subj, "arbiter cannot read "+j.shownPath(f)+" whole ("+gf.Unread+"), so it cannot tell what its //go:generate directives expand to")
			continue
		}
		n += j.directives(f, gf, dry, subj)
	}
	switch {
	case dry:
		j.fireWith(catalog.D1ReadOnly, subj, "prints the commands the //go:generate directives would run, without running them")
	case n == 0:
		j.fireWith(catalog.D5Build, subj, "the packages have no //go:generate directives, so nothing runs")
	default:
		j.fireWith(catalog.D5Build, subj, "runs the packages' //go:generate directives, each judged as the command it runs")
	}
}

// directives judges a file's //go:generate lines and returns how many
// there were.
func (j *judgement) directives(abs string, gf code.Program, dry bool, subj string) int {
	aliases := map[string][]string{}
	n := 0
	for _, d := range gf.Generate {
		where := filepath.Base(abs) + ":" + strconv.Itoa(d.Line)
		words, err := code.GoGenerateWords(d.Text)
		switch {
		case err != nil:
			j.fireWith(catalog.UUnreadableCode, subj, "arbiter cannot read the //go:generate directive at "+where+" ("+err.Error()+")")
			continue
		case len(words) == 0:
			continue
		case words[0] == "-command":
			if len(words) > 2 {
				aliases[words[1]] = words[2:]
			}
			continue
		}
		if alias, ok := aliases[words[0]]; ok {
			words = append(append([]string(nil), alias...), words[1:]...)
		}
		n++
		if dry {
			continue
		}
		line := generateLine(words, abs, gf.Package, d.Line)
		j.shellText(line, filepath.Dir(abs), subj+" ("+where+": //go:generate"+clipText(d.Text, 80)+")")
	}
	return n
}

// generateLine renders a directive's words as a shell command line: the
// variables go generate sets are substituted, any other variable is left
// for the shell analysis to read as the environment's.
func generateLine(words []string, file, pkg string, line int) string {
	known := map[string]string{
		"GOFILE": filepath.Base(file), "GOPACKAGE": pkg, "GOLINE": strconv.Itoa(line), "DOLLAR": "$",
		"GOARCH": runtime.GOARCH, "GOOS": runtime.GOOS, "GOROOT": runtime.GOROOT(),
	}
	out := make([]string, 0, len(words))
	for _, w := range words {
		out = append(out, codeRules{}.word(os.Expand(w, func(name string) string {
			if v, ok := known[name]; ok {
				return v
			}
			return code.EnvValue(name)
		})))
	}
	return strings.Join(out, " ")
}

// goFilesNamed reports operands that name .go files, which go builds as
// one package of those files alone.
func goFilesNamed(operands []string) bool {
	for _, o := range operands {
		if strings.HasSuffix(o, ".go") {
			return true
		}
	}
	return false
}

// testedDirs are the package folders among files that hold a _test.go
// file: go test runs only those packages (a package without tests still
// runs when a tested one imports it, which goImports follows). Nil, every
// package counting, when files were named (go test x.go builds them as
// one package) or -coverpkg names packages: older Go linked each of them
// into the test binary, so their init functions ran. -cover alone reports
// an untested package from its metadata, running none of it.
func testedDirs(files []string, g goArgs) map[string]bool {
	for _, o := range g.operands {
		if strings.HasSuffix(o, ".go") {
			return nil
		}
	}
	if _, ok := g.flags["coverpkg"]; ok {
		return nil
	}
	tested := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			tested[filepath.Dir(f)] = true
		}
	}
	return tested
}
