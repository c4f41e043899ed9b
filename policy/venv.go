package policy

import (
	"os"
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// sourcedEffect tells the shell analysis what sourcing a file does, for
// the one kind of file arbiter knows: a virtual environment's activate
// script of the project (VENV/bin/activate), as venv, virtualenv and uv
// generate it. Read (up to project.MaxScript) and checked by activateOnly,
// it only sets VIRTUAL_ENV to VENV, puts VENV/bin first on PATH, sets the
// prompt and defines deactivate (and virtualenv's pydoc); the programs of
// VENV/bin then run in place of those of the same name on PATH. Any other
// file, or an activate script that does anything else, is judged as the
// script it is, as before.
func (j *judgement) sourcedEffect(file, dir string) (shell.Sourced, bool) {
	if path.Base(file) != "activate" {
		return shell.Sourced{}, false
	}
	abs := j.res.Resolve(file, dir)
	if j.res.Classify(abs, false) != paths.Project || path.Base(path.Dir(abs)) != "bin" {
		return shell.Sourced{}, false
	}
	venv := path.Dir(path.Dir(abs))
	f, err := j.read(abs)
	if err != nil || f.Kind != project.Text || !activateOnly(f.Text, venv) {
		return shell.Sourced{}, false
	}
	bin := path.Join(venv, "bin")
	return shell.Sourced{
		Bin:       bin,
		Functions: []string{"deactivate", "pydoc"},
		Has: func(name string) bool {
			_, err := os.Lstat(path.Join(bin, name))
			return err == nil
		},
	}, true
}

// activateOnly reports whether a script is a standard activate script for
// venv: every statement is one an activate script is made of, and what
// it sets is what such a script sets (see activateReader).
func activateOnly(text, venv string) bool {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "activate")
	if err != nil {
		return false
	}
	r := &activateReader{venv: venv}
	return r.stmts(f.Stmts, false) && r.setsPath && r.setsVenv
}

// activateReader checks an activate script statement by statement.
type activateReader struct {
	venv     string
	setsPath bool // PATH was set to $VIRTUAL_ENV/bin:$PATH
	setsVenv bool // VIRTUAL_ENV was set to the script's own environment
}

// activateVars are the variables an activate script sets or unsets.
var activateVars = lazy.New(func() map[string]bool {
	return setOfWords("VIRTUAL_ENV", "VIRTUAL_ENV_PROMPT", "PATH", "PS1", "PYTHONHOME", "_OLD_VIRTUAL_PATH", "_OLD_VIRTUAL_PS1", "_OLD_VIRTUAL_PYTHONHOME")
})

// activateHelpers are the read-only programs activate scripts run in a
// condition or a substitution (to find Cygwin, to name the prompt).
var activateHelpers = lazy.New(func() map[string]bool {
	return setOfWords("cygpath", "basename", "dirname", "uname")
})

func (r *activateReader) stmts(list []*syntax.Stmt, inFunc bool) bool {
	for _, s := range list {
		if !r.stmt(s, inFunc) {
			return false
		}
	}
	return true
}

func (r *activateReader) stmt(s *syntax.Stmt, inFunc bool) bool {
	if s.Background || s.Coprocess {
		return false
	}
	for _, rd := range s.Redirs {
		target := rd.Word.Lit()
		if rd.Hdoc != nil || !(target == "/dev/null" || rd.Op == syntax.DplOut && (target == "2" || target == "1")) {
			return false
		}
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		return r.call(c)
	case *syntax.DeclClause:
		// export NAME, export NAME=VALUE
		if c.Variant == nil || c.Variant.Value != "export" {
			return false
		}
		for _, as := range c.Args {
			if as.Name == nil || !activateVars.Get()[as.Name.Value] && as.Name.Value != "VIRTUAL_ENV_PROMPT" {
				return false
			}
			if !as.Naked && !r.assign(as.Name.Value, as.Value, as.Append || as.Index != nil || as.Array != nil) {
				return false
			}
		}
		return true
	case *syntax.IfClause:
		for cl := c; cl != nil; cl = cl.Else {
			if !r.stmts(cl.Cond, inFunc) || !r.stmts(cl.Then, inFunc) {
				return false
			}
		}
		return true
	case *syntax.BinaryCmd:
		return (c.Op == syntax.AndStmt || c.Op == syntax.OrStmt) && r.stmt(c.X, inFunc) && r.stmt(c.Y, inFunc)
	case *syntax.Subshell:
		return r.stmts(c.Stmts, inFunc)
	case *syntax.Block:
		return r.stmts(c.Stmts, inFunc)
	case *syntax.CaseClause:
		if !r.word(c.Word) {
			return false
		}
		for _, it := range c.Items {
			for _, p := range it.Patterns {
				if p.Lit() == "" {
					return false
				}
			}
			if !r.stmts(it.Stmts, inFunc) {
				return false
			}
		}
		return true
	case *syntax.FuncDecl:
		if inFunc || c.Name == nil || c.Body == nil {
			return false
		}
		switch c.Name.Value {
		case "deactivate":
			return r.stmt(c.Body, true)
		case "pydoc":
			return pydocBody(c.Body)
		}
	}
	return false
}

// pydocBody is virtualenv's pydoc function: python -m pydoc "$@".
func pydocBody(s *syntax.Stmt) bool {
	b, ok := s.Cmd.(*syntax.Block)
	if !ok || len(b.Stmts) != 1 {
		return false
	}
	c, ok := b.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(c.Assigns) > 0 || len(c.Args) != 4 || len(b.Stmts[0].Redirs) > 0 {
		return false
	}
	return c.Args[0].Lit() == "python" && c.Args[1].Lit() == "-m" && c.Args[2].Lit() == "pydoc" && wordShape(c.Args[3]) == "$@"
}

// call checks one simple command: an assignment an activate script makes,
// or one of the commands it runs.
func (r *activateReader) call(c *syntax.CallExpr) bool {
	for _, as := range c.Assigns {
		if !r.assign(as.Name.Value, as.Value, as.Append || as.Index != nil || as.Array != nil) {
			return false
		}
	}
	if len(c.Args) == 0 {
		return true
	}
	name := c.Args[0].Lit()
	args := c.Args[1:]
	if name == "" && len(c.Args) == 1 && wordShape(c.Args[0]) == "$(command)" {
		// virtualenv's $(command -v cygpath &> /dev/null) test.
		return r.word(c.Args[0])
	}
	for _, a := range args {
		if !r.word(a) {
			return false
		}
	}
	switch name {
	case "unset":
		for _, a := range args {
			if t := a.Lit(); t != "-f" && t != "-v" && !activateVars.Get()[t] && t != "VIRTUAL_ENV_PROMPT" && t != "deactivate" && t != "pydoc" {
				return false
			}
		}
		return true
	case "hash":
		return len(args) == 1 && args[0].Lit() == "-r"
	case "deactivate":
		return len(args) == 1 && args[0].Lit() == "nondestructive"
	case "alias", "unalias":
		return len(args) == 1 && args[0].Lit() == "pydoc"
	case "command":
		return len(args) == 2 && args[0].Lit() == "-v" && args[1].Lit() == "cygpath"
	case "[", "test", "true", ":", "echo", "exit", "return":
		return true
	}
	return activateHelpers.Get()[name]
}

// word checks a word an activate script uses: literal text, quotes, and
// expansions that only read variables (with a default) or run one of its
// helper programs.
func (r *activateReader) word(w *syntax.Word) bool {
	if w == nil {
		return true
	}
	for _, p := range w.Parts {
		if !r.part(p) {
			return false
		}
	}
	return true
}

func (r *activateReader) part(p syntax.WordPart) bool {
	switch x := p.(type) {
	case *syntax.Lit, *syntax.SglQuoted:
		return true
	case *syntax.DblQuoted:
		for _, q := range x.Parts {
			if !r.part(q) {
				return false
			}
		}
		return true
	case *syntax.ParamExp:
		if x.Excl || x.Slice != nil || x.Repl != nil || x.Names != 0 || x.Flags != nil || x.NestedParam != nil || len(x.Modifiers) > 0 {
			return false
		}
		if x.Index != nil {
			if lit, ok := x.Index.(*syntax.Word); !ok || lit.Lit() != "0" {
				return false
			}
		}
		if x.Exp != nil {
			switch x.Exp.Op {
			case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			default:
				return false
			}
			return r.word(x.Exp.Word)
		}
		return true
	case *syntax.CmdSubst:
		if len(x.Stmts) != 1 {
			return false
		}
		c, ok := x.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(c.Assigns) > 0 || len(c.Args) == 0 || x.Stmts[0].Background {
			return false
		}
		for _, rd := range x.Stmts[0].Redirs {
			if rd.Word.Lit() != "/dev/null" {
				return false
			}
		}
		if name := c.Args[0].Lit(); !activateHelpers.Get()[name] && !(name == "command" && len(c.Args) == 3 && c.Args[1].Lit() == "-v" && c.Args[2].Lit() == "cygpath") {
			return false
		}
		for _, a := range c.Args[1:] {
			if !r.word(a) {
				return false
			}
		}
		return true
	}
	return false
}

// assign checks NAME=VALUE: only the activate script's variables, with the
// values it gives them.
func (r *activateReader) assign(name string, value *syntax.Word, compound bool) bool {
	if compound || !r.word(value) {
		return false
	}
	shape := ""
	if value != nil {
		shape = wordShape(value)
	}
	return r.assignText(name, shape)
}

// assignText checks a value by its shape (quotes removed, each expansion
// as $NAME or $(PROGRAM)).
func (r *activateReader) assignText(name, shape string) bool {
	switch name {
	case "PATH":
		switch shape {
		case "$VIRTUAL_ENV/bin:$PATH":
			r.setsPath = true
			return true
		case "$_OLD_VIRTUAL_PATH":
			return true
		}
		return false
	case "VIRTUAL_ENV":
		switch {
		case path.Clean(shape) == r.venv && !strings.Contains(shape, "$"):
			r.setsVenv = true
			return true
		case shape == "$(cygpath)":
			return true // only on Windows, in the branch that tests for it
		}
		return false
	case "PYTHONHOME":
		return shape == "$_OLD_VIRTUAL_PYTHONHOME"
	case "_OLD_VIRTUAL_PATH":
		return shape == "$PATH"
	case "_OLD_VIRTUAL_PYTHONHOME":
		return shape == "$PYTHONHOME"
	case "_OLD_VIRTUAL_PS1":
		return shape == "$PS1"
	case "PS1", "VIRTUAL_ENV_PROMPT":
		// The prompt: text and variables, or the folder's name.
		return !strings.Contains(shape, "$(") || shape == "$(basename)"
	}
	return false
}

// wordShape renders a word with quotes removed, each parameter expansion
// as $NAME (its default dropped) and each substitution as $(PROGRAM).
func wordShape(w *syntax.Word) string {
	var b strings.Builder
	var part func(p syntax.WordPart)
	part = func(p syntax.WordPart) {
		switch x := p.(type) {
		case *syntax.Lit:
			b.WriteString(x.Value)
		case *syntax.SglQuoted:
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				part(q)
			}
		case *syntax.ParamExp:
			if x.Param != nil {
				b.WriteString("$" + x.Param.Value)
			}
		case *syntax.CmdSubst:
			name := ""
			if len(x.Stmts) == 1 {
				if c, ok := x.Stmts[0].Cmd.(*syntax.CallExpr); ok && len(c.Args) > 0 {
					name = c.Args[0].Lit()
				}
			}
			b.WriteString("$(" + name + ")")
		default:
			b.WriteString("$?")
		}
	}
	for _, p := range w.Parts {
		part(p)
	}
	return b.String()
}
