package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// composerCommands are composer's own commands and their aliases; any
// other name is looked up in the project's scripts (composer NAME).
var composerCommands = lazy.New(func() map[string]bool {
	return setOfWords(strings.Fields("about archive audit browse home bump check-platform-reqs clear-cache clearcache cc config create-project depends why diagnose dump-autoload dumpautoload exec fund global help init install i licenses list outdated prohibits why-not reinstall remove rm require r search self-update selfupdate show info status suggests update u upgrade validate")...)
})

// composerScript judges composer run-script NAME (run NAME) and composer
// NAME for a NAME that is no composer command: the steps of "scripts" in
// the project's composer.json, judged as the shell commands they are in
// its folder. It reports whether the command was decided here.
func (j *judgement) composerScript(c *shell.Command, subj string) bool {
	dir := j.res.Resolve(".", c.Dir)
	var words []shell.Word
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		name, value, attached := strings.Cut(a.Text, "=")
		switch {
		case a.Dynamic:
			j.fireWith(catalog.UDynamicPath, subj, "composer is given an argument only known at run time")
			return true
		case (name == "-d" || name == "--working-dir") && len(words) == 0:
			if !attached && k+1 < len(c.Args) {
				k++
				value = c.Args[k].Text
			}
			dir = j.res.Resolve(value, c.Dir)
		case strings.HasPrefix(a.Text, "-d") && len(a.Text) > 2 && len(words) == 0:
			dir = j.res.Resolve(a.Text[2:], c.Dir)
		case strings.HasPrefix(a.Text, "-") && len(words) == 0:
		default:
			words = append(words, a)
		}
	}
	if len(words) == 0 {
		return false
	}
	sub, args := words[0].Text, words[1:]
	runScript := sub == "run-script" || sub == "run"
	if !runScript && composerCommands.Get()[sub] {
		return false
	}
	if runScript {
		if len(args) == 0 || hasFlag(c, 'l', "--list") {
			j.fireWith(catalog.D1ReadOnly, subj, "lists the project's scripts")
			return true
		}
		k := scriptNameAt(args)
		if k >= len(args) {
			j.fireWith(catalog.D1ReadOnly, subj, "lists the project's scripts")
			return true
		}
		sub, args = args[k].Text, args[k+1:]
	}
	return j.composerRun(c, dir, sub, args, runScript, subj)
}

// composerWorkingDir reports whether composer is sent to another folder
// (-d DIR, -dDIR, --working-dir[=]DIR) before its command's words end.
func composerWorkingDir(c *shell.Command) bool {
	for _, a := range c.Args {
		if a.Text == "--" {
			return false
		}
		if strings.HasPrefix(a.Text, "-d") || strings.HasPrefix(a.Text, "--working-dir") {
			return true
		}
	}
	return false
}

// composerCommand returns the name of composer's command: its first word
// that is neither an option nor the folder -d names.
func composerCommand(c *shell.Command) string {
	for k := 0; k < len(c.Args); k++ {
		switch t := c.Args[k].Text; {
		case t == "-d" || t == "--working-dir":
			k++
		case !strings.HasPrefix(t, "-"):
			return t
		}
	}
	return ""
}

// scriptNameAt returns the index of the script's name among run-script's
// words, after its own options (--timeout takes a value).
func scriptNameAt(args []shell.Word) int {
	for k := 0; k < len(args); k++ {
		switch t := args[k].Text; {
		case t == "--timeout":
			k++
		case strings.HasPrefix(t, "-") && t != "--":
		default:
			return k
		}
	}
	return len(args)
}

// composerRun reads composer.json and judges the script name runs.
func (j *judgement) composerRun(c *shell.Command, dir, name string, args []shell.Word, named bool, subj string) bool {
	if c.DirUnknown {
		j.fireWith(catalog.UUnresolved, subj, "composer looks "+name+" up in the composer.json of a folder arbiter cannot tell")
		return true
	}
	if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot {
		j.fireWith(catalog.CRunOutsideCode, subj, "composer runs "+name+" of "+j.shownPath(dir)+", outside the project, whose scripts arbiter did not read")
		return true
	}
	if f := j.writesFirst(func(base string) bool { return base == "composer.json" }); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", so the script that runs is not the one arbiter can read on disk")
		return true
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	t, err := project.ComposerScripts(dir, root)
	switch {
	case project.IsNotExist(err) && named:
		j.fireWith(catalog.CRunOutsideCode, subj, "there is no composer.json in the project, and composer looks for "+clipText(name, 40)+" in one of the folders above it, which arbiter did not read")
		return true
	case project.IsNotExist(err):
		return false // no composer.json: composer's own handling
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read the project's composer scripts ("+err.Error()+")")
		return true
	}
	if j.composerPlugins(c, t.File, subj) {
		return true
	}
	steps := lookupScript(t, name)
	if steps == nil {
		for k := range t.Names {
			if strings.HasPrefix(k, name) {
				j.fireWith(catalog.UUnresolved, subj, "composer takes "+name+" as short for a command or script such as "+k+" of "+j.fileShown(t.File))
				return true
			}
		}
		if named {
			j.fireWith(catalog.D4RunScript, subj, j.fileShown(t.File)+" has no script "+clipText(name, 40)+", so composer runs nothing")
			return true
		}
		return false // composer's own handling of a name it does not know
	}
	j.scriptName(name, args, subj)
	j.runSteps(t, steps, args, subj)
	j.fireWith(catalog.D4RunScript, subj, "composer runs "+name+" from "+j.fileShown(t.File)+", judged by what it runs")
	return true
}

// composerPlugins defers a composer command that loads a plugin installed
// in the project's vendor folder: plugins are PHP, which arbiter does not
// read, and composer runs them before the script. --no-plugins skips them.
func (j *judgement) composerPlugins(c *shell.Command, composerJSON, subj string) bool {
	if hasFlag(c, 0, "--no-plugins") {
		return false
	}
	name, err := project.ComposerPlugin(composerJSON)
	switch {
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot tell which plugins composer loads ("+err.Error()+")")
	case name != "":
		j.fireWith(catalog.UUnreadableScript, subj, "composer loads the plugin "+clipText(name, 60)+" installed in vendor/, PHP that arbiter does not read, before the script (--no-plugins skips plugins)")
	default:
		return false
	}
	return true
}

// composerLocalReads are composer's commands that read composer.json, the
// lock file and what is installed, and ask no repository: validate, the
// installed packages (show without --latest, --outdated or --all), their
// licences, why one is required or refused, the platform's requirements.
var composerLocalReads = lazy.New(func() map[string]bool {
	return setOfWords("validate", "show", "info", "licenses", "depends", "why", "prohibits", "why-not", "check-platform-reqs")
})

// composerUsage judges composer with no command: it prints its usage and
// the list of commands, those of the project's plugins included, which
// it loads to list them. A command of composerLocalReads loads them too.
func (j *judgement) composerUsage(c *shell.Command, subj string) {
	j.composerLocal(c, subj, "prints composer's usage and list of commands")
}

// composerLocal judges a composer command that only reads: it is routine
// unless composer loads a plugin installed in the project first.
func (j *judgement) composerLocal(c *shell.Command, subj, what string) {
	if composerWorkingDir(c) {
		j.fireWith(catalog.UUnreadableScript, subj, "composer works in the folder -d names, whose installed plugins arbiter has not looked for")
		return
	}
	dir := j.res.Resolve(".", c.Dir)
	root := j.res.Project
	if root == "" {
		root = dir
	}
	f, err := project.FindUp(dir, root, "composer.json")
	switch {
	case err != nil && !project.IsNotExist(err):
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot tell which plugins composer loads ("+err.Error()+")")
		return
	case err == nil && j.composerPlugins(c, f, subj):
		return
	}
	j.fireWith(catalog.D1ReadOnly, subj, what)
}
