package policy

import (
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// A pytest run imports, before any test: its configuration's addopts (as
// if typed on the command line) and -p plugins, every conftest.py from the
// rootdir down to and under each test path, and the test files it is
// named. Each is read and judged as the project's Python code.

// pytestSkipDirs are the folders pytest does not recurse into by default
// (norecursedirs); a configuration that sets norecursedirs replaces them.
var pytestSkipDirs = []string{"*.egg", ".*", "_darcs", "build", "CVS", "dist", "node_modules", "venv", "{arch}"}

// pytest judges pytest run as a program.
func (j *judgement) pytest(c *shell.Command) {
	j.fireWith(catalog.D5Build, c.String(), "runs the project's tests with pytest, judged by the conftest.py files, plugins and test modules it loads")
	j.pytestLoads(c, c, nil)
}

// pytestLoads judges what a pytest run loads. c is the run as pytest's
// own command line; outer is the command that starts it (python -m pytest
// puts the working directory first on sys.path, given as first).
func (j *judgement) pytestLoads(c, outer *shell.Command, first []string) {
	subj := outer.String()
	if c.DirUnknown || helpOnly(c) {
		return // the closed world defers a run in an unknown folder
	}
	sp := spec.Lookup("pytest")
	res := sp.Parse(c.ArgTexts())
	if res.Problem != nil {
		return // understood word by word by the closed world
	}
	cwd := j.res.Resolve(".", c.Dir)
	tests := j.pytestPaths(c, res)
	if f := j.writesFirst(pytestConfigName); f != "" {
		j.fireWith(catalog.UUnreadableConfig, subj, "the command line writes "+j.fileShown(f)+", which pytest reads, so the configuration that applies is not the one arbiter can read on disk")
		return
	}
	cfg, err := project.FindPytestConfig(commonDir(tests, cwd), j.projectRootFor(cwd))
	if err != nil {
		j.fireWith(catalog.UUnreadableConfig, subj, "arbiter cannot read pytest's configuration "+j.fileShown(cfg.File)+" ("+err.Error()+")")
		return
	}
	rootdir := cfg.Dir
	if rootdir == "" {
		rootdir = j.projectRootFor(cwd)
	}
	if len(cfg.Addopts) > 0 {
		// addopts are read as if they came first on the command line.
		with := *c
		with.Args = nil
		for _, w := range cfg.Addopts {
			with.Args = append(with.Args, shell.Word{Text: w})
		}
		with.Args = append(with.Args, c.Args...)
		start := len(j.findings)
		j.understand(&with)
		if !j.understoodSince(start) {
			return
		}
		res = sp.Parse(with.ArgTexts())
		c = &with
		tests = j.pytestPaths(c, res)
	}
	if len(tests) == 0 {
		tests = j.defaultTestPaths(cfg, rootdir, cwd)
	}
	var extra []string
	for _, p := range cfg.Pythonpath {
		extra = append(extra, j.res.Resolve(p, rootdir))
	}
	env := j.pythonSearch(outer, "-")
	if env.unknown != "" {
		j.fireWith(catalog.UUnknownDirectory, subj, "pytest imports the project's code, and "+env.unknown)
		return
	}
	extra = append(append(extra, first...), env.dirs...)
	pluginDirs := append([]string{rootdir, cwd}, extra...)
	var disabled []string
	for _, v := range res.Values {
		if v.Option == "-p" {
			j.pytestPlugin(c, v.Text, &pyLoad{dirs: pluginDirs, venv: env.venv}, subj)
			if name, ok := strings.CutPrefix(v.Text, "no:"); ok {
				disabled = append(disabled, name)
			}
		}
	}
	j.pytestEntryPoints(c, env.venv, pluginDirs, disabled, subj)
	j.conftests(c, cfg, rootdir, tests, extra, env.venv, subj)
}

// testModule judges what python -m MODULE loads for the test runners
// whose loading arbiter reads: unittest, and pytest, with the working
// directory first on sys.path and its words checked against pytest's spec.
func (j *judgement) testModule(c, sub *shell.Command, module string) {
	switch module {
	case "unittest":
		j.unittestLoads(c, sub)
		return
	case "tox", "nox":
		sub.Program, sub.Name = module, module
		start := len(j.findings)
		j.understand(sub)
		if j.understoodSince(start) {
			j.pythonSessions(sub)
		}
		return
	case "coverage", "nose", "nose2", "build", "hypothesis":
		// Each runs project code it finds or is given (coverage run's
		// script, the tests nose discovers, the build backend and
		// setup.py, hypothesis' targets), which is not read here.
		j.fireWith(catalog.UUnreadableScript, c.String(), "python -m "+module+" runs project code (the script or tests it is given or finds, a build backend) that arbiter does not read")
		return
	case "mypy", "pylint", "flake8":
		j.checkerPlugins(c, module, c.String())
		return
	case "pytest":
	default:
		return
	}
	sub.Program, sub.Name = "pytest", "pytest"
	start := len(j.findings)
	j.understand(sub)
	if j.understoodSince(start) {
		j.pytestLoads(sub, c, j.pythonSearch(c, "").dirs)
	}
}

// pytestConfigName reports the names of the files pytest reads its
// configuration from.
func pytestConfigName(name string) bool {
	switch name {
	case "pytest.toml", ".pytest.toml", "pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg":
		return true
	}
	return false
}

// projectRootFor is the project's root, or dir itself when dir is not in
// the project: pytest's configuration is looked for no higher.
func (j *judgement) projectRootFor(dir string) string {
	if p := j.res.Project; p != "" && (dir == p || strings.HasPrefix(dir, strings.TrimSuffix(p, "/")+"/")) {
		return p
	}
	return dir
}

// pytestPaths returns the test paths a run names (node ids lose their
// ::test part), resolved.
func (j *judgement) pytestPaths(c *shell.Command, res spec.Result) []string {
	var out []string
	for _, v := range res.Operands() {
		p, _, _ := strings.Cut(v.Text, "::")
		if p != "" && !c.Args[v.Arg].Dynamic {
			out = append(out, j.res.Resolve(p, c.Dir))
		}
	}
	return out
}

// defaultTestPaths are where a run that names none collects: the
// configuration's testpaths when it runs in the rootdir, else the
// working directory.
func (j *judgement) defaultTestPaths(cfg project.PytestConfig, rootdir, cwd string) []string {
	if len(cfg.Testpaths) == 0 || cwd != rootdir {
		return []string{cwd}
	}
	var out []string
	for _, p := range cfg.Testpaths {
		abs := j.res.Resolve(p, rootdir)
		if strings.ContainsAny(p, "*?[") {
			matches, _ := filepath.Glob(abs)
			out = append(out, matches...)
			continue
		}
		out = append(out, abs)
	}
	return out
}

// commonDir is the deepest folder holding every path (a file stands for
// its folder), or dflt when there are none.
func commonDir(paths []string, dflt string) string {
	if len(paths) == 0 {
		return dflt
	}
	dirOf := func(p string) string {
		if project.IsDir(p) {
			return p
		}
		return path.Dir(p)
	}
	common := dirOf(paths[0])
	for _, p := range paths[1:] {
		d := dirOf(p)
		for common != "/" && d != common && !strings.HasPrefix(d, common+"/") {
			common = path.Dir(common)
		}
	}
	return common
}

// conftests judges the conftest.py files a run imports: those in the
// folders from the rootdir down to each test path, and those under a
// test folder it collects; a test file it is named is judged too. The
// test paths are placed first; then the run's record is looked up (see
// pyrun.go), and only without one are the folders walked and the files
// read.
func (j *judgement) conftests(c *shell.Command, cfg project.PytestConfig, rootdir string, tests, extra []string, venv *venvPath, subj string) {
	skip := pytestSkipDirs
	if cfg.Norecursedirs != nil {
		skip = cfg.Norecursedirs
	}
	collects := pytestCollects(cfg, c)
	isDir := make([]bool, len(tests))
	for i, t := range tests {
		if place := j.res.Classify(t, false); place != paths.Project && place != paths.ProjectRoot && place != paths.Temp {
			j.fireWith(catalog.CRunOutsideCode, subj, "pytest collects tests from "+j.shownPath(t)+", outside the project, and loads the code it finds there, which arbiter did not read")
			return
		}
		isDir[i] = project.IsDir(t) || j.writesUnder(t)
	}
	run, kept := j.keptRun(append(runShape(c, cfg, rootdir, tests, extra, skip, isDir), "venv", (&pyLoad{venv: venv}).searchKey()), subj)
	if kept {
		return // every file plain when last read, and nothing changed since
	}
	files, ok := j.pytestFiles(rootdir, tests, isDir, skip, collects, subj)
	if !ok {
		j.runEnd(run, nil, false)
		return
	}
	if f := j.doctestText(files); f != "" {
		j.fireWith(catalog.UUnreadableCode, subj, "pytest runs the examples in "+j.fileShown(f)+" as doctests, and arbiter does not read doctest text")
		j.runEnd(run, nil, false)
		return
	}
	var loads []pyFileLoad
	var sysPath []string // the basedirs inserted so far, first on sys.path first
	for _, f := range files {
		if !j.exists(f) {
			continue
		}
		load := j.pytestLoad(f, extra)
		// Each file's basedir goes first on sys.path unless already there,
		// and stays for the files imported after it.
		if base := load.dirs[0]; !slices.Contains(sysPath, base) {
			sysPath = append([]string{base}, sysPath...)
		}
		load.dirs = append(slices.Clone(sysPath), extra...)
		load.venv = venv
		what, collected := j.pytestWhat(f)
		load.collected = collected
		loads = append(loads, pyFileLoad{f, load, what})
	}
	start := len(j.findings)
	for _, l := range loads {
		if text, ok := j.pythonFileText(c, l.file, l.load, subj, l.what); ok && path.Base(l.file) == "conftest.py" {
			j.conftestPlugins(c, l.file, text, l.load, subj)
		}
	}
	j.runEnd(run, loads, j.understoodSince(start))
}

// runShape is what decides a run's loading besides the disk: the
// command's words and environment, the configuration's settings that
// choose and load files, where it collects and how imports are found.
func runShape(c *shell.Command, cfg project.PytestConfig, rootdir string, tests, extra, skip []string, isDir []bool) []string {
	shape := []string{"rootdir", rootdir, "skip", strings.Join(skip, "\x00"), "python_files", strings.Join(cfg.PythonFiles, "\x00"), strconv.FormatBool(cfg.PythonFiles != nil), "extra", strings.Join(extra, "\x00"), "args"}
	shape = append(shape, c.ArgTexts()...)
	shape = append(shape, "env")
	for _, e := range c.Env {
		shape = append(shape, e.Name, e.Value.Text, strconv.FormatBool(e.Value.Dynamic))
	}
	shape = append(shape, "tests")
	for i, t := range tests {
		shape = append(shape, t, strconv.FormatBool(isDir[i]))
	}
	return shape
}

// pytestFiles lists the Python files a run loads, in order: for each
// test path the conftest.py files from the rootdir down, then a test
// file named or what a test folder holds (its conftest.py and package
// files first). Each folder walked is identified before it is listed,
// for the run's record. False when a folder cannot be walked.
func (j *judgement) pytestFiles(rootdir string, tests []string, isDir []bool, skip []string, collects func(string) bool, subj string) ([]string, bool) {
	var files []string
	added := map[string]bool{}
	add := func(f string) {
		if !added[f] {
			added[f] = true
			files = append(files, f)
		}
	}
	for i, t := range tests {
		dir := t
		if !isDir[i] {
			dir = path.Dir(t)
		}
		for _, d := range ancestorsFrom(rootdir, dir) {
			add(path.Join(d, "conftest.py"))
		}
		if !isDir[i] {
			add(t) // a test file named: imported as a module
			continue
		}
		j.pathID(t)
		found, err := project.FindFiles(t, func(name string) bool {
			return name == "conftest.py" || name == "__init__.py" || collects(name) || pytestDoctestText(name)
		}, func(dir string) bool {
			if skipsDir(skip, path.Base(dir)) {
				return true
			}
			j.pathID(dir) // before it is listed
			return false
		})
		if err != nil && !project.IsNotExist(err) {
			j.fireWith(catalog.UTooManyFiles, subj, "pytest collects "+j.fileShown(t)+", and arbiter cannot look through it for its test files ("+err.Error()+")")
			return nil, false
		}
		for k := range j.written {
			if strings.HasPrefix(k, t+"/") && !strings.HasSuffix(k, "/") {
				found = append(found, k)
			}
		}
		// conftest.py and the packages' __init__.py load before any test
		// module, so they are judged first.
		slices.SortStableFunc(found, func(a, b string) int { return pytestOrder(a, collects) - pytestOrder(b, collects) })
		for _, f := range found {
			if pytestOrder(f, collects) < 2 {
				add(f)
			}
		}
	}
	return files, true
}

// pytestTestFiles are python_files' default patterns: the modules pytest
// collects tests from.
var pytestTestFiles = []string{"test_*.py", "*_test.py"}

// pytestCollects returns whether pytest imports a file of that name as a
// test module: one python_files matches, or, with --doctest-modules,
// every Python file. A pattern with a folder in it matches against the
// whole path, which is not read here: every Python file counts then.
func pytestCollects(cfg project.PytestConfig, c *shell.Command) func(name string) bool {
	patterns := pytestTestFiles
	if cfg.PythonFiles != nil {
		patterns = cfg.PythonFiles
	}
	all := slices.Contains(c.ArgTexts(), "--doctest-modules")
	for _, p := range patterns {
		all = all || strings.Contains(p, "/")
	}
	return func(name string) bool {
		if all {
			return strings.HasSuffix(name, ".py")
		}
		for _, p := range patterns {
			if ok, _ := path.Match(p, name); ok {
				return true
			}
		}
		return false
	}
}

// pytestOrder ranks what pytest loads from a test folder by when: the
// conftest.py files and test packages first (0), then the test modules
// (1); 2 for a file it does not import.
func pytestOrder(file string, collects func(string) bool) int {
	switch name := path.Base(file); {
	case name == "conftest.py" || name == "__init__.py":
		return 0
	case collects(name) || pytestDoctestText(name):
		return 1
	}
	return 2
}

// pytestDoctestText reports a file name pytest's doctest plugin collects
// from a test folder as a text of examples to run: doctest_glob's default,
// test*.txt (--doctest-glob, which would change it, is not in the spec).
func pytestDoctestText(name string) bool {
	ok, _ := path.Match("test*.txt", name)
	return ok
}

// doctestText returns the first file of a run that pytest runs as
// doctest text: one the folder walk found, or a .txt or .rst file it is
// named (pytest runs a named text file's examples whatever its name).
func (j *judgement) doctestText(files []string) string {
	for _, f := range files {
		ext := path.Ext(f)
		if (ext == ".txt" || ext == ".rst") && j.exists(f) {
			return f
		}
	}
	return ""
}

// exists reports a file on disk or one the command line writes.
func (j *judgement) exists(f string) bool {
	if _, file := j.writtenLookup(f); file {
		return true
	}
	return j.isFile(f)
}

// writesUnder reports whether the command line writes something under dir.
func (j *judgement) writesUnder(dir string) bool {
	d, _ := j.writtenLookup(dir)
	return d
}

// ancestorsFrom lists the folders from root down to dir, both included;
// only dir when it is not under root.
func ancestorsFrom(root, dir string) []string {
	if dir != root && !strings.HasPrefix(dir, strings.TrimSuffix(root, "/")+"/") {
		return []string{dir}
	}
	var out []string
	for d := dir; ; d = path.Dir(d) {
		out = append([]string{d}, out...)
		if d == root || d == path.Dir(d) {
			return out
		}
	}
}

// skipsDir matches a folder name against norecursedirs patterns.
func skipsDir(patterns []string, name string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

// pytestLoad is where a conftest.py or test file's imports are found:
// with pytest's default import mode its basedir, the first folder above
// it that is not a package, goes first on sys.path; the module's package
// is the folders between.
func (j *judgement) pytestLoad(file string, extra []string) *pyLoad {
	base := path.Dir(file)
	var pkg []string
	for j.isFile(path.Join(base, "__init__.py")) && base != path.Dir(base) {
		pkg = append([]string{path.Base(base)}, pkg...)
		base = path.Dir(base)
	}
	return &pyLoad{dirs: append([]string{base}, extra...), pkg: strings.Join(pkg, ".")}
}

// pytestPlugin judges a plugin named by -p (or a conftest's
// pytest_plugins): no:NAME only disables one; a project module is read;
// anything else is a module arbiter does not know.
func (j *judgement) pytestPlugin(c *shell.Command, name string, load *pyLoad, subj string) {
	if strings.HasPrefix(name, "no:") {
		return
	}
	chain := j.loadModules(load, name)
	if len(chain) == 0 {
		j.fireWith(catalog.UUnknownModule, subj, "pytest loads the plugin "+name+", which arbiter does not know and cannot find in the project")
		return
	}
	load = &pyLoad{dirs: load.dirs, venv: load.venv}
	for _, m := range chain {
		j.pythonModuleFile(c, m, load, subj)
	}
}

// conftestPlugins judges the modules a conftest.py names in
// pytest_plugins, which pytest imports as plugins.
func (j *judgement) conftestPlugins(c *shell.Command, file, text string, load *pyLoad, subj string) {
	names, found, err := code.PythonStrings(text, "pytest_plugins")
	switch {
	case err != nil:
		j.fireWith(catalog.UUnreadableConfig, subj, j.fileShown(file)+" sets pytest_plugins in a way arbiter cannot read ("+err.Error()+")")
	case found:
		for _, n := range names {
			j.pytestPlugin(c, n, &pyLoad{dirs: load.dirs, venv: load.venv}, subj)
		}
	}
}

// understoodSince reports whether nothing but allows was found since
// start: every word read was understood.
func (j *judgement) understoodSince(start int) bool {
	for _, f := range j.findings[start:] {
		if f.verdict != arbiter.Allow {
			return false
		}
	}
	return true
}
