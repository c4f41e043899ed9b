package policy

import (
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"

	"mvdan.cc/sh/v3/syntax"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// bash judges a shell command segment by segment; the strictest wins.
func (j *judgement) bash(command string) {
	if selfJustifyingLine(command) {
		j.fireWith(catalog.H1SelfJustifying, "", "text inside the command (a comment, an echoed string or a variable name) vouches for the command, and text inside a call is never permission")
	}
	j.script(command)
}

// script judges shell code segment by segment: a command line, or a
// script the command runs.
func (j *judgement) script(command string) {
	a := j.analyze(command)
	j.shell = a
	j.recordLinks(a)
	// Files the enclosing command wrote stay written inside the scripts
	// it runs.
	written := j.writtenFiles(a)
	if len(j.written) > 0 {
		merged := maps.Clone(j.written)
		maps.Copy(merged, written)
		written = merged
	}
	j.written = written
	j.problems(a)
	j.sets(a)
	j.throughNewLinks(a)
	for i := range a.Commands {
		j.command(a, &a.Commands[i])
	}
	j.codeProblems(a)
	j.flows(a)
	j.forkBomb(a, command)
	if len(j.findings) == 0 {
		j.fire(catalog.D1NothingRuns, "")
	}
}

// shellSelfJustifying finds vouching text where a shell command can carry
// it: comments, echoed strings and variable names.
var shellSelfJustifying = lazyregexp.New(`(?i)(?:#|\becho\s+["']?|\bprintf\s+["']?|\b[A-Z_]*=).*` + selfJustifying.String()[4:])

// selfJustifyingLine reports whether some line of a command vouches for
// it. Vouching text sits on one line (a comment, an echoed string, an
// assignment); testing only the lines holding a vouching word keeps long
// scripts cheap.
func selfJustifyingLine(command string) bool {
	if !vouchingWords(command) {
		return false
	}
	for line := range strings.Lines(command) {
		if vouchingWords(line) && shellSelfJustifying.MatchString(line) {
			return true
		}
	}
	return false
}

// vouchingWords is a cheap test for the words selfJustifying looks for,
// so that long scripts without them skip the regular expression.
func vouchingWords(s string) bool {
	low := strings.ToLower(s)
	for _, w := range []string{"approv", "authori", "permit", "allowed", "safe", "harmless", "risk", "user", "ignore", "do not", "should", "must", "reviewer"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

func (j *judgement) problems(a *shell.Analysis) {
	for _, p := range a.Problems {
		switch p.Kind {
		case shell.ForkBomb:
			j.fireWith(catalog.A3ForkBomb, "", p.Detail+", which exhausts the machine")
		case shell.Obfuscated:
			j.fireWith(catalog.A7DecodedExecution, "", p.Detail+"; hidden code cannot be reviewed")
		case shell.Interactive:
			j.fireInstead(catalog.H8Interactive, "", p.Detail+", and an interactive program hangs the agent", "run it non-interactively: pass the command or script as an argument (sh -c '…', python script.py, psql -c '…', ssh host 'cmd')")
		case shell.ParseError:
			j.fireWith(catalog.UParseError, "", "the command cannot be parsed as Bash ("+p.Detail+")")
		case shell.DynamicProgram:
			j.fireWith(catalog.UDynamicProgram, "", p.Detail+", so what runs cannot be known in advance")
		case shell.DynamicCode:
			if codeGuess(p.Detail) != "" {
				continue // judged after the commands, by codeProblems
			}
			j.fireWith(catalog.UDynamicCode, "", p.Detail)
		case shell.Definition:
			j.fireWith(catalog.UDefinition, "", p.Detail)
		case shell.UnboundedLoop:
			j.fireWith(catalog.UUnboundedLoop, "", p.Detail+" and hang the agent")
		case shell.ExecOption:
			j.fireWith(catalog.BOptionRunsProgram, "", p.Detail)
		case shell.FetchesPackage:
			j.fireWith(catalog.B4Install, "", p.Detail)
		case shell.Unresolved:
			j.fireWith(catalog.UUnresolved, "", p.Detail)
		case shell.ZshSyntax:
			j.fireWith(catalog.UZshSyntax, "", p.Detail)
		case shell.WrapperOption:
			j.fireWith(catalog.UUnknownOption, "", p.Detail)
		case shell.TooDeep:
			j.fireWith(catalog.UTooDeep, "", p.Detail)
		case shell.TooLarge:
			j.fireWith(catalog.UTooLarge, "", p.Detail)
		default: // shell.Unhandled, and any kind added later
			j.fireWith(catalog.UUnhandledSyntax, "", p.Detail)
		}
	}
}

// forkBomb finds functions that start copies of themselves without bound:
// a function that reaches itself again, directly or through others, from a
// pipeline, a subshell or the background (:(){ :|:& };:). Each copy then
// lives in its own process. A function that pipes into another, or calls
// itself in the same process, is not one.
func (j *judgement) forkBomb(a *shell.Analysis, command string) {
	if len(a.Functions) == 0 {
		return
	}
	bomb, seen := spawningRecursion(shellSources(a, command), a.Functions)
	if !seen {
		// Some definition lies where the parse above does not reach (eval,
		// interpreter code): fall back to the analysis's contexts.
		bomb = ""
		defined := map[string]bool{}
		for _, f := range a.Functions {
			defined[f] = true
		}
		for _, c := range a.Commands {
			if c.Ctx&shell.InFunction != 0 && defined[c.Name] && c.Ctx&(shell.InBackground|shell.InPipeline) != 0 {
				bomb = c.Name
				break
			}
		}
	}
	if bomb != "" {
		j.fire(catalog.A3ForkBomb, bomb)
		return
	}
	j.fireWith(catalog.UDefinition, strings.Join(a.Functions, ", "), "the command defines shell functions, which can shadow programs")
}

// shellSources returns the command and the scripts of the shells it runs
// with -c, where functions may be defined too.
func shellSources(a *shell.Analysis, command string) []string {
	out := []string{command}
	for _, c := range a.Commands {
		if len(out) > 16 {
			break
		}
		if !shell.SpeaksSh(c.Program) {
			continue
		}
		for k, w := range c.Args {
			if (w.Text == "-c" || shortFlag(w.Text, 'c')) && k+1 < len(c.Args) {
				out = append(out, c.Args[k+1].Text)
				break
			}
		}
	}
	return out
}

// spawningRecursion parses the sources and returns a function that reaches
// itself through a call that starts a process. seen reports whether every
// function named in want was found defined there.
func spawningRecursion(sources []string, want []string) (bomb string, seen bool) {
	type edge struct {
		to    string
		spawn bool
	}
	calls := map[string][]edge{}
	var order []string // definition order, so the answer names the same function every time
	parser := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for _, src := range sources {
		file, err := parser.Parse(strings.NewReader(src), "")
		if err != nil {
			continue
		}
		syntax.Walk(file, func(n syntax.Node) bool {
			fn, ok := n.(*syntax.FuncDecl)
			if !ok || fn.Name == nil || fn.Body == nil {
				return true
			}
			name := fn.Name.Value
			if _, ok := calls[name]; !ok {
				order = append(order, name)
			}
			calls[name] = append(calls[name], edge{}) // defined, maybe calling nothing
			spawned := map[*syntax.CallExpr]bool{}
			syntax.Walk(fn.Body, func(m syntax.Node) bool {
				if startsProcess(m) {
					syntax.Walk(m, func(k syntax.Node) bool {
						if call, ok := k.(*syntax.CallExpr); ok {
							spawned[call] = true
						}
						return true
					})
				}
				return true
			})
			syntax.Walk(fn.Body, func(m syntax.Node) bool {
				if call, ok := m.(*syntax.CallExpr); ok && len(call.Args) > 0 {
					if callee := call.Args[0].Lit(); callee != "" {
						calls[name] = append(calls[name], edge{callee, spawned[call]})
					}
				}
				return true
			})
			return true
		})
	}
	seen = true
	for _, f := range want {
		if _, ok := calls[f]; !ok {
			seen = false
		}
	}
	reaches := func(from, target string) bool {
		visited := map[string]bool{}
		stack := []string{from}
		for len(stack) > 0 {
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if f == target {
				return true
			}
			if visited[f] {
				continue
			}
			visited[f] = true
			for _, e := range calls[f] {
				if e.to != "" {
					stack = append(stack, e.to)
				}
			}
		}
		return false
	}
	for _, f := range order {
		for _, e := range calls[f] {
			if e.spawn && e.to != "" && reaches(e.to, f) {
				return f, seen
			}
		}
	}
	return "", seen
}

// startsProcess reports whether a node runs its commands in a new process:
// a pipeline, a subshell, a substitution, or a background job.
func startsProcess(n syntax.Node) bool {
	switch x := n.(type) {
	case *syntax.BinaryCmd:
		return x.Op == syntax.Pipe || x.Op == syntax.PipeAll
	case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
		return true
	case *syntax.Stmt:
		return x.Background || x.Coprocess
	}
	return false
}

// command judges one simple command.
func (j *judgement) command(a *shell.Analysis, c *shell.Command) {
	prev := j.current
	j.current = c
	defer func() { j.current = prev }()
	subj := c.String()
	j.redirects(c)
	j.environment(c, j.exported(a))
	if c.Has("sudo") || c.Has("doas") || c.Has("pkexec") || c.Has("su") || c.Has("runuser") {
		j.fireWith(catalog.B12Root, subj, "runs as root through "+firstVia(c, "sudo", "doas", "pkexec", "su", "runuser")+", where a mistake can damage the whole system")
	}
	for _, v := range c.Via {
		if why, ok := riskyWrappers.Get()[v]; ok {
			j.fireWith(why.id, subj, v+" "+why.reason)
		}
	}
	j.coverageConfig(c, subj)
	j.deciderSocket(c, subj)
	if c.Program == "" {
		return // redirections and assignments only, or an unresolved name (a problem)
	}
	j.programCase(c, subj)
	j.xargsNames(c, subj)
	j.toolSettings(c, subj)
	j.rustToolchain(c, subj)
	for _, f := range a.Functions {
		if c.Name == f {
			j.fire(catalog.DFunctionCall, subj)
			return
		}
	}
	if j.runnerScripts(c, subj) {
		return // a runner ran the project's script of that name, not the program
	}
	if j.projectBin(c, subj) {
		return // a Node runner ran the project's bin of that name
	}
	j.envBin(c, subj) // a Python or pixi runner may find it in the project's environment
	if j.bundleExec(c, subj) {
		return // bundle exec loads the Gemfile, Ruby arbiter does not read
	}
	if j.envRunners(c, subj) {
		return // conda run and mise exec set up an environment first
	}
	j.passedOnWrites(c)
	start := len(j.findings)
	if j.program(c, subj) && j.allowedSince(start) {
		if j.secretArgument(c, subj) {
			return
		}
		if j.runsHere(start) && j.outsideProject(c, subj) {
			return
		}
		j.understand(c)
	}
}

// throughNewLinks defers a step that names a path under the destination
// of an earlier extraction or recursive copy in the same command line: an
// archive or a copied tree can hold symbolic links arbiter has not seen
// (out.txt -> ~/.bashrc), so a write or read there may land anywhere.
func (j *judgement) throughNewLinks(a *shell.Analysis) {
	var dests []string
	for i := range a.Commands {
		c := &a.Commands[i]
		for _, d := range dests {
			for _, w := range append(append([]shell.Word(nil), c.Args...), redirectTargets(c)...) {
				if w.Dynamic || strings.HasPrefix(w.Text, "-") {
					continue
				}
				if abs := j.res.Resolve(w.Text, c.Dir); strings.HasPrefix(abs, d+"/") {
					j.fireWith(catalog.UUnlistedFiles, c.String(), "names "+w.Text+", under "+j.shownPath(d)+", where an earlier step of this command unpacked or copied files that may be links arbiter has not seen")
					return
				}
			}
		}
		if d := j.linkDestination(c); d != "" {
			dests = append(dests, d)
		}
	}
}

// linkDestination is where an extraction or a recursive copy puts files
// that may be links: tar -x (-C DIR), unzip (-d DIR), 7z x (-oDIR), and
// cp or rsync told to recurse or keep links (their last operand).
func (j *judgement) linkDestination(c *shell.Command) string {
	dir := func(v string) string { return j.res.Resolve(v, c.Dir) }
	switch shell.Canonical(c.Program) {
	case "tar":
		extract := false
		for k, a := range c.Args {
			t := a.Text
			extract = extract || t == "--extract" || t == "--get" || strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.ContainsRune(t, 'x') || k == 0 && !strings.HasPrefix(t, "-") && strings.ContainsRune(t, 'x')
		}
		if !extract {
			return ""
		}
		if v, ok := optionValue(c.Args, "-C", "--directory"); ok {
			return dir(v)
		}
		return dir(".")
	case "unzip":
		if v, ok := optionValue(c.Args, "-d"); ok {
			return dir(v)
		}
		return dir(".")
	case "7z":
		if c.Arg(0) != "x" && c.Arg(0) != "e" {
			return ""
		}
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a.Text, "-o"); ok && v != "" {
				return dir(v)
			}
		}
		return dir(".")
	case "cp", "rsync":
		if !hasFlag(c, 'a', "--archive") && !hasFlag(c, 'r', "--recursive") && !hasFlag(c, 'R') && !hasFlag(c, 'l', "--links") {
			return ""
		}
		ops := operands(c)
		if len(ops) < 2 || ops[len(ops)-1].Dynamic {
			return ""
		}
		return dir(ops[len(ops)-1].Text)
	}
	return ""
}

func redirectTargets(c *shell.Command) []shell.Word {
	var out []shell.Word
	for _, r := range c.Redirs {
		switch r.Op {
		case "<<", "<<-", "<<<", ">&", "<&":
			continue
		}
		out = append(out, r.Target)
	}
	return out
}

// testWriteFlags are the testing package's flags that write a file, which
// go test hands on to the test binary after -args.
var testWriteFlags = []string{"trace", "cpuprofile", "memprofile", "blockprofile", "mutexprofile", "coverprofile", "outputdir", "testlogfile", "gocoverdir", "fuzzcachedir"}

// passedOnWrites judges the files written by options a test runner passes
// on to what it runs, which the runner's own spec does not describe: go
// test -args -test.trace=F, cargo test -- --logfile F, pytest
// --cov-report=xml:F.
func (j *judgement) passedOnWrites(c *shell.Command) {
	var files []shell.Word
	value := func(k int, name string) (shell.Word, bool) {
		t := c.Args[k].Text
		if v, ok := strings.CutPrefix(t, name+"="); ok {
			return shell.Word{Text: v, Dynamic: c.Args[k].Dynamic}, true
		}
		if t == name && k+1 < len(c.Args) {
			return c.Args[k+1], true
		}
		return shell.Word{}, false
	}
	switch {
	case c.Program == "go" && (c.Arg(0) == "test" || c.Arg(0) == "vet"):
		after := false
		for k, a := range c.Args {
			after = after || a.Text == "-args" || a.Text == "--args"
			if !after {
				continue
			}
			for _, f := range testWriteFlags {
				for _, name := range []string{"-test." + f, "--test." + f} {
					if v, ok := value(k, name); ok {
						files = append(files, v)
					}
				}
			}
		}
	case c.Program == "cargo":
		after := false
		for k, a := range c.Args {
			after = after || a.Text == "--"
			if v, ok := value(k, "--logfile"); ok && after {
				files = append(files, v)
			}
		}
	case c.Program == "pytest" || shell.Interpreter(c.Program) == "python" && c.Arg(0) == "-m" && c.Arg(1) == "pytest":
		for k := range c.Args {
			if v, ok := value(k, "--cov-report"); ok {
				if _, dest, ok := strings.Cut(v.Text, ":"); ok && dest != "" {
					files = append(files, shell.Word{Text: dest, Dynamic: v.Dynamic})
				}
			}
		}
	}
	j.writeArgs(c, files)
}

// flagged is a name that makes a command risky on its own: the rule it
// raises and why.
type flagged struct {
	id     catalog.ID
	reason string
}

// riskyWrappers are wrappers that change where, as whom or how long the
// command runs, in ways the command itself does not show: their options
// (systemd-run -p ExecStartPre=, --on-calendar; nsenter -t 1) are not read.
var riskyWrappers = lazy.New(func() map[string]flagged {
	return map[string]flagged{
		"systemd-run": {catalog.B5SystemConfig, "runs the command as a system unit, whose properties can run other programs or repeat it on a timer"},
		"chroot":      {catalog.B12Root, "runs the command inside another root directory, as root, with that tree's programs"},
		"nsenter":     {catalog.B12Root, "runs the command inside another process's namespaces, which can leave a container"},
		"unshare":     {catalog.B12Root, "runs the command in new namespaces, possibly as a mapped root"},
		"setpriv":     {catalog.B12Root, "runs the command with changed privileges"},
		"direnv":      {catalog.BEnvInjection, "loads a directory's .envrc, shell code arbiter did not read, before the command"},
		"dotenv":      {catalog.BEnvInjection, "loads variables from a file arbiter did not read, which can make the command load other code"},
		"parallel":    {catalog.BOptionRunsProgram, "runs the command through GNU parallel, whose options can run it on other hosts or write logs anywhere"},
	}
})

// helpLoadsProject are programs whose help and version load the project's
// code first, so their rule decides those too: rails hands every command
// to the application's bin/rails, django-admin imports the settings.
func helpLoadsProject(program string) bool {
	return program == "rails" || program == "django-admin"
}

// ownEffect reports a command of a rule's program whose words reach a
// subcommand the spec gives an effect of its own.
func ownEffect(sp *spec.Spec, c *shell.Command) bool {
	if sp == nil || sp.Effect != spec.Ruled || len(sp.Subs) == 0 {
		return false
	}
	res := sp.Parse(c.ArgTexts())
	return res.Problem == nil && res.Spec != sp && res.Spec.Effect != spec.Ruled
}

// program applies the rule for the command's program. It reports whether
// the closed world applies: false for a file run by its path, whose
// arguments are the script's own business and whose content is judged.
func (j *judgement) program(c *shell.Command, subj string) bool {
	sp := spec.Lookup(c.Program)
	// A program run by a path outside the system's directories is a file
	// of its own (./sudo, build/rm), not the program its name says: its
	// --help is whatever the file does.
	named := c.Origin != "" || !strings.Contains(c.Name, "/") || systemBin(j.res.Lexical(c.Name, c.Dir))
	if helpOnly(c) && sp != nil && sp.Words() && named && !helpLoadsProject(c.Program) {
		j.fire(catalog.D1Help, subj)
		return true
	}
	if named && ownEffect(sp, c) {
		// A rule's subcommand with an effect of its own (twine check
		// reads, terraform fmt formats) is judged by it.
		j.bySpec(c, sp)
		return true
	}
	if rule := programRule(sp); rule != nil && named {
		rule(j, c)
		return true
	}
	// Risky by its name alone (osascript, ngrok): before the interpreter
	// and file checks, which would otherwise decide some of them.
	if r, ok := verdictRule(sp); ok && named {
		j.fireWith(r.ID, subj, sp.Why)
		return true
	}
	if lang := shell.Interpreter(c.Program); lang != "" {
		j.interpreter(c, lang)
		return true
	}
	if strings.HasPrefix(c.Program, "mkfs") || strings.HasPrefix(c.Program, "mke2fs") || strings.HasPrefix(c.Program, "mkswap") {
		j.formatImage(c, subj)
		return true
	}
	if strings.Contains(c.Name, "/") && !systemBin(j.res.Lexical(c.Name, c.Dir)) {
		j.runFile(c, c.Name, subj)
		if nodeModulesBin(c) {
			j.binAsProgram(c, path.Base(c.Name), subj)
		}
		j.venvScriptRuns(c, subj)
		return false
	}
	if sp != nil {
		j.bySpec(c, sp)
		return true
	}
	if j.missingProgram(c, subj) {
		return false // runs nothing, so its words say nothing
	}
	j.fireWith(catalog.UUnknownProgram, subj, "arbiter does not know what "+c.Program+" does; a contributor adds its spec to spec/programs.txt")
	return true
}

// writtenFiles records the files a command line writes before it may run
// them, so that "write a script, then run it" is judged by the script,
// whichever program wrote it. A directory an archive is unpacked into is
// recorded with a trailing slash: any file under it has unknown content.
func (j *judgement) writtenFiles(a *shell.Analysis) map[string]writtenFile {
	var out map[string]writtenFile
	record := func(abs string, f writtenFile) {
		if abs == "" {
			return
		}
		if out == nil {
			out = map[string]writtenFile{}
		}
		out[abs] = f
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		record := func(abs string, f writtenFile) {
			f.by = c
			record(abs, f)
		}
		producer := c.Program
		if producer == "" {
			producer = c.Name
		}
		stdin := func() writtenFile {
			if c.Stdin.Kind != shell.NoInput && c.Stdin.Known {
				return writtenFile{text: c.Stdin.Text, known: true, producer: producer}
			}
			return writtenFile{producer: producer}
		}
		// copied gives what a copy of the file src holds.
		copied := func(src shell.Word) writtenFile {
			if src.Text == "/dev/stdin" || src.Text == "-" {
				return stdin()
			}
			abs := j.res.Resolve(src.Text, c.Dir)
			if f, ok := out[abs]; ok {
				return f
			}
			if src.Dynamic || src.Glob {
				return writtenFile{producer: producer}
			}
			return writtenFile{from: abs, producer: producer}
		}
		for _, r := range c.Redirs {
			if !r.Writes() || r.Target.Dynamic {
				continue
			}
			f := writtenFile{producer: producer}
			if text, ok := printedText(c); ok {
				f = writtenFile{text: text, known: true, producer: producer}
			} else if c.Program == "cat" {
				switch ops := operands(c); len(ops) {
				case 0:
					f = stdin()
				case 1:
					f = copied(ops[0])
				}
			}
			abs := j.res.Resolve(r.Target.Text, c.Dir)
			switch r.Op {
			case ">>", "&>>", ">>|", "&>>|":
				f = j.appended(abs, out, f)
			case "<>":
				f = writtenFile{producer: producer} // written over from the start, the rest kept
			}
			record(abs, f)
		}
		j.compileOutputs(c, record)
		switch shell.Canonical(c.Program) {
		case "curl", "wget":
			for _, o := range curlTransfer(c).output {
				record(j.res.Resolve(o.Text, c.Dir), writtenFile{producer: c.Program})
			}
			if c.Program == "wget" && len(curlTransfer(c).output) == 0 {
				for _, h := range c.Args {
					if !strings.HasPrefix(h.Text, "-") {
						record(j.res.Resolve(path.Base(h.Text), c.Dir), writtenFile{producer: c.Program})
					}
				}
			}
		case "xxd", "zip", "ar", "ranlib":
			// The files their specs name as written (xxd's output, the
			// archive) hold bytes the command does not show.
			if sp := spec.Lookup(c.Program); sp != nil {
				for _, v := range sp.Parse(c.ArgTexts()).Values {
					if v.Kind == spec.Write {
						record(j.res.Resolve(v.Text, c.Dir), writtenFile{producer: c.Program})
					}
				}
			}
		case "tee":
			for _, o := range operands(c) {
				abs := j.res.Resolve(o.Text, c.Dir)
				if hasFlag(c, 'a', "--append") {
					record(abs, j.appended(abs, out, stdin()))
				} else {
					record(abs, stdin())
				}
			}
		case "cp", "mv", "ln", "install", "rsync":
			if ops := operands(c, "-t", "--target-directory", "-m", "--mode", "-o", "--owner", "-g", "--group", "-S", "--suffix"); len(ops) >= 2 {
				dest := ops[len(ops)-1]
				for _, src := range ops[:len(ops)-1] {
					f := copied(src)
					record(j.res.Resolve(dest.Text, c.Dir), f)
					record(j.res.Resolve(path.Join(dest.Text, path.Base(src.Text)), c.Dir), f)
				}
				// A folder copied in brings files whose names and content the
				// command does not show: cp -r /tmp/evil/. . && bash run.sh.
				if c.Program == "rsync" || hasFlag(c, 'r', "--recursive") || hasFlag(c, 'R') || hasFlag(c, 'a', "--archive") {
					record(strings.TrimSuffix(j.res.Resolve(dest.Text, c.Dir), "/")+"/", writtenFile{producer: c.Program})
				}
			}
		case "dd":
			var from *shell.Word
			for _, a := range c.Args {
				if v, ok := strings.CutPrefix(a.Text, "if="); ok {
					from = &shell.Word{Text: v, Dynamic: a.Dynamic}
				}
			}
			for _, a := range c.Args {
				if v, ok := strings.CutPrefix(a.Text, "of="); ok {
					f := stdin()
					if from != nil {
						f = copied(*from)
					}
					record(j.res.Resolve(v, c.Dir), f)
				}
			}
		case "touch":
			for _, o := range operands(c, "-d", "-r", "-t", "--reference", "--date") {
				// touch empties nothing: only a file it creates is known to
				// be empty.
				if abs := j.res.Resolve(o.Text, c.Dir); out[abs] == (writtenFile{}) && !exists(abs) {
					record(abs, writtenFile{known: true, producer: "touch"})
				}
			}
		case "sed", "perl", "ruby", "ed", "ex":
			if c.Program == "ed" || c.Program == "ex" || hasFlag(c, 'i', "--in-place") {
				for _, o := range operands(c, "-e", "-f", "--expression", "--file", "-p", "-o", "--output") {
					record(j.res.Resolve(o.Text, c.Dir), writtenFile{producer: c.Program})
				}
			}
		case "tar", "unzip", "7z", "git", "patch":
			// Unpacking or checking out writes files that cannot be listed
			// in advance; mark the directory.
			dir := "."
			for k, a := range c.Args {
				switch {
				case (a.Text == "-C" || a.Text == "-d" || a.Text == "--directory") && k+1 < len(c.Args):
					dir = c.Args[k+1].Text
				case strings.HasPrefix(a.Text, "--directory="):
					dir = strings.TrimPrefix(a.Text, "--directory=")
				case c.Program != "git" && len(a.Text) > 2 && (strings.HasPrefix(a.Text, "-C") || strings.HasPrefix(a.Text, "-d")):
					dir = a.Text[2:]
				}
			}
			if c.Program != "git" || len(c.Args) > 0 && changesTree.Get()[c.Args[0].Text] && !newBranchOnly(c) {
				record(strings.TrimSuffix(j.res.Resolve(dir, c.Dir), "/")+"/", writtenFile{producer: c.Program})
			}
		}
	}
	return out
}

// appended is what a file holds after the command line adds f to its
// end: what the line wrote there before, or what is on disk (nothing when
// there is no file), followed by f. Unknown when either part is.
func (j *judgement) appended(abs string, out map[string]writtenFile, f writtenFile) writtenFile {
	prior, ok := out[abs]
	if !ok {
		prior, ok = j.written[abs]
	}
	if !ok {
		got, err := j.read(abs)
		switch {
		case project.IsNotExist(err):
			prior = writtenFile{known: true}
		case err == nil && got.Kind == project.Text:
			prior = writtenFile{text: got.Text, known: true}
		}
	}
	if !prior.known || !f.known {
		return writtenFile{producer: f.producer}
	}
	return writtenFile{text: prior.text + f.text, known: true, producer: f.producer}
}

// newBranchOnly reports whether a git checkout or switch only makes a
// branch at the commit checked out (checkout -b NAME, switch -c NAME),
// which leaves the work tree as it is.
func newBranchOnly(c *shell.Command) bool {
	args := c.ArgTexts()
	if len(args) != 3 || args[0] != "checkout" && args[0] != "switch" {
		return false
	}
	return args[1] == "-b" || args[1] == "-B" || args[0] == "switch" && (args[1] == "-c" || args[1] == "-C")
}

// changesTree are git subcommands that rewrite the work tree with content
// the command does not show: another branch, a stash, a merge, a patch.
var changesTree = lazy.New(func() map[string]bool {
	return map[string]bool{
		"apply": true, "am": true, "checkout": true, "switch": true, "merge": true, "cherry-pick": true, "revert": true,
		"pull": true, "rebase": true, "reset": true, "restore": true, "stash": true, "read-tree": true, "worktree": true,
	}
})

// ranWritten judges running a file the same command line wrote; true
// when the file was written there. file may be a glob, which runs every
// written file it matches.
func (j *judgement) ranWritten(c *shell.Command, file, abs string, glob bool, subj string) bool {
	var hits []writtenFile
	for k, f := range j.written {
		switch {
		case k == abs:
		case strings.HasSuffix(k, "/") && strings.HasPrefix(abs, k):
		case glob:
			if ok, _ := path.Match(abs, k); !ok {
				continue
			}
		default:
			continue
		}
		hits = append(hits, f)
	}
	for _, f := range hits {
		j.judgeWritten(c, file, f, subj)
	}
	return len(hits) > 0
}

// judgeWritten judges running one file whose content this command wrote.
func (j *judgement) judgeWritten(c *shell.Command, file string, f writtenFile, subj string) {
	switch {
	case f.build != nil:
		j.runCompiled(c, file, f.build, subj)
	case f.known:
		j.scriptContent(c, file, f.text, subj)
	case f.from != "":
		got, err := j.read(f.from)
		switch {
		case project.IsNotExist(err):
			j.fireWith(catalog.D4RunProjectCode, subj, "the file it copies does not exist, so nothing runs")
		case err != nil || got.Kind != project.Text:
			j.fireWith(catalog.UUnreadableScript, subj, "runs a copy of "+f.from+", which arbiter cannot read as a script")
		default:
			j.scriptContent(c, file, got.Text, subj)
		}
	case f.producer == "curl" || f.producer == "wget":
		j.fireWith(catalog.B9RunDownloaded, subj, "runs a file it has just downloaded, without review: whoever controls that URL controls this machine")
	case f.producer == "base64" || f.producer == "xxd" || f.producer == "openssl" || f.producer == "uudecode" || f.producer == "gpg":
		j.fireWith(catalog.A7DecodedExecution, subj, "runs a file it has just decoded, so nobody can review what runs")
	default:
		j.fireWith(catalog.UDynamicCode, subj, "runs a file the same command wrote with "+f.producer+", whose content cannot be known in advance")
	}
}

func firstVia(c *shell.Command, names ...string) string {
	for _, v := range c.Via {
		for _, n := range names {
			if v == n {
				return v
			}
		}
	}
	return names[0]
}

func systemBin(abs string) bool {
	for _, dir := range []string{"/bin/", "/usr/bin/", "/usr/local/bin/", "/sbin/", "/usr/sbin/", "/opt/homebrew/bin/", "/usr/local/sbin/"} {
		if strings.HasPrefix(abs, dir) && !strings.Contains(abs[len(dir):], "/") {
			return true
		}
	}
	return false
}

// analyze runs the shell analysis with the policy's analyzer.
func (j *judgement) analyze(command string) *shell.Analysis {
	az := j.az
	if az == nil {
		az = &shell.Analyzer{}
	}
	return az.AnalyzeWith(command, shellHost{j})
}

// programCase defers a program named in another case than the one its
// rules describe (Ls, GREP; a spec lists a program's own capitals as
// aliases: rscript,Rscript) where the file system tells case apart: the
// name runs whatever file of that spelling is on PATH, not ls. Rules
// still judge it by the lower-cased name, so what they deny stays denied;
// where case folds (macOS, Windows), LS is ls.
func (j *judgement) programCase(c *shell.Command, subj string) {
	if j.res.FoldCase {
		return
	}
	base := c.Name
	if strings.Contains(base, "/") || base == c.Program || strings.ToLower(base) != c.Program {
		return // a path names its file, which the rules read as it is spelt
	}
	if s := spec.Lookup(c.Program); s != nil && slices.Contains(s.Aliases, base) {
		return // spelt as the program is (R, Rscript: the spec names both)
	}
	j.fireWith(catalog.UUnknownProgram, subj, "runs "+base+", which is not "+c.Program+" on a file system that tells case apart")
}
