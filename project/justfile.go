package project

import (
	"fmt"
	"path/filepath"
	"strings"
)

// FindJustfile finds just's file from dir up to root.
func FindJustfile(dir, root string) (string, error) {
	return FindUp(dir, root, "justfile", "Justfile", ".justfile", "JUSTFILE")
}

// justSettings are the settings that change only how recipes' lines are
// shown or read, not what runs; any other is an error.
var justSettings = []string{"export", "positional-arguments", "quiet", "ignore-comments", "allow-duplicate-recipes", "allow-duplicate-variables", "unstable", "windows-shell", "windows-powershell"}

// justAttributes are recipe attributes that do not change what runs.
var justAttributes = []string{"private", "no-cd", "linux", "macos", "unix", "windows", "openbsd", "confirm", "group", "doc", "no-exit-message", "exit-message", "no-quiet", "default", "positional-arguments", "parallel", "metadata"}

// ReadJustfile reads a justfile (up to MaxManifest bytes): each recipe's
// lines, its dependencies before and after (dep && post), and the
// backtick commands of its assignments, which just runs on loading. A
// shebang recipe runs as one sh or bash script; one in another language,
// imports, modules, dotenv loading, another shell or a fallback to a
// parent justfile are errors.
func ReadJustfile(path string) (TaskTable, error) {
	data, size, err := readBounded(path, MaxManifest)
	if err != nil {
		return TaskTable{}, err
	}
	if size > MaxManifest {
		return TaskTable{}, fmt.Errorf("%s of %d bytes is over the %d read", path, size, MaxManifest)
	}
	r := justRead{dir: filepath.Dir(path), t: TaskTable{File: path, Tasks: map[string]Task{}}}
	lines := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	for k := 0; k < len(lines); k++ {
		n, err := r.line(lines, k)
		if err != nil {
			return TaskTable{}, fmt.Errorf("%s:%d: %w", path, k+1, err)
		}
		k += n
	}
	r.exports()
	for alias, target := range r.aliases {
		t, ok := r.t.Tasks[target]
		if !ok {
			return TaskTable{}, fmt.Errorf("%s: alias %s names no recipe %s", path, alias, target)
		}
		r.t.Tasks[alias] = t
	}
	return r.t, nil
}

type justRead struct {
	dir     string
	t       TaskTable
	aliases map[string]string
	attrs   []string
	// env holds the exported assignments; exportAll is set export.
	env       []string
	exportAll bool
	vars      []string
}

// line reads the top-level line k and returns how many lines after it
// belong to it (a recipe's body).
func (r *justRead) line(lines []string, k int) (int, error) {
	line := lines[k]
	trim := strings.TrimSpace(line)
	switch {
	case trim == "" || strings.HasPrefix(trim, "#"):
		return 0, nil
	case line != strings.TrimLeft(line, " \t"):
		return 0, fmt.Errorf("an indented line outside a recipe")
	case strings.HasPrefix(trim, "["):
		return 0, r.attribute(trim)
	case strings.HasPrefix(trim, "set "):
		return 0, r.setting(trim)
	case strings.HasPrefix(trim, "alias "):
		name, target, ok := strings.Cut(strings.TrimPrefix(trim, "alias "), ":=")
		if !ok {
			return 0, fmt.Errorf("an alias without :=")
		}
		if r.aliases == nil {
			r.aliases = map[string]string{}
		}
		r.aliases[strings.TrimSpace(name)] = strings.TrimSpace(target)
		return 0, nil
	case strings.HasPrefix(trim, "import ") || strings.HasPrefix(trim, "import?") || strings.HasPrefix(trim, "mod ") || strings.HasPrefix(trim, "mod?"):
		return 0, fmt.Errorf("it loads another justfile, which arbiter does not read")
	case justAssignment(trim):
		return 0, r.assign(trim)
	}
	return r.recipe(lines, k)
}

func (r *justRead) attribute(trim string) error {
	for _, a := range strings.Split(strings.Trim(trim, "[]"), ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(a), "(")
		name, _, _ = strings.Cut(name, ":")
		if !contains(justAttributes, strings.TrimSpace(name)) {
			return fmt.Errorf("the attribute [%s] changes what runs in a way arbiter does not follow", clip(a))
		}
		r.attrs = append(r.attrs, strings.TrimSpace(name))
	}
	return nil
}

func (r *justRead) setting(trim string) error {
	rest := strings.TrimSpace(strings.TrimPrefix(trim, "set "))
	name, value, _ := strings.Cut(rest, ":=")
	name = strings.TrimSpace(name)
	if name == "shell" {
		first := strings.Trim(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(value), "[")), `"'`)
		first, _, _ = strings.Cut(first, `"`)
		first, _, _ = strings.Cut(first, `'`)
		if base(first) != "sh" && base(first) != "bash" {
			return fmt.Errorf("set shell runs recipes with %q, which arbiter does not read", clip(first))
		}
		return nil
	}
	if name == "export" && !strings.Contains(value, "false") {
		r.exportAll = true
	}
	if !contains(justSettings, name) {
		return fmt.Errorf("set %s changes what runs or what just loads, which arbiter does not follow", clip(name))
	}
	return nil
}

// justAssignment reports NAME := value, possibly exported.
func justAssignment(trim string) bool {
	head, _, ok := strings.Cut(trim, ":=")
	if !ok {
		return false
	}
	head = strings.TrimSpace(strings.TrimPrefix(head, "export "))
	return head != "" && !strings.ContainsAny(head, " \t:") && !strings.Contains(trim[:strings.Index(trim, ":=")], "(")
}

func (r *justRead) assign(trim string) error {
	head, value, _ := strings.Cut(trim, ":=")
	value = strings.TrimSpace(value)
	if strings.Contains(value, "shell(") {
		return fmt.Errorf("the assignment %s runs a command with shell()", strings.TrimSpace(head))
	}
	for rest := value; ; {
		open := strings.IndexByte(rest, '`')
		if open < 0 {
			break
		}
		end := strings.IndexByte(rest[open+1:], '`')
		if end < 0 {
			return fmt.Errorf("an unclosed backtick in %s", strings.TrimSpace(head))
		}
		cmd := strings.Trim(rest[open+1:open+1+end], "`")
		r.t.Always = append(r.t.Always, ScriptStep{Text: cmd, From: "the assignment " + strings.TrimSpace(head), Dir: r.dir})
		rest = rest[open+1+end+1:]
	}
	name := strings.TrimSpace(head)
	exported := strings.HasPrefix(name, "export ")
	name = strings.TrimSpace(strings.TrimPrefix(name, "export "))
	v := templateVar
	if len(value) >= 2 && (value[0] == '"' || value[0] == '\'') && value[len(value)-1] == value[0] && !strings.ContainsAny(value[1:len(value)-1], "\"'\\") {
		v = value[1 : len(value)-1]
	}
	if exported {
		r.env = append(r.env, name+"="+v)
	} else {
		r.vars = append(r.vars, name+"="+v)
	}
	return nil
}

// exports gives every step the variables just exports to it.
func (r *justRead) exports() {
	env := r.env
	if r.exportAll {
		env = append(env, r.vars...)
	}
	if len(env) == 0 {
		return
	}
	for name, t := range r.t.Tasks {
		for i := range t.Steps {
			t.Steps[i].Env = env
		}
		r.t.Tasks[name] = t
	}
}

// recipe reads a recipe's header at line k and its indented body.
func (r *justRead) recipe(lines []string, k int) (int, error) {
	header := lines[k]
	colon := headerColon(header)
	if colon < 0 {
		return 0, fmt.Errorf("a line arbiter does not read as a recipe: %q", clip(header))
	}
	words := strings.Fields(header[:colon])
	if len(words) == 0 {
		return 0, fmt.Errorf("a recipe without a name")
	}
	name := strings.TrimPrefix(words[0], "@")
	for _, p := range words[1:] {
		if strings.Contains(p, "`") {
			return 0, fmt.Errorf("the parameter of %s has a default that runs a command", name)
		}
	}
	deps, after, _ := strings.Cut(header[colon+1:], "&&")
	task := Task{Deps: justDeps(deps), After: justDeps(after)}
	dir := r.dir
	if contains(r.attrs, "no-cd") {
		dir = "" // runs where just was started
	}
	if contains(r.attrs, "default") || r.t.Default == "" {
		r.t.Default = name
	}
	r.attrs = nil
	var body []string
	n := 0
	for k+n+1 < len(lines) {
		next := lines[k+n+1]
		if strings.TrimSpace(next) != "" && next == strings.TrimLeft(next, " \t") {
			break
		}
		body = append(body, strings.TrimSpace(next))
		n++
	}
	steps, err := justBody(name, body, dir)
	if err != nil {
		return 0, fmt.Errorf("recipe %s: %w", name, err)
	}
	task.Steps = steps
	r.t.Tasks[name] = task
	return n, nil
}

// headerColon is the index of the colon that ends a recipe's name and
// parameters, outside quotes; -1 when there is none.
func headerColon(h string) int {
	quote := byte(0)
	for i := 0; i < len(h); i++ {
		c := h[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == ':' && !strings.HasPrefix(h[i:], ":="):
			return i
		}
	}
	return -1
}

// justDeps reads dependencies: names, or (name args) calls.
func justDeps(s string) []string {
	var out []string
	for _, f := range strings.Fields(strings.NewReplacer("(", " ( ", ")", " ) ").Replace(s)) {
		if f == "(" || f == ")" || strings.ContainsAny(f, `"'`) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// justBody turns a recipe's lines into steps: each line its own shell
// command (without its @ and - marks), or one script after a #! line.
func justBody(name string, body []string, dir string) ([]ScriptStep, error) {
	for len(body) > 0 && body[len(body)-1] == "" {
		body = body[:len(body)-1]
	}
	if len(body) > 0 && strings.HasPrefix(body[0], "#!") {
		if lang := Interpreter(body[0]); lang != "sh" && lang != "bash" {
			return []ScriptStep{{Kind: OpaqueStep, Text: "a " + lang + " script", From: name}}, nil
		}
		text, err := fillTemplates(strings.Join(body[1:], "\n"))
		if err != nil {
			return nil, err
		}
		return []ScriptStep{{Text: text, From: name, Dir: dir}}, nil
	}
	var out []ScriptStep
	for k := 0; k < len(body); k++ {
		l := body[k]
		for strings.HasSuffix(l, "\\") && k+1 < len(body) {
			k++
			l = strings.TrimSuffix(l, "\\") + " " + body[k]
		}
		l = strings.TrimLeft(l, "@-")
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		text, err := fillTemplates(l)
		if err != nil {
			return nil, err
		}
		out = append(out, ScriptStep{Text: text, From: name, Dir: dir})
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
