package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// command is one subcommand: how it is called and what it does.
type command struct {
	name string
	// usage is the synopsis after "usage: ", one line per form.
	usage string
	// about says what the command does and anything its flags do not.
	about string
	run   func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
	// ownHelp is true for commands whose flag set prints this help on
	// -h (see newFlags); for the others help adds their flag defaults.
	ownHelp bool
}

// commandTable lists every subcommand, in the order usage shows them;
// built on first use, since a hook call never needs it (and set in init
// because help, which reads it, is one of its commands).
var commandTable lazy.Value[[]command]

func init() { commandTable = lazy.New(commandList) }

// commands returns every subcommand.
func commands() []command { return commandTable.Get() }

func commandList() []command {
	return []command{
		{name: "check", ownHelp: true, run: check,
			usage: "arbiter check [--json] [--project DIR] 'COMMAND'\n       arbiter check [--json] [--project DIR] -- WORDS…\n       arbiter check --json < call.json\n       arbiter check --jsonl < calls.jsonl",
			about: `Explains arbiter's decision for a shell command, or decides Calls read as
JSON. A Call is {"tool", "input", "project_directory", "cwd", "home",
"request": [...], "peer": [...], "permission_mode", "id"}; "home" defaults to
yours, as in the hook, and the id comes back as the same JSON value. Flags go before the command; after --, every word is the command's.

` + checkExitHelp()},
		{name: "explain", ownHelp: true, run: explainCmd,
			usage: "arbiter explain [--json] [--project DIR] 'COMMAND'\n       arbiter explain [--project DIR] -- WORDS…",
			about: `The same as arbiter check, and for a command line it also says what each
rule that fired answers and means, and how they made the decision.

` + checkExitHelp()},
		{name: "hook", ownHelp: true, run: hookCmd,
			usage: "arbiter hook RUNTIME [--fail-closed]",
			about: `Answers one hook payload of a runtime (` + runtimeList() + `)
read on stdin, in the form that runtime reads. The runtimes run this; arbiter
install sets it up. Unreadable input is answered with defer (the runtime's own
flow), or with the runtime's deny under --fail-closed. The exit status is 0
whenever an answer was written. The arbiter-hook program (arbiter-hook
RUNTIME [--fail-closed]) answers alike from a small front end; user-level
installs run it when it is installed beside arbiter. On Linux both hand the
call to the decider (arbiter help decider) when one runs.`},
		{name: "decider", ownHelp: true, run: deciderCmd,
			usage: "arbiter decider [--idle DURATION]",
			about: `The long-lived decider the hooks hand their calls to (Linux): started by the
hook itself when none is running, it answers on a socket under arbiter's cache
folder that only you can reach, runs each call in the caller's environment and
folder, and stops after --idle without a call, when arbiter is upgraded, or
when ARBITER_DECIDER=off. The hooks check that it runs this very program as
you, and decide in their own process whenever it cannot be used. There is no
need to run it by hand.`},
		{name: "install", ownHelp: true, run: func(a []string, _ io.Reader, o, e io.Writer) int { return installCmd(a, o, e, false) },
			usage: "arbiter install RUNTIME [--project [--local]] [--dry-run] [--binary PATH]",
			about: wrap(`Adds arbiter's hook to a runtime's settings (`+runtimeList()+`), keeping every
other setting and the original file beside it. With --project, the
repository's settings at its root (found by walking up to .git), written so
that every checkout can use them. What each runtime needs beyond the file
(Codex: trusting the hook) is printed after the change.`, 76)},
		{name: "uninstall", ownHelp: true, run: func(a []string, _ io.Reader, o, e io.Writer) int { return installCmd(a, o, e, true) },
			usage: "arbiter uninstall RUNTIME [--project [--local]] [--dry-run]",
			about: `Removes arbiter's hook from a runtime's settings, restoring the original file
byte for byte when nothing else changed since install.`},
		{name: "doctor", ownHelp: true, run: func(a []string, _ io.Reader, o, e io.Writer) int { return doctor(a, o, e) },
			usage: "arbiter doctor [--no-judge]",
			about: `Checks that arbiter works where it is installed: the configuration loads (a
broken one is named first, with its cause and fix), each installed hook runs
and answers a sample call, each runtime will run it (Codex: trusted, and not
changed since), and a configured judge answers one probe request within the
hooks' timeouts. Nothing doctor sends is written to the decision log. The
exit status is 1 when a problem was found.`},
		{name: "allow", run: func(a []string, in io.Reader, o, e io.Writer) int { return allowCmd(a, in, o, e, os.Getenv) },
			usage: "arbiter allow [--project] [--yes] [--message TEXT] -- PROGRAM ARGS…",
			about: `Approves one command prefix for good: shows what arbiter answers today and
the rule it would add to your config file, then adds it after you confirm at
a terminal (or with --yes). Shells, interpreters, launchers, wrappers and
multi-purpose tools without a subcommand are refused, with a narrower
suggestion. Only a person may run it: the agent's shell is not a terminal,
and arbiter denies arbiter allow from the agent.`},
		{name: "rules", run: func(a []string, _ io.Reader, o, e io.Writer) int { return rulesCmd(a, o, e) },
			usage: "arbiter rules [ID] [--markdown]",
			about: `Lists every rule arbiter has (id, answer, what it is about), or explains one:
its class, the confirmation policy's item it implements (or that it is
arbiter's own addition), what a denial says to do instead, and examples.
--markdown prints the catalogue as RULES.md.`},
		{name: "stats", run: func(a []string, _ io.Reader, o, e io.Writer) int { return stats(a, o, e) },
			usage: "arbiter stats [--json] [LOG]",
			about: `Summarises the decision log (ARBITER_LOG, or LOG).`},
		{name: "log", ownHelp: true, run: func(a []string, _ io.Reader, o, e io.Writer) int { return logCmd(a, o, e) },
			usage: "arbiter log [why] [--since T] [--decision D,…] [--rule ID] [--session S] [--project DIR] [--json] [--file LOG]",
			about: `Prints the hooks' decision log (the log and the files its rotation kept,
oldest first), filtered by time, decision, rule (an id or a family: B7,
R.managed), session or project. arbiter log why explains the most recent
prompt or denial: the call, the reason, who decided, each rule's meaning and
what to do instead. --json prints the records as the log holds them.`},
		{name: "replay", run: func(a []string, _ io.Reader, o, e io.Writer) int { return replayCmd(a, o, e) },
			usage: "arbiter replay [--since T] [--project DIR] [--runtime R] [--judge] [--json] [PATH…]",
			about: `Reads your agents' past sessions (Claude Code, Codex, Gemini CLI; all under
your home when no PATH is given), rebuilds each tool call as the hook would
have seen it, and decides it again, offline: what arbiter would have allowed,
asked, denied or deferred, beside what actually happened. Writes nothing.`},
		{name: "report", run: func(a []string, _ io.Reader, o, e io.Writer) int { return reportCmd(a, o, e) },
			usage: "arbiter report [--log FILE [--log FILE…] | --replay [PATH…]] [-o report.html]",
			about: `Writes one self-contained HTML page (no script, nothing fetched) of decisions
over time, by decision and rule, latency, waiting time and every deny and ask,
from the decision log or a replay. Many logs (a team's, or what the
Collector's file exporter gathered) make one report, with calls per user and
per project. It holds your commands, secrets replaced,
so it is created readable only by you (0600).`},
		{name: "eval", run: func(a []string, _ io.Reader, o, e io.Writer) int { return eval(a, o, e) },
			usage: "arbiter eval [--split dev|test] [--by set|category|rule] [--failures] [--json] FILE…",
			about: `Scores arbiter's decisions on labeled corpora (JSONL cases with "ok" and "ideal").`},
		{name: "version", ownHelp: true, run: func(a []string, _ io.Reader, o, e io.Writer) int { return version(a, o, e) },
			usage: "arbiter version",
			about: `Prints arbiter's version, the commit it was built from, and the Go version.`},
		{name: "help", ownHelp: true, run: help,
			usage: "arbiter help COMMAND",
			about: `Prints a command's usage and flags (as COMMAND -h does).`},
	}
}

// runtimeList names the runtimes, for help: every one in the registry.
func runtimeList() string { return strings.Join(agents.IDs(), ", ") }

// wrap refills a paragraph to lines of at most width bytes, for help
// whose length depends on the registry.
func wrap(text string, width int) string {
	var b strings.Builder
	line := 0
	for i, w := range strings.Fields(text) {
		switch {
		case i == 0:
		case line+1+len(w) > width:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}

// lookup returns the named command.
func lookup(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// mainUsage is what arbiter prints without a command.
func mainUsage() string {
	var b strings.Builder
	b.WriteString("arbiter decides whether an AI coding agent's tool call may run.\n\nUsage:\n")
	for _, c := range commands() {
		for _, l := range strings.Split(c.usage, "\n") {
			fmt.Fprintf(&b, "  %s\n", strings.TrimSpace(l))
		}
	}
	b.WriteString("\n`arbiter help COMMAND` (or COMMAND -h) explains a command and its flags.\n")
	return b.String()
}

// printHelp writes a command's help: usage, what it does, and flags.
func printHelp(w io.Writer, c command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", c.usage, c.about)
	if fs == nil {
		return
	}
	var flags bytes.Buffer
	fs.SetOutput(&flags)
	fs.PrintDefaults()
	fs.SetOutput(w)
	if flags.Len() > 0 {
		fmt.Fprintf(w, "\nflags:\n%s", flags.String())
	}
}

// newFlags returns a command's flag set: -h prints the command's help.
func newFlags(name string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	c, _ := lookup(name)
	fs.Usage = func() { printHelp(out, c, fs) }
	return fs
}

// parseFlags parses a command's flags. done is true when the command
// must stop, with status: 0 after -h, 2 for a mistake (already
// explained by the flag package).
func parseFlags(fs *flag.FlagSet, args []string) (status int, done bool) {
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0, true
	case err != nil:
		return 2, true
	}
	return 0, false
}

// isHelp reports whether an argument asks for help.
func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" }

func help(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stdout, mainUsage())
		return 0
	}
	if isHelp(args[0]) || args[0] == "help" {
		c, _ := lookup("help")
		printHelp(stdout, c, nil)
		return 0
	}
	c, ok := lookup(args[0])
	if !ok {
		unknownCommand(stderr, args[0])
		return 2
	}
	if c.ownHelp {
		return c.run([]string{"-h"}, nil, stdout, stdout)
	}
	// A command with the flag package's own usage: print ours, then its
	// flags without the flag package's heading.
	printHelp(stdout, c, nil)
	var flags bytes.Buffer
	c.run([]string{"-h"}, nil, &flags, &flags)
	if _, rest, ok := strings.Cut(flags.String(), ":\n"); ok {
		fmt.Fprintf(stdout, "\nflags:\n%s", rest)
	}
	return 0
}

// unknownCommand explains a command arbiter does not have, suggesting
// the nearest one when a typo is likely.
func unknownCommand(w io.Writer, name string) {
	fmt.Fprintf(w, "arbiter: unknown command %q", name)
	if s := suggest(name); s != "" {
		fmt.Fprintf(w, "; did you mean `arbiter %s`?", s)
	}
	fmt.Fprint(w, "\n\n"+mainUsage())
}

// suggest returns the command nearest to name, if it is near enough to
// be a typo: at most two edits, or a prefix of at least three letters.
func suggest(name string) string {
	best, bestD := "", 3
	for _, c := range commands() {
		d := editDistance(strings.ToLower(name), c.name)
		if len(name) >= 3 && (strings.HasPrefix(c.name, name) || strings.HasPrefix(name, c.name)) {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = c.name, d
		}
	}
	if bestD > 2 || bestD*2 >= len(name) {
		return ""
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (optimal string
// alignment) between a and b: a swap of two neighbours is one edit.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}

// version prints the version recorded in the build: the module version
// for `go install …@vX`, else the commit the binary was built from.
func version(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version", stderr)
	if status, done := parseFlags(fs, args); done {
		return status
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "arbiter version takes no arguments")
		return 2
	}
	fmt.Fprintln(stdout, versionLine())
	return 0
}

func versionLine() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "arbiter (no build information)"
	}
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var extra []string
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if r := settings["vcs.revision"]; r != "" {
		extra = append(extra, "commit "+r[:min(len(r), 12)])
	}
	if t := settings["vcs.time"]; t != "" {
		extra = append(extra, t)
	}
	if settings["vcs.modified"] == "true" {
		extra = append(extra, "with local changes")
	}
	line := "arbiter " + v
	if len(extra) > 0 {
		line += " (" + strings.Join(extra, ", ") + ")"
	}
	return line + " " + bi.GoVersion
}
