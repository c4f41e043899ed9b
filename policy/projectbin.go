package policy

import (
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// nodeRunners look the program they are given up in the project's
// node_modules/.bin before PATH (npx, npm exec, pnpm exec, yarn exec,
// bunx): a file there is what runs, whatever its name says.
var nodeRunners = lazy.New(func() map[string]bool {
	return setOfWords("npx", "bunx", "bun", "pnpx", "pnpm", "yarn", "npm")
})

// registryWhenMissing are the Node runners that download the package
// they are given when the project has no bin of its name (npx, npm exec,
// bunx, bun x); pnpm exec and yarn exec then run the program on PATH, and
// pnpm dlx and yarn dlx always download (see shell's runners).
var registryWhenMissing = lazy.New(func() map[string]bool {
	return setOfWords("npx", "npm", "bunx", "bun")
})

// projectBin judges a program that a Node runner finds in the project's
// node_modules/.bin, nearest folder first from where it runs up to the
// project's root (a file or a link to one, found with lstat), as running
// that file by its path is judged. It reports whether such a file
// decided the command; a name not there is the program it is.
func (j *judgement) projectBin(c *shell.Command, subj string) bool {
	for i, runner := range c.Via {
		if !nodeRunners.Get()[runner] {
			continue
		}
		last := i == len(c.Via)-1
		name := c.Name
		if !last {
			name = c.Via[i+1]
		}
		if name == "" || strings.Contains(name, "/") {
			continue
		}
		if c.DirUnknown {
			j.fireWith(catalog.UUnresolved, subj, runner+" looks "+name+" up in node_modules/.bin of a folder arbiter cannot tell")
			return true
		}
		if f := j.writesFirst(func(base string) bool { return base == name }); f != "" {
			j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", and "+runner+" runs "+name+" from node_modules/.bin, so what runs is not what arbiter can read on disk")
			return true
		}
		bin := j.nodeBin(j.res.Resolve(".", c.Dir), name)
		if bin == "" {
			// The program is still judged by its name below: what it would
			// do if it is the one on PATH stands beside the download.
			if registryWhenMissing.Get()[runner] && c.Origin == "" {
				j.fireWith(catalog.B4Install, subj, "the project has no node_modules/.bin/"+name+", so "+runner+" may download the package "+name+" from the registry and run its program, code arbiter cannot read")
			}
			continue
		}
		if !last {
			j.fireWith(catalog.UUnresolved, subj, runner+" runs "+j.shownPath(bin)+", with arguments arbiter does not follow through the wrappers after it")
			return true
		}
		j.shellText(binCommand(bin, c.Args), j.res.Resolve(".", c.Dir), subj+" ("+runner+" runs "+j.shownPath(bin)+")")
		j.fireWith(catalog.D4RunScript, subj, runner+" runs "+name+" from "+j.shownPath(bin)+", judged by what that file does")
		j.binAsProgram(c, name, subj)
		return true
	}
	return false
}

// binAsProgram judges a bin of the project's node_modules as the program
// of its name too, when arbiter has a spec of it: a bin is a few lines
// starting its package, which show neither what the program loads (a
// test runner's tests, a linter's configuration) nor what its words ask
// for. Its words are then read by the spec, as the program's are.
func (j *judgement) binAsProgram(c *shell.Command, name, subj string) {
	if spec.Lookup(name) == nil {
		return
	}
	named := *c
	named.Name, named.Program = name, name
	start := len(j.findings)
	if j.program(&named, subj) && j.allowedSince(start) {
		j.understand(&named)
	}
}

// nodeModulesBin reports whether a command runs a file of a
// node_modules/.bin folder by its path.
func nodeModulesBin(c *shell.Command) bool {
	return strings.Contains(c.Name, "/") && path.Base(path.Dir(c.Name)) == ".bin" && path.Base(path.Dir(path.Dir(c.Name))) == "node_modules"
}

// nodeBin returns the nearest node_modules/.bin/NAME from dir up to the
// project's root, "" when there is none.
func (j *judgement) nodeBin(dir, name string) string {
	root := j.res.Project
	if root == "" {
		root = dir
	}
	for d := dir; ; d = path.Dir(d) {
		p := path.Join(d, "node_modules", ".bin", name)
		if _, err := os.Lstat(p); err == nil {
			return p
		}
		if d == root || !strings.HasPrefix(d, root+"/") || path.Dir(d) == d {
			return ""
		}
	}
}

// binCommand is the command line running bin with the command's
// arguments; a word known only at run time stays so, as a variable.
func binCommand(bin string, args []shell.Word) string {
	out := []string{shellQuote(bin)}
	for k, a := range args {
		if a.Dynamic {
			out = append(out, `"$arbiter_arg`+strconv.Itoa(k)+`"`)
			continue
		}
		out = append(out, shellQuote(a.Text))
	}
	return strings.Join(out, " ")
}

// envBinRunners put an environment of the project first on PATH before
// they run a program (uv run, poetry run, pixi run): a file of the name
// there is what runs. Each gives the folders it looks in, relative to a
// folder from where it runs up to the project's root, nearest first; a
// * matches any one environment (pixi's, one per environment).
var envBinRunners = lazy.New(func() map[string][]string {
	venv := []string{".venv/bin"}
	return map[string][]string{
		"uv": venv, "poetry": venv, "pdm": venv, "pipenv": venv, "rye": venv,
		"pixi": {".pixi/envs/*/bin"},
	}
})

// envBin judges a program that a runner finds in the project's
// environment (.venv/bin/NAME): the file is judged as running it by its
// path, and what it does not allow stays. It reports nothing decided: the
// program of the name is then judged as it is too, since the file of an
// installed tool (a console script) is that tool.
func (j *judgement) envBin(c *shell.Command, subj string) {
	for i, runner := range c.Via {
		dirs, ok := envBinRunners.Get()[runner]
		if !ok {
			continue
		}
		name := c.Name
		if i != len(c.Via)-1 {
			name = c.Via[i+1]
		}
		if name == "" || strings.Contains(name, "/") || c.DirUnknown {
			continue
		}
		bin := j.envBinFile(j.res.Resolve(".", c.Dir), dirs, name)
		if bin == "" {
			continue
		}
		if i != len(c.Via)-1 {
			j.fireWith(catalog.UUnresolved, subj, runner+" runs "+j.shownPath(bin)+", with arguments arbiter does not follow through the wrappers after it")
			continue
		}
		j.shellText(binCommand(bin, c.Args), j.res.Resolve(".", c.Dir), subj+" ("+runner+" runs "+j.shownPath(bin)+")")
	}
}

// envBinFile returns the nearest file NAME in one of dirs from dir up to
// the project's root, "" when there is none.
func (j *judgement) envBinFile(dir string, dirs []string, name string) string {
	root := j.res.Project
	if root == "" {
		root = dir
	}
	for d := dir; ; d = path.Dir(d) {
		for _, rel := range dirs {
			if p := binIn(d, rel, name); p != "" {
				return p
			}
		}
		if d == root || !strings.HasPrefix(d, root+"/") || path.Dir(d) == d {
			return ""
		}
	}
}

// binIn returns d/rel/name when it exists (lstat), with a * of rel
// standing for each folder of the listing there; "" when none does.
func binIn(d, rel, name string) string {
	before, after, wild := strings.Cut(rel, "*")
	if !wild {
		p := path.Join(d, rel, name)
		if _, err := os.Lstat(p); err != nil {
			return ""
		}
		return p
	}
	entries, err := os.ReadDir(path.Join(d, before))
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if p := binIn(path.Join(d, before, e.Name()), strings.TrimPrefix(after, "/"), name); p != "" {
			return p
		}
	}
	return ""
}
