package policy

import (
	"maps"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// Where a virtual environment's interpreter finds modules besides the
// working directory and PYTHONPATH: its site-packages (installed packages,
// which arbiter does not read: an import of one keeps its answer) and the
// folders its .pth files name (an editable install of the project: a src/
// layout, or the project's root seen from a subfolder), whose modules are
// the code that runs and are read like the project's others. The
// interpreter is known to be a virtual environment's when the command
// names it by a path (.venv/bin/python, or python after sourcing the
// environment's activate script) next to or under a pyvenv.cfg, as
// Python itself finds its environment, or by its name alone when the first
// folder of the call's PATH that holds that name is a virtual environment's
// (the runtime was started with the environment active). A project runner
// (uv run, poetry run, pipenv run, pdm run, rye run) runs the interpreter
// of the project's .venv when there is one: the nearest from where it runs
// up to the project's root. (Where a runner keeps the environment
// elsewhere, arbiter does not look: imports keep today's answer.)

// Bounds on what is read of one environment: at most maxPthFiles .pth
// files, each up to project.MaxScript (64 KiB), as is pyvenv.cfg. An
// environment beyond them leaves the search path unknown.
const maxPthFiles = 64

// venvPath is what one environment adds to the search path, after the
// standard library: site holds the installed packages; pth are the
// folders outside it that its .pth files add, in order; mapped are the
// top-level modules an editable install's finder (setuptools') loads
// when no folder of the path holds them, each with the folder it is found
// in, and unmapped those it maps where arbiter does not follow (to a
// path whose last name is not the module's).
type venvPath struct {
	dir      string
	site     string
	stdlib   []string
	pth      []string
	mapped   map[string]string
	unmapped map[string]string
	// dists are the installed distributions' .dist-info folders in
	// site-packages, whose entry points name the plugins pytest loads
	// (see pytestvenv.go).
	dists []string
	// startup says what code its site-packages runs at every start of
	// its Python that arbiter does not read ("" for none).
	startup string
}

// venvRead is a reading of one environment, kept for the decision.
type venvRead struct {
	v       *venvPath
	unknown string
}

// pythonExe matches the names a virtual environment's interpreter has.
var pythonExe = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`^python(3(\.[0-9]+t?)?)?$`)
})

// venvSearch returns what the environment of c's interpreter adds to its
// search path: nil when c's interpreter is not known to be a virtual
// environment's or site is off (-S), and why the path cannot be told when
// the environment cannot be read.
func (j *judgement) venvSearch(c *shell.Command, f pyFlags) (*venvPath, string) {
	if f.noSite || !pythonExe.Get().MatchString(path.Base(c.Name)) && !pytestEntry(path.Base(c.Name)) {
		return nil, ""
	}
	exe := ""
	switch {
	case !strings.Contains(c.Name, "/") && venvRunner(c):
		if c.DirUnknown {
			return nil, "the runner's environment is found from the working directory, which the analysis cannot tell"
		}
		if exe = j.projectVenvPython(c); exe == "" {
			return nil, ""
		}
	case !strings.Contains(c.Name, "/"):
		if exe = j.onPath(c.Name); exe == "" {
			return nil, ""
		}
	case c.DirUnknown && !path.IsAbs(c.Name):
		return nil, "Python's environment is found from its path, which depends on the working directory the analysis cannot tell"
	default:
		exe = j.res.ResolveLink(c.Name, c.Dir) // Python finds pyvenv.cfg from the name it was run by, not the link's target
	}
	for _, dir := range []string{path.Dir(exe), path.Dir(path.Dir(exe))} {
		if r, ok := j.venvAt(dir); ok {
			return r.v, r.unknown
		}
	}
	return nil, ""
}

// venvRunner reports a command run by a runner that uses the project's
// .venv.
func venvRunner(c *shell.Command) bool {
	for _, r := range []string{"uv", "poetry", "pipenv", "pdm", "rye"} {
		if c.Has(r) {
			return true
		}
	}
	return false
}

// projectVenvPython returns the interpreter of the nearest .venv (one with
// a pyvenv.cfg) from c's folder up to the project's root; "".
func (j *judgement) projectVenvPython(c *shell.Command) string {
	root := path.Clean(j.res.Project)
	for dir := j.res.Resolve(".", c.Dir); ; dir = path.Dir(dir) {
		if _, err := os.Lstat(path.Join(dir, ".venv", "pyvenv.cfg")); err == nil {
			return path.Join(dir, ".venv", "bin", path.Base(c.Name))
		}
		if dir == root || !strings.HasPrefix(dir, root+"/") {
			return ""
		}
	}
}

// onPath returns where the call's PATH finds name: the first folder that
// holds it; "" when PATH is not known, has a folder that is not absolute
// before it (looked up from the working folder), or none holds it.
func (j *judgement) onPath(name string) string {
	env := j.cache().env
	if !env.known {
		return ""
	}
	for _, d := range filepath.SplitList(env.path) {
		if !filepath.IsAbs(d) {
			return ""
		}
		p := filepath.Join(d, name)
		if _, err := os.Lstat(p); err == nil {
			return p
		}
	}
	return ""
}

// venvAt reads the environment whose pyvenv.cfg is in dir; false when
// there is none.
func (j *judgement) venvAt(dir string) (venvRead, bool) {
	rc := j.cache()
	if r, ok := rc.venvs[dir]; ok {
		return r, r.v != nil || r.unknown != ""
	}
	r := j.readVenv(dir)
	if rc.venvs == nil {
		rc.venvs = map[string]venvRead{}
	}
	rc.venvs[dir] = r
	return r, r.v != nil || r.unknown != ""
}

func (j *judgement) readVenv(dir string) venvRead {
	cfgPath := path.Join(dir, "pyvenv.cfg")
	if _, err := os.Lstat(cfgPath); err != nil {
		return venvRead{}
	}
	shown := j.fileShown(cfgPath)
	cfgFile, err := j.read(cfgPath)
	if err != nil || cfgFile.Kind != project.Text {
		return venvRead{unknown: "arbiter cannot read " + shown + ", which says where its Python finds modules"}
	}
	cfg := project.PyvenvConfig(cfgFile.Text)
	site, err := project.VenvSite(dir, cfg)
	if err != nil {
		return venvRead{unknown: "its modules cannot be found: " + err.Error()}
	}
	v := &venvPath{dir: dir, site: site, stdlib: venvStdlib(cfg, site)}
	if site == "" {
		return venvRead{v: v}
	}
	if why := j.pthFolders(v); why != "" {
		return venvRead{unknown: why}
	}
	return venvRead{v: v}
}

// venvStdlib returns the standard library folders of the interpreter the
// environment was made from (home names its bin folder): a module there
// is found before site-packages and the .pth folders.
func venvStdlib(cfg map[string]string, site string) []string {
	home := cfg["home"]
	if site == "" || !path.IsAbs(home) {
		return nil
	}
	lib := path.Join(path.Dir(path.Clean(home)), "lib", path.Base(path.Dir(site)))
	return []string{lib, path.Join(lib, "lib-dynload")}
}

// pthFolders reads the .pth files of v's site-packages, in the order
// site.py reads them (sorted by name), into v: the existing folders they
// add that are not under site-packages (those hold installed packages
// too), and the mappings of the editable finders they install. It says
// why when one cannot be read.
func (j *judgement) pthFolders(v *venvPath) string {
	entries, err := os.ReadDir(v.site)
	if err != nil {
		return "arbiter cannot list " + j.fileShown(v.site) + " (" + err.Error() + ")"
	}
	n := 0
	for _, e := range entries {
		if name := e.Name(); (name == "sitecustomize.py" || name == "usercustomize.py" || name == "sitecustomize" || name == "usercustomize") && v.startup == "" {
			v.startup = j.fileShown(path.Join(v.site, name)) + " runs at every start of this environment's Python, code arbiter does not read there"
		}
		if e.IsDir() && strings.HasSuffix(e.Name(), ".dist-info") {
			v.dists = append(v.dists, path.Join(v.site, e.Name()))
		}
		if !strings.HasSuffix(e.Name(), ".pth") || e.IsDir() {
			continue
		}
		if n++; n > maxPthFiles {
			return j.fileShown(v.site) + " holds more than " + strconv.Itoa(maxPthFiles) + " .pth files, beyond what arbiter reads"
		}
		file := path.Join(v.site, e.Name())
		f, err := j.read(file)
		if err != nil || f.Kind != project.Text {
			return "arbiter cannot read " + j.fileShown(file) + " (over 64 KiB, not text, or unreadable), which names folders Python finds modules in"
		}
		if line := project.PthRunsCode(f.Text); line != "" && v.startup == "" {
			v.startup = j.fileShown(file) + " runs code at every start of this environment's Python (" + clipText(line, 60) + "), which arbiter does not read"
		}
		for _, p := range project.PthPaths(f.Text, v.site) {
			if p == v.site || strings.HasPrefix(p, v.site+"/") || slices.Contains(v.pth, p) || !project.IsDir(p) {
				continue
			}
			v.pth = append(v.pth, p)
		}
		for line := range strings.Lines(f.Text) {
			if finder := project.EditableFinder(line); finder != "" {
				if why := j.editableMapping(v, path.Join(v.site, finder+".py")); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// editableMapping adds what the editable finder in file maps to v.
func (j *judgement) editableMapping(v *venvPath, file string) string {
	f, err := j.read(file)
	if err != nil || f.Kind != project.Text {
		return "arbiter cannot read " + j.fileShown(file) + ", the editable install's finder that says where its modules are"
	}
	m, ok := project.EditableMapping(f.Text)
	if !ok {
		return j.fileShown(file) + " has no MAPPING arbiter can read, which says where the editable install's modules are"
	}
	if v.mapped == nil {
		v.mapped, v.unmapped = map[string]string{}, map[string]string{}
	}
	for name, p := range m {
		if _, seen := v.mapped[name]; seen || v.unmapped[name] != "" {
			continue // the finder installed first answers
		}
		if !path.IsAbs(p) || path.Base(path.Clean(p)) != name || strings.Contains(name, ".") {
			v.unmapped[name] = j.fileShown(file) + " maps " + name + " to " + p + ", which arbiter does not follow"
			continue
		}
		v.mapped[name] = path.Dir(path.Clean(p))
	}
	return ""
}

// installed reports whether the standard library or site-packages of v
// holds the top-level module top, or Python's own tools name it (python
// -m json.tool, pytest): that module is found before any .pth folder.
func (j *judgement) installed(v *venvPath, top string) bool {
	for k := range pythonModules.Get() {
		if k == top || strings.HasPrefix(k, top+".") {
			return true
		}
	}
	dirs := append(slices.Clip(v.stdlib), v.site)
	return len(j.pyModules(dirs, top)) > 0
}

// agentsInstalled returns the modules importing name runs from the
// standard library or site-packages of v when the agent wrote one of their
// files in this session (a Write, or a copy into site-packages): those run
// what the agent put there, and are read as the project's are. nil when it
// wrote none, and the installed package is the registry's code.
func (j *judgement) agentsInstalled(v *venvPath, name string) []project.PyModule {
	if j.call.Written == nil {
		return nil
	}
	m := j.pyModules(append(slices.Clip(v.stdlib), v.site), name)
	for _, mod := range m {
		if _, wrote := j.call.Written(mod.File); wrote && mod.File != "" {
			return m
		}
	}
	return nil
}

// loadModules finds the modules importing name runs with load's search
// path: its folders, then the environment's .pth folders for a module the
// environment does not hold itself. A module the standard library or
// site-packages holds (found before those folders) is not the project's:
// nil, as for any installed package.
func (j *judgement) loadModules(load *pyLoad, name string) []project.PyModule {
	v := load.venv
	if v == nil {
		return j.pyModules(load.dirs, name)
	}
	top, _, _ := strings.Cut(name, ".")
	if j.installed(v, top) {
		if m := j.agentsInstalled(v, name); m != nil {
			return m
		}
		m := j.pyModules(load.dirs, name)
		if len(m) > 0 && m[0].File == "" {
			return nil // a namespace portion loses to the installed package
		}
		return m
	}
	if m := j.pyModules(append(slices.Clip(load.dirs), v.pth...), name); len(m) > 0 {
		return m
	}
	if dir, ok := v.mapped[top]; ok {
		return j.pyModules([]string{dir}, name) // the editable finder, after every folder of the path
	}
	return nil
}

// unmappedModule says why the module top cannot be found: an editable
// finder of the environment maps it where arbiter does not follow.
func (l *pyLoad) unmappedModule(top string) string {
	if l.venv == nil {
		return ""
	}
	return l.venv.unmapped[top]
}

// searchKey is the search path of load as one string, for the record of
// a file's verdict (see pyverdicts.go).
func (l *pyLoad) searchKey() string {
	key := strings.Join(l.dirs, "\x00")
	if l.venv != nil {
		key += "\x00venv\x00" + l.venv.site + "\x00" + strings.Join(l.venv.stdlib, "\x00") + "\x00" + strings.Join(l.venv.pth, "\x00")
		for _, k := range slices.Sorted(maps.Keys(l.venv.mapped)) {
			key += "\x00" + k + "=" + l.venv.mapped[k]
		}
	}
	return key
}
