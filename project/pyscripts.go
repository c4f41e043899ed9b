package project

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// HatchScripts reads the scripts of hatch's environments: [envs.*.scripts]
// in hatch.toml and [tool.hatch.envs.*.scripts] in pyproject.toml, in the
// nearest folder holding either. Every environment's script of a name is
// kept (the command may pick any environment), each with the commands of
// the scripts it names expanded, and preceded by its environment's
// install commands, which run when the environment is made.
func HatchScripts(dir, root string) (Scripts, error) {
	file, err := FindUp(dir, root, "hatch.toml", "pyproject.toml")
	if err != nil {
		return Scripts{}, err
	}
	home := filepath.Dir(file)
	envs := map[string]any{}
	for _, name := range []string{"pyproject.toml", "hatch.toml"} {
		doc, err := readTOML(filepath.Join(home, name))
		if IsNotExist(err) {
			continue
		}
		if err != nil {
			return Scripts{}, err
		}
		t := table(doc, "tool", "hatch", "envs")
		if name == "hatch.toml" {
			t = table(doc, "envs")
		}
		for k, v := range t {
			envs[k] = v // hatch.toml's settings win
		}
	}
	h := hatchRead{envs: envs, dir: home}
	out := Scripts{File: file, Names: map[string][]ScriptStep{}}
	for _, env := range slices.Sorted(maps.Keys(envs)) {
		scripts, err := h.effective(env, 0)
		if err != nil {
			return Scripts{}, fmt.Errorf("%s: environment %s: %w", file, env, err)
		}
		hooks, err := h.installCommands(env)
		if err != nil {
			return Scripts{}, fmt.Errorf("%s: environment %s: %w", file, env, err)
		}
		vars, err := envList(table(h.envs, env)["env-vars"], "env-vars")
		if err != nil {
			return Scripts{}, fmt.Errorf("%s: environment %s: %w", file, env, err)
		}
		for _, name := range slices.Sorted(maps.Keys(scripts)) {
			lines, err := h.expand(scripts, name, 0)
			if err != nil {
				return Scripts{}, fmt.Errorf("%s: script %s of environment %s: %w", file, name, env, err)
			}
			steps := out.Names[name]
			for _, l := range hooks {
				steps = append(steps, ScriptStep{Text: l, From: env + " install commands", Env: vars, Dir: home})
			}
			for _, l := range lines {
				steps = append(steps, ScriptStep{Text: l, From: env + ":" + name, Args: true, Env: vars, Dir: home})
			}
			out.Names[name] = steps
		}
	}
	return out, nil
}

type hatchRead struct {
	envs map[string]any
	dir  string
}

// effective returns an environment's scripts, with those of the
// environment it takes as template (default: "default") beneath.
func (h hatchRead) effective(env string, depth int) (map[string][]string, error) {
	if depth > maxRefs {
		return nil, fmt.Errorf("templates nest more than %d deep", maxRefs)
	}
	e := table(h.envs, env)
	if o, ok := e["overrides"]; ok && mentions(o, "scripts") {
		return nil, fmt.Errorf("overrides change its scripts, which arbiter does not follow")
	}
	out := map[string][]string{}
	tmpl, _ := e["template"].(string)
	if tmpl == "" && env != "default" {
		tmpl = "default"
	}
	if tmpl != "" && tmpl != env && table(h.envs, tmpl) != nil {
		base, err := h.effective(tmpl, depth+1)
		if err != nil {
			return nil, err
		}
		for k, v := range base {
			out[k] = v
		}
	}
	for name, v := range table(e, "scripts") {
		lines, err := stringList(v, "script "+name)
		if err != nil {
			return nil, err
		}
		out[name] = lines
	}
	return out, nil
}

// installCommands are the commands hatch runs when it makes the
// environment, which hatch run does first when it does not exist.
func (h hatchRead) installCommands(env string) ([]string, error) {
	var out []string
	for _, key := range []string{"pre-install-commands", "post-install-commands"} {
		v, ok := table(h.envs, env)[key]
		if !ok {
			continue
		}
		lines, err := stringList(v, key)
		if err != nil {
			return nil, err
		}
		out = append(out, lines...)
	}
	return out, nil
}

// expand returns the command lines of a script: a line that starts with
// the name of another script of the environment runs that script's lines.
func (h hatchRead) expand(scripts map[string][]string, name string, depth int) ([]string, error) {
	if depth > maxRefs {
		return nil, fmt.Errorf("scripts name scripts more than %d deep", maxRefs)
	}
	var out []string
	for _, line := range scripts[name] {
		text := strings.TrimPrefix(strings.TrimSpace(line), "- ") // "- cmd" ignores its exit status
		first, rest, _ := strings.Cut(text, " ")
		if _, ok := scripts[first]; ok {
			sub, err := h.expand(scripts, first, depth+1)
			if err != nil {
				return nil, err
			}
			for _, s := range sub {
				out = append(out, strings.TrimSpace(s+" "+rest))
			}
			continue
		}
		text, err := h.fields(text)
		if err != nil {
			return nil, err
		}
		out = append(out, text)
	}
	return out, nil
}

// fields expands hatch's context fields: {root} and {home} are folders,
// {env:NAME} a variable; {args} is left for the command's arguments. Any
// other field is one arbiter does not expand.
func (h hatchRead) fields(text string) (string, error) {
	var b strings.Builder
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			b.WriteString(text)
			return b.String(), nil
		}
		end := strings.IndexByte(text[open:], '}')
		if end < 0 {
			b.WriteString(text)
			return b.String(), nil
		}
		field := text[open+1 : open+end]
		b.WriteString(text[:open])
		name, _, _ := strings.Cut(field, ":")
		switch {
		case field == "root" || field == "root:uri" || field == "root:real":
			b.WriteString(h.dir)
		case field == "home" || field == "home:real":
			b.WriteString("~")
		case field == "/" || field == ";":
			b.WriteString(map[string]string{"/": "/", ";": ":"}[field])
		case name == "env":
			v, _, _ := strings.Cut(strings.TrimPrefix(field, "env:"), ":")
			b.WriteString(`"$` + v + `"`)
		case name == "args":
			b.WriteString("{" + field + "}")
		default:
			return "", fmt.Errorf("the field {%s} is one arbiter does not expand", field)
		}
		text = text[open+end+1:]
	}
}

// mentions reports whether a TOML value holds key at any depth.
func mentions(v any, key string) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == key || mentions(e, key) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if mentions(e, key) {
				return true
			}
		}
	}
	return false
}

// PdmScripts reads [tool.pdm.scripts] of the nearest pyproject.toml: each
// script with its pre_ and post_ scripts, the pre_script and post_script
// hooks around every script, and the pre_run and post_run hooks around
// the run; a composite's items that name scripts run those, hooks and all.
func PdmScripts(dir, root string) (Scripts, error) {
	file, err := FindUp(dir, root, "pyproject.toml")
	if err != nil {
		return Scripts{}, err
	}
	doc, err := readTOML(file)
	if err != nil {
		return Scripts{}, err
	}
	p := pdmRead{table: table(doc, "tool", "pdm", "scripts"), dir: filepath.Dir(file)}
	if g, ok := p.table["_"]; ok {
		gt, _ := g.(map[string]any)
		if _, ok := gt["env_file"]; ok {
			return Scripts{}, fmt.Errorf("%s: [tool.pdm.scripts._] loads env_file, which arbiter does not read", file)
		}
		if p.global, err = envList(gt["env"], "_.env"); err != nil {
			return Scripts{}, fmt.Errorf("%s: %w", file, err)
		}
	}
	out := Scripts{File: file, Names: map[string][]ScriptStep{}}
	for name := range p.table {
		if name == "_" {
			continue
		}
		steps, err := p.run(name)
		if err != nil {
			return Scripts{}, fmt.Errorf("%s: script %s: %w", file, name, err)
		}
		out.Names[name] = steps
	}
	return out, nil
}

type pdmRead struct {
	table  map[string]any
	dir    string
	global []string
}

// run is what pdm run NAME runs: pre_run, the script with its hooks,
// post_run.
func (p pdmRead) run(name string) ([]ScriptStep, error) {
	var out []ScriptStep
	for _, n := range []string{"pre_run", "", "post_run"} {
		if n == "" {
			steps, err := p.script(name, true, 0)
			if err != nil {
				return nil, err
			}
			out = append(out, steps...)
			continue
		}
		if _, ok := p.table[n]; ok && n != name {
			steps, err := p.body(n, false, 0)
			if err != nil {
				return nil, err
			}
			out = append(out, steps...)
		}
	}
	return out, nil
}

// script is a script with its own hooks and the hooks of every script.
func (p pdmRead) script(name string, args bool, depth int) ([]ScriptStep, error) {
	var out []ScriptStep
	hook := strings.HasPrefix(name, "pre_") || strings.HasPrefix(name, "post_")
	for _, n := range []string{"pre_script", "pre_" + name, name, "post_" + name, "post_script"} {
		if _, ok := p.table[n]; !ok || hook && n != name {
			continue // a hook runs no hooks of its own
		}
		steps, err := p.body(n, args && n == name, depth)
		if err != nil {
			return nil, err
		}
		out = append(out, steps...)
	}
	return out, nil
}

// body is what one entry of the table runs.
func (p pdmRead) body(name string, args bool, depth int) ([]ScriptStep, error) {
	if depth > maxRefs {
		return nil, fmt.Errorf("composite scripts nest more than %d deep", maxRefs)
	}
	step := ScriptStep{From: name, Args: args, Dir: p.dir, Env: p.global}
	switch v := p.table[name].(type) {
	case string:
		step.Text = v
		return []ScriptStep{step}, nil
	case map[string]any:
		return p.tableBody(name, v, step, depth)
	}
	return nil, fmt.Errorf("it is neither a string nor a table")
}

func (p pdmRead) tableBody(name string, v map[string]any, step ScriptStep, depth int) ([]ScriptStep, error) {
	for k := range v {
		switch k {
		case "cmd", "shell", "call", "composite", "env", "working_dir", "help", "keep_going", "site_packages":
		default:
			return nil, fmt.Errorf("it sets %s, which arbiter does not read", k)
		}
	}
	env, err := envList(v["env"], "env")
	if err != nil {
		return nil, err
	}
	step.Env = append(slices.Clone(p.global), env...)
	if wd, ok := v["working_dir"].(string); ok {
		step.Dir = filepath.Join(p.dir, wd)
	}
	switch {
	case v["cmd"] != nil:
		if s, ok := v["cmd"].(string); ok {
			step.Text = s
			return []ScriptStep{step}, nil
		}
		words, err := stringList(v["cmd"], "cmd")
		if err != nil {
			return nil, err
		}
		step.Text = QuoteWords(words)
		return []ScriptStep{step}, nil
	case v["shell"] != nil:
		s, ok := v["shell"].(string)
		if !ok {
			return nil, fmt.Errorf("shell is not a string")
		}
		step.Text = s
		return []ScriptStep{step}, nil
	case v["call"] != nil:
		s, ok := v["call"].(string)
		if !ok {
			return nil, fmt.Errorf("call is not a string")
		}
		step.Kind, step.Text = CallStep, s
		return []ScriptStep{step}, nil
	case v["composite"] != nil:
		items, err := stringList(v["composite"], "composite")
		if err != nil {
			return nil, err
		}
		return p.composite(items, step, depth)
	}
	return nil, fmt.Errorf("it runs nothing arbiter can read (no cmd, shell, call or composite)")
}

// composite runs each item: a script of the table (with its hooks) when
// its first word names one, else a command.
func (p pdmRead) composite(items []string, step ScriptStep, depth int) ([]ScriptStep, error) {
	var out []ScriptStep
	for _, item := range items {
		first, rest, _ := strings.Cut(strings.TrimSpace(item), " ")
		if _, ok := p.table[first]; ok {
			steps, err := p.script(first, false, depth+1)
			if err != nil {
				return nil, err
			}
			for i := range steps {
				if steps[i].From == first && rest != "" && steps[i].Kind == ShellStep {
					steps[i].Text += " " + rest
				}
				steps[i].Env = append(slices.Clone(step.Env), steps[i].Env...)
				steps[i].Args = step.Args
			}
			out = append(out, steps...)
			continue
		}
		s := step
		s.Text = item
		out = append(out, s)
	}
	return out, nil
}

// RyeScripts reads [tool.rye.scripts] of the nearest pyproject.toml. rye
// splits a string script into words itself; a table runs cmd (a string or
// words), call (a Python callable) or chain (other scripts in order),
// with its env; env-file loads a file arbiter does not read.
func RyeScripts(dir, root string) (Scripts, error) {
	file, doc, out, err := scriptsFile(dir, root, "pyproject.toml")
	if err != nil {
		return Scripts{}, err
	}
	r := ryeRead{table: table(doc, "tool", "rye", "scripts"), dir: filepath.Dir(file)}
	for name := range r.table {
		steps, err := r.script(name, true, 0)
		if err != nil {
			return Scripts{}, fmt.Errorf("%s: script %s of [tool.rye.scripts]: %w", file, name, err)
		}
		out.Names[name] = steps
	}
	return out, nil
}

type ryeRead struct {
	table map[string]any
	dir   string
}

func (r ryeRead) script(name string, args bool, depth int) ([]ScriptStep, error) {
	if depth > maxRefs {
		return nil, fmt.Errorf("chains nest more than %d deep", maxRefs)
	}
	step := ScriptStep{From: name, Args: args, Dir: r.dir}
	v, ok := r.table[name]
	if !ok {
		return nil, fmt.Errorf("a chain names %s, which is no script of the table", name)
	}
	if t, isTable := v.(map[string]any); isTable {
		return r.tableBody(t, step, depth)
	}
	return r.command(v, step)
}

// command is a cmd: a string or a list of words.
func (r ryeRead) command(v any, step ScriptStep) ([]ScriptStep, error) {
	if s, ok := v.(string); ok {
		step.Text = s
		return []ScriptStep{step}, nil
	}
	words, err := stringList(v, "cmd")
	if err != nil {
		return nil, err
	}
	step.Text = QuoteWords(words)
	return []ScriptStep{step}, nil
}

func (r ryeRead) tableBody(t map[string]any, step ScriptStep, depth int) ([]ScriptStep, error) {
	for k := range t {
		if k != "cmd" && k != "call" && k != "chain" && k != "env" {
			return nil, fmt.Errorf("it sets %s, which arbiter does not read", k)
		}
	}
	env, err := envList(t["env"], "env")
	if err != nil {
		return nil, err
	}
	step.Env = env
	switch {
	case t["cmd"] != nil:
		return r.command(t["cmd"], step)
	case t["call"] != nil:
		s, ok := t["call"].(string)
		if !ok {
			return nil, fmt.Errorf("call is not a string")
		}
		step.Kind, step.Text = CallStep, s
		return []ScriptStep{step}, nil
	case t["chain"] != nil:
		names, err := stringList(t["chain"], "chain")
		if err != nil {
			return nil, err
		}
		var out []ScriptStep
		for _, n := range names {
			steps, err := r.script(n, false, depth+1)
			if err != nil {
				return nil, err
			}
			for i := range steps {
				steps[i].Env = append(slices.Clone(env), steps[i].Env...)
			}
			out = append(out, steps...)
		}
		return out, nil
	}
	return nil, fmt.Errorf("it runs nothing arbiter can read (no cmd, call or chain)")
}

// EntryPoints reads the console scripts the project installs into its
// environment, which poetry run, uv run, pdm run and hatch run find
// before any program of the name: [project.scripts],
// [project.gui-scripts] and [tool.poetry.scripts] of the nearest
// pyproject.toml. Each is a CallStep.
func EntryPoints(dir, root string) (Scripts, error) {
	file, doc, out, err := scriptsFile(dir, root, "pyproject.toml")
	if err != nil {
		return Scripts{}, err
	}
	for _, keys := range [][]string{{"project", "scripts"}, {"project", "gui-scripts"}, {"tool", "poetry", "scripts"}} {
		for name, v := range table(doc, keys...) {
			ref, ok := v.(string)
			if t, isTable := v.(map[string]any); isTable {
				ref, ok = t["callable"].(string) // poetry's { callable = "m:f", extras = [...] }
				if r, isRef := t["reference"].(string); isRef && !ok {
					return Scripts{}, fmt.Errorf("%s: script %s installs the file %s, which arbiter does not read", file, name, r)
				}
			}
			if !ok {
				return Scripts{}, fmt.Errorf("%s: script %s of [%s] is not a module:function reference", file, name, strings.Join(keys, "."))
			}
			out.Names[name] = append(out.Names[name], ScriptStep{Kind: CallStep, Text: ref, From: strings.Join(keys, ".") + "." + name, Args: true, Dir: filepath.Dir(file)})
		}
	}
	return out, nil
}

// PipenvScripts reads [scripts] of the nearest Pipfile. pipenv splits a
// script into words itself; a table with call = "pkg.mod:func" calls it.
func PipenvScripts(dir, root string) (Scripts, error) {
	file, doc, out, err := scriptsFile(dir, root, "Pipfile")
	if err != nil {
		return Scripts{}, err
	}
	for name, v := range table(doc, "scripts") {
		step := ScriptStep{From: name, Args: true, Dir: filepath.Dir(file)}
		switch x := v.(type) {
		case string:
			step.Text = x
		case map[string]any:
			call, ok := x["call"].(string)
			if !ok || len(x) != 1 {
				return Scripts{}, fmt.Errorf("%s: script %s is a table arbiter does not read (only call = \"pkg.mod:func\")", file, name)
			}
			step.Kind, step.Text = CallStep, call
		default:
			return Scripts{}, fmt.Errorf("%s: script %s is a %T, not a string", file, name, v)
		}
		out.Names[name] = []ScriptStep{step}
	}
	return out, nil
}

// scriptsFile finds the nearest TOML file of a runner's script table
// and reads it, with the empty table the scripts are gathered into.
func scriptsFile(dir, root, name string) (string, map[string]any, Scripts, error) {
	file, err := FindUp(dir, root, name)
	if err != nil {
		return "", nil, Scripts{}, err
	}
	doc, err := readTOML(file)
	if err != nil {
		return "", nil, Scripts{}, err
	}
	return file, doc, Scripts{File: file, Names: map[string][]ScriptStep{}}, nil
}
