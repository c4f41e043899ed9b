package policy

import (
	"debug/buildinfo"
	"fmt"
	"os"
	"path"
	"strings"
	"time"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// A compiled program of the project that no part of this command line
// wrote is allowed only when arbiter can tell which of the project's
// sources it was built from, has read them (as go run's or a compile's in
// the same command line are, compiled.go), and the program is newer than
// every one of them. Anything else, a program copied in or built in an
// earlier call (whose record cannot prove that nothing wrote the program
// since: earliercompile.go), is not known.

// projectProgram judges running abs, a compiled program in the project,
// in dir.
func (j *judgement) projectProgram(abs, dir, subj string) {
	if j.shellWroteProgram(abs, subj) {
		return
	}
	// buildinfo reads the image's headers and the build information blob
	// the Go linker writes (an image without Go's section has its first
	// data segment searched for it, in chunks), not the whole file.
	if info, err := buildinfo.ReadFile(abs); err == nil {
		j.goProgram(abs, dir, info, subj)
		return
	}
	if root, name, ok := project.RustTargetBinary(abs); ok && exists(path.Join(root, "Cargo.toml")) && inProject(j.res.Classify(root, false)) {
		j.rustProgram(abs, dir, root, name, subj)
		return
	}
	j.fireWith(catalog.UUntracedProgram, subj, j.fileShown(abs)+" is a compiled program that is neither a Go program of the project's module nor a cargo build's under target/, so arbiter cannot tell what it was built from")
}

// goProgram judges a Go program by its main package's sources, when the
// module it was built from is the project's: the go.mod nearest the
// program names the module its build information gives.
func (j *judgement) goProgram(abs, dir string, info *buildinfo.BuildInfo, subj string) {
	shown := j.fileShown(abs)
	untraced := func(why string) {
		j.fireWith(catalog.UUntracedProgram, subj, shown+" is a Go program "+why+", so arbiter cannot tell which sources it was built from")
	}
	if info.Path == "" || info.Path == "command-line-arguments" {
		untraced("built from .go files named on the command line, which it does not record")
		return
	}
	root, module := goModule(path.Dir(abs))
	switch {
	case module == "" || !inProject(j.res.Classify(root, false)):
		untraced("of the module " + info.Main.Path + ", with no go.mod of the project above it")
		return
	case module != info.Main.Path || info.Path != module && !strings.HasPrefix(info.Path, module+"/"):
		untraced("of the package " + info.Path + ", not of the project's module " + module)
		return
	}
	for _, s := range info.Settings {
		if s.Key == "-ldflags" && strings.Contains(s.Value, "-X") {
			j.fireWith(catalog.UCompiledSource, subj, shown+" was built with -ldflags -X, which sets variables of its code to values arbiter does not follow")
			return
		}
	}
	for _, d := range info.Deps {
		if r := d.Replace; r != nil && (r.Version == "" || r.Version == "(devel)" || strings.HasPrefix(r.Path, ".") || path.IsAbs(r.Path)) {
			// A module replaced by a folder: code of the project's that
			// the reading below, of the main module's packages, leaves out.
			j.fireWith(catalog.UCompiledSource, subj, shown+" links the module "+d.Path+" from the folder "+r.Path+", whose code arbiter does not read")
			return
		}
	}
	b := &compiledBuild{compiler: "go", goTargets: []string{path.Join(root, strings.TrimPrefix(info.Path, module))}}
	rd, ok := j.readProgram(abs, b, subj)
	if !ok || !j.builtHere(abs, info, root, rd, subj) {
		return
	}
	j.judgeProgramSources(rd, dir, "the Go program "+shown+" ("+info.Path+")", subj)
}

// builtHere checks, with the files the program's line table names, that
// it was compiled from the module's folder (its build information only
// claims a module path, which a program built anywhere may have) and from
// no file of that folder that rd did not read; false when not (told).
// The vendor folder holds the module's dependencies, which are not read
// either when they come from the module cache.
func (j *judgement) builtHere(abs string, info *buildinfo.BuildInfo, root string, rd *sourceReading, subj string) bool {
	shown := j.fileShown(abs)
	untraced := func(why string) bool {
		j.fireWith(catalog.UUntracedProgram, subj, shown+" "+why+", so arbiter cannot tell that it was built from the sources it read")
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-trimpath" && s.Value == "true" {
			return untraced("was built with -trimpath, which leaves out where its sources were")
		}
	}
	files, err := project.GoProgramFiles(abs)
	if err != nil {
		return untraced("does not say which files it was compiled from (" + err.Error() + ")")
	}
	read := map[string]bool{}
	for _, f := range rd.files {
		read[f.path] = true
	}
	here := 0
	for _, f := range files {
		if !strings.HasPrefix(f, root+"/") || strings.HasPrefix(f, root+"/vendor/") {
			continue
		}
		here++
		switch {
		case read[f]:
		case !exists(f):
			j.fireWith(catalog.UStaleProgram, subj, shown+" was compiled from "+j.fileShown(f)+", which is no longer there, so what it runs is not what arbiter can read")
			return false
		default:
			j.fireWith(catalog.UCompiledSource, subj, shown+" was compiled from "+j.fileShown(f)+", which arbiter does not read")
			return false
		}
	}
	if here == 0 {
		return untraced("was compiled from files outside " + j.fileShown(root) + ", where the project's module is")
	}
	return true
}

// rustProgram judges a program cargo wrote under root/target by the bin
// target of that name in root/Cargo.toml (or a member of its workspace),
// its package's library and its path dependencies' libraries.
func (j *judgement) rustProgram(abs, dir, root, name, subj string) {
	shown := j.fileShown(abs)
	top := j.res.Project
	if top == "" {
		top = root
	}
	bin, err := project.FindCargoBinary(path.Join(root, "Cargo.toml"), top, "", name)
	switch {
	case project.IsNotExist(err):
		j.fireWith(catalog.UUntracedProgram, subj, "no package of "+j.fileShown(path.Join(root, "Cargo.toml"))+" has a bin target "+name+", so arbiter cannot tell what "+shown+" was built from")
		return
	case err != nil:
		j.fireWith(catalog.UCompiledSource, subj, "arbiter cannot tell which sources "+shown+" was built from ("+err.Error()+")")
		return
	}
	b := &compiledBuild{compiler: "cargo"}
	for _, r := range bin.Roots {
		b.sources = append(b.sources, compiledSource{path: r, lang: "rust"})
	}
	rd, ok := j.readProgram(abs, b, subj)
	if ok {
		j.judgeProgramSources(rd, dir, "the bin target "+name+" of "+bin.Package, subj)
	}
}

// readProgram reads the sources of the program at abs; false when one
// could not be read (told) or one changed after the program was written.
func (j *judgement) readProgram(abs string, b *compiledBuild, subj string) (*sourceReading, bool) {
	if j.tooDeep(subj) {
		return nil, false
	}
	rd := j.readSources(b)
	if rd.failed {
		return nil, false
	}
	built, err := os.Stat(abs)
	if err != nil {
		j.fireWith(catalog.UUntracedProgram, subj, "arbiter cannot tell when "+j.fileShown(abs)+" was built ("+err.Error()+")")
		return nil, false
	}
	if newer := newerSources(rd.files, built.ModTime()); len(newer) > 0 {
		j.fireWith(catalog.UStaleProgram, subj, j.shownFiles(newer)+" changed after "+j.fileShown(abs)+" was built, so what it runs is not what arbiter can read")
		return nil, false
	}
	return rd, true
}

// newerSources lists the files modified after built (or whose time
// cannot be read).
func newerSources(files []sourceFile, built time.Time) []string {
	var out []string
	for _, f := range files {
		fi, err := os.Stat(f.path)
		if err != nil || fi.ModTime().After(built) {
			out = append(out, f.path)
		}
	}
	return out
}

// judgeProgramSources judges the sources read for a program and allows
// running it when none holds anything to judge.
func (j *judgement) judgeProgramSources(rd *sourceReading, dir, what, subj string) {
	if !j.judgeSources(rd, dir, subj) {
		return
	}
	var files []string
	for _, f := range rd.files {
		files = append(files, f.path)
	}
	j.fireWith(catalog.D4RunProjectCode, subj, "runs "+what+", built from "+j.shownFiles(files)+", which it is newer than and which do nothing arbiter must confirm")
}

// shownFiles names files for a reason, at most three.
func (j *judgement) shownFiles(files []string) string {
	names := make([]string, 0, 4)
	for _, p := range files {
		if len(names) == 3 {
			names = append(names, fmt.Sprintf("%d more", len(files)-3))
			break
		}
		names = append(names, j.fileShown(p))
	}
	return strings.Join(names, ", ")
}

// cargoRun judges the program cargo run builds and runs, in the package of
// manifest (within root): the bin target --bin names (in the package -p
// names), else the package's default, read as a program under target/ is.
// False when it could not be read or holds something to judge (told).
func (j *judgement) cargoRun(c *shell.Command, manifest, root, subj string) bool {
	var pkg, name string
	for k := 0; k < len(c.Args); k++ {
		t := c.Args[k].Text
		if t == "--" {
			break
		}
		opt, val, eq := strings.Cut(t, "=")
		if !eq && k+1 < len(c.Args) && (opt == "--bin" || opt == "-p" || opt == "--package" || opt == "--example") {
			k++
			val = c.Args[k].Text
		}
		switch opt {
		case "--bin":
			name = val
		case "-p", "--package":
			pkg = val
		case "--example":
			j.fireWith(catalog.UCompiledSource, subj, "runs the example "+val+", whose sources arbiter does not look up")
			return false
		}
	}
	bin, err := project.FindCargoBinary(manifest, root, pkg, name)
	if err != nil {
		j.fireWith(catalog.UCompiledSource, subj, "arbiter cannot tell which program cargo run builds and runs ("+err.Error()+")")
		return false
	}
	b := &compiledBuild{compiler: "cargo"}
	for _, r := range bin.Roots {
		b.sources = append(b.sources, compiledSource{path: r, lang: "rust"})
	}
	if j.tooDeep(subj) {
		return false
	}
	rd := j.readSources(b)
	return !rd.failed && j.judgeSources(rd, j.res.Resolve(".", c.Dir), subj)
}
