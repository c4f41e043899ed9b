package project

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// checkerSetting is where a Python checker reads a setting that makes it
// import code: the files it looks in, the sections of each, the keys.
type checkerSetting struct {
	files    []string // in the folder it runs in
	options  []string // command-line options naming the one file read instead
	ini      []string // INI sections (setup.cfg, tox.ini, mypy.ini, .pylintrc)
	toml     []string // pyproject.toml tables
	keys     []string // settings naming modules it imports
	hooks    []string // settings holding code it runs
	anyInSec bool     // any setting of the section loads code (flake8's local plugins)
}

// checkerSettings are the Python checkers whose configuration names code
// they import: mypy's plugins, pylint's load-plugins and init-hook,
// flake8's local plugins.
var checkerSettings = lazy.New(func() map[string]checkerSetting {
	return map[string]checkerSetting{
		"mypy":   {files: []string{"mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"}, ini: []string{"mypy"}, toml: []string{"tool.mypy"}, keys: []string{"plugins"}, options: []string{"--config-file"}},
		"pylint": {files: []string{"pylintrc", ".pylintrc", "pyproject.toml", "setup.cfg", "tox.ini"}, ini: []string{"MAIN", "MASTER", "main", "master", "pylint.main", "pylint.master", "pylint.MAIN", "pylint.MASTER"}, toml: []string{"tool.pylint.main", "tool.pylint.master", "tool.pylint.MAIN", "tool.pylint.MASTER", "tool.pylint"}, keys: []string{"load-plugins", "load_plugins"}, hooks: []string{"init-hook", "init_hook"}, options: []string{"--rcfile"}},
		"flake8": {files: []string{".flake8", "setup.cfg", "tox.ini"}, ini: []string{"flake8:local-plugins"}, anyInSec: true, options: []string{"--config"}},
	}
})

// CheckerLoads is what a checker's configuration makes it load.
type CheckerLoads struct {
	File    string   // the configuration file that says so
	Modules []string // modules or paths named as plugins
	Code    string   // why it runs code arbiter cannot name ("" for none)
}

// CheckerConfigOption reports whether opt is the command-line option
// that names tool's configuration file.
func CheckerConfigOption(tool, opt string) bool {
	for _, o := range checkerSettings.Get()[tool].options {
		if o == opt {
			return true
		}
	}
	return false
}

// CheckerConfigNamed returns the configuration file args name with
// tool's option (--rcfile=f or --rcfile f), "" for none: the last wins,
// as in the checkers' own parsers.
func CheckerConfigNamed(tool string, args []string) string {
	named := ""
	for k, a := range args {
		name, value, eq := strings.Cut(a, "=")
		if !CheckerConfigOption(tool, name) {
			continue
		}
		if !eq {
			if k+1 >= len(args) {
				continue
			}
			value = args[k+1]
		}
		named = value
	}
	return named
}

// FindCheckerLoads reads the configuration files tool reads in dir and
// its parents (or only named, when its command line names one) for the settings that
// make it import or run code; ok is false when tool is not one whose
// configuration does. A file that does not parse but mentions such a
// setting is taken to set it.
func FindCheckerLoads(tool, dir, named string) (loads []CheckerLoads, ok bool, err error) {
	s, ok := checkerSettings.Get()[tool]
	if !ok {
		return nil, false, nil
	}
	var files []string
	if named != "" {
		files = []string{named}
	}
	// Each checker looks in the parents too (flake8 and mypy up to the
	// home folder or repository, pylint through Python packages): every
	// parent is read, which is never less.
	for d := dir; named == ""; d = filepath.Dir(d) {
		for _, name := range s.files {
			files = append(files, filepath.Join(d, name))
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, p := range files {
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		name := filepath.Base(p)
		data, _, err := readBounded(p, MaxManifest)
		if IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, true, err
		}
		if l, set := s.parse(name, string(data)); set {
			l.File = p
			loads = append(loads, l)
		}
	}
	return loads, true, nil
}

// parse reads one file's settings; set reports whether any loads code.
func (s checkerSetting) parse(name, text string) (CheckerLoads, bool) {
	var values map[string]pytestValue
	var found bool
	var err error
	if strings.HasSuffix(name, ".toml") {
		values, found, err = tomlSection(text, s.toml...)
	} else {
		values = map[string]pytestValue{}
		for _, sec := range s.ini {
			v, f, e := iniSection(text, sec)
			if e != nil {
				err = e
				break
			}
			found = found || f
			for k, x := range v {
				values[k] = x
			}
		}
	}
	if err != nil {
		// Unread, it may set them: taken to when it mentions one.
		words := append(append([]string{}, s.keys...), s.hooks...)
		if s.anyInSec {
			words = append(words, s.ini...)
		}
		for _, k := range words {
			if strings.Contains(text, k) {
				return CheckerLoads{Code: fmt.Sprintf("arbiter cannot read it (%v), and it mentions %s", err, k)}, true
			}
		}
		return CheckerLoads{}, false
	}
	if !found {
		return CheckerLoads{}, false
	}
	if s.anyInSec && len(values) > 0 {
		return CheckerLoads{Code: "it sets local plugins, code it imports"}, true
	}
	var l CheckerLoads
	for _, k := range s.hooks {
		if v, ok := values[k]; ok && strings.TrimSpace(v.text+strings.Join(v.list, "")) != "" {
			l.Code = "its " + k + " is Python code that runs first"
		}
	}
	for _, k := range s.keys {
		v, ok := values[k]
		if !ok {
			continue
		}
		names := v.list
		if names == nil {
			names = strings.FieldsFunc(v.text, func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\t' })
		}
		for _, n := range names {
			if n = strings.TrimSpace(n); n != "" {
				l.Modules = append(l.Modules, n)
			}
		}
	}
	return l, l.Code != "" || len(l.Modules) > 0
}
