package policy

import (
	"regexp"
	"strings"

	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// bash judges a shell command segment by segment; the strictest wins.
func (j *judgement) bash(command string) {
	if shellSelfJustifying.MatchString(command) {
		j.ask("H1.self-justifying", "", "text inside the command (a comment, an echoed string or a variable name) vouches for the command, and text inside a call is never permission")
	}
	a := shell.Analyze(command)
	j.problems(a)
	for i := range a.Commands {
		j.command(a, &a.Commands[i])
	}
	j.flows(a)
	j.forkBomb(a)
	if len(j.findings) == 0 {
		j.allow("D1.nothing-runs", "", "the command runs nothing")
	}
}

// shellSelfJustifying finds vouching text where a shell command can carry
// it: comments, echoed strings and variable names.
var shellSelfJustifying = regexp.MustCompile(`(?i)(?:#|\becho\s+["']?|\bprintf\s+["']?|\b[A-Z_]*=).*` + selfJustifying.String()[4:])

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
	if readOnly[c.Program] {
		j.allow("D1.read-only", subj, "reads or prints without changing anything")
		j.readArgs(c)
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
	switch {
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
