package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// bash judges a shell command segment by segment; the strictest wins.
func (j *judgement) bash(command string) {
	if selfJustifyingLine(command) {
		j.ask("H1.self-justifying", "", "text inside the command (a comment, an echoed string or a variable name) vouches for the command, and text inside a call is never permission")
	}
	a := j.analyze(command)
	j.written = j.writtenFiles(a)
	j.problems(a)
	for i := range a.Commands {
		j.command(a, &a.Commands[i])
	}
	j.codeProblems(a)
	j.flows(a)
	j.forkBomb(a)
	if len(j.findings) == 0 {
		j.allow("D1.nothing-runs", "", "the command runs nothing")
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
			j.deny("A3.fork-bomb", "", p.Detail+", which exhausts the machine", "run a bounded number of jobs and wait for them")
		case shell.Obfuscated:
			j.deny("A7.decoded-execution", "", p.Detail+"; hidden code cannot be reviewed", "write the code out in plain text so it can be reviewed")
		case shell.Interactive:
			j.deny("H8.interactive", "", p.Detail+", and an interactive program hangs the agent", "run it non-interactively: pass the command or script as an argument (sh -c '…', python script.py, psql -c '…', ssh host 'cmd')")
		case shell.ParseError:
			j.defer_("U.parse-error", "", "the command cannot be parsed as Bash ("+p.Detail+")")
		case shell.DynamicProgram:
			j.defer_("U.dynamic-program", "", p.Detail+", so what runs cannot be known in advance")
		case shell.DynamicCode:
			if codeGuess(p.Detail) != "" {
				continue // judged after the commands, by codeProblems
			}
			j.defer_("U.dynamic-code", "", p.Detail)
		case shell.Definition:
			j.defer_("U.definition", "", p.Detail)
		case shell.UnboundedLoop:
			j.defer_("U.unbounded-loop", "", p.Detail+" and hang the agent")
		case shell.ExecOption:
			j.ask("U.runs-a-program", "", p.Detail)
		default:
			j.defer_("U."+string(p.Kind), "", p.Detail)
		}
	}
}

// forkBomb finds functions that start copies of themselves in the background
// or in pipelines: the classic :(){ :|:& };: and its variants.
func (j *judgement) forkBomb(a *shell.Analysis) {
	if len(a.Functions) == 0 {
		return
	}
	defined := map[string]bool{}
	for _, f := range a.Functions {
		defined[f] = true
	}
	for _, c := range a.Commands {
		if c.Ctx&shell.InFunction != 0 && defined[c.Name] && c.Ctx&(shell.InBackground|shell.InPipeline) != 0 {
			j.deny("A3.fork-bomb", c.Name, "a function starts copies of itself in the background without bound, which exhausts the machine", "run a bounded number of jobs and wait for them")
			return
		}
	}
	j.defer_("U.definition", strings.Join(a.Functions, ", "), "the command defines shell functions, which can shadow programs")
}

// command judges one simple command.
func (j *judgement) command(a *shell.Analysis, c *shell.Command) {
	subj := c.String()
	j.redirects(c)
	j.environment(c)
	if c.Has("sudo") || c.Has("doas") || c.Has("pkexec") || c.Has("su") || c.Has("runuser") {
		j.ask("B12.root", subj, "runs as root through "+firstVia(c, "sudo", "doas", "pkexec", "su", "runuser")+", where a mistake can damage the whole system")
	}
	if c.Program == "" {
		return // redirections and assignments only, or an unresolved name (a problem)
	}
	if len(c.Args) == 1 && c.Origin == "" {
		switch c.Args[0].Text {
		case "--help", "--version", "-V", "--Version", "-version", "-help":
			j.allow("D1.help", subj, "prints the program's help or version")
			return
		}
	}
	for _, f := range a.Functions {
		if c.Name == f {
			j.allow("D.function-call", subj, "calls a function defined in the same command, whose body is judged")
			return
		}
	}
	if rule := ruleFor(c.Program); rule != nil && (c.Origin != "" || !strings.Contains(c.Name, "/") || systemBin(j.res.Resolve(c.Name, c.Dir))) {
		rule(j, c)
		return
	}
	if lang := shell.Interpreter(c.Program); lang != "" {
		j.interpreter(c, lang)
		return
	}
	if strings.HasPrefix(c.Program, "mkfs") || strings.HasPrefix(c.Program, "mke2fs") || strings.HasPrefix(c.Program, "mkswap") {
		j.rawDisk(c, subj)
		return
	}
	if strings.Contains(c.Name, "/") && !systemBin(j.res.Resolve(c.Name, c.Dir)) {
		j.runFile(c, c.Name, subj)
		return
	}
	if producers[c.Program] {
		j.readArgs(c)
		j.writeArgs(c, operands(c, "-o", "-S", "--suffix", "-b", "-l", "-n", "-f", "-r", "-t", "-T", "-F", "-s", "-i", "-q", "-d", "-a", "-c", "-C"))
		return
	}
	if readOnly[c.Program] {
		j.allow("D1.read-only", subj, "reads or prints without changing anything")
		j.readArgs(c)
		j.outputOptions(c)
		return
	}
	if builders[c.Program] {
		j.allow("D5.build", subj, "builds, tests or checks the project")
		return
	}
	if formatters[c.Program] {
		j.allow("D3.format", subj, "formats or lints code")
		return
	}
	if why, ok := riskyPrograms[c.Program]; ok {
		j.ask(why.id, subj, why.reason)
		return
	}
	j.defer_("U.unknown-program", subj, "arbiter does not know what "+c.Program+" does")
}

// outputOptions judges the files that otherwise read-only programs write
// when told to: sort -o, uniq's second operand, awk -i inplace.
func (j *judgement) outputOptions(c *shell.Command) {
	var out []shell.Word
	for k, a := range c.Args {
		next := func() {
			if k+1 < len(c.Args) {
				out = append(out, c.Args[k+1])
			}
		}
		switch {
		case c.Program == "sort" && (a.Text == "-o" || a.Text == "--output"):
			next()
		case c.Program == "sort" && strings.HasPrefix(a.Text, "--output="):
			out = append(out, shell.Word{Text: a.Text[len("--output="):]})
		case c.Program == "sort" && strings.HasPrefix(a.Text, "-o") && len(a.Text) > 2:
			out = append(out, shell.Word{Text: a.Text[2:]})
		case (c.Program == "awk" || c.Program == "gawk") && (a.Text == "-i" && k+1 < len(c.Args) && c.Args[k+1].Text == "inplace" || a.Text == "--inplace" || a.Text == "-iinplace"):
			ops := operands(c, "-i", "-f", "-v", "-F")
			if len(ops) > 1 {
				out = append(out, ops[2:]...)
				if ops[0].Text != "inplace" {
					out = append(out, ops[1])
				}
			}
		}
	}
	if c.Program == "uniq" {
		if ops := operands(c, "-f", "-s", "-w"); len(ops) == 2 {
			out = append(out, ops[1])
		}
	}
	if len(out) > 0 {
		j.writeArgs(c, out)
	}
}

// writtenFiles records the files a command line writes before it may run
// them, so that "write a script, then run it" is judged by the script.
func (j *judgement) writtenFiles(a *shell.Analysis) map[string]writtenFile {
	var out map[string]writtenFile
	record := func(abs string, f writtenFile) {
		if out == nil {
			out = map[string]writtenFile{}
		}
		out[abs] = f
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		for _, r := range c.Redirs {
			if !r.Writes() || r.Target.Dynamic {
				continue
			}
			abs := j.res.Resolve(r.Target.Text, c.Dir)
			text, ok := printedText(c)
			record(abs, writtenFile{text: text, known: ok, producer: c.Program})
		}
		switch c.Program {
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
		case "cp", "mv", "ln":
			if ops := operands(c); len(ops) == 2 {
				if f, ok := out[j.res.Resolve(ops[0].Text, c.Dir)]; ok {
					record(j.res.Resolve(ops[1].Text, c.Dir), f)
				}
			}
		}
	}
	return out
}

// ranWritten judges running a file the same command line wrote; true
// when the file was written there.
func (j *judgement) ranWritten(abs, subj string) bool {
	f, ok := j.written[abs]
	if !ok {
		return false
	}
	switch {
	case f.known:
		inner := &judgement{call: j.call, res: j.res}
		inner.bash(f.text)
		for _, g := range inner.findings {
			if g.verdict != arbiter.Allow {
				g.subject = subj
				j.add(g)
			}
		}
		j.allow("D4.run-project-code", subj, "runs a script written by the same command, judged by its content")
	case f.producer == "curl" || f.producer == "wget":
		j.ask("B9.run-downloaded", subj, "runs a file it has just downloaded, without review: whoever controls that URL controls this machine")
	case f.producer == "base64" || f.producer == "xxd" || f.producer == "openssl" || f.producer == "uudecode" || f.producer == "gpg":
		j.deny("A7.decoded-execution", subj, "runs a file it has just decoded, so nobody can review what runs", "write the code out in plain text so it can be reviewed")
	default:
		j.defer_("U.dynamic-code", subj, "runs a file the same command produced with "+f.producer)
	}
	return true
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

// runFile judges running a program by its path: the project's own scripts
// and binaries are routine; anything else is not known.
func (j *judgement) runFile(c *shell.Command, file, subj string) {
	abs := j.res.Resolve(file, c.Dir)
	place := j.res.Classify(abs, false)
	if j.ranWritten(abs, subj) {
		return
	}
	switch {
	case place == paths.Null:
		j.defer_("U.dynamic-code", subj, "runs code from a file descriptor the analysis cannot see")
	case c.DirUnknown && !strings.HasPrefix(file, "/"):
		j.defer_("U.unknown-directory", subj, "runs a file relative to a directory the analysis cannot tell")
	case place.Inside() || place == paths.ProjectRoot:
		j.allow("D4.run-project-code", subj, "runs the project's own script or program")
	default:
		j.defer_("C.run-outside-code", subj, "runs a program from outside the project")
	}
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
	if j.az == nil {
		return shell.Analyze(command)
	}
	return j.az.Analyze(command)
}
