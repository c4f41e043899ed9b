package project

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// PixiTasks reads the tasks pixi run looks a name up in before it runs a
// program of that name: [tasks] of the nearest pixi.toml, or [tool.pixi]
// of the nearest pyproject.toml that has one, with the tasks of every
// feature and platform ([feature.*.tasks], [target.*.tasks],
// [feature.*.target.*.tasks]), since the command may pick any of them.
// A task runs its depends-on tasks first; every run, of a task or not,
// first sources the activation scripts (Always) and sets the activation
// variables of the manifest.
func PixiTasks(dir, root string) (Scripts, error) {
	file, doc, err := pixiManifest(dir, root)
	if err != nil {
		return Scripts{}, err
	}
	p := pixiRead{dir: filepath.Dir(file), tasks: map[string][]any{}}
	for _, scope := range pixiScopes(doc) {
		for name, v := range table(scope, "tasks") {
			p.tasks[name] = append(p.tasks[name], v)
		}
		if err := p.activation(table(scope, "activation")); err != nil {
			return Scripts{}, fmt.Errorf("%s: %w", file, err)
		}
	}
	out := Scripts{File: file, Names: map[string][]ScriptStep{}, Always: p.pre}
	for i := range out.Always {
		out.Always[i].Env = p.env
	}
	for _, name := range slices.Sorted(maps.Keys(p.tasks)) {
		steps, err := p.run(name)
		if err != nil {
			return Scripts{}, fmt.Errorf("%s: task %s: %w", file, name, err)
		}
		out.Names[name] = steps
	}
	return out, nil
}

// pixiManifest finds the manifest pixi uses from dir: in each folder up
// to root, pixi.toml, else a pyproject.toml with a [tool.pixi] table,
// which it returns as the document the tables are read from.
func pixiManifest(dir, root string) (string, map[string]any, error) {
	for d := dir; ; d = filepath.Dir(d) {
		file, err := FindUp(d, root, "pixi.toml", "pyproject.toml")
		if err != nil {
			return "", nil, err
		}
		doc, err := readTOML(file)
		if err != nil {
			return "", nil, err
		}
		if filepath.Base(file) == "pixi.toml" {
			return file, doc, nil
		}
		if t := table(doc, "tool", "pixi"); t != nil {
			return file, t, nil
		}
		d = filepath.Dir(file)
		if d == filepath.Clean(root) || filepath.Dir(d) == d {
			return "", nil, fmt.Errorf("no pixi.toml or [tool.pixi] from %s up to %s: %w", dir, root, os.ErrNotExist)
		}
	}
}

// pixiScopes returns the manifest's top level and every feature's and
// platform's table, each of which may hold tasks and activation.
func pixiScopes(doc map[string]any) []map[string]any {
	out := []map[string]any{doc}
	out = append(out, subTables(table(doc, "target"))...)
	for _, f := range subTables(table(doc, "feature")) {
		out = append(out, f)
		out = append(out, subTables(table(f, "target"))...)
	}
	return out
}

// subTables returns the tables held in t, in the order of their names.
func subTables(t map[string]any) []map[string]any {
	var out []map[string]any
	for _, k := range slices.Sorted(maps.Keys(t)) {
		if m, ok := t[k].(map[string]any); ok {
			out = append(out, m)
		}
	}
	return out
}

type pixiRead struct {
	dir   string
	tasks map[string][]any // every definition of a name (features, platforms)
	pre   []ScriptStep     // the activation scripts, run before any task
	env   []string         // the activation variables
}

// activation gathers an [activation] table: its scripts are sourced and
// its variables set before every task.
func (p *pixiRead) activation(t map[string]any) error {
	for k := range t {
		if k != "scripts" && k != "env" {
			return fmt.Errorf("activation sets %s, which arbiter does not read", k)
		}
	}
	if s, ok := t["scripts"]; ok {
		files, err := stringList(s, "activation scripts")
		if err != nil {
			return err
		}
		for _, f := range files {
			p.pre = append(p.pre, ScriptStep{Text: ". " + QuoteWords([]string{f}), From: "activation script " + f, Dir: p.dir})
		}
	}
	env, err := envList(t["env"], "activation env")
	if err != nil {
		return err
	}
	p.env = append(p.env, env...)
	return nil
}

// run is what pixi run NAME runs after the activation: each dependency
// once, then the task with the command's arguments.
func (p pixiRead) run(name string) ([]ScriptStep, error) {
	return p.task(name, true, map[string]bool{}, 0)
}

// task is one task's steps, its dependencies first.
func (p pixiRead) task(name string, args bool, seen map[string]bool, depth int) ([]ScriptStep, error) {
	if depth > maxRefs {
		return nil, fmt.Errorf("depends-on nests more than %d deep", maxRefs)
	}
	if seen[name] {
		return nil, nil // pixi runs a task once however many depend on it
	}
	seen[name] = true
	defs, ok := p.tasks[name]
	if !ok {
		return nil, fmt.Errorf("it depends on %s, which is no task of the manifest", name)
	}
	var out []ScriptStep
	for _, v := range defs {
		steps, err := p.definition(name, v, args, seen, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, steps...)
	}
	return out, nil
}

// definition reads one definition of a task: a command line, a list of
// dependencies (an alias), or a table.
func (p pixiRead) definition(name string, v any, args bool, seen map[string]bool, depth int) ([]ScriptStep, error) {
	step := ScriptStep{From: name, Args: args, Dir: p.dir, Env: p.env}
	switch x := v.(type) {
	case string:
		return p.command(step, x)
	case []any:
		return p.dependencies(x, seen, depth)
	case map[string]any:
		return p.table(name, x, step, seen, depth)
	}
	return nil, fmt.Errorf("it is a %T, neither a command, a list nor a table", v)
}

// pixiTaskKeys are the keys of a task's table arbiter reads; inputs and
// outputs only let pixi skip a task, which reading it anyway is stricter
// than.
var pixiTaskKeys = []string{"cmd", "depends-on", "depends_on", "cwd", "env", "description", "inputs", "outputs", "clean-env", "default-environment"}

func (p pixiRead) table(name string, t map[string]any, step ScriptStep, seen map[string]bool, depth int) ([]ScriptStep, error) {
	for k := range t {
		if !slices.Contains(pixiTaskKeys, k) {
			return nil, fmt.Errorf("it sets %s, which arbiter does not read", k)
		}
	}
	var out []ScriptStep
	for _, key := range []string{"depends-on", "depends_on"} {
		d, ok := t[key]
		if !ok {
			continue
		}
		if s, isString := d.(string); isString {
			d = []any{s}
		}
		list, isList := d.([]any)
		if !isList {
			return nil, fmt.Errorf("%s is a %T, not a list", key, d)
		}
		steps, err := p.dependencies(list, seen, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, steps...)
	}
	env, err := envList(t["env"], "env")
	if err != nil {
		return nil, err
	}
	step.Env = append(slices.Clone(step.Env), env...)
	if cwd, ok := t["cwd"].(string); ok {
		step.Dir = filepath.Join(p.dir, cwd)
	}
	c, ok := t["cmd"]
	if !ok {
		return out, nil // an alias: only its dependencies run
	}
	text, isString := c.(string)
	if !isString {
		words, err := stringList(c, "cmd")
		if err != nil {
			return nil, err
		}
		text = QuoteWords(words)
	}
	steps, err := p.command(step, text)
	if err != nil {
		return nil, err
	}
	return append(out, steps...), nil
}

// command is a task's command line; a {{ template }} is filled from the
// task's arguments, which arbiter does not expand.
func (p pixiRead) command(step ScriptStep, text string) ([]ScriptStep, error) {
	if strings.Contains(text, "{{") || strings.Contains(text, "{%") {
		return nil, fmt.Errorf("its command %q holds a template, which arbiter does not expand", clip(text))
	}
	step.Text = text
	return []ScriptStep{step}, nil
}

// dependencies runs each task a depends-on list names, a string or a
// table { task = NAME }; a dependency given arguments or another
// environment is one arbiter does not follow.
func (p pixiRead) dependencies(list []any, seen map[string]bool, depth int) ([]ScriptStep, error) {
	var out []ScriptStep
	for _, d := range list {
		name, ok := d.(string)
		if t, isTable := d.(map[string]any); isTable {
			name, ok = t["task"].(string)
			if len(t) != 1 {
				return nil, fmt.Errorf("a dependency on %s sets more than its task, which arbiter does not follow", name)
			}
		}
		if !ok {
			return nil, fmt.Errorf("a dependency is a %T, not a task's name", d)
		}
		steps, err := p.task(name, false, seen, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, steps...)
	}
	return out, nil
}
