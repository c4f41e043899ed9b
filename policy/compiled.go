package policy

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// A compiler's output is a file the command line writes, and running it
// runs its sources: "gcc x.c -o x && ./x" is judged by what x.c does.
// The sources are read (never built or run) by package code's readers,
// and each process they start, file they delete or write and connection
// they open is judged as the shell command that does the same.

// compiledBuild is what one compile in the command line builds from.
type compiledBuild struct {
	compiler string
	sources  []compiledSource
	// goTargets are go build's packages (folders) or files, absolute.
	goTargets []string
	// includes are the folders C's #include searches (-I, -iquote,
	// -isystem), absolute.
	includes []string
	// unknown names what the compile line holds that arbiter cannot read
	// (an object file, a library from a folder, a macro defined as code).
	unknown string
}

type compiledSource struct {
	path string // absolute
	lang string // code.ProgramLanguages
	// pattern is the glob the shell expanded to path ("" for a plain word):
	// a file the command line writes before the compile may match it too.
	pattern string
}

// cSourceLangs maps C and C++ source extensions to their language.
var cSourceLangs = lazy.New(func() map[string]string {
	return map[string]string{".c": "c", ".h": "c", ".i": "c", ".cc": "c++", ".cpp": "c++", ".cxx": "c++", ".c++": "c++", ".cp": "c++", ".C": "c++", ".hpp": "c++", ".hh": "c++", ".hxx": "c++", ".ii": "c++"}
})

// compileOutputs records the runnable files a compiler command writes,
// with what they are built from. A compile that writes no program (gcc
// -c, rustc --crate-type lib) records its output as of unknown content.
func (j *judgement) compileOutputs(c *shell.Command, record func(string, writtenFile)) {
	resolve := func(p string) string { return j.res.Resolve(p, c.Dir) }
	switch shell.Canonical(c.Program) {
	case "gcc", "g++", "cc", "c++", "clang", "clang++":
		b, out, runnable := j.cCompile(c)
		f := writtenFile{producer: c.Program}
		if runnable {
			f.build = b
		}
		if out == "" {
			out = "a.out"
		}
		record(resolve(out), f)
	case "rustc":
		j.rustCompile(c, record)
	case "javac":
		b := &compiledBuild{compiler: "javac"}
		outDir, _ := optionValue(c.Args, "-d")
		for _, o := range operands(c, "-d", "-cp", "-classpath", "--class-path", "-sourcepath", "-source", "-target", "--release", "-encoding") {
			if o.Dynamic || !strings.HasSuffix(o.Text, ".java") {
				b.unknown = "compiles " + o.Text + ", which arbiter cannot read as Java source"
				continue
			}
			b.sources = append(b.sources, compiledSource{path: resolve(o.Text), lang: "java"})
		}
		for _, s := range b.sources {
			dir := path.Dir(s.path)
			if outDir != "" {
				dir = resolve(outDir)
			}
			record(path.Join(dir, strings.TrimSuffix(path.Base(s.path), ".java")+".class"), writtenFile{producer: "javac", build: b})
		}
	case "go":
		if c.Arg(0) == "build" {
			j.goCompile(c, record)
		}
	}
}

// globSources adds the files a source pattern matches, as the shell
// expands it: sorted, or the pattern itself when nothing matches (the
// compiler then finds no such file).
func (j *judgement) globSources(b *compiledBuild, pattern, lang string) {
	matches, err := filepath.Glob(pattern)
	if err != nil || len(matches) == 0 {
		matches = []string{pattern}
	}
	for _, m := range matches {
		b.sources = append(b.sources, compiledSource{path: m, lang: lang, pattern: pattern})
	}
}

// cCompile reads a C or C++ compiler's words: its sources, include
// folders, output, and whether it links a program.
func (j *judgement) cCompile(c *shell.Command) (b *compiledBuild, out string, runnable bool) {
	b = &compiledBuild{compiler: c.Program}
	cpp := strings.Contains(c.Program, "++")
	runnable = true
	libDirs := false
	libs := ""
	for k := 0; k < len(c.Args); k++ {
		t := c.Args[k].Text
		next := func() string {
			if k+1 < len(c.Args) {
				k++
				return c.Args[k].Text
			}
			return ""
		}
		joined := func(opt string) (string, bool) {
			if t == opt {
				return next(), true
			}
			if v, ok := strings.CutPrefix(t, opt); ok && strings.HasPrefix(opt, "-") && len(opt) == 2 {
				return v, true
			}
			return "", false
		}
		if c.Args[k].Dynamic {
			b.unknown = "compiles with a word only known when the command runs"
			continue
		}
		if v, ok := strings.CutPrefix(t, "--output="); ok {
			out = v
			continue
		}
		if t == "--output" {
			out = next()
			continue
		}
		if v, ok := joined("-o"); ok {
			out = v
			continue
		}
		if v, ok := joined("-I"); ok {
			b.includes = append(b.includes, j.res.Resolve(v, c.Dir))
			continue
		}
		if t == "-isystem" || t == "-iquote" {
			b.includes = append(b.includes, j.res.Resolve(next(), c.Dir))
			continue
		}
		if v, ok := joined("-L"); ok {
			libDirs = libDirs || !systemDir(j.res.Resolve(v, c.Dir))
			continue
		}
		if v, ok := joined("-l"); ok {
			libs = v
			continue
		}
		if v, ok := joined("-D"); ok {
			if _, val, ok := strings.Cut(v, "="); ok && strings.ContainsFunc(val, func(r rune) bool { return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '"' }) {
				b.unknown = "defines the macro " + clipText(v, 40) + " as code on the command line"
			}
			continue
		}
		if v, ok := joined("-x"); ok {
			switch v {
			case "c", "c-header":
			case "c++", "c++-header":
				cpp = true
			default:
				b.unknown = "compiles " + v + " code, which arbiter has no reader for"
			}
			continue
		}
		switch t {
		case "-c", "-S", "-E", "-M", "-MM", "-fsyntax-only", "-shared":
			runnable = false
			continue
		case "-MF", "-MT", "-Xlinker", "-U":
			next()
			continue
		}
		if strings.HasPrefix(t, "-") && t != "-" {
			continue
		}
		lang := cSourceLangs.Get()[path.Ext(t)]
		if lang == "" {
			b.unknown = "links " + t + ", which arbiter cannot read as C or C++ source"
			continue
		}
		if cpp {
			lang = "c++"
		}
		if c.Args[k].Glob {
			j.globSources(b, j.res.Resolve(t, c.Dir), lang)
			continue
		}
		b.sources = append(b.sources, compiledSource{path: j.res.Resolve(t, c.Dir), lang: lang})
	}
	if libDirs && libs != "" {
		b.unknown = "links the library " + libs + " from a folder of its own, which arbiter cannot read"
	}
	return b, out, runnable
}

// systemDir reports a folder the system's libraries and headers live in.
func systemDir(abs string) bool {
	for _, p := range []string{"/usr/", "/lib", "/opt/homebrew/"} {
		if strings.HasPrefix(abs, p) {
			return true
		}
	}
	return false
}

// rustCompile records rustc's output: -o FILE, or the crate's name (the
// source's stem, - read as _) in --out-dir or the current folder.
func (j *judgement) rustCompile(c *shell.Command, record func(string, writtenFile)) {
	valued := []string{"-o", "--out-dir", "--edition", "--crate-type", "--crate-name", "--cfg", "-L", "-l", "--target", "-W", "-A", "-D", "--explain"}
	ops := operands(c, valued...)
	b := &compiledBuild{compiler: "rustc"}
	for _, o := range ops {
		if o.Dynamic || !strings.HasSuffix(o.Text, ".rs") {
			b.unknown = "compiles " + o.Text + ", which arbiter cannot read as Rust source"
			continue
		}
		b.sources = append(b.sources, compiledSource{path: j.res.Resolve(o.Text, c.Dir), lang: "rust"})
	}
	if _, ok := optionValue(c.Args, "-l"); ok {
		b.unknown = "links a native library, which arbiter cannot read"
	}
	f := writtenFile{producer: "rustc", build: b}
	if t, ok := optionValue(c.Args, "--crate-type"); ok && t != "bin" {
		f = writtenFile{producer: "rustc"}
	}
	if out, ok := optionValue(c.Args, "-o"); ok {
		record(j.res.Resolve(out, c.Dir), f)
		return
	}
	dir := "."
	if d, ok := optionValue(c.Args, "--out-dir"); ok {
		dir = d
	}
	names := []string{}
	if n, ok := optionValue(c.Args, "--crate-name"); ok {
		names = append(names, n)
	}
	for _, s := range b.sources {
		stem := strings.TrimSuffix(path.Base(s.path), ".rs")
		names = append(names, stem, strings.ReplaceAll(stem, "-", "_"))
	}
	for _, n := range names {
		record(j.res.Resolve(path.Join(dir, n), c.Dir), f)
	}
}

// goCompile records go build's output: -o FILE (or into -o DIR/), else
// the package's name in the current folder: the first file's stem, or
// the last element of the folder's import path.
func (j *judgement) goCompile(c *shell.Command, record func(string, writtenFile)) {
	b := j.goBuild(c, c.Args[1:])
	f := writtenFile{producer: "go", build: b}
	name := ""
	if len(b.goTargets) > 0 {
		t := b.goTargets[0]
		if strings.HasSuffix(t, ".go") {
			name = strings.TrimSuffix(path.Base(t), ".go")
		} else {
			name = goBinaryName(t)
		}
	}
	if out, ok := optionValue(c.Args, "-o"); ok {
		abs := j.res.Resolve(out, c.Dir)
		if strings.HasSuffix(out, "/") && name != "" {
			abs = path.Join(abs, name)
		}
		record(abs, f)
		return
	}
	if name != "" {
		record(j.res.Resolve(name, c.Dir), f)
	}
}

// goBuild reads the packages or files of go build or go run from words
// (after the subcommand): the operands up to the first that is not a .go
// file, for files; else the first, a package.
func (j *judgement) goBuild(c *shell.Command, words []shell.Word) *compiledBuild {
	b := &compiledBuild{compiler: "go"}
	dir := c.Dir
	if v, ok := optionValue(c.Args, "-C"); ok {
		dir = path.Join(c.Dir, v)
		if path.IsAbs(v) {
			dir = v
		}
	}
	for k := 0; k < len(words); k++ {
		w := words[k]
		t := w.Text
		if strings.HasPrefix(t, "-") {
			if goValued.Get()[strings.TrimLeft(t, "-")] {
				k++ // its value is the next word (gotest.go)
			}
			continue
		}
		if w.Dynamic {
			b.unknown = "builds a package named only when the command runs"
			return b
		}
		if strings.HasSuffix(t, ".go") {
			b.goTargets = append(b.goTargets, j.res.Resolve(t, dir))
			continue
		}
		if len(b.goTargets) == 0 {
			b.goTargets = append(b.goTargets, j.goPackageDir(t, dir, b))
		}
		break
	}
	if len(b.goTargets) == 0 {
		b.goTargets = []string{j.res.Resolve(".", dir)}
	}
	return b
}

// goPackageDir resolves a package operand: a relative folder (., ./cmd/x)
// or an import path inside the current module.
func (j *judgement) goPackageDir(t, dir string, b *compiledBuild) string {
	if t == "." || strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || path.IsAbs(t) {
		return j.res.Resolve(t, dir)
	}
	if strings.Contains(t, "...") {
		b.unknown = "builds every package matching " + t
		return ""
	}
	root, module := goModule(j.res.Resolve(".", dir))
	if module != "" && (t == module || strings.HasPrefix(t, module+"/")) {
		return path.Join(root, strings.TrimPrefix(t, module))
	}
	b.unknown = "builds the package " + t + ", which is not in the project's module"
	return ""
}

// goBinaryName is the name go build gives a package's program: the last
// element of its import path (without a /vN suffix), or its folder's name.
func goBinaryName(dir string) string {
	root, module := goModule(dir)
	imp := dir
	if module != "" {
		imp = module + strings.TrimPrefix(dir, root)
	}
	elems := strings.Split(strings.TrimSuffix(imp, "/"), "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	return name
}

// goModule finds the go.mod at or above dir and returns its folder and
// module path ("" when there is none, or it cannot be read).
func goModule(dir string) (string, string) {
	root, module, err := project.GoModule(dir, "/")
	if err != nil {
		return "", ""
	}
	return root, module
}

// goRun judges go run by the program it builds and runs.
func (j *judgement) goRun(c *shell.Command, subj string) {
	k := 0
	for k < len(c.Args) && c.Args[k].Text != "run" {
		k++
	}
	if k == len(c.Args) {
		return
	}
	b := j.goBuild(c, c.Args[k+1:])
	for _, t := range b.goTargets {
		if !exists(t) {
			return // go run fails, and nothing runs (go build would leave an old program)
		}
	}
	j.judgeBuild(c, b, "go run", subj)
}

// javaRun judges java: a source file run directly (java X.java) is read
// like one javac compiles; a class is read from the javac compiles of the
// same command line. The rest is the project's own code, as before.
func (j *judgement) javaRun(c *shell.Command) {
	subj := c.String()
	for _, o := range operands(c, "-cp", "-classpath", "--class-path", "-jar") {
		abs := j.res.Resolve(o.Text, c.Dir)
		// A source outside the project is left to the spec's check of
		// the code java loads.
		if place := j.res.Classify(abs, false); strings.HasSuffix(o.Text, ".java") && !o.Dynamic && (place == paths.Project || place == paths.ProjectRoot) {
			b := &compiledBuild{compiler: "java", sources: []compiledSource{{path: abs, lang: "java"}}}
			j.judgeBuild(c, b, o.Text, subj)
		}
		break
	}
	seen := map[*compiledBuild]bool{}
	for _, f := range j.written {
		if f.build != nil && f.build.compiler == "javac" && !seen[f.build] {
			seen[f.build] = true
			j.judgeBuild(c, f.build, "the classes javac compiled", subj)
		}
	}
	j.fire(catalog.D4RunProjectCode, subj)
}

// runCompiled judges running file, which this command line compiled.
func (j *judgement) runCompiled(c *shell.Command, file string, b *compiledBuild, subj string) {
	if j.judgeBuild(c, b, file, subj) {
		j.fireWith(catalog.D4RunProjectCode, subj, "runs a program compiled from "+j.sourceNames(b)+", which does nothing arbiter must confirm")
	}
}

// sourceNames names a build's sources for a reason.
func (j *judgement) sourceNames(b *compiledBuild) string {
	var names []string
	for _, s := range b.sources {
		names = append(names, j.shownPath(s.path))
	}
	for _, t := range b.goTargets {
		names = append(names, j.shownPath(t))
	}
	if len(names) > 3 {
		names = append(names[:3], fmt.Sprintf("%d more", len(names)-3))
	}
	return strings.Join(names, ", ")
}

// judgeBuild reads a build's sources and judges what they do; true when
// every one was read whole and nothing in them was found to judge.
func (j *judgement) judgeBuild(c *shell.Command, b *compiledBuild, what, subj string) bool {
	if j.tooDeep(subj) {
		return false
	}
	if b.unknown != "" {
		j.fireWith(catalog.UCompiledSource, subj, what+": the compile "+b.unknown)
		return false
	}
	rd := j.readSources(b)
	if rd.failed {
		return false
	}
	return j.judgeSources(rd, j.res.Resolve(".", c.Dir), subj)
}

// readSources reads a build's sources and what they bring in; rd.failed
// is set (and told) when one could not be read.
func (j *judgement) readSources(b *compiledBuild) *sourceReading {
	rd := &sourceReading{j: j, b: b, seen: map[string]bool{}}
	for _, s := range b.sources {
		if w := rd.writtenMatch(s.pattern); w != "" {
			rd.fail(catalog.UCompiledSource, "compiles "+j.fileShown(s.pattern)+", which matches "+j.fileShown(w)+", a file the same command writes: the files the shell expands it to are not all on the disk yet")
			break
		}
		rd.add(s.path, s.lang, true)
	}
	for _, t := range b.goTargets {
		rd.goTarget(t, true)
	}
	return rd
}

// judgeSources judges what the files read do, run in dir; true when
// nothing in them was found to judge.
func (j *judgement) judgeSources(rd *sourceReading, dir, subj string) bool {
	start := len(j.findings)
	for _, f := range rd.files {
		j.judgeProgram(f, dir, subj, compiledRules)
	}
	for _, g := range j.findings[start:] {
		if g.verdict != arbiter.Allow {
			return false
		}
	}
	return true
}

// sourceFile is one file of a program, read.
type sourceFile struct {
	path string
	prog code.Program
	sum  [16]byte // arbiter.ContentSum of the text read
}

// sourceReading gathers the files of one program: its sources, the local
// headers they include, Rust modules, Java classes beside them and the Go
// packages of the module they import, at most project.MaxSources.
type sourceReading struct {
	j      *judgement
	b      *compiledBuild
	seen   map[string]bool
	files  []sourceFile
	failed bool
	// quiet is set for a reading that only records what a compile read
	// (earliercompile.go): what it cannot read is not the call's to judge.
	quiet bool
}

// fail defers naming what could not be read; only the first is told.
func (rd *sourceReading) fail(id catalog.ID, reason string) {
	if !rd.failed && !rd.quiet {
		rd.j.fireWith(id, "", reason)
	}
	rd.failed = true
}

// add reads one file and what it brings in. given is set for a source the
// command names, which must be the project's own.
func (rd *sourceReading) add(abs, lang string, given bool) {
	if rd.failed || rd.seen[abs] {
		return
	}
	rd.seen[abs] = true
	if len(rd.seen) > project.MaxSources {
		rd.fail(catalog.UCompiledSource, fmt.Sprintf("the program has more than %d source files, more than arbiter reads to decide", project.MaxSources))
		return
	}
	text, ok := rd.text(abs, given)
	if !ok {
		return
	}
	p := code.ReadProgram(lang, text)
	rd.files = append(rd.files, sourceFile{abs, p, arbiter.ContentSum([]byte(text))})
	dir := path.Dir(abs)
	for _, inc := range p.Includes {
		rd.include(abs, dir, lang, inc)
	}
	if lang == "java" && given {
		// javac compiles the classes a source names from the folders it
		// searches, and the source launcher those beside the file.
		others, err := project.SourceFiles(dir, ".java", project.MaxSources)
		if err != nil {
			rd.fail(catalog.UCompiledSource, "arbiter cannot list the Java sources beside "+rd.j.shownPath(abs)+" ("+err.Error()+")")
			return
		}
		for _, o := range others {
			rd.add(o, "java", false)
		}
	}
	if lang == "go" {
		rd.goImports(dir, p.Imports)
	}
}

// writtenMatch returns a file the command line writes that pattern (a
// source's glob) matches; "" when none does, or there is no pattern.
func (rd *sourceReading) writtenMatch(pattern string) string {
	if pattern == "" {
		return ""
	}
	for w := range rd.j.written {
		if ok, _ := path.Match(pattern, w); ok {
			return w
		}
	}
	return ""
}

// text returns a source's text: what this command line wrote there, or
// the file on disk.
func (rd *sourceReading) text(abs string, given bool) (string, bool) {
	j := rd.j
	shown := j.shownPath(abs)
	if f, ok := j.written[abs]; ok && f.build == nil {
		switch {
		case f.known && f.producer == "printf":
			text, ok := printfFormat(f.text)
			if !ok {
				rd.fail(catalog.UCompiledSource, "compiles "+shown+", which the same command writes with a printf format arbiter does not expand")
			}
			return text, ok
		case f.known:
			return f.text, true
		case f.from != "":
			abs = f.from
		case f.producer == "curl" || f.producer == "wget":
			rd.fail(catalog.B9RunDownloaded, "compiles and runs "+shown+", which it has just downloaded, without review: whoever controls that URL controls this machine")
			return "", false
		default:
			rd.fail(catalog.UCompiledSource, "compiles "+shown+", which the same command writes with "+f.producer+", so its content cannot be known in advance")
			return "", false
		}
	}
	if given {
		if place := j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot && place != paths.Temp {
			rd.fail(catalog.CRunOutsideCode, "compiles and runs "+shown+", from outside the project")
			return "", false
		}
	}
	f, err := project.ReadSource(abs)
	switch {
	case project.IsNotExist(err):
		rd.fail(catalog.UCompiledSource, shown+" is not there, so what the compile leaves to run is not known")
	case err != nil:
		rd.fail(catalog.UCompiledSource, "arbiter cannot read "+shown+" ("+err.Error()+")")
	case f.Kind != project.Text:
		rd.fail(catalog.UCompiledSource, fmt.Sprintf("%s is %s (over %d KiB, or not text), so arbiter cannot read what the program does", shown, f.Kind, project.MaxSource>>10))
	default:
		return f.Text, true
	}
	return "", false
}

// include follows a C header or a Rust module or include! to its file.
func (rd *sourceReading) include(from, dir, lang string, inc code.Include) {
	var candidates []string
	switch {
	case lang == "rust":
		candidates = rustIncludeFiles(from, inc, rd.given(from))
	case path.IsAbs(inc.Name):
		candidates = []string{inc.Name}
	default:
		if !inc.System {
			candidates = append(candidates, path.Join(dir, inc.Name))
		}
		for _, d := range rd.b.includes {
			candidates = append(candidates, path.Join(d, inc.Name))
		}
	}
	for _, p := range candidates {
		if _, written := rd.j.written[p]; !written && !exists(p) {
			continue
		}
		if systemDir(p) {
			return // a system header
		}
		rd.add(p, lang, false)
		return
	}
	if inc.System && !inc.Mod && lang != "rust" {
		return // a system header, outside the project's include folders
	}
	rd.fail(catalog.UCompiledSource, fmt.Sprintf("%s:%d brings in %s, which arbiter cannot find", rd.j.shownPath(from), inc.Line, inc.Name))
}

// given reports a source the command names.
func (rd *sourceReading) given(file string) bool {
	for _, s := range rd.b.sources {
		if s.path == file {
			return true
		}
	}
	return false
}

// rustIncludeFiles are the files a Rust source's mod NAME; or include!
// may be in, in the order rustc looks. A crate root (root, or a main.rs,
// lib.rs or mod.rs) has its modules beside it; another file x.rs in x/.
func rustIncludeFiles(from string, inc code.Include, root bool) []string {
	dir := path.Dir(from)
	if !inc.Mod {
		return []string{path.Join(dir, inc.Name)}
	}
	switch base := path.Base(from); {
	case root || base == "main.rs" || base == "lib.rs" || base == "mod.rs":
	default:
		dir = path.Join(dir, strings.TrimSuffix(base, ".rs"))
	}
	return []string{path.Join(dir, inc.Name+".rs"), path.Join(dir, inc.Name, "mod.rs")}
}

// goTarget reads a Go package folder (its files other than tests) or one
// file.
func (rd *sourceReading) goTarget(t string, given bool) {
	if strings.HasSuffix(t, ".go") {
		rd.add(t, "go", given)
		return
	}
	if given {
		if place := rd.j.res.Classify(t, false); place != paths.Project && place != paths.ProjectRoot && place != paths.Temp {
			rd.fail(catalog.CRunOutsideCode, "builds and runs the package in "+rd.j.shownPath(t)+", outside the project")
			return
		}
	}
	files, err := project.SourceFiles(t, ".go", project.MaxSources, "_test.go")
	if err != nil {
		rd.fail(catalog.UCompiledSource, "arbiter cannot list the Go files of "+rd.j.shownPath(t)+" ("+err.Error()+")")
		return
	}
	if len(files) == 0 {
		rd.fail(catalog.UCompiledSource, rd.j.shownPath(t)+" holds no Go files, so what runs is not known")
		return
	}
	rd.goForeign(t)
	for _, f := range files {
		rd.add(f, "go", false)
	}
}

// goImports follows a Go file's imports of its own module's packages.
func (rd *sourceReading) goImports(dir string, imports []string) {
	var root, module string
	for _, imp := range imports {
		if !strings.Contains(imp, ".") || strings.HasPrefix(imp, "golang.org/x/") {
			continue // the standard library and its extensions
		}
		if module == "" && root == "" {
			root, module = goModule(dir)
			if module == "" {
				return
			}
		}
		if imp == module || strings.HasPrefix(imp, module+"/") {
			rd.goTarget(path.Join(root, strings.TrimPrefix(imp, module)), false)
		}
	}
}

// exists reports whether something is at p (a file arbiter may then fail
// to read, which is told).
func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil || !os.IsNotExist(err)
}

// printfFormat expands what printf makes of a format given no arguments:
// its backslash escapes and %%. Any other directive is not expanded.
func printfFormat(format string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		ch := format[i]
		switch {
		case ch == '%' && i+1 < len(format) && format[i+1] == '%':
			b.WriteByte('%')
			i++
		case ch == '%':
			return "", false
		case ch == '\\' && i+1 < len(format):
			i++
			switch e := format[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '\\', '"', '\'':
				b.WriteByte(e)
			case 'a', 'b', 'f', 'v', 'e', 'c', 'x', 'u', 'U':
				return "", false
			default:
				if e < '0' || e > '7' {
					b.WriteByte('\\')
					b.WriteByte(e)
					continue
				}
				n, v := 0, 0
				for ; n < 3 && i < len(format) && format[i] >= '0' && format[i] <= '7'; n, i = n+1, i+1 {
					v = v*8 + int(format[i]-'0')
				}
				i--
				b.WriteByte(byte(v))
			}
		default:
			b.WriteByte(ch)
		}
	}
	return b.String(), true
}
