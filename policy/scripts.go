package policy

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// maxReading bounds scripts read inside scripts (a package script that runs
// make, whose recipe runs a script, …).
const maxReading = 6

// maxReadWork bounds all the code one decision reads inside the call's
// code: the bytes of each script, package script or recipe line judged,
// each counting at least readCost. Depth alone does not bound it: scripts
// that each run the next ten times, five deep, are read 100 000 times.
const (
	maxReadWork = 512 << 10
	readCost    = 256
)

// nested returns a judgement for code that runs, as part of this call, in
// dir (absolute; "" keeps the call's directory).
func (j *judgement) nested(dir string) *judgement {
	res := j.res
	if dir != "" {
		res.Cwd = dir
	}
	if j.builds == nil {
		j.builds = buildFiles{}
	}
	if j.scanned == nil {
		j.scanned = map[string]secrets.Scan{} // shared, so each file is scanned once per decision
	}
	return &judgement{call: j.call, az: j.az, res: res, depth: j.depth + 1, written: j.written, reads: j.cache(), pyFiles: j.pyFiles, builds: j.builds, files: j.files, scanned: j.scanned,
		protect: j.protect, agentDirs: j.agentDirs, envExported: j.envExported}
}

// absorb takes what inner found, other than its allows, as findings about
// subj: the strictest part of what runs decides.
func (j *judgement) absorb(inner *judgement, subj string) {
	for _, g := range inner.findings {
		if g.verdict == arbiter.Allow {
			continue
		}
		if g.id == catalog.H8Interactive {
			// The agent did not type it and cannot pass it differently; a
			// script that waits for input is not known to be routine.
			g = finding{id: catalog.UInteractiveScript, verdict: arbiter.Defer, reason: "it runs a program that may wait for input (" + g.reason + ")", subject: g.subject}
		}
		if g.subject != "" && g.subject != subj {
			g.subject = subj + " → " + g.subject
		} else {
			g.subject = subj
		}
		j.add(g)
	}
}

// tooDeep reports, and defers, reading beyond the bound.
func (j *judgement) tooDeep(subj string) bool {
	if j.depth < maxReading {
		return false
	}
	j.fire(catalog.UTooDeep, subj)
	return true
}

// tooMuch counts judging text against the decision's bound (spend).
func (j *judgement) tooMuch(text, subj string) bool {
	return j.spend(max(len(text), readCost), subj)
}

// tooMuchFile counts reading a file of a runner's scripts (a Makefile, a
// package.json, a justfile) against the decision's bound: a runner run
// many times reads its file each time.
func (j *judgement) tooMuchFile(file string, extra int, subj string) bool {
	n := readCost + extra
	if fi, err := os.Stat(file); err == nil {
		n += int(fi.Size())
	}
	return j.spend(n, subj)
}

// spend counts n bytes of reading against the decision's bound, and
// reports, and defers, reading beyond it.
func (j *judgement) spend(n int, subj string) bool {
	c := j.cache()
	c.readWork += n
	if c.readWork <= maxReadWork {
		return false
	}
	j.fireWith(catalog.UTooManyFiles, subj, "the scripts, package scripts and recipes it runs run others so many times that reading them all is more than "+strconv.Itoa(maxReadWork>>10)+" KiB of code, beyond what arbiter reads")
	return true
}

// shellText judges shell code that this call runs from a file, a package
// script or a recipe line, in dir.
func (j *judgement) shellText(text, dir, subj string) {
	if j.tooDeep(subj) || j.tooMuch(text, subj) {
		return
	}
	if line, ok := strings.CutPrefix(text, "#!"); ok {
		line, _, _ = strings.Cut(line, "\n")
		if f := strings.Fields(line); len(f) > 1 {
			j.allexportShell(f[1:], true, subj)
		}
	}
	inner := j.nested(dir)
	inner.script(text)
	j.absorb(inner, subj)
}

// scriptCode judges the code of a script file an interpreter runs. It finds
// what the code would do to the system: the commands it starts, the files
// it deletes or writes, network use, code it builds and evaluates, and
// judges those as the equivalent shell commands. Unlike inline code it is
// not held to a list of side-effect-free calls: running the project's own
// code is routine (D4). lang is the language shell.Interpreter names;
// program runs it.
//
// load, for Python, is where the script's imports are found; file, for
// JavaScript, the script whose folder its requires resolve against ("" for
// the working folder).
func (j *judgement) scriptCode(program, lang, text, dir, subj string, load *pyLoad, file string) {
	if j.tooDeep(subj) || j.tooMuch(text, subj) {
		return
	}
	if lang == "" || program == "" {
		j.fire(catalog.UUnknownInterpreter, subj)
		return
	}
	inner := j.nested(dir)
	inner.projectCode = true // hazards only: running the project's own code is routine (D4)
	inner.py = load
	if lang == "javascript" && file != "" {
		inner.js = &jsLoad{base: path.Dir(file)}
	}
	// The shell analysis reads interpreter code fed on standard input; the
	// file's code is given to it that way.
	inner.script(heredoc(program, text))
	j.absorb(inner, subj)
}

// runFile judges running a file: the project's own scripts are judged by
// their content, read from disk and never run to decide; compiled programs
// of the project by the sources they were built from (binaries.go);
// anything else is not known.
func (j *judgement) runFile(c *shell.Command, file, subj string) {
	abs := j.res.Resolve(file, c.Dir)
	args := scriptArgs(c, file)
	base := path.Base(file)
	if file == c.Name && (base == "gradlew" || base == "mvnw") {
		// The build tool's own wrapper: judged as the build tool, whose
		// build files run code anyway.
		j.packages(c)
		return
	}
	j.scriptName(base, args, subj)
	switch {
	case base == "manage.py":
		j.djangoManage(c, args, subj)
	case file == c.Name && (migrationModes.Get()[base] != nil || base == "rails" || base == "rake" || base == "django-admin"):
		j.migrationTool(c) // a binstub: bin/rails db:drop
	}
	glob := strings.ContainsAny(file, "*?[")
	if j.ranWritten(c, file, abs, glob, subj) {
		return
	}
	if glob {
		if c.Has("find") || c.Has("xargs") {
			j.fireWith(catalog.UDynamicPath, subj, "runs each file a search finds, which cannot be read in advance")
			return
		}
		matches, _ := filepath.Glob(abs)
		if len(matches) > 0 {
			abs = matches[0] // the shell runs the first match; the rest are its arguments
		}
	}
	place := j.res.Classify(abs, false)
	switch {
	case place == paths.Null:
		j.fireWith(catalog.UDynamicCode, subj, "runs code from a file descriptor the analysis cannot see")
		return
	case c.DirUnknown && !strings.HasPrefix(file, "/"):
		j.fireWith(catalog.UUnknownDirectory, subj, "runs a file relative to a directory the analysis cannot tell")
		return
	case j.runAgentFile(c, file, abs, place, subj):
		return
	case place != paths.Project && place != paths.ProjectRoot && place != paths.Temp && !skillDir(abs, j.res):
		// An installed skill's scripts are the user's own code, read like
		// the project's.
		j.fireWith(catalog.CRunOutsideCode, subj, "runs a program from outside the project")
		return
	}
	temp := place == paths.Temp
	f, err := j.read(abs)
	switch {
	case project.IsNotExist(err) && temp:
		j.fireWith(catalog.CRunOutsideCode, subj, "runs a script under a temporary directory that arbiter cannot read, so it is not known to be the project's code")
	case project.IsNotExist(err):
		j.fireWith(catalog.D4RunProjectCode, subj, "the file does not exist, so nothing runs")
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read the script to judge it ("+err.Error()+")")
	case f.Kind == project.Program && !temp && (file == c.Name || !shell.IsShell(c.Program)):
		j.projectProgram(abs, j.res.Resolve(".", c.Dir), subj)
	case f.Kind != project.Text:
		j.fireWith(catalog.UUnreadableScript, subj, "the script is "+f.Kind.String()+" (over 64 KiB, or not text), so arbiter cannot read what it runs")
	default:
		j.scriptContent(c, file, f.Text, subj)
	}
}

// scriptContent judges a script file by its text: as shell code when a
// shell runs it (or it has no #! line), otherwise as the language of its
// interpreter.
func (j *judgement) scriptContent(c *shell.Command, file, text, subj string) {
	if j.judgeContent(c, file, text, subj) {
		j.fireWith(catalog.D4RunProjectCode, subj, "runs the project's own script, judged by what it contains")
	}
	if pytestEntryScript(text) {
		j.pytestScript(c)
	}
}

// judgeContent judges a script's text as scriptContent does, without the
// allow: false when arbiter cannot read the language it is in.
func (j *judgement) judgeContent(c *shell.Command, file, text, subj string) bool {
	dir := j.res.Resolve(".", c.Dir)
	program := c.Program
	if file == c.Name {
		program = project.Interpreter(text)
		if program == "" {
			program = "sh"
		}
	}
	switch {
	case shell.IsShell(program) || program == "source" || program == ".":
		j.shellText(text, dir, subj)
	case shell.Interpreter(program) == "python":
		j.scriptCode(program, "python", text, dir, subj, j.scriptSearch(c, file), "")
	case shell.Interpreter(program) != "":
		j.scriptCode(program, shell.Interpreter(program), text, dir, subj, nil, j.res.Resolve(file, c.Dir))
	default:
		j.fireWith(catalog.UUnknownInterpreter, subj, "the script runs with "+program+", which arbiter cannot read")
		return false
	}
	return true
}

// scriptSearch is the search path of a Python script: Python looks its
// imports up first in the script's own folder (in the working directory
// when the script comes on standard input).
func (j *judgement) scriptSearch(c *shell.Command, file string) *pyLoad {
	if file != c.Name && !slices.ContainsFunc(c.Args, func(a shell.Word) bool { return a.Text == file }) {
		return j.pythonSearch(c, "")
	}
	return j.pythonSearch(c, path.Dir(j.res.Resolve(file, c.Dir)))
}

// scriptArgs returns the words after the script in the command.
func scriptArgs(c *shell.Command, file string) []shell.Word {
	if file == c.Name {
		return c.Args
	}
	for k, a := range c.Args {
		if a.Text == file {
			return c.Args[k+1:]
		}
	}
	return nil
}

// nameWords are words in the name or the arguments of a script, package
// script or make target that say it is not routine project work.
var nameWords = lazy.New(func() map[string]flagged {
	return map[string]flagged{
		"deploy":     {catalog.B10Publish, "is named for deploying, which reaches systems outside this machine"},
		"release":    {catalog.B10Publish, "is named for releasing, which publishes for others"},
		"publish":    {catalog.B10Publish, "is named for publishing, which reaches systems outside this machine"},
		"upload":     {catalog.B10Publish, "is named for uploading, which sends files off this machine"},
		"push":       {catalog.CNamedRemote, "is named for pushing, which changes something outside this project"},
		"sync":       {catalog.CNamedRemote, "is named for syncing, which changes something outside this project"},
		"migrate":    {catalog.CNamedMigration, "is named for migrating, which changes a database"},
		"migration":  {catalog.CNamedMigration, "is named for migrations, which change a database"},
		"migrations": {catalog.CNamedMigration, "is named for migrations, which change a database"},
		"seed":       {catalog.CNamedMigration, "is named for seeding, which writes to a database"},
		"prod":       {catalog.CNamedProduction, "names production, where mistakes affect real users"},
		"production": {catalog.CNamedProduction, "names production, where mistakes affect real users"},
		"destroy":    {catalog.B1NamedDelete, "is named for destroying, which deletes data or resources"},
		"drop":       {catalog.B1NamedDelete, "is named for dropping, which deletes data"},
		"reset":      {catalog.B1NamedDelete, "is named for resetting, which deletes data"},
		"wipe":       {catalog.B1NamedDelete, "is named for wiping, which deletes data"},
		"purge":      {catalog.B1NamedDelete, "is named for purging, which deletes data"},
		"nuke":       {catalog.B1NamedDelete, "is named for deleting everything"},
		"teardown":   {catalog.B1NamedDelete, "is named for tearing down, which deletes resources"},
		"truncate":   {catalog.B1NamedDelete, "is named for truncating, which deletes data"},
		"flush":      {catalog.B1NamedDelete, "is named for flushing, which deletes data"},
		"rollback":   {catalog.CNamedMigration, "is named for rolling back, which changes a database or a deployment"},
		"downgrade":  {catalog.CNamedMigration, "is named for downgrading, which changes a database"},
		"uninstall":  {catalog.B4Install, "is named for uninstalling software"},
	}
})

// testWords make a name routine whatever else it says: a test of the
// reset feature is a test. buildWords only outweigh production: a
// production build is a build, but a build-and-deploy script deploys.
var (
	testWords  = []string{"test", "tests", "spec", "specs", "e2e", "reproduce", "repro", "debug", "demo", "example", "examples", "bench", "benchmark", "explore"}
	buildWords = []string{"build", "compile", "bundle", "lint", "typecheck", "format", "fmt", "check", "verify", "preview", "docs"}
)

// scriptName judges what a script's name and arguments say it does; true
// when a finding was added.
func (j *judgement) scriptName(name string, args []shell.Word, subj string) bool {
	words := nameTokens(name)
	for _, a := range args {
		t := a.Text
		switch t {
		case "--help", "-h", "--dry-run", "--dryrun", "--version":
			return false
		}
		if t == "--force" || strings.HasPrefix(t, "--force=") {
			j.fire(catalog.CNamedForce, subj)
			return true
		}
		if strings.HasPrefix(t, "-") || !strings.ContainsAny(t, "/.") {
			words = append(words, nameTokens(t)...)
		}
	}
	building := false
	for _, w := range words {
		if slices.Contains(testWords, w) {
			return false
		}
		building = building || slices.Contains(buildWords, w)
	}
	for _, w := range words {
		if why, ok := nameWords.Get()[w]; ok && !(building && (w == "prod" || w == "production")) {
			if why.id.Class() == 'B' {
				j.fireWith(why.id, subj, "the script "+why.reason)
			} else {
				j.fireWith(why.id, subj, "the script "+why.reason+", which is not routine project work")
			}
			return true
		}
	}
	return false
}

// nameTokens splits a name into lower-case words at punctuation and at
// camelCase humps: "db:resetAll.sh" → db, reset, all, sh.
func nameTokens(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, strings.ToLower(b.String()))
			b.Reset()
		}
	}
	prevLower := false
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			prevLower = true
		case r >= 'A' && r <= 'Z':
			if prevLower {
				flush()
			}
			b.WriteRune(r)
			prevLower = false
		default:
			flush()
			prevLower = false
		}
	}
	flush()
	return out
}
