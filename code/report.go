package code

import (
	"fmt"
	"strings"
)

// Report is what Analyze found in one piece of code.
type Report struct {
	Lang string
	// Parsed is set when every byte was tokenized without error.
	Parsed bool
	// Pure is set when the code was parsed and does nothing but compute,
	// print, and read the files named in Reads.
	Pure bool
	// Contained is set when the code is pure except for writing the files
	// named in Writes, which the policy judges like any other write.
	Contained bool
	// Why names, for the reader, the first thing that was not understood or
	// not pure ("calls os.remove", "cannot tokenize: unterminated string at
	// byte 12"); empty when Pure.
	Why string
	// Reads and Writes list the literal file paths the code opens.
	Reads  []string
	Writes []string
	// Databases lists the database files the code opens by a literal
	// path (sqlite3.connect), each also in Reads; the policy judges where
	// they are.
	Databases []string
	// Images lists the image files the code opens by a literal path
	// (PIL.Image.open), each also in Reads: their content picks the
	// decoder, which the policy looks at.
	Images []string
	// Env lists environment variables read by literal name.
	Env []string
	// Effects the policy has rules for.
	Spawns  bool // runs another program
	Network bool // opens a connection or starts a server
	Deletes bool // removes files
	Native  bool // loads a native library
	EnvDump bool // reads the whole environment, or a variable by a computed name
	Dynamic bool // evaluates or looks up code or names built at run time
	// Project lists the project's own modules whose code the code calls
	// (see Options.ProjectModule); such code is Contained, never Pure.
	Project []string
	// Imports lists the modules the code imports, as written: "a.b" for
	// import a.b, "m" and "m.n" for from m import n (n may be a
	// submodule), with the leading dots of a relative import (".x",
	// "..p.q"). Python runs each module's code when it is first imported.
	// For JavaScript: the specifiers of literal require() calls and static
	// import and export … from statements, as written (without node:).
	Imports []string
	// Bound maps each name Python code binds by an import to what it
	// binds, as written ("tool" → "os" for import os as tool, "os" → "os"
	// for import os.path, "rm" → "os.unlink" for from os import unlink
	// as rm, "h" → ".helpers" for from . import helpers): what another
	// module finds under that name when it reads it from this one.
	Bound map[string]string
	// Unbound says why Bound may miss names ("" when it does not): an
	// import arbiter could not read, or a module-level __getattr__, which
	// makes up names when they are read.
	Unbound string
	// Stars lists the modules Python code imports every name from (from
	// m import *), as written; their names join those in Bound.
	Stars []string
	// StarUses lists, when Stars is not empty, every name the code uses
	// with the attributes it reads ("unlink", "tool.unlink"): a star
	// import binds names over the builtins' and over the code's own, in
	// the order the code runs, so any of them may be the module's.
	StarUses []string
	// StarValues lists those of StarUses the code reads rather than
	// calls.
	StarValues []string
	// All lists the names of a literal __all__, which a star import of
	// the module binds; HasAll is set when the code assigns __all__, and
	// AllUnread says why its names cannot be told ("" when they can).
	All       []string
	HasAll    bool
	AllUnread string
	// ProjectUses lists the names Python code uses (calls, or reads)
	// through an import from a project module or a relative one, the
	// import's name qualified ("pkg.helpers.tool.unlink" for tool.unlink
	// after from pkg.helpers import tool): what each is depends on what
	// that module binds.
	ProjectUses []string
	// ProjectValues lists those of ProjectUses the code reads rather than
	// calls (f(bp), x = helpers.tool): one that is a module is a module
	// taken as a value, whose attributes are reached where their names
	// are not read.
	ProjectValues []string
	// Hazard names the first of those effects found; "" when none. The
	// project's own scripts are not held to the side-effect-free list, but
	// none of these is routine in them either.
	Hazard string
}

// maxSource bounds the code Analyze reads; longer code is not pure.
const maxSource = 256 << 10

// analyzer returns the analysis for lang, or nil.
func analyzer(lang string) func(*analysis, string) {
	switch lang {
	case "python":
		return analyzePython
	case "javascript":
		return analyzeJavaScript
	case "awk":
		return analyzeAwk
	case "sed":
		return analyzeSed
	case "perl":
		return analyzePerl
	}
	return nil
}

// Supported reports whether Analyze can read code in lang.
func Supported(lang string) bool { return analyzer(lang) != nil }

// Options tune an analysis.
type Options struct {
	// ProjectModule reports whether a top-level module name is the
	// project's own code (found in the project by the caller). Calls into
	// it are reported in Report.Project rather than as impure: running the
	// project's code is routine, though it is not side-effect-free.
	ProjectModule func(top string) bool
	// ProjectFile reports whether a JavaScript specifier that climbs out
	// of the code's folder ('../lib/x') names a file inside the project,
	// which the caller reads and judges. Without it, or when it reports
	// false, the module is code from outside the project arbiter did not
	// read.
	ProjectFile func(spec string) bool
}

// Analyze tokenizes src as code in lang and reports what it does. It never
// panics and never reports Pure for code it could not read whole.
func Analyze(lang, src string) Report { return AnalyzeWith(lang, src, Options{}) }

// AnalyzeWith is Analyze with options.
func AnalyzeWith(lang, src string, opt Options) (r Report) {
	a := &analysis{r: Report{Lang: lang}, opt: opt}
	defer func() {
		if p := recover(); p != nil {
			r = Report{Lang: lang, Why: fmt.Sprintf("internal error while reading %s code: %v", lang, p)}
			r.Hazard = r.Why
		}
	}()
	fn := analyzer(lang)
	switch {
	case fn == nil:
		a.r.Why = "arbiter has no tokenizer for " + lang
		a.r.Hazard = a.r.Why
		return a.r
	case len(src) > maxSource:
		a.r.Why = fmt.Sprintf("the code is longer than %d KiB", maxSource>>10)
		a.r.Hazard = a.r.Why
		return a.r
	}
	fn(a, src)
	return a.finish()
}

// analysis accumulates one Report.
type analysis struct {
	r       Report
	failed  bool   // a tokenize error
	impure  string // the first impurity other than a write
	written string // the first write
	nest    int    // depth of f-string and template fields being read
	opt     Options
	// comments are the spans of the comments the Python lexer dropped,
	// kept only when set to non-nil (a pyc compared with its source).
	comments [][2]int
}

// fail records a tokenize error at byte pos.
func (a *analysis) fail(pos int, format string, args ...any) {
	if a.failed {
		return
	}
	a.failed = true
	a.r.Why = fmt.Sprintf("cannot tokenize: %s at byte %d", fmt.Sprintf(format, args...), pos)
}

// not records that the code is not pure, and why.
func (a *analysis) not(format string, args ...any) {
	if a.impure == "" {
		a.impure = fmt.Sprintf(format, args...)
	}
}

// effect records what calling what does, by the kind its name table
// gives it (spawn, network, delete, native, dynamic, write, env, loads); false
// when the kind is none of these.
func (a *analysis) effect(kind, what string) bool {
	switch kind {
	case "spawn":
		a.spawn(what)
	case "network":
		a.network(what)
	case "delete":
		a.deletes(what)
	case "native":
		a.native(what)
	case "dynamic":
		a.dynamic("calls " + what + ", which runs code or reaches names built at run time")
	case "write":
		a.not("calls %s, which changes files", what)
	case "env":
		a.envDump(what)
	case "loads":
		// A framework's entry point or a loader runs code that a file or a
		// name decides (Django's settings and installed apps, pytest's
		// conftest files, alembic's env.py, the tests a loader discovers,
		// a pickle): code not read here.
		a.dynamic("calls " + what + ", which loads code that a file or a name decides (project modules its configuration names, tests it discovers, a plugin, a pickle), and arbiter does not read it")
	default:
		return false
	}
	return true
}

func (a *analysis) spawn(what string) {
	a.r.Spawns = true
	a.hazard(fmt.Sprintf("calls %s, which runs another program", what))
}

func (a *analysis) network(what string) {
	a.r.Network = true
	a.hazard(fmt.Sprintf("calls %s, which uses the network", what))
}

func (a *analysis) deletes(what string) {
	a.r.Deletes = true
	a.hazard(fmt.Sprintf("calls %s, which deletes files", what))
}

func (a *analysis) native(what string) {
	a.r.Native = true
	a.hazard(fmt.Sprintf("uses %s, which loads native code", what))
}

func (a *analysis) dynamic(what string) {
	a.r.Dynamic = true
	a.hazard(what)
}

func (a *analysis) envDump(what string) {
	a.r.EnvDump = true
	a.hazard(what + " reads the whole environment")
}

// hazard records an effect that is never routine, in inline code or in
// the project's own scripts.
func (a *analysis) hazard(why string) {
	if a.r.Hazard == "" {
		a.r.Hazard = why
	}
	a.not("%s", why)
}

func (a *analysis) read(path string) { a.r.Reads = appendNew(a.r.Reads, path) }
func (a *analysis) env(name string)  { a.r.Env = appendNew(a.r.Env, name) }
func (a *analysis) write(path string) {
	a.r.Writes = appendNew(a.r.Writes, path)
	if a.written == "" {
		a.written = "writes " + path
	}
}

func (a *analysis) finish() Report {
	r := a.r
	if a.failed {
		return Report{Lang: r.Lang, Why: r.Why, Hazard: r.Why}
	}
	r.Parsed = true
	switch {
	case a.impure != "":
		r.Why = a.impure
	case a.written != "" || len(r.Project) > 0:
		r.Contained = true
		r.Why = a.written
		if r.Why == "" {
			r.Why = "calls the project's own " + r.Project[0]
		}
	default:
		r.Pure, r.Contained = true, true
	}
	return r
}

func appendNew(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// isDunder reports whether name is a __special__ name.
func isDunder(name string) bool {
	return len(name) > 4 && strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__")
}

// AnalyzePythonName reports what using a qualified Python name q
// ("os.unlink", "subprocess") does, read and called, as code that imports
// its module would: how the policy judges a name that code takes from a
// project module which bound it by an import. A q that is not a dotted
// name is not understood.
func AnalyzePythonName(q string) Report {
	a := &analysis{}
	ts := lexPython(a, q, 0)
	if n := len(ts); n > 0 && ts[n-1].kind == tEnd {
		ts = ts[:n-1]
	}
	dotted, end := (&py{ts: ts}).dotted(0)
	if a.failed || q == "" || dotted != q || end != len(ts) {
		why := "cannot read the name " + q
		return Report{Lang: "python", Why: why, Hazard: why}
	}
	top, _, _ := strings.Cut(q, ".")
	return Analyze("python", "import "+top+"\n"+q+"\n"+q+"()\n")
}
