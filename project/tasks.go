package project

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// TaskTable is a task runner's tasks (just's recipes, Task's and mise's
// tasks), each with what it runs itself and the tasks it depends on.
type TaskTable struct {
	File  string
	Tasks map[string]Task
	// Default is the task run when none is named ("" when there is none).
	Default string
	// Always runs before any task: just's backtick assignments, Task's
	// sh: variables, evaluated when the file is loaded.
	Always []ScriptStep
}

// Task is one task: its dependencies run first, then its steps, then
// its After tasks (just's recipe: dep && post).
type Task struct {
	Deps  []string
	Steps []ScriptStep
	After []string
}

// Plan returns the steps that running the named tasks runs, in order,
// each dependency once, beginning with the file's Always steps; a task
// that is not there is an error naming it.
func (t TaskTable) Plan(names []string) ([]ScriptStep, error) {
	p := taskPlan{t: t, done: map[string]bool{}}
	out := slices.Clone(t.Always)
	for _, n := range names {
		steps, err := p.task(n, true, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, steps...)
	}
	return out, nil
}

type taskPlan struct {
	t    TaskTable
	done map[string]bool
}

func (p taskPlan) task(name string, named bool, depth int) ([]ScriptStep, error) {
	if depth > maxRefs {
		return nil, fmt.Errorf("tasks depend on tasks more than %d deep", maxRefs)
	}
	task, ok := p.t.Tasks[name]
	if !ok {
		return nil, fmt.Errorf("%s has no task %s", p.t.File, name)
	}
	if p.done[name] {
		return nil, nil
	}
	p.done[name] = true
	var out []ScriptStep
	for _, d := range task.Deps {
		steps, err := p.task(d, false, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, steps...)
	}
	for _, s := range task.Steps {
		s.Args = s.Args && named
		out = append(out, s)
	}
	for _, d := range task.After {
		steps, err := p.task(d, false, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, steps...)
	}
	return out, nil
}

// templateVar stands for a value a task runner fills in when it runs
// ({{ name }}, {{.VAR}}): arbiter does not know it, so it is a variable.
const templateVar = `"$arbiter_template"`

// fillTemplates replaces each {{ … }} of a command line with a value
// known only at run time; an expression that runs a command (a backtick,
// just's shell(), mise's exec()) is an error.
func fillTemplates(line string) (string, error) {
	var b strings.Builder
	for {
		open := strings.Index(line, "{{")
		if open < 0 {
			b.WriteString(line)
			return b.String(), nil
		}
		if strings.HasPrefix(line[open:], "{{{{") { // just's escaped {{
			b.WriteString(line[:open] + "{{")
			line = line[open+4:]
			continue
		}
		end := strings.Index(line[open:], "}}")
		if end < 0 {
			return "", fmt.Errorf("an unclosed {{ in %q", clip(line))
		}
		expr := line[open+2 : open+end]
		if strings.ContainsAny(expr, "`") || strings.Contains(expr, "shell(") || strings.Contains(expr, "exec(") {
			return "", fmt.Errorf("the expression {{%s}} runs a command", clip(expr))
		}
		b.WriteString(line[:open] + templateVar)
		line = line[open+end+2:]
	}
}

// FindTaskfile finds Task's file from dir up to root.
func FindTaskfile(dir, root string) (string, error) {
	return FindUp(dir, root, "Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml")
}

// ReadTaskfile reads a Taskfile (up to MaxCompose bytes): its tasks'
// cmds, deps, preconditions and status checks (shell commands Task runs
// to decide whether a task is up to date), and the sh: variables it
// evaluates on loading. includes and dotenv, which load files arbiter
// does not read, are errors.
func ReadTaskfile(path string) (TaskTable, error) {
	docs, err := ReadYAML(path)
	if err != nil {
		return TaskTable{}, err
	}
	if len(docs) != 1 {
		return TaskTable{}, fmt.Errorf("%s holds %d YAML documents, not one", path, len(docs))
	}
	doc, ok := docs[0].(map[string]any)
	if !ok {
		return TaskTable{}, fmt.Errorf("%s is not a mapping", path)
	}
	r := taskfileRead{dir: filepath.Dir(path)}
	out := TaskTable{File: path, Tasks: map[string]Task{}, Default: "default"}
	for k, v := range doc {
		switch k {
		case "version", "tasks", "output", "method", "silent", "run", "interval", "set", "shopt":
		case "vars", "env":
			steps, err := r.vars(v, k)
			if err != nil {
				return TaskTable{}, fmt.Errorf("%s: %w", path, err)
			}
			out.Always = append(out.Always, steps...)
		default:
			return TaskTable{}, fmt.Errorf("%s: %s loads or sets what arbiter does not read", path, k)
		}
	}
	tasks, _ := doc["tasks"].(map[string]any)
	for name, v := range tasks {
		t, aliases, err := r.task(name, v)
		if err != nil {
			return TaskTable{}, fmt.Errorf("%s: task %s: %w", path, name, err)
		}
		for _, n := range append([]string{name}, aliases...) {
			out.Tasks[n] = t
		}
	}
	return out, nil
}

type taskfileRead struct{ dir string }

// vars reads a vars: or env: mapping: a value given as sh: is a command
// Task runs when it loads the file.
func (r taskfileRead) vars(v any, what string) ([]ScriptStep, error) {
	m, ok := v.(map[string]any)
	if v != nil && !ok {
		return nil, fmt.Errorf("%s is not a mapping", what)
	}
	var out []ScriptStep
	for _, name := range slices.Sorted(mapKeysOf(m)) {
		sub, isMap := m[name].(map[string]any)
		if !isMap {
			continue // a plain value
		}
		sh, ok := sub["sh"].(string)
		if !ok {
			continue // ref:, map:
		}
		text, err := fillTemplates(sh)
		if err != nil {
			return nil, err
		}
		out = append(out, ScriptStep{Text: text, From: what + "." + name, Dir: r.dir})
	}
	return out, nil
}

func (r taskfileRead) task(name string, v any) (Task, []string, error) {
	var t Task
	m, ok := v.(map[string]any)
	if !ok {
		lines, err := stringList(v, "the task")
		if err != nil {
			return t, nil, err
		}
		m = map[string]any{"cmds": toAny(lines)}
	}
	dir := r.dir
	if d, ok := m["dir"].(string); ok {
		dir = filepath.Join(r.dir, d)
		if filepath.IsAbs(d) {
			dir = d
		}
	}
	var aliases []string
	for k, val := range m {
		var err error
		switch k {
		case "desc", "summary", "silent", "internal", "sources", "generates", "method", "run", "prompt", "platforms", "requires", "label", "ignore_error", "interactive", "set", "shopt", "watch", "prefix", "dir", "env", "vars":
		case "aliases":
			aliases, err = stringList(val, "aliases")
		case "cmds", "cmd":
			err = r.cmds(&t, name, val, dir)
		case "deps":
			err = r.deps(&t, val)
		case "preconditions", "status":
			err = r.checks(&t, name+" "+k, val, dir)
		default:
			err = fmt.Errorf("it sets %s, which arbiter does not read", k)
		}
		if err != nil {
			return t, nil, err
		}
	}
	for _, k := range []string{"vars", "env"} {
		steps, err := r.vars(m[k], name+"."+k)
		if err != nil {
			return t, nil, err
		}
		t.Steps = append(steps, t.Steps...)
	}
	return t, aliases, nil
}

func (r taskfileRead) cmds(t *Task, name string, v any, dir string) error {
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	for _, it := range items {
		switch x := it.(type) {
		case string:
			if err := r.step(t, name, x, dir); err != nil {
				return err
			}
		case map[string]any:
			if task, ok := x["task"].(string); ok {
				t.Steps = append(t.Steps, ScriptStep{Kind: OpaqueStep, Text: "the task " + task + " with its own variables", From: name})
				continue
			}
			for _, key := range []string{"cmd", "defer"} {
				if s, ok := x[key].(string); ok {
					if err := r.step(t, name, s, dir); err != nil {
						return err
					}
				}
			}
			if _, ok := x["cmd"]; !ok {
				if _, ok := x["defer"].(string); !ok {
					return fmt.Errorf("a command of %s is neither cmd, task nor defer", name)
				}
			}
		default:
			return fmt.Errorf("a command of %s is a %T", name, it)
		}
	}
	return nil
}

func (r taskfileRead) step(t *Task, name, text, dir string) error {
	filled, err := fillTemplates(strings.ReplaceAll(text, "{{.CLI_ARGS}}", "{args}"))
	if err != nil {
		return err
	}
	t.Steps = append(t.Steps, ScriptStep{Text: filled, From: name, Args: strings.Contains(filled, "{args}"), Dir: dir})
	return nil
}

func (r taskfileRead) deps(t *Task, v any) error {
	items, ok := v.([]any)
	if !ok {
		return fmt.Errorf("deps is not a list")
	}
	for _, it := range items {
		switch x := it.(type) {
		case string:
			t.Deps = append(t.Deps, x)
		case map[string]any:
			name, ok := x["task"].(string)
			if !ok {
				return fmt.Errorf("a dependency names no task")
			}
			t.Deps = append(t.Deps, name)
		default:
			return fmt.Errorf("a dependency is a %T", it)
		}
	}
	return nil
}

func (r taskfileRead) checks(t *Task, what string, v any, dir string) error {
	items, ok := v.([]any)
	if !ok {
		return fmt.Errorf("%s is not a list", what)
	}
	for _, it := range items {
		text, ok := it.(string)
		if m, isMap := it.(map[string]any); isMap {
			text, ok = m["sh"].(string)
		}
		if !ok {
			continue // a ref: or a condition without a command
		}
		if err := r.step(t, what, text, dir); err != nil {
			return err
		}
	}
	return nil
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

func mapKeysOf(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// miseFiles are the configuration files mise reads in each folder, in
// the order later ones override.
var miseFiles = []string{".config/mise/config.toml", ".config/mise.toml", "mise.toml", ".mise.toml", "mise.local.toml", ".mise.local.toml"}

// miseTaskDirs are the folders whose files are tasks of their name.
var miseTaskDirs = []string{"mise-tasks", ".mise-tasks", ".mise/tasks", "mise/tasks", ".config/mise/tasks"}

// MiseTasks reads mise's tasks from dir up to root: [tasks] of its
// configuration files and the files in its task folders (which run as
// the scripts they are). An [env] that loads files, a task's file = or
// a shell other than sh or bash is an error.
func MiseTasks(dir, root string) (TaskTable, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return TaskTable{}, fmt.Errorf("%s is outside the project %s", dir, root)
	}
	out := TaskTable{Tasks: map[string]Task{}}
	var folders []string
	for d := dir; ; d = filepath.Dir(d) {
		folders = append(folders, d)
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(folders) // the nearest folder's tasks win
	for _, d := range folders {
		if err := out.miseFolder(d); err != nil {
			return TaskTable{}, err
		}
	}
	if out.File == "" {
		return TaskTable{}, fmt.Errorf("no mise configuration from %s up to %s: %w", dir, root, os.ErrNotExist)
	}
	return out, nil
}

func (t *TaskTable) miseFolder(d string) error {
	for _, name := range miseTaskDirs {
		files, err := SourceFiles(filepath.Join(d, name), "", 256)
		if err != nil && !IsNotExist(err) {
			return err
		}
		for _, f := range files {
			t.File = f
			t.Tasks[filepath.Base(f)] = Task{Steps: []ScriptStep{{Text: QuoteWords([]string{f}), From: filepath.Base(f), Args: true, Dir: d}}}
		}
	}
	for _, name := range miseFiles {
		p := filepath.Join(d, name)
		doc, err := readTOML(p)
		if IsNotExist(err) {
			continue
		}
		if err != nil {
			return err
		}
		t.File = p
		env, err := miseEnv(doc["env"])
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		for tname, v := range table(doc, "tasks") {
			task, aliases, err := miseTask(v, tname, d, env)
			if err != nil {
				return fmt.Errorf("%s: task %s: %w", p, tname, err)
			}
			for _, n := range append([]string{tname}, aliases...) {
				t.Tasks[n] = task
			}
		}
	}
	return nil
}

// MiseEnv reads the [env] tables mise exec sets before the command: of
// its configuration files from root down to dir, a nearer file's value
// winning. It returns the last file read, and an error wrapping
// fs.ErrNotExist when there is none; an [env] that loads files (_.source,
// _.file, _.path, _.python) is an error, as for mise run.
func MiseEnv(dir, root string) (string, []string, error) {
	dir, root = filepath.Clean(dir), filepath.Clean(root)
	if !within(dir, root) {
		return "", nil, fmt.Errorf("%s is outside the project %s", dir, root)
	}
	var folders []string
	for d := dir; ; d = filepath.Dir(d) {
		folders = append(folders, d)
		if d == root || filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(folders)
	file, vars := "", map[string]string{}
	for _, d := range folders {
		for _, name := range miseFiles {
			p := filepath.Join(d, name)
			doc, err := readTOML(p)
			if IsNotExist(err) {
				continue
			}
			if err != nil {
				return "", nil, err
			}
			env, err := miseEnv(doc["env"])
			if err != nil {
				return "", nil, fmt.Errorf("%s: %w", p, err)
			}
			file = p
			for _, kv := range env {
				k, v, _ := strings.Cut(kv, "=")
				vars[k] = v
			}
		}
	}
	if file == "" {
		return "", nil, fmt.Errorf("no mise configuration from %s up to %s: %w", dir, root, os.ErrNotExist)
	}
	out := make([]string, 0, len(vars))
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		out = append(out, k+"="+vars[k])
	}
	return file, out, nil
}

func miseEnv(v any) ([]string, error) {
	m, ok := v.(map[string]any)
	if v != nil && !ok {
		return nil, fmt.Errorf("[env] is not a table")
	}
	var out []string
	for k, val := range m {
		if k == "_" {
			return nil, fmt.Errorf("[env] loads files or a virtual environment (_.), which arbiter does not read")
		}
		s, ok := val.(string)
		if !ok {
			return nil, fmt.Errorf("[env] %s is not a string", k)
		}
		out = append(out, k+"="+s)
	}
	slices.Sort(out)
	return out, nil
}

func miseTask(v any, name, dir string, env []string) (Task, []string, error) {
	var t Task
	m, ok := v.(map[string]any)
	if !ok {
		m = map[string]any{"run": v}
	}
	var aliases []string
	for k, val := range m {
		var err error
		switch k {
		case "description", "hide", "sources", "outputs", "quiet", "raw", "silent", "confirm", "wait_for", "tools", "usage":
		case "dir":
			d, ok := val.(string)
			if !ok {
				return t, nil, fmt.Errorf("dir is not a string")
			}
			dir = filepath.Join(dir, d)
		case "env":
			var more []string
			more, err = envList(val, "env")
			env = append(slices.Clone(env), more...)
		case "alias":
			aliases, err = stringList(val, "alias")
		case "depends":
			t.Deps, err = stringList(val, "depends")
		case "depends_post":
			t.After, err = stringList(val, "depends_post")
		case "run":
		case "shell":
			s, _ := val.(string)
			if f := strings.Fields(s); len(f) == 0 || f[0] != "sh" && f[0] != "bash" {
				err = fmt.Errorf("it runs in the shell %q, which arbiter does not read", s)
			}
		default:
			err = fmt.Errorf("it sets %s, which arbiter does not read", k)
		}
		if err != nil {
			return t, nil, err
		}
	}
	lines, err := stringList(m["run"], "run")
	if err != nil {
		return t, nil, err
	}
	for _, l := range lines {
		filled, err := fillTemplates(l)
		if err != nil {
			return t, nil, err
		}
		t.Steps = append(t.Steps, ScriptStep{Text: filled, From: name, Args: true, Env: env, Dir: dir})
	}
	return t, aliases, nil
}
