package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"

	"mvdan.cc/sh/v3/syntax"
)

// call handles one simple command: assignments, words and redirections.
func (w *walker) call(c *syntax.CallExpr, redirs []Redirect, ctx Context) {
	in := w.stdin
	w.stdin = nil
	for _, r := range redirs {
		switch r.Op {
		case "<<", "<<-":
			in = &Input{Kind: HereDoc, Text: r.Target.Text, Known: !r.Target.Dynamic}
		case "<<<":
			in = &Input{Kind: HereStr, Text: r.Target.Text + "\n", Known: !r.Target.Dynamic}
		case "<":
			in = &Input{Kind: File, Text: r.Target.Text, Known: !r.Target.Dynamic}
		}
	}
	w.see(c)
	var env []Assign
	for _, as := range c.Assigns {
		if len(c.Args) == 0 {
			env = append(env, w.assign(as, ctx))
			continue
		}
		// A prefix assignment applies to that command only.
		env = append(env, w.assignWords(as, ctx))
	}
	var words []Word
	for i, arg := range c.Args {
		if as := keywordAssign(arg); i > 0 && w.keyword && as != nil {
			w.see(arg)
			w.see(arg.Parts[0])
			env = append(env, w.assignWords(as, ctx))
			continue
		}
		words = append(words, w.expandArgs(arg, ctx)...)
	}
	cmd := Command{Env: env, Redirs: redirs, Ctx: ctx, Dir: w.dir, DirUnknown: w.dirLost, Depth: w.shells, Via: append([]string(nil), w.via...)}
	if in != nil {
		cmd.Stdin = *in
	}
	if len(words) == 0 {
		if len(env) > 0 || len(redirs) > 0 {
			w.add(cmd)
		}
		return
	}
	w.resolve(cmd, words)
}

// keywordAssign reads a word as the assignment it is in keyword mode
// (ls X=1 is X=1 ls), or returns nil when it does not start with an
// unquoted NAME=.
func keywordAssign(word *syntax.Word) *syntax.Assign {
	if len(word.Parts) == 0 {
		return nil
	}
	lit, ok := word.Parts[0].(*syntax.Lit)
	if !ok {
		return nil
	}
	name, plus, n := keywordName(lit.Value)
	if n == 0 {
		return nil
	}
	value := &syntax.Word{}
	if rest := lit.Value[n:]; rest != "" {
		value.Parts = append(value.Parts, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: rest})
	}
	value.Parts = append(value.Parts, word.Parts[1:]...)
	return &syntax.Assign{Append: plus, Name: &syntax.Lit{ValuePos: lit.ValuePos, Value: name}, Value: value}
}

// keywordName reads the NAME= (or NAME+=) that starts s: the name,
// whether it is +=, and the length of all of it, 0 when s does not start
// with one. Not a regular expression: nearly every command reaches this,
// and a fresh process would compile the expression for it alone.
func keywordName(s string) (name string, plus bool, n int) {
	eq := strings.IndexByte(s, '=')
	if eq < 0 {
		return "", false, 0
	}
	name, plus = strings.CutSuffix(s[:eq], "+")
	if !syntax.ValidName(name) {
		return "", false, 0
	}
	return name, plus, eq + 1
}

// resolve follows wrappers and runners to the program that actually runs,
// records it, and looks inside whatever it runs in turn.
func (w *walker) resolve(cmd Command, words []Word) {
	for hops := 0; ; hops++ {
		if hops > 16 {
			w.problem(TooDeep, "more than 16 wrappers around one command")
			break
		}
		first := words[0]
		cmd.Name, cmd.Args = first.Text, words[1:]
		if first.Dynamic {
			cmd.Program = ""
			w.problem(DynamicProgram, "the program name %q is only known at run time", clip(first.Text, 60))
			w.add(cmd)
			return
		}
		cmd.Program = programName(first.Text)
		next, wrapped := w.unwrap(&cmd)
		if !wrapped {
			break
		}
		if len(next) == 0 {
			break
		}
		cmd.Via = append(cmd.Via, cmd.Program)
		words = next
	}
	if w.deactivate(&cmd) {
		return
	}
	w.fromVenv(&cmd)
	w.implied(&cmd)
	w.add(cmd)
	w.inside(&cmd)
	w.track(&cmd)
}

// unwrap returns the words of the command a wrapper or runner runs.
func (w *walker) unwrap(cmd *Command) ([]Word, bool) {
	args := cmd.Args
	prog := cmd.Program
	if prog == "command" && len(args) > 0 && (args[0].Text == "-v" || args[0].Text == "-V") {
		return nil, false // a lookup, not a run
	}
	if prog == "busybox" || prog == "toybox" {
		if len(args) > 0 && !strings.HasPrefix(args[0].Text, "-") {
			return args, true
		}
		return nil, false
	}
	if prog == "coverage" {
		return w.coverageRun(args)
	}
	if prog == "conda" || prog == "mise" || prog == "direnv" {
		sub := map[string]string{"conda": "run", "mise": "exec", "direnv": "exec"}[prog]
		if len(args) == 0 || args[0].Text != sub {
			return nil, false
		}
		args = args[1:]
		if prog == "direnv" && len(args) > 0 {
			args = args[1:]
		}
		i, _ := options(args, []string{"-n", "--name", "-p", "--prefix", "-C", "--cd"}, nil)
		return args[i:], true
	}
	if spec, ok := wrapperFor(prog); ok {
		i, scripts := options(args, spec.valued, spec.script)
		if opt, ok := spec.unknownOption(args[:min(i, len(args))]); ok {
			w.problem(WrapperOption, "%s %s is not an option arbiter knows to change only how the command runs", prog, clip(opt, 60))
		}
		for _, s := range scripts {
			w.nested(*cmd, s, nil, prog)
		}
		for k := 0; k < i && k < len(args); k++ {
			name, val, attached := strings.Cut(args[k].Text, "=")
			op := ">>"
			switch {
			case contains(spec.writes, name):
			case contains(spec.reads, name):
				op = "<"
			default:
				continue
			}
			target := Word{Text: val, Dynamic: args[k].Dynamic}
			if !attached && k+1 < len(args) {
				target = args[k+1]
			}
			cmd.Redirs = append(cmd.Redirs, Redirect{Op: op, Target: target})
		}
		if prog == "env" {
			// NAME=value words before the command are its environment.
			for i < len(args) && strings.Contains(args[i].Text, "=") && syntax.ValidName(strings.SplitN(args[i].Text, "=", 2)[0]) {
				name, val, _ := strings.Cut(args[i].Text, "=")
				cmd.Env = append(cmd.Env, Assign{Name: name, Value: Word{Text: val, Dynamic: args[i].Dynamic}})
				i++
			}
			if len(scripts) > 0 {
				return nil, false
			}
		}
		if prog == "su" || prog == "runuser" {
			if len(scripts) > 0 {
				return nil, false
			}
			// su USER: an interactive login shell.
			if prog == "su" {
				if i >= len(args) || len(args)-i <= 1 {
					w.problem(Interactive, "su without -c opens an interactive shell")
				}
				return nil, false
			}
		}
		if (prog == "flock" || prog == "script") && len(scripts) > 0 {
			return nil, false
		}
		i += spec.positional
		if i > len(args) {
			return nil, false
		}
		rest := args[i:]
		if spec.stringCmd && len(rest) > 0 {
			if contains(wordTexts(args[:i]), "-x") || contains(wordTexts(args[:i]), "--exec") {
				return rest, true
			}
			w.nested(*cmd, Word{Text: joinWords(rest), Dynamic: anyDynamic(rest)}, nil, prog)
			return nil, false
		}
		if prog == "xargs" {
			return w.xargs(cmd, args[:i], rest), true
		}
		if prog == "parallel" {
			for k, r := range rest {
				if r.Text == ":::" || r.Text == "::::" {
					rest = rest[:k]
					break
				}
			}
			if len(rest) == 1 && strings.Contains(rest[0].Text, " ") {
				w.nested(*cmd, rest[0], nil, prog)
				return nil, false
			}
		}
		if (prog == "sudo" || prog == "doas") && len(rest) == 0 {
			for _, a := range args {
				if a.Text == "-s" || a.Text == "-i" || a.Text == "--shell" || a.Text == "--login" {
					w.problem(Interactive, "%s without a command opens an interactive root shell", prog)
				}
			}
		}
		return rest, true
	}
	if spec, ok := runnerFor(prog); ok {
		sub := ""
		if len(spec.sub) > 0 {
			i, _ := options(args, spec.valued, nil)
			if i >= len(args) || !contains(spec.sub, args[i].Text) {
				return nil, false
			}
			w.runnerDir(cmd, spec, args[:i])
			sub = args[i].Text
			args = args[i+1:]
		}
		i, scripts := options(args, spec.valued, spec.script)
		for _, s := range scripts {
			w.nested(*cmd, s, nil, prog)
		}
		w.runnerDir(cmd, spec, args[:i])
		for _, a := range args[:i] {
			name, _, _ := strings.Cut(a.Text, "=")
			if contains(spec.fetch, name) {
				w.problem(ExecOption, "%s %s downloads and installs a package before running, code arbiter cannot read", prog, name)
			}
		}
		if i >= len(args) {
			return nil, false
		}
		if contains(spec.registry, sub) {
			w.problem(FetchesPackage, "%s downloads the package %s from a registry and runs its program, code arbiter cannot read", strings.TrimSpace(prog+" "+sub), args[i].Text)
		}
		rest := append([]Word(nil), args[i:]...)
		if prog != "uv" && prog != "poetry" && prog != "pdm" && prog != "hatch" && prog != "pipenv" && prog != "rye" && prog != "bundle" && prog != "pixi" && prog != "mamba" && prog != "micromamba" {
			// The first word names a package; its program is the package's bin.
			rest[0].Text = packageBin(rest[0].Text)
		}
		return rest, true
	}
	return nil, false
}

func wordTexts(ws []Word) []string {
	out := make([]string, len(ws))
	for i, x := range ws {
		out[i] = x.Text
	}
	return out
}

// xargs builds the command xargs runs: its own words plus the input.
func (w *walker) xargs(cmd *Command, opts, rest []Word) []Word {
	replace := ""
	for k, o := range opts {
		switch {
		case o.Text == "-I" && k+1 < len(opts):
			replace = opts[k+1].Text
		case strings.HasPrefix(o.Text, "-I") && len(o.Text) > 2:
			replace = o.Text[2:]
		case strings.HasPrefix(o.Text, "--replace="):
			replace = strings.TrimPrefix(o.Text, "--replace=")
		case o.Text == "-i" || o.Text == "--replace":
			replace = "{}"
		case o.Text == "-p" || o.Text == "--interactive":
			w.problem(Interactive, "xargs -p asks for confirmation on the terminal")
		}
	}
	if len(rest) == 0 {
		rest = []Word{{Text: "echo"}}
	}
	input := Word{Text: "{input}", Dynamic: true}
	var items []Word
	if cmd.Stdin.Kind != NoInput && cmd.Stdin.Known && cmd.Stdin.Kind != File {
		text := strings.TrimRight(cmd.Stdin.Text, "\n")
		if replace != "" {
			for _, line := range strings.Split(text, "\n") {
				items = append(items, Word{Text: line})
			}
		} else {
			for _, f := range strings.Fields(text) {
				items = append(items, Word{Text: f})
			}
		}
	}
	out := make([]Word, 0, len(rest)+len(items))
	if replace != "" {
		for _, r := range rest {
			if strings.Contains(r.Text, replace) {
				if len(items) == 1 {
					r.Text = strings.ReplaceAll(r.Text, replace, items[0].Text)
				} else {
					r.Text = strings.ReplaceAll(r.Text, replace, input.Text)
					r.Dynamic = true
				}
			}
			out = append(out, r)
		}
		return out
	}
	out = append(out, rest...)
	if items != nil {
		return append(out, items...)
	}
	if listed, ok := w.findListing(cmd, opts); ok {
		cmd.Via = append(cmd.Via, "find") // judged as find -exec CMD {} + is
		return append(out, listed...)
	}
	return append(out, input)
}

// findListing returns the words that stand for what xargs reads when
// its input is the output of one find that only prints names below
// plain roots relative to the working folder that do not climb out of it
// (a search of the work at hand; a find of ~ or /var keeps its answer):
// ROOT/* per root, as find -exec's {} is read. False for
// any other input, an option of xargs that reads its input otherwise
// (-a, -d, -E, -I, -L) or a find that acts (-exec, -delete), writes,
// prints anything but names, or follows links.
func (w *walker) findListing(cmd *Command, opts []Word) ([]Word, bool) {
	if cmd.Stdin.Kind != Pipe || len(cmd.Stdin.From) != 1 || cmd.Stdin.From[0] != "find" || cmd.Stdin.Known {
		return nil, false
	}
	for _, r := range cmd.Redirs {
		if r.Reads() {
			return nil, false // xargs -a FILE
		}
	}
	null, ok := xargsListOpts(opts)
	if !ok {
		return nil, false
	}
	var find *Command
	for i := len(w.a.Commands) - 1; i >= 0; i-- {
		if w.a.Commands[i].Program == "find" {
			find = &w.a.Commands[i]
			break
		}
	}
	if find == nil || len(find.Via) > 0 || find.DirUnknown || find.Dir != cmd.Dir {
		return nil, false
	}
	var roots []string
	k := 0
	for ; k < len(find.Args) && !strings.HasPrefix(find.Args[k].Text, "-") && find.Args[k].Text != "(" && find.Args[k].Text != "!"; k++ {
		a := find.Args[k]
		if a.Dynamic || a.Glob || a.Text == "" || strings.HasPrefix(a.Text, "/") || strings.HasPrefix(a.Text, "~") || slices.Contains(strings.Split(a.Text, "/"), "..") {
			return nil, false
		}
		roots = append(roots, a.Text)
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	print0 := false
	for _, a := range find.Args[k:] {
		if a.Dynamic {
			return nil, false
		}
		switch a.Text {
		case "-print0":
			print0 = true
		case "-L", "-H", "-follow", "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls", "-printf", "-ls", "-files0-from":
			return nil, false
		}
	}
	if print0 != null {
		return nil, false // names and separators do not match
	}
	kind := ListedByBlanks
	if null {
		kind = ListedByNull
	}
	out := make([]Word, 0, len(roots))
	for _, r := range roots {
		out = append(out, Word{Text: strings.TrimSuffix(r, "/") + "/*", Glob: true, Listed: kind})
	}
	return out, true
}

// xargsListOpts reads the options of xargs that leave each name it reads
// one argument (or words of one): -r, -t, -x, -0, -n N, -P N, -s N.
// null reports -0; false for any other option.
func xargsListOpts(opts []Word) (null, ok bool) {
	for k := 0; k < len(opts); k++ {
		t := opts[k].Text
		switch {
		case t == "-r" || t == "--no-run-if-empty" || t == "-t" || t == "--verbose" || t == "-x" || t == "--exit":
		case t == "-0" || t == "--null":
			null = true
		case t == "-n" || t == "-P" || t == "-s":
			if k+1 >= len(opts) || !digitsOnly(opts[k+1].Text) {
				return false, false
			}
			k++
		case len(t) > 2 && (t[:2] == "-n" || t[:2] == "-P" || t[:2] == "-s") && digitsOnly(t[2:]):
		case strings.HasPrefix(t, "--max-args=") && digitsOnly(t[len("--max-args="):]), strings.HasPrefix(t, "--max-procs=") && digitsOnly(t[len("--max-procs="):]):
		default:
			return false, false
		}
	}
	return null, true
}

func digitsOnly(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// nested analyses a command line that a program runs through a shell.
func (w *walker) nested(outer Command, script Word, positional []Word, via string) {
	if script.Dynamic {
		w.problem(DynamicCode, "%s runs a command line that is only known at run time", via)
		return
	}
	saved, lost := w.via, w.dirLost
	w.via = append(append([]string(nil), outer.Via...), via)
	if via == "ssh" || via == "trap" {
		// A remote command runs in a directory of the remote host; a trap
		// action runs wherever the shell is when the signal comes.
		w.dirLost = true
	}
	w.script(script.Text, w.shells+1, outer.Ctx|Nested, positional)
	w.via, w.dirLost = saved, lost
	if currentShell.Get()[via] {
		// The text ran in this shell: whatever it assigned or cd'd to
		// holds for the commands after it.
		w.varsLost, w.dirLost = true, true
	}
}

// currentShell lists the runners whose text runs in the shell that runs
// them, not in a shell of its own.
var currentShell = lazy.New(func() map[string]bool {
	return map[string]bool{"eval": true, "mapfile -C": true, "readarray -C": true, "source": true}
})

// runWords analyses a command given as separate words (find -exec, git
// aliases), in the current shell.
func (w *walker) runWords(outer Command, words []Word, via string) {
	if len(words) == 0 {
		return
	}
	cmd := Command{Ctx: outer.Ctx, Dir: outer.Dir, DirUnknown: outer.DirUnknown, Depth: outer.Depth, Via: append(append([]string(nil), outer.Via...), via)}
	w.resolve(cmd, words)
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// runnerDir moves the command into the directory a runner's option names
// (poetry -C DIR run pytest runs pytest in DIR), as cd would.
func (w *walker) runnerDir(cmd *Command, spec runner, opts []Word) {
	for k := 0; k < len(opts); k++ {
		name, val, attached := strings.Cut(opts[k].Text, "=")
		if !contains(spec.dirs, name) {
			continue
		}
		word := Word{Text: val, Dynamic: opts[k].Dynamic}
		if !attached {
			if k+1 >= len(opts) {
				return
			}
			k++
			word = opts[k]
		}
		if strings.HasSuffix(word.Text, ".toml") {
			word.Text = path.Dir(word.Text) // a manifest file: its folder
		}
		switch {
		case word.Dynamic:
			cmd.DirUnknown = true
		case path.IsAbs(word.Text) || strings.HasPrefix(word.Text, "~"):
			cmd.Dir = word.Text
		default:
			base := cmd.Dir
			if base == "" {
				base = "."
			}
			cmd.Dir = path.Join(base, word.Text)
		}
	}
}
