package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// taskTool describes a task runner's command line: the options naming its
// file and folder, the options that take a value, and those that only
// list or show tasks.
type taskTool struct {
	file, dir []string
	valued    []string
	listing   []string
	// sub is the subcommand that runs tasks (mise run); "" runs them directly.
	sub []string
	// names lists the files it reads, which a command line may write first.
	names []string
	find  func(dir, root string) (string, error)
	read  func(path string) (project.TaskTable, error)
	// tree reads tables spread over folders (mise) instead of one file.
	tree func(dir, root string) (project.TaskTable, error)
}

var taskTools = lazy.New(func() map[string]taskTool {
	return map[string]taskTool{
		"just": {
			file: []string{"-f", "--justfile"}, dir: []string{"-d", "--working-directory"},
			valued:  []string{"--color", "--set", "-s", "--show", "--shell", "--shell-arg", "--dotenv-filename", "--dotenv-path", "-E"},
			listing: []string{"-l", "--list", "--summary", "-s", "--show", "--dump", "--variables", "--groups", "-n", "--dry-run", "--fmt", "--check"},
			names:   []string{"justfile", "Justfile", ".justfile"},
			find:    project.FindJustfile, read: project.ReadJustfile,
		},
		"task": {
			file: []string{"-t", "--taskfile"}, dir: []string{"-d", "--dir"},
			valued:  []string{"-c", "--color", "-o", "--output", "-C", "--concurrency", "-I", "--interval", "--sort"},
			listing: []string{"-l", "--list", "-a", "--list-all", "--summary", "-n", "--dry", "--status", "-i", "--init"},
			names:   []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml", "Taskfile.dist.yaml"},
			find:    project.FindTaskfile, read: project.ReadTaskfile,
		},
		"mise": {
			dir:     []string{"-C", "--cd"},
			valued:  []string{"-j", "--jobs", "-o", "--output", "-E", "--env", "-t", "--tool"},
			listing: []string{"-n", "--dry-run"},
			sub:     []string{"run", "r"},
			names:   []string{"mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml", "config.toml"},
			tree:    project.MiseTasks,
		},
	}
})

// taskRunner judges just, task and mise: the tasks they run are read
// from the project's justfile, Taskfile or mise configuration and judged
// as the shell commands they are, dependencies and load-time commands
// included.
func (j *judgement) taskRunner(c *shell.Command) {
	subj := c.String()
	tool, ok := taskTools.Get()[shell.Canonical(c.Program)]
	if !ok {
		j.fireWith(catalog.UNoSpec, subj, "arbiter has no reader for "+c.Program+"'s tasks")
		return
	}
	args := c.Args
	if len(tool.sub) > 0 {
		if len(args) == 0 || !contains(tool.sub, args[0].Text) {
			j.fireWith(catalog.D1ReadOnly, subj, "lists or shows tasks and tools")
			return
		}
		args = args[1:]
	}
	dir := j.res.Resolve(".", c.Dir)
	file := ""
	var names, rest []shell.Word
	for k := 0; k < len(args); k++ {
		a := args[k]
		name, value, attached := strings.Cut(a.Text, "=")
		takes := contains(tool.file, name) || contains(tool.dir, name) || contains(tool.valued, name)
		if takes && !attached && k+1 < len(args) {
			k++
			value = args[k].Text
		}
		switch {
		case a.Dynamic || takes && k < len(args) && args[k].Dynamic:
			j.fireWith(catalog.UDynamicPath, subj, c.Program+" is given an argument only known at run time")
			return
		case contains(tool.listing, name):
			j.fireWith(catalog.D1ReadOnly, subj, "lists or shows tasks without running them")
			return
		case contains(tool.file, name):
			file = j.res.Resolve(value, c.Dir)
		case contains(tool.dir, name):
			dir = j.res.Resolve(value, c.Dir)
		case a.Text == "--":
			rest = append(rest, args[k+1:]...)
			k = len(args)
		case strings.HasPrefix(a.Text, "-") && len(names) == 0:
		case strings.Contains(a.Text, "=") && len(names) == 0:
			// NAME=VALUE sets a variable; the tasks' {{…}} are unknown anyway.
		case len(names) == 0 || len(tool.sub) == 0:
			names = append(names, a)
		default:
			rest = append(rest, a)
		}
	}
	j.taskRun(c, tool, file, dir, names, rest, subj)
}

// taskRun reads the tasks' file and judges the named tasks.
func (j *judgement) taskRun(c *shell.Command, tool taskTool, file, dir string, names, rest []shell.Word, subj string) {
	for _, n := range names {
		j.scriptName(n.Text, nil, subj)
	}
	if f := j.writesFirst(func(base string) bool { return contains(tool.names, base) }); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", so the tasks that run are not the ones arbiter can read on disk")
		return
	}
	for _, p := range []string{file, dir} {
		if place := j.res.Classify(p, false); p != "" && place != paths.Project && place != paths.ProjectRoot {
			j.fireWith(catalog.CRunOutsideCode, subj, c.Program+" runs tasks of "+j.shownPath(p)+", outside the project, which arbiter did not read")
			return
		}
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	var t project.TaskTable
	var err error
	switch {
	case tool.tree != nil:
		t, err = tool.tree(dir, root)
	case file == "":
		file, err = tool.find(dir, root)
		fallthrough
	default:
		if err == nil {
			t, err = tool.read(file)
		}
	}
	switch {
	case project.IsNotExist(err):
		j.fireWith(catalog.D4RunScript, subj, "the project has no file of "+c.Program+"'s tasks, so it runs nothing")
		return
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read "+c.Program+"'s tasks ("+err.Error()+")")
		return
	}
	if j.tooMuchFile(t.File, 0, subj) {
		return
	}
	var tasks []string
	var args []shell.Word
	for _, n := range names {
		if _, ok := t.Tasks[n.Text]; ok {
			tasks = append(tasks, n.Text)
		} else {
			args = append(args, n) // a recipe's parameter, or a task that is not there
		}
	}
	if len(tasks) == 0 && len(names) > 0 && len(args) > 0 {
		j.fireWith(catalog.D4RunScript, subj, c.Program+" has no task "+clipText(args[0].Text, 40)+" in "+j.fileShown(t.File)+", so it runs nothing")
		return
	}
	if len(tasks) == 0 {
		if t.Default == "" {
			j.fireWith(catalog.UUnresolved, subj, c.Program+" without a task asks which to run, or runs none")
			return
		}
		tasks = []string{t.Default}
	}
	steps, err := t.Plan(tasks)
	if err != nil {
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot tell what "+c.Program+" runs ("+err.Error()+")")
		return
	}
	j.runSteps(project.Scripts{File: t.File}, steps, append(args, rest...), subj)
	j.fireWith(catalog.D4RunScript, subj, c.Program+" runs "+strings.Join(tasks, ", ")+" from "+j.fileShown(t.File)+", judged by what it runs")
}
