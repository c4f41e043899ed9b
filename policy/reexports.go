package policy

import (
	"slices"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// Names taken from the project's modules: a project module that imports
// os as tool hands os to whoever reads tool from it, so the code's
// tool.unlink(p) is os.unlink(p). Each name the code uses through a
// project module (code.Report.ProjectUses) is followed through what the
// modules on its way bind by import (code.Report.Bound) and by star
// import (code.Report.Stars), re-read here on every call (a kept verdict
// of the module says nothing of its names), to a name outside the
// project, which is judged as the code using it directly would be. A
// name the module defines is the project's own code, read when the
// module was; a project module the code reads as a value is not judged,
// since its attributes are then reached where their names are not read.
//
// from m import * binds m's names over any the code uses
// (code.Report.StarUses): those of m's literal __all__, else its public
// ones, each followed as above; for a module of the standard library,
// each is judged as m's; for any other module arbiter does not read, or
// an __all__ it cannot, what the names are cannot be told.

// projectNames follows the names one piece of code uses through the
// project's modules.
type projectNames struct {
	j     *judgement
	c     *shell.Command
	load  *pyLoad
	subj  string
	bound map[string]code.Report // each module file's reading, once
	seen  map[string]bool        // names followed through a star import, so a cycle of them ends
}

// reexports judges the names code uses through the project's modules.
func (j *judgement) reexports(c *shell.Command, r code.Report, load *pyLoad, subj string) {
	if load.unknown != "" {
		// followImports said why for the imports; a name the code reads
		// through one, or through a star import, is not known either.
		if len(r.Stars) > 0 {
			j.fireWith(catalog.UUnknownDirectory, subj, "imports every name from "+r.Stars[0]+", and "+load.unknown)
		} else if len(r.ProjectValues) > 0 {
			j.fireWith(catalog.UUnknownDirectory, subj, "uses "+r.ProjectValues[0]+", and "+load.unknown)
		}
		return
	}
	n := &projectNames{j: j, c: c, load: load, subj: subj, bound: map[string]code.Report{}, seen: map[string]bool{}}
	values := setOfWords(r.ProjectValues...)
	for _, use := range r.ProjectUses {
		abs, ok := absoluteImport(use, load.pkg)
		if !ok {
			continue // a relative import outside a package fails, running nothing
		}
		if !n.name(abs, values[use], 0) {
			return
		}
	}
	values = setOfWords(r.StarValues...)
	for _, mod := range r.Stars {
		if !n.starModule(mod, load.pkg) {
			return
		}
		for _, use := range r.StarUses {
			if !n.star(mod, load.pkg, use, values[use], 0) {
				return
			}
		}
	}
}

// read returns the reading of a project module's file; false when it
// fired a rule.
func (n *projectNames) read(m project.PyModule, q string) (code.Report, string, bool) {
	shown := m.Name + " (" + n.j.fileShown(m.File) + ")"
	r, ok := n.bound[m.File]
	if !ok {
		text, read := n.j.sourceText(n.c, m.File, n.subj)
		if !read {
			return r, shown, false
		}
		r = code.Analyze("python", text)
		n.bound[m.File] = r
	}
	switch {
	case !r.Parsed:
		n.j.fireWith(catalog.UUnreadableCode, n.subj, "uses "+q+", and arbiter cannot read "+shown+" whole ("+r.Why+")")
		return r, shown, false
	case r.Unbound != "":
		n.j.fireWith(catalog.UDynamicCode, n.subj, "uses "+q+", and "+shown+" "+r.Unbound+", so what its names are cannot be told")
		return r, shown, false
	}
	return r, shown, true
}

// name judges the name q, which starts with a project module: for each
// module on its way, what the next part of q is bound to there by an
// import or a star import. value says the code reads q rather than calls
// it. False when it fired a rule.
func (n *projectNames) name(q string, value bool, level int) bool {
	if level > maxImportLevel {
		n.j.fireWith(catalog.UTooManyFiles, n.subj, "uses "+q+", which the project's modules pass on through more than "+strconv.Itoa(maxImportLevel)+" imports, beyond what arbiter reads")
		return false
	}
	found := n.j.loadModules(n.load, q)
	for k, m := range found {
		if m.Name == q {
			if value {
				n.j.fireWith(catalog.UDynamicCode, n.subj, "uses the project's module "+q+" as a value, which hides what is called on it")
				return false
			}
			continue // calling a module fails
		}
		rest, ok := strings.CutPrefix(q, m.Name+".")
		if !ok || m.File == "" || m.Native {
			continue // a namespace package, or compiled code its import judged
		}
		r, shown, ok := n.read(m, q)
		if !ok {
			return false
		}
		name, tail, _ := strings.Cut(rest, ".")
		target := r.Bound[name]
		if target == "" {
			// A submodule (the next module on the way), defined there, or
			// a name one of its star imports binds.
			if k+1 < len(found) && found[k+1].Name == m.Name+"."+name {
				continue
			}
			for _, mod := range r.Stars {
				if !n.star(mod, modulePackage(m), rest, value, level+1) {
					return false
				}
			}
			continue
		}
		target, ok = absoluteImport(target, modulePackage(m))
		if !ok {
			continue // the import fails, binding nothing
		}
		if tail != "" {
			target += "." + tail
		}
		if top, _, _ := strings.Cut(target, "."); n.j.isProjectModule(n.load, top) {
			if !n.name(target, value, level+1) {
				return false
			}
			continue
		}
		if !n.j.outsideName(n.c, q, target, shown, n.subj) {
			return false
		}
	}
	return true
}

// starModule judges from mod import * in code of the package pkg, apart
// from the names it binds: a project module whose __all__ cannot be read
// (it may name submodules, which the star import runs), and the
// submodules a literal __all__ names. False when it fired a rule.
func (n *projectNames) starModule(mod, pkg string) bool {
	abs, ok := absoluteImport(mod, pkg)
	if !ok {
		return true // the import fails
	}
	m, ok := n.starTarget(abs)
	if !ok || m.File == "" || m.Native {
		return true
	}
	r, shown, ok := n.read(m, abs+".*")
	if !ok {
		return false
	}
	if r.AllUnread != "" {
		n.j.fireWith(catalog.UDynamicCode, n.subj, "imports every name from "+shown+", which "+r.AllUnread+", so what the import binds and runs cannot be told")
		return false
	}
	if m.Dirs == nil {
		return true
	}
	for _, name := range r.All {
		for _, sub := range n.j.loadModules(n.load, abs+"."+name) {
			if sub.Name == abs+"."+name {
				n.j.pythonModuleFile(n.c, sub, n.load, n.subj) // the star import imports it
			}
		}
	}
	return true
}

// starTarget returns the project module abs names; false when it is not
// the project's.
func (n *projectNames) starTarget(abs string) (project.PyModule, bool) {
	for _, m := range n.j.loadModules(n.load, abs) {
		if m.Name == abs {
			return m, true
		}
	}
	return project.PyModule{}, false
}

// star judges use (a name with the attributes read: "tool.unlink"),
// which from mod import * may bind, in code of the package pkg. False
// when it fired a rule.
func (n *projectNames) star(mod, pkg, use string, value bool, level int) bool {
	abs, ok := absoluteImport(mod, pkg)
	if !ok {
		return true // the import fails, binding nothing
	}
	key := abs + " " + use
	if n.seen[key] {
		return true // on a cycle of star imports: judged where it was first met
	}
	n.seen[key] = true
	root, _, _ := strings.Cut(use, ".")
	m, ok := n.starTarget(abs)
	switch {
	case !ok && project.StdlibModule(abs):
		return n.j.outsideName(n.c, use, abs+"."+use, "from "+abs+" import *", n.subj)
	case !ok:
		n.j.fireWith(catalog.UDynamicCode, n.subj, "imports every name from "+abs+", a module arbiter does not read, so what "+root+" is cannot be told")
		return false
	case m.Native:
		return true // its import judged the compiled code
	}
	exported := !strings.HasPrefix(root, "_") // without __all__, the public names
	if m.File != "" {
		r, _, ok := n.read(m, abs+"."+use)
		if !ok {
			return false
		}
		if r.HasAll {
			exported = slices.Contains(r.All, root)
		}
		if r.Bound[root] == "" && len(r.Stars) == 0 && m.Dirs == nil {
			return true // defined there, or not at all: not a name to follow
		}
	}
	if !exported {
		return true
	}
	return n.name(abs+"."+use, value, level)
}

// outsideName judges q, which the module shown binds to target, a name
// outside the project, as code using target directly. False when it fired
// a rule.
func (j *judgement) outsideName(c *shell.Command, q, target, shown, subj string) bool {
	r := code.AnalyzePythonName(target)
	why := "uses " + q + ", which is " + target + " (imported by " + shown + "): the code "
	switch {
	case r.EnvDump && !r.Dynamic:
		j.fireWith(catalog.B3SecretPrint, subj, why+r.Hazard+", which often include tokens and passwords")
	case r.Hazard != "":
		j.fireWith(impureRule(r), subj, why+r.Hazard)
	default:
		return true
	}
	return false
}
