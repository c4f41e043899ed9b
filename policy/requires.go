package policy

import (
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// What node loads from the project when JavaScript code requires or
// imports a file by a relative specifier ('./lib/x'): the module's code
// runs when it is first loaded, so the file is read and judged like a
// script node runs, with its own requires followed from its folder.
// Packages (a bare name: node's own modules, node_modules) keep their
// handling: arbiter does not read them. A specifier that climbs out of
// the folder is followed while it stays inside the project; one that
// leaves it, is absolute or is a URL is judged by the code reader (code
// arbiter did not read). The bounds are those of Python's imports
// (maxImportLevel deep, maxPythonFiles files a decision, shared).

// jsLoad is where the relative specifiers of one piece of JavaScript code
// resolve: the folder of its file, or the working one for code given
// inline or on standard input.
type jsLoad struct {
	base  string
	level int
}

// jsExtensions are the endings require tries after the exact name, in
// node's order (an import names its file exactly; trying more only reads
// more).
var jsExtensions = []string{"", ".js", ".json", ".node"}

// jsLoadOf returns where the relative specifiers of code c runs resolve;
// nil when the working folder cannot be told.
func (j *judgement) jsLoadOf(c *shell.Command) *jsLoad {
	if j.js != nil && c.Origin == "" {
		return j.js
	}
	if c.DirUnknown {
		return nil
	}
	return &jsLoad{base: j.res.Resolve(".", c.Dir)}
}

// followRequires judges the project files that JavaScript code loads.
func (j *judgement) followRequires(c *shell.Command, r code.Report, subj string) {
	load := j.jsLoadOf(c)
	for _, spec := range r.Imports {
		if !relativeSpecifier(spec) {
			if load != nil {
				j.writtenPackage(spec, load.base, subj)
			}
			continue
		}
		if load == nil {
			j.fireWith(catalog.UUnknownDirectory, subj, "loads "+spec+" relative to a directory the analysis cannot tell")
			return
		}
		file, why := j.resolveRelative(path.Join(load.base, spec))
		switch {
		case why != "":
			j.fireWith(catalog.UUnreadableScript, subj, "loads "+spec+", and "+why)
		case file != "":
			j.jsModuleFile(c, file, load, subj, spec)
		}
		// Nothing found: node fails to load it, and nothing runs.
	}
}

// relativeSpecifier reports whether a module specifier names a file
// relative to the code's folder rather than a package.
func relativeSpecifier(spec string) bool {
	return spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../")
}

// projectFile reports whether a specifier that climbs out of the folder
// of the code c runs ('../lib/x') still names a place inside the project,
// whose file followRequires then reads.
func (j *judgement) projectFile(c *shell.Command, spec string) bool {
	load := j.jsLoadOf(c)
	if load == nil || !relativeSpecifier(spec) {
		return false
	}
	place := j.res.Classify(path.Join(load.base, spec), false)
	return place == paths.Project || place == paths.ProjectRoot
}

// resolveRelative finds the file require loads for abs (node's
// LOAD_AS_FILE, then LOAD_AS_DIRECTORY: package.json's main, index); ""
// when there is none. It says why when a folder's package.json cannot be
// read.
func (j *judgement) resolveRelative(abs string) (string, string) {
	if f := j.jsFile(abs); f != "" {
		return f, ""
	}
	if !j.jsDir(abs) {
		return "", ""
	}
	pkg := path.Join(abs, "package.json")
	if j.jsExists(pkg) {
		main, why := j.packageMain(pkg)
		if why != "" {
			return "", why
		}
		if main != "" {
			m := path.Join(abs, main)
			if f := j.jsFile(m); f != "" {
				return f, ""
			}
			if f := j.jsFile(path.Join(m, "index")); f != "" && j.jsDir(m) {
				return f, ""
			}
		}
	}
	return j.jsFile(path.Join(abs, "index")), ""
}

// jsFile returns base or base with one of require's extensions, the
// first that is a file (on disk or written by the command line).
func (j *judgement) jsFile(base string) string {
	for _, ext := range jsExtensions {
		if p := base + ext; j.jsExists(p) {
			return p
		}
	}
	return ""
}

func (j *judgement) jsExists(p string) bool {
	if _, file := j.writtenLookup(p); file {
		return true
	}
	return project.IsFile(p)
}

func (j *judgement) jsDir(p string) bool {
	if dir, _ := j.writtenLookup(p); dir {
		return true
	}
	return project.IsDir(p)
}

// packageMain reads the main field of a folder's package.json.
func (j *judgement) packageMain(file string) (string, string) {
	text, ok := j.written[file]
	var data string
	switch {
	case ok && text.known:
		data = text.text
	case ok:
		return "", j.fileShown(file) + " is written by the same command line, so what it names is not known"
	default:
		f, err := j.read(file)
		if err != nil || f.Kind != project.Text {
			return "", "arbiter cannot read " + j.fileShown(file) + " (over 64 KiB, not text, or unreadable), which names the file it loads"
		}
		data = f.Text
	}
	var pkg struct {
		Main any `json:"main"`
	}
	if err := json.Unmarshal([]byte(data), &pkg); err != nil {
		return "", j.fileShown(file) + " does not parse as JSON (" + err.Error() + ")"
	}
	switch m := pkg.Main.(type) {
	case nil:
		return "", ""
	case string:
		return m, ""
	}
	return "", j.fileShown(file) + " has a main that is not a string"
}

// jsModuleFile judges one file JavaScript code loads, by its content.
func (j *judgement) jsModuleFile(c *shell.Command, file string, load *jsLoad, subj, spec string) {
	shown := j.fileShown(file)
	switch path.Ext(file) {
	case ".json":
		return // data: the code reader judged the read
	case ".node":
		j.fireWith(catalog.UUnreadableScript, subj, "loads "+spec+" ("+shown+"), compiled code arbiter cannot read")
		return
	}
	if j.pyFiles == nil {
		j.pyFiles = &pythonFiles{judged: map[string]bool{}}
	}
	switch {
	case j.pyFiles.judged[file]:
		return // read earlier in this decision (or a cycle)
	case load.level >= maxImportLevel:
		j.fireWith(catalog.UTooManyFiles, subj, "requires go deeper than "+strconv.Itoa(maxImportLevel)+" modules at "+shown+", beyond what arbiter reads")
		return
	case len(j.pyFiles.judged)-j.pyFiles.collected >= maxPythonFiles:
		j.fireWith(catalog.UTooManyFiles, subj, "it loads more than "+strconv.Itoa(maxPythonFiles)+" of the project's code files (at "+shown+"), beyond what arbiter reads")
		return
	}
	j.pyFiles.judged[file] = true
	text, agent, ok := j.pythonSource(c, file, subj)
	if !ok {
		return
	}
	inner := j.nested(j.res.Resolve(".", c.Dir))
	inner.depth = j.depth // requires have their own bound
	inner.js = &jsLoad{base: path.Dir(file), level: load.level + 1}
	inner.projectCode = true // hazards only: running the project's own code is routine (D4)
	inner.script(heredoc("node", text))
	label := subj + " → " + shown
	if j.js != nil && c.Origin == "" {
		label = shown // the reading of another file, whose name the caller shows
	}
	j.absorb(inner, label)
	what := "loads " + spec + " (" + shown + ")"
	if agent.state == agentsOwn {
		j.fireWith(catalog.D4RunWrittenFile, subj, what+", which the agent wrote in this session ("+agent.when()+"), judged by what it contains")
		return
	}
	j.fireWith(catalog.D4RunProjectCode, subj, what+", the project's own code, judged by what it contains")
}
