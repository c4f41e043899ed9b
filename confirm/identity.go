package confirm

import (
	"encoding/json"
	"errors"
	"path"
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// Identity is what makes two calls the same call.
type Identity struct {
	// Key is the digest of the call's normalised parts and folder.
	Key [16]byte
	// Files are the absolute paths whose content decides what the call
	// does, sorted; their state is summed by FilesSum.
	Files []string
}

// maxCommand bounds the command text an identity is made of: a longer one
// is not compared (a person does not review a 64 KB command line twice).
const maxCommand = 64 << 10

// Of returns a call's identity; an error says why the call has none.
func Of(az *shell.Analyzer, c arbiter.Call) (Identity, error) {
	if az == nil {
		az = &shell.Analyzer{}
	}
	var in map[string]any
	if err := json.Unmarshal(c.Input, &in); err != nil {
		return Identity{}, errors.New("the tool input is not a JSON object")
	}
	dir := path.Clean(c.Dir())
	if !path.IsAbs(dir) {
		return Identity{}, errors.New("the call's folder is not known")
	}
	var k keyWriter
	k.add("tool", c.Tool, "dir", dir, "project", path.Clean(c.ProjectDir))
	res := paths.New(c.ProjectDir, dir, c.Home)
	var files []string
	if c.Tool == "Bash" {
		cmd, _ := in["command"].(string)
		fs, err := commandKey(az, &k, cmd, res)
		if err != nil {
			return Identity{}, err
		}
		files = fs
	} else {
		delete(in, "description") // the agent's words, not what the call does
		b, err := json.Marshal(in)
		if err != nil || len(b) > maxCommand {
			return Identity{}, errors.New("the tool input cannot be compared")
		}
		k.add("input", string(b))
		for _, key := range []string{"file_path", "notebook_path", "path"} {
			if p, ok := in[key].(string); ok && p != "" {
				files = append(files, res.Resolve(p, ""))
			}
		}
	}
	return Identity{Key: k.sum(), Files: sortedUnique(files)}, nil
}

// commandKey adds a shell command's structure and simple commands to the
// key, and returns the files its words name.
func commandKey(az *shell.Analyzer, k *keyWriter, cmd string, res paths.Resolver) ([]string, error) {
	switch {
	case strings.TrimSpace(cmd) == "":
		return nil, errors.New("the command is empty")
	case len(cmd) > maxCommand:
		return nil, errors.New("the command is longer than " + strconv.Itoa(maxCommand>>10) + " KB")
	}
	shape, err := structure(cmd)
	if err != nil {
		return nil, err
	}
	k.add("shape", shape)
	a := az.Analyze(cmd)
	if len(a.Problems) > 0 {
		return nil, errors.New("the shell analysis could not read all of it (" + string(a.Problems[0].Kind) + ")")
	}
	if len(a.Functions) > 0 || len(a.Sets) > 0 {
		return nil, errors.New("it defines functions or sets variables")
	}
	var files []string
	for i := range a.Commands {
		fs, err := segmentKey(k, &a.Commands[i], res)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	return files, nil
}

// segmentKey adds one simple command to the key; the files its words
// name (arguments, the program run by path, files read by redirection)
// are returned.
func segmentKey(k *keyWriter, c *shell.Command, res paths.Resolver) ([]string, error) {
	if c.Program == "" || c.DirUnknown {
		return nil, errors.New("a program or folder is only known at run time")
	}
	k.add("cmd", shell.Canonical(c.Program), c.Name, c.Dir, strings.Join(c.Via, " "), c.Ctx.String(), strconv.Itoa(c.Depth), c.Origin)
	words := []shell.Word{}
	for _, e := range c.Env {
		k.add("env", e.Name, e.Value.Text)
		words = append(words, e.Value)
	}
	var files []string
	if strings.Contains(c.Name, "/") {
		files = append(files, res.Resolve(c.Name, c.Dir))
	}
	for _, w := range c.Args {
		k.add("arg", w.Text)
		words = append(words, w)
		if w.Text != "" && !strings.HasPrefix(w.Text, "-") {
			files = append(files, res.Resolve(w.Text, c.Dir))
		} else if _, v, ok := strings.Cut(w.Text, "="); ok && v != "" {
			files = append(files, res.Resolve(v, c.Dir)) // --file=PATH
		}
	}
	files = append(files, programFiles(shell.Canonical(c.Program), res.Resolve(".", c.Dir), res.Project)...)
	for _, r := range c.Redirs {
		k.add("redir", r.Fd, r.Op, r.Target.Text)
		words = append(words, r.Target)
		if r.Reads() {
			files = append(files, res.Resolve(r.Target.Text, c.Dir))
		}
	}
	k.add("stdin", strconv.Itoa(int(c.Stdin.Kind)), c.Stdin.Text, strconv.FormatBool(c.Stdin.Known), strings.Join(c.Stdin.From, " "))
	for _, w := range words {
		if w.Dynamic || w.Glob || len(w.From) > 0 {
			return nil, errors.New("a word is only known at run time: " + w.Text)
		}
	}
	return files, nil
}

// structure renders how a command line joins its commands (the
// operators, grouping and compound commands, in order), which the list of
// simple commands alone does not say: a && b and a || b run the same
// programs under different conditions.
func structure(cmd string) (string, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return "", errors.New("the command does not parse: " + err.Error())
	}
	var b strings.Builder
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			b.WriteString("stmt")
			for _, flag := range []bool{n.Negated, n.Background, n.Coprocess, n.Disown} {
				b.WriteString(strconv.FormatBool(flag)[:1])
			}
		case *syntax.BinaryCmd:
			b.WriteString("op" + n.Op.String())
		case *syntax.CallExpr:
			b.WriteString("call")
		case *syntax.Subshell, *syntax.Block, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause,
			*syntax.CaseClause, *syntax.FuncDecl, *syntax.DeclClause, *syntax.LetClause, *syntax.TestClause,
			*syntax.ArithmCmd, *syntax.TimeClause, *syntax.CoprocClause, *syntax.CmdSubst, *syntax.ProcSubst:
			b.WriteString(typeName(n))
		default:
			return true
		}
		b.WriteByte(' ')
		return true
	})
	return b.String(), nil
}

// typeName names a syntax node's type.
func typeName(n syntax.Node) string {
	switch n.(type) {
	case *syntax.Subshell:
		return "subshell"
	case *syntax.Block:
		return "block"
	case *syntax.IfClause:
		return "if"
	case *syntax.WhileClause:
		return "while"
	case *syntax.ForClause:
		return "for"
	case *syntax.CaseClause:
		return "case"
	case *syntax.FuncDecl:
		return "func"
	case *syntax.DeclClause:
		return "decl"
	case *syntax.LetClause:
		return "let"
	case *syntax.TestClause:
		return "test"
	case *syntax.ArithmCmd:
		return "arith"
	case *syntax.TimeClause:
		return "time"
	case *syntax.CoprocClause:
		return "coproc"
	case *syntax.CmdSubst:
		return "cmdsubst"
	case *syntax.ProcSubst:
		return "procsubst"
	}
	return "node"
}

// keyWriter sums length-prefixed fields, so that no two lists of fields
// give the same text.
type keyWriter struct{ b strings.Builder }

func (k *keyWriter) add(fields ...string) {
	for _, f := range fields {
		k.b.WriteString(strconv.Itoa(len(f)))
		k.b.WriteByte(':')
		k.b.WriteString(f)
	}
	k.b.WriteByte('\n')
}

func (k *keyWriter) sum() [16]byte { return arbiter.ContentSum([]byte(k.b.String())) }

// sortedUnique drops empty and relative paths and repeats.
func sortedUnique(ps []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range ps {
		if p == "" || !path.IsAbs(p) || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Input is the digest of a call's exact input, to find the call among a
// session file's when the runtime gives the hook no id: the tool and the
// command of a shell call, the tool and its whole input otherwise (the
// description, the agent's words, left out).
func Input(c arbiter.Call) [16]byte {
	var k keyWriter
	var in map[string]any
	if json.Unmarshal(c.Input, &in) != nil {
		k.add(c.Tool, "raw", string(c.Input))
		return k.sum()
	}
	if cmd, ok := in["command"].(string); ok && c.Tool == "Bash" {
		k.add(c.Tool, "command", cmd)
		return k.sum()
	}
	delete(in, "description")
	b, _ := json.Marshal(in)
	k.add(c.Tool, "input", string(b))
	return k.sum()
}
