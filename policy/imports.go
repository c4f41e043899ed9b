package policy

import (
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// What Python loads from the project when it imports: a module the code
// imports runs when first imported, so a project module is read and
// judged like a script python runs (the standard library and installed
// packages keep their handling: arbiter does not read them).

// Bounds on the project's Python files read for one decision: imports
// followed at most maxImportLevel deep, and at most maxPythonFiles files
// (modules, conftest.py, test files named, setup.py) of up to 64 KiB
// each, besides at most maxCollectedFiles test modules that pytest
// collects from its test folders (a test tree is many small files, whose
// verdicts are kept between calls: see pyverdicts.go).
const (
	maxImportLevel    = 8
	maxPythonFiles    = 48
	maxCollectedFiles = 512
	// maxModuleProbes bounds the folders looked in for modules over a
	// decision: each import is looked for along the whole search path,
	// so many imports on a long path multiply. pytest's path grows with
	// every test folder, so a tree of maxCollectedFiles folders, each
	// test importing twenty modules, comes near it.
	maxModuleProbes = 1 << 22
)

// pyLoad is where the imports of one piece of Python code are found.
type pyLoad struct {
	// dirs are the sys.path entries arbiter looks in, in Python's order:
	// the script's directory (or the working directory for -c, -m and
	// standard input), then PYTHONPATH, then any the runner adds (pytest's
	// rootdir-relative folders and its pythonpath setting).
	dirs []string
	// venv is what the interpreter's virtual environment adds after them
	// (see venvpath.go); nil for another interpreter.
	venv *venvPath
	// unknown says why the search path cannot be told ("" when it can).
	unknown string
	// pkg is the package of the module whose code this is, against which
	// relative imports resolve ("" for a script or inline code).
	pkg string
	// level counts the imports followed to reach this code.
	level int
	// collected marks a test module pytest collects, counted against
	// maxCollectedFiles rather than maxPythonFiles.
	collected bool
}

// pythonFiles records, for one decision, the Python files already judged
// (a module imported from several places is read once, and an import
// cycle ends).
type pythonFiles struct {
	judged map[string]bool
	// collected counts the judged files that are test modules pytest
	// collects.
	collected int
	// shadowScanned are the folders of a search path already looked
	// through for modules named like a library's (see shadowingModules).
	shadowScanned map[string]bool
}

// pyFlags are the interpreter's options that change sys.path: -I
// (isolated: neither the script's folder nor PYTHONPATH), -E (no PYTHON*
// variables), -P (no script folder or working directory), -S (no site
// module: no site-packages).
type pyFlags struct{ isolated, noEnv, safePath, noSite bool }

// pythonFlags reads the flags clustered before the code, module or script.
func pythonFlags(c *shell.Command) pyFlags {
	var f pyFlags
	for _, a := range c.Args {
		t := a.Text
		if t == "-" || !strings.HasPrefix(t, "-") || strings.HasPrefix(t, "--") {
			break
		}
		for _, l := range t[1:] {
			switch l {
			case 'I':
				f.isolated = true
			case 'E':
				f.noEnv = true
			case 'P':
				f.safePath = true
			case 'S':
				f.noSite = true
			}
			if strings.ContainsRune("cmWX", l) {
				return f // the rest is the option's value
			}
		}
	}
	return f
}

// pythonSearch returns the search path of the python command c: first
// dir (the script's folder, "" for the working directory, "-" for none:
// a tool's own entry point), then the command's PYTHONPATH.
func (j *judgement) pythonSearch(c *shell.Command, first string) *pyLoad {
	f := pythonFlags(c)
	load := &pyLoad{}
	env := map[string]shell.Word{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if v, ok := env["PYTHONSAFEPATH"]; ok && v.Text != "" && !f.isolated && !f.noEnv {
		f.safePath = true
	}
	if !f.isolated && !f.safePath && first != "-" {
		switch {
		case first != "":
			load.dirs = append(load.dirs, first)
		case c.DirUnknown:
			load.unknown = "Python looks imports up first in the working directory, which the analysis cannot tell"
		default:
			load.dirs = append(load.dirs, j.res.Resolve(".", c.Dir))
		}
	}
	if v, ok := env["PYTHONPATH"]; ok && !f.isolated && !f.noEnv {
		if v.Dynamic {
			load.unknown = "PYTHONPATH is only known when the command runs"
		}
		for _, part := range splitList(v.Text) {
			if part != "" && !strings.Contains(part, "$") {
				load.dirs = append(load.dirs, j.res.Resolve(part, c.Dir))
			}
		}
	}
	if v, why := j.venvSearch(c, f); why != "" && load.unknown == "" {
		load.unknown = why
	} else {
		load.venv = v
	}
	if load.venv != nil && load.venv.startup != "" {
		j.fireWith(catalog.UUnreadableCode, c.String(), load.venv.startup)
	}
	return load
}

// pythonLoad returns where the imports of code that c runs are found:
// the module's own search path when c is the reading of a project file,
// the command's otherwise.
func (j *judgement) pythonLoad(c *shell.Command) *pyLoad {
	if j.py != nil && c.Origin == "" {
		return j.py
	}
	return j.pythonSearch(c, "")
}

// isProjectModule reports whether importing top would load a file of the
// project (or one this command writes).
func (j *judgement) isProjectModule(load *pyLoad, top string) bool {
	if load.unknown != "" || top == "" {
		return false
	}
	return len(j.loadModules(load, top)) > 0
}

// writtenLookup reports whether the command line writes p (a file), or
// something under it (a folder), before what runs later reads it.
func (j *judgement) writtenLookup(p string) (dir, file bool) {
	for k := range j.written {
		switch {
		case k == p:
			file = true
		case strings.HasPrefix(k, p+"/"):
			dir = true
		case strings.HasSuffix(k, "/") && strings.HasPrefix(p, k) && (strings.HasSuffix(p, ".py") || strings.HasSuffix(p, "/__init__")):
			file = true // unpacked or copied there: anything may be
		}
	}
	return dir, file
}

// followImports judges the project modules that Python code imports, and
// those the libraries it imports may import in turn.
func (j *judgement) followImports(c *shell.Command, r code.Report, load *pyLoad, subj string) {
	library := false
	defer func() {
		if library && load.unknown == "" {
			j.shadowingModules(c, load, subj)
		}
	}()
	for _, name := range r.Imports {
		abs, ok := absoluteImport(name, load.pkg)
		if !ok {
			continue // a relative import outside a package fails, running nothing
		}
		if load.unknown != "" {
			if !project.StartupModule(abs) {
				j.fireWith(catalog.UUnknownDirectory, subj, "imports "+abs+", and "+load.unknown)
				return
			}
			continue
		}
		found := j.loadModules(load, abs)
		if j.searchedTooMuch(subj) {
			return
		}
		library = library || len(found) == 0 && !project.StartupModule(abs)
		if top, _, _ := strings.Cut(abs, "."); len(found) == 0 && load.unmappedModule(top) != "" {
			j.fireWith(catalog.UUnknownDirectory, subj, "imports "+abs+", and "+load.unmappedModule(top))
			return
		}
		for _, m := range found {
			j.pythonModuleFile(c, m, load, subj)
		}
	}
}

// searchedTooMuch reports, and defers, looking for modules beyond the
// decision's bound.
func (j *judgement) searchedTooMuch(subj string) bool {
	if j.cache().probes <= maxModuleProbes {
		return false
	}
	j.fireWith(catalog.UTooManyFiles, subj, "it imports so many modules along so long a search path that looking for them is more than "+strconv.Itoa(maxModuleProbes)+" folders, beyond what arbiter reads")
	return true
}

// shadowingModules judges the project modules named like the standard
// library's or a library dependency's: a library the code imports imports
// those by name, from the first folder of the search path that holds one
// (the working directory, for inline code), so such a module runs though
// the code never names it (python -c 'import statistics' runs a
// fractions.py beside it).
//
// Each folder is looked through once per decision, alone: a module found
// there is judged even where an earlier folder would shadow it, which
// only judges more (pytest's path grows with every test folder, and
// looking up every name along the whole path for each file cost the
// first call on a large tree several times over).
func (j *judgement) shadowingModules(c *shell.Command, load *pyLoad, subj string) {
	if j.pyFiles == nil {
		j.pyFiles = &pythonFiles{judged: map[string]bool{}}
	}
	if j.pyFiles.shadowScanned == nil {
		j.pyFiles.shadowScanned = map[string]bool{}
	}
	for _, dir := range load.dirs {
		if j.pyFiles.shadowScanned[dir] {
			continue
		}
		j.pyFiles.shadowScanned[dir] = true
		for _, list := range [][]string{project.StdlibModules(), strings.Fields(libraryDependencies)} {
			for _, name := range list {
				if project.StartupModule(name) {
					continue
				}
				for _, m := range j.pyModules([]string{dir}, name) {
					j.pythonModuleFile(c, m, load, subj)
				}
			}
		}
	}
}

// libraryDependencies are the modules outside the standard library that
// the libraries of code/libraries.txt import.
const libraryDependencies = `numpy pandas pytz dateutil six tzdata openpyxl et_xmlfile matplotlib PIL pyparsing cycler kiwisolver
fontTools contourpy packaging yaml toml typing_extensions`

// absoluteImport resolves a relative import (".x", "..p.q") against the
// package pkg; false when it reaches above it or there is no package.
func absoluteImport(name, pkg string) (string, bool) {
	rest := strings.TrimLeft(name, ".")
	dots := len(name) - len(rest)
	if dots == 0 {
		return name, true
	}
	if pkg == "" {
		return "", false
	}
	parts := strings.Split(pkg, ".")
	if dots-1 >= len(parts) {
		return "", false
	}
	base := strings.Join(parts[:len(parts)-(dots-1)], ".")
	if rest == "" {
		return base, true
	}
	return base + "." + rest, true
}

// pythonModuleFile judges the file of one module an import runs.
func (j *judgement) pythonModuleFile(c *shell.Command, m project.PyModule, load *pyLoad, subj string) {
	if m.File == "" {
		return // a namespace package runs no code
	}
	shown := j.fileShown(m.File)
	if m.Native {
		what := "compiled code arbiter cannot read"
		if m.Bytecode != "" {
			what = m.Bytecode + ": compiled code arbiter cannot read, run in place of the source"
		}
		j.fireWith(catalog.UUnreadableScript, subj, "imports "+m.Name+" from "+shown+", "+what)
		return
	}
	next := &pyLoad{dirs: load.dirs, venv: load.venv, pkg: modulePackage(m), level: load.level + 1}
	whose := "the project's module "
	if !inProject(j.res.Classify(m.File, false)) {
		whose = "the module " // beside a script outside the project
	}
	j.pythonFile(c, m.File, next, subj, "imports "+whose+m.Name+" ("+shown+")")
}

// modulePackage is the package against which m's relative imports
// resolve: m itself for a package, the one holding it otherwise.
func modulePackage(m project.PyModule) string {
	if m.Dirs != nil {
		return m.Name
	}
	if i := strings.LastIndexByte(m.Name, '.'); i >= 0 {
		return m.Name[:i]
	}
	return ""
}

// pythonFile judges a Python file the command loads as a module (an
// import, a conftest.py, a test file pytest or unittest collects,
// setup.py), by its content: harmful code makes the command as harmful,
// code arbiter cannot read defers naming the file. what says how the
// command loads it, for the allow's reason.
func (j *judgement) pythonFile(c *shell.Command, file string, load *pyLoad, subj, what string) {
	j.pythonFileText(c, file, load, subj, what)
}

// pythonFileText is pythonFile, returning the file's text when it was
// read (not when it was judged earlier in the decision).
func (j *judgement) pythonFileText(c *shell.Command, file string, load *pyLoad, subj, what string) (string, bool) {
	if j.pyFiles == nil {
		j.pyFiles = &pythonFiles{judged: map[string]bool{}} // a judgement made apart from a decision's
	}
	if j.pyFiles.judged[file] {
		j.dependsOnSkip(file)
		return "", false
	}
	shown := j.fileShown(file)
	switch {
	case load.level > maxImportLevel:
		j.fireWith(catalog.UTooManyFiles, subj, "imports go deeper than "+strconv.Itoa(maxImportLevel)+" modules at "+shown+", beyond what arbiter reads")
		return "", false
	case load.collected && j.pyFiles.collected >= maxCollectedFiles:
		j.fireWith(catalog.UTooManyFiles, subj, "pytest collects more than "+strconv.Itoa(maxCollectedFiles)+" test files (at "+shown+"), beyond what arbiter reads")
		return "", false
	case !load.collected && len(j.pyFiles.judged)-j.pyFiles.collected >= maxPythonFiles:
		j.fireWith(catalog.UTooManyFiles, subj, "it loads more than "+strconv.Itoa(maxPythonFiles)+" of the project's Python files (at "+shown+"), beyond what arbiter reads")
		return "", false
	}
	if j.keptPlain(file, load, subj, what) {
		return "", false // plain when last read, and unchanged since
	}
	j.pyFiles.judged[file] = true
	if load.collected {
		j.pyFiles.collected++
	}
	deps := j.trackingStart(file)
	text, agent, ok := j.pythonSource(c, file, subj)
	if !ok {
		j.trackingEnd(deps, file, load, false)
		return "", false
	}
	inner := j.nested(j.res.Resolve(".", c.Dir))
	inner.depth = j.depth // imports have their own bound
	inner.py = load
	inner.projectCode = true // hazards only: running the project's own code is routine (D4)
	inner.script(heredoc("python", text))
	label := subj + " → " + shown
	if j.py != nil && c.Origin == "" {
		label = shown // the reading of another file, whose name the caller shows
	}
	j.absorb(inner, label)
	// pytest_plugins is read from the text by the caller, which a kept
	// verdict does not give back.
	j.trackingEnd(deps, file, load, plainText(inner) && agent.state != agentsOwn && !strings.Contains(text, "pytest_plugins"))
	if agent.state == agentsOwn {
		j.fireWith(catalog.D4RunWrittenFile, subj, what+", which the agent wrote in this session ("+agent.when()+"), judged by what it contains")
	} else {
		j.fireWith(catalog.D4RunProjectCode, subj, what+", judged by what it contains")
	}
	return text, true
}

// heredoc is the shell form that gives text to program on standard
// input, under a delimiter the text cannot hold: the shell analysis reads
// interpreter code fed that way.
func heredoc(program, text string) string {
	delim := "ARBITER_CODE_END"
	for strings.Contains(text, delim) {
		delim += "_"
	}
	return program + " - <<'" + delim + "'\n" + strings.TrimSuffix(text, "\n") + "\n" + delim + "\n"
}

// sourceText returns the text of a file the command loads as code: what
// the same command line wrote there, or what is on disk. It records why,
// and returns false, when that cannot be read. (A file written by an
// earlier call is read from disk here, like any other.)
func (j *judgement) sourceText(c *shell.Command, file, subj string) (string, bool) {
	shown := j.fileShown(file)
	for k, w := range j.written {
		if k != file && !(strings.HasSuffix(k, "/") && strings.HasPrefix(file, k)) {
			continue
		}
		switch {
		case w.known && k == file:
			return w.text, true
		case w.from != "":
			file = w.from
		case w.producer == "curl" || w.producer == "wget":
			j.fireWith(catalog.B9RunDownloaded, subj, "loads "+shown+", which it has just downloaded, without review: whoever controls that URL controls this machine")
			return "", false
		default:
			j.fireWith(catalog.UDynamicCode, subj, "loads "+shown+", which the same command writes with "+w.producer+", whose content cannot be known in advance")
			return "", false
		}
	}
	f, err := j.read(file)
	switch {
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read "+shown+", which it loads ("+err.Error()+")")
	case f.Kind != project.Text:
		j.fireWith(catalog.UUnreadableScript, subj, shown+", which it loads, is "+f.Kind.String()+" (over 64 KiB, or not text), so arbiter cannot read it")
	default:
		return f.Text, true
	}
	return "", false
}

// projectPythonModule judges python -m MODULE when Python finds MODULE in
// the project: runpy imports its packages, then runs the module (a
// package's __main__) as the main program. False when the module is not
// the project's.
func (j *judgement) projectPythonModule(c *shell.Command, module, subj string) bool {
	load := j.pythonLoad(c)
	if load.unknown != "" {
		if project.StartupModule(module) {
			return false
		}
		j.fireWith(catalog.UUnknownDirectory, subj, "runs the module "+module+", and "+load.unknown)
		return true
	}
	chain := j.loadModules(load, module)
	if top, _, _ := strings.Cut(module, "."); len(chain) == 0 && load.unmappedModule(top) != "" {
		j.fireWith(catalog.UUnknownDirectory, subj, "runs the module "+module+", and "+load.unmappedModule(top))
		return true
	}
	if len(chain) == 0 {
		return false
	}
	if last := chain[len(chain)-1]; last.Name == module && last.Dirs != nil {
		if full := j.loadModules(load, module+".__main__"); len(full) > len(chain) {
			chain = full
		}
	}
	for _, m := range chain {
		j.pythonModuleFile(c, m, load, subj)
	}
	j.fireWith(catalog.D4RunProjectCode, subj, "runs "+module+", a module of the project's own code, judged by what it contains")
	return true
}
