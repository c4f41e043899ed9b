package policy

import (
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/shell"
)

// Names taken from the project's modules: a project module that imports
// os as tool hands os to whoever reads tool from it, so the code's
// tool.unlink(p) is os.unlink(p). Each name the code uses through a
// project module (code.Report.ProjectUses) is followed through what the
// modules on its way bind by import (code.Report.Bound), re-read here on
// every call (a kept verdict of the module says nothing of its names),
// to a name outside the project, which is judged as the code using it
// directly would be.

// reexports judges the names code uses through the project's modules.
func (j *judgement) reexports(c *shell.Command, r code.Report, load *pyLoad, subj string) {
	if load.unknown != "" {
		return // followImports said why
	}
	bound := map[string]code.Report{} // each module file's reading, once
	for _, use := range r.ProjectUses {
		abs, ok := absoluteImport(use, load.pkg)
		if !ok {
			continue // a relative import outside a package fails, running nothing
		}
		if !j.projectName(c, abs, load, subj, bound, 0) {
			return
		}
	}
}

// projectName judges the name q, which starts with a project module:
// for each module on its way, what the next part of q is bound to there
// by an import. False when it fired a rule.
func (j *judgement) projectName(c *shell.Command, q string, load *pyLoad, subj string, bound map[string]code.Report, level int) bool {
	if level > maxImportLevel {
		j.fireWith(catalog.UTooManyFiles, subj, "uses "+q+", which the project's modules pass on through more than "+strconv.Itoa(maxImportLevel)+" imports, beyond what arbiter reads")
		return false
	}
	for _, m := range j.loadModules(load, q) {
		rest, ok := strings.CutPrefix(q, m.Name+".")
		if !ok || m.File == "" || m.Native {
			continue // the module itself, a namespace package, or compiled code its import judged
		}
		r, ok := bound[m.File]
		if !ok {
			text, read := j.sourceText(c, m.File, subj)
			if !read {
				return false
			}
			r = code.Analyze("python", text)
			bound[m.File] = r
		}
		shown := m.Name + " (" + j.fileShown(m.File) + ")"
		switch {
		case !r.Parsed:
			j.fireWith(catalog.UUnreadableCode, subj, "uses "+q+", and arbiter cannot read "+shown+" whole ("+r.Why+")")
			return false
		case r.Unbound != "":
			j.fireWith(catalog.UDynamicCode, subj, "uses "+q+", and "+shown+" "+r.Unbound+", so what its names are cannot be told")
			return false
		}
		name, tail, _ := strings.Cut(rest, ".")
		target := r.Bound[name]
		if target == "" {
			continue // defined there, or a submodule: the project's own code
		}
		target, ok = absoluteImport(target, modulePackage(m))
		if !ok {
			continue // the import fails, binding nothing
		}
		if tail != "" {
			target += "." + tail
		}
		if top, _, _ := strings.Cut(target, "."); j.isProjectModule(load, top) {
			if !j.projectName(c, target, load, subj, bound, level+1) {
				return false
			}
			continue
		}
		if !j.outsideName(c, q, target, shown, subj) {
			return false
		}
	}
	return true
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
