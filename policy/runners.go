package policy

import (
	"os"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// tableReader reads one table of names a runner looks a name up in
// before it runs a program of that name.
type tableReader struct {
	what  string   // what the table is, for reasons
	files []string // the files it is read from, which a command line may write first
	read  func(dir, root string) (project.Scripts, error)
}

var (
	hatchTable   = tableReader{"hatch's scripts", []string{"pyproject.toml", "hatch.toml"}, project.HatchScripts}
	pdmTable     = tableReader{"pdm's scripts", []string{"pyproject.toml"}, project.PdmScripts}
	pipenvTable  = tableReader{"the Pipfile's scripts", []string{"Pipfile"}, project.PipenvScripts}
	consoleTable = tableReader{"the project's console scripts", []string{"pyproject.toml"}, project.EntryPoints}
	ryeTable     = tableReader{"rye's scripts", []string{"pyproject.toml"}, project.RyeScripts}
	pixiTable    = tableReader{"pixi's tasks", []string{"pixi.toml", "pyproject.toml"}, project.PixiTasks}
)

// runnerTables gives, for each runner that resolves the name it is given
// through the project's files, the tables it looks in, in its order; a
// name in none of them is the program of that name, judged as it is.
var runnerTables = lazy.New(func() map[string][]tableReader {
	return map[string][]tableReader{
		"hatch":  {hatchTable, consoleTable},
		"pdm":    {pdmTable, consoleTable},
		"pipenv": {pipenvTable},
		"poetry": {consoleTable},
		"uv":     {consoleTable},
		"rye":    {ryeTable, consoleTable},
		"pixi":   {pixiTable},
	}
})

// runnerScripts judges a command that a runner found in front of it
// (hatch run NAME, pdm run NAME) when the runner looks NAME up in the
// project's own tables first: what the table says runs instead of the
// program, judged as the shell command it is, hooks included. It reports
// whether such a table named it, so the program is not what runs.
func (j *judgement) runnerScripts(c *shell.Command, subj string) bool {
	hit := false
	for i, runner := range c.Via {
		if runner == "uv" || runner == "hatch" {
			j.projectBuild(c, runner, subj)
		}
		readers, ok := runnerTables.Get()[runner]
		if !ok {
			continue
		}
		last := i == len(c.Via)-1
		name := c.Name
		if !last {
			name = c.Via[i+1]
		}
		if runner == "hatch" {
			if _, script, ok := strings.Cut(name, ":"); ok {
				name = script // hatch run ENV:SCRIPT
			}
		}
		if j.runnerName(c, runner, name, readers, last, subj) {
			hit = true
		}
	}
	return hit
}

// runnerName looks name up in a runner's tables and judges what it runs.
func (j *judgement) runnerName(c *shell.Command, runner, name string, readers []tableReader, last bool, subj string) bool {
	if c.DirUnknown {
		j.fireWith(catalog.UUnresolved, subj, runner+" looks "+name+" up in the project's files of a folder arbiter cannot tell")
		return true
	}
	dir := j.res.Resolve(".", c.Dir)
	if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot {
		j.fireWith(catalog.CRunOutsideCode, subj, runner+" runs "+name+" in "+j.shownPath(dir)+", outside the project, whose tables of scripts arbiter did not read")
		return true
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	for _, r := range readers {
		if f := j.writesFirst(func(base string) bool { return contains(r.files, base) }); f != "" {
			j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", where "+runner+" looks "+name+" up, so what runs is not what arbiter can read on disk")
			return true
		}
		t, err := r.read(dir, root)
		switch {
		case project.IsNotExist(err):
			continue
		case err != nil:
			j.fireWith(catalog.UUnreadableScript, subj, runner+" looks "+name+" up in "+r.what+" first, and arbiter cannot read them ("+err.Error()+")")
			return true
		}
		if j.tooMuchFile(t.File, 0, subj) {
			return true
		}
		steps := lookupScript(t, name)
		if steps == nil {
			// What runs on every run runs before the program of the name too.
			j.runSteps(t, t.Always, nil, subj)
			continue
		}
		steps = append(slices.Clone(t.Always), steps...)
		var args []shell.Word
		if last {
			args = c.Args
		} else {
			j.fireWith(catalog.UUnresolved, subj, runner+" runs "+name+" from "+r.what+", with arguments arbiter does not follow through the wrappers after it")
		}
		j.scriptName(name, args, subj)
		j.runSteps(t, steps, args, subj)
		j.fireWith(catalog.D4RunScript, subj, runner+" runs "+name+" from "+r.what+" in "+j.fileShown(t.File)+", judged by what it runs")
		return true
	}
	return false
}

// lookupScript finds name in a table; the analysis lower-cases a program
// word, so any entry equal to it but for case counts too.
func lookupScript(t project.Scripts, name string) []project.ScriptStep {
	if steps, ok := t.Names[name]; ok {
		return steps
	}
	var out []project.ScriptStep
	for k, steps := range t.Names {
		if strings.EqualFold(k, name) {
			out = append(out, steps...)
		}
	}
	return out
}

// runSteps judges each step of a runner's script in its folder.
func (j *judgement) runSteps(t project.Scripts, steps []project.ScriptStep, args []shell.Word, subj string) {
	for _, s := range steps {
		text := s.Text
		switch s.Kind {
		case project.OpaqueStep:
			j.fireWith(catalog.UUnreadableScript, subj, j.fileShown(t.File)+" "+s.From+" runs "+s.Text+", which arbiter does not read")
			continue
		case project.CallStep:
			code, err := pythonCall(text)
			if err != nil {
				j.fireWith(catalog.UUnreadableScript, subj, j.fileShown(t.File)+" "+s.From+": "+err.Error())
				continue
			}
			text = srcLayout(code, s.Dir) + "python -c " + shellQuote(code)
		}
		if s.Args {
			text = withArgs(text, args)
		}
		text = strings.ReplaceAll(text, "{pdm}", "pdm")
		for k := len(s.Env) - 1; k >= 0; k-- {
			name, value, _ := strings.Cut(s.Env[k], "=")
			text = name + "=" + shellQuote(value) + " " + text
		}
		j.shellText(text, s.Dir, subj+" ("+j.fileShown(t.File)+" "+s.From+": "+clipText(s.Text, 80)+")")
	}
}

// withArgs puts the command's arguments where the runner does: at
// {args} (or {args:default} when there are none), else at the end. A
// word known only at run time stays so, as a variable.
func withArgs(text string, args []shell.Word) string {
	words := make([]string, 0, len(args))
	for k, a := range args {
		if a.Text == "--" && k == 0 {
			continue
		}
		if a.Dynamic {
			words = append(words, `"$arbiter_arg`+strconv.Itoa(k)+`"`)
			continue
		}
		words = append(words, shellQuote(a.Text))
	}
	joined := strings.Join(words, " ")
	open := strings.Index(text, "{args")
	if open < 0 {
		return strings.TrimSpace(text + " " + joined)
	}
	end := strings.IndexByte(text[open:], '}')
	if end < 0 {
		return strings.TrimSpace(text + " " + joined)
	}
	field := text[open : open+end+1]
	fill := joined
	if def, ok := strings.CutPrefix(field[:len(field)-1], "{args:"); ok && len(words) == 0 {
		fill = def
	}
	return strings.ReplaceAll(text, field, fill)
}

// pythonCall turns a Python callable reference ("pkg.mod:func",
// "pkg.mod:obj.method", pdm's "pkg.mod:func(args)") into the code that
// calls it, which the Python reader then judges with the module.
func pythonCall(ref string) (string, error) {
	ref, _, _ = strings.Cut(ref, "[") // console scripts' [extras]
	mod, fn, ok := strings.Cut(strings.TrimSpace(ref), ":")
	mod, fn = strings.TrimSpace(mod), strings.TrimSpace(fn)
	if !ok || mod == "" || fn == "" {
		return "", &callError{ref}
	}
	if !strings.HasSuffix(fn, ")") {
		fn += "()"
	}
	return "import " + mod + "; " + mod + "." + fn, nil
}

type callError struct{ ref string }

func (e *callError) Error() string {
	return "the callable " + strconv.Quote(e.ref) + " is not a module:function reference"
}

// srcLayout returns PYTHONPATH=src when the module called lives under
// src/ of the folder, where an installed project keeps it.
func srcLayout(code, dir string) string {
	mod, _, _ := strings.Cut(strings.TrimPrefix(code, "import "), ";")
	top, _, _ := strings.Cut(mod, ".")
	for _, p := range []string{top, top + ".py"} {
		if _, err := os.Lstat(path.Join(dir, "src", p)); err == nil {
			return "PYTHONPATH=src "
		}
	}
	return ""
}
