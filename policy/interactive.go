package policy

import (
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// batchForm says when an interactive program does not wait for a person:
// it is interactive because of the arguments it is given, not its name.
type batchForm struct {
	quits []string // options that print help, a version or a listing and exit
	batch []string // options that make it run once and print, with no terminal
	input bool     // the batch form reads its list from standard input
	does  string   // what the batch form does, for the reason
}

// batchForms holds the programs that are interactive with some arguments
// only. A two-letter name also matches inside a cluster (top -bn1), so a
// program whose long options take one dash (gdb -batch, lldb, jshell,
// micro) lists only its long forms. The spec blocks list the options each
// may be given with these.
var batchForms = lazy.New(func() map[string]batchForm {
	editor := batchForm{quits: []string{"--version", "-h", "--help"}}
	return map[string]batchForm{
		"fzf":  {quits: []string{"--version", "-h", "--help", "--man"}, batch: []string{"-f", "--filter"}, input: true, does: "filters the lines on its input by the pattern and prints the matches"},
		"top":  {quits: []string{"-h", "--help", "-V", "--version", "-O", "--list-fields"}, batch: []string{"-b", "--batch-mode", "-n", "--iterations", "-l"}, does: "prints process statistics and exits"},
		"htop": {quits: []string{"-h", "--help", "-V", "--version"}},
		"vim":  editor, "vi": editor, "nvim": editor,
		"gdb":     {quits: []string{"--version", "-version", "--help", "-help"}},
		"lldb":    {quits: []string{"--version", "--help"}},
		"emacs":   {quits: []string{"--version", "--help"}},
		"nano":    {quits: []string{"-V", "--version", "-h", "--help"}},
		"micro":   {quits: []string{"-version", "--version", "-help", "--help"}},
		"btop":    {quits: []string{"-v", "--version", "-h", "--help"}},
		"ipython": {quits: []string{"--version", "-h", "--help"}},
		"irb":     {quits: []string{"-v", "--version", "-h", "--help"}},
		"pry":     {quits: []string{"-v", "--version", "-h", "--help"}},
		"ghci":    {quits: []string{"--version", "--numeric-version", "--help", "-?"}},
		"iex":     {quits: []string{"-v", "--version", "-h", "--help"}},
		"jshell":  {quits: []string{"--version", "-version", "--help", "-help"}},
		"mc":      {quits: []string{"-V", "--version", "-h", "--help"}},
		"ranger":  {quits: []string{"--version", "-h", "--help"}},
		"vifm":    {quits: []string{"-v", "--version", "-h", "--help"}},
		"nnn":     {quits: []string{"-V", "-h"}},
		"dialog":  {quits: []string{"--version", "--help"}},
		"ed":      {quits: []string{"-V", "--version", "-h", "--help"}}, // no spec: ed's !command runs a shell
		"atop":    {quits: []string{"-V"}},
		"iotop":   {quits: []string{"--version", "-h", "--help"}},
	}
})

// anyOption reports whether c is given one of names before "--".
func anyOption(c *shell.Command, names []string) bool {
	for _, a := range c.Args {
		if a.Text == "--" {
			return false
		}
		for _, n := range names {
			if len(n) == 2 && n[0] == '-' && shortFlag(a.Text, n[1]) || len(n) > 2 && gitOpt(a.Text, n) {
				return true
			}
		}
	}
	return false
}

// batch decides a program of batchForms given arguments with which it
// prints and exits; it reports whether it did.
func (j *judgement) batch(c *shell.Command, subj string) bool {
	f, ok := batchForms.Get()[c.Program]
	switch {
	case !ok:
		return false
	case anyOption(c, f.quits):
		j.fireWith(catalog.D1Help, subj, c.Program+" prints its help, version or a listing and exits")
		return true
	case anyOption(c, f.batch) && (!f.input || c.Stdin.Kind != shell.NoInput):
		j.fireWith(catalog.D1ReadOnly, subj, f.does)
		return true
	case anyOption(c, f.batch):
		// No person is waited for, but with nothing on its input fzf
		// lists files with $FZF_DEFAULT_COMMAND, a command arbiter did
		// not read.
		j.fireWith(catalog.URunsAProgram, subj, c.Program+" is given nothing on its input, so it runs $FZF_DEFAULT_COMMAND (or walks the folder) for its list, which arbiter does not read")
		return true
	}
	return false
}

func (j *judgement) interactiveProgram(c *shell.Command) {
	subj := c.String()
	ops := operands(c)
	if j.batch(c, subj) {
		return
	}
	switch c.Program {
	case "less", "more", "most", "info":
		// With output to a pipe these print like cat; they only hang on a terminal.
		for _, a := range c.Args {
			if strings.HasPrefix(a.Text, "+") {
				// +COMMAND runs a pager command at start (+F follows, +!cmd runs a shell).
				j.fireWith(catalog.UUnknownOption, a.Text, c.Program+" "+clipText(a.Text, 40)+" runs a pager command at start, which arbiter does not read")
				return
			}
		}
		j.fireWith(catalog.D1ReadOnly, subj, "pages a file")
		j.readArgs(c)
		return
	case "vim", "vi", "nvim", "ex", "view":
		if hasFlag(c, 0, "-es", "-Es", "--headless", "-e") || hasFlag(c, 's') || hasFlag(c, 'e') {
			j.writeArgs(c, ops)
			return
		}
	case "psql", "mysql", "mariadb", "sqlite3", "mongo", "mongosh", "redis-cli", "cqlsh":
		if j.databaseBatch(c, ops) {
			return
		}
		if len(ops) > 0 || len(c.Args) > 0 {
			j.fire(catalog.CDatabase, subj)
			return
		}
	case "gdb", "lldb":
		if debuggerBatch(c) {
			j.debugger(c, subj)
			return
		}
	case "emacs":
		if hasFlag(c, 0, "--batch", "-batch", "--script", "-script") {
			j.fireWith(catalog.UBatchCode, subj, "runs Emacs Lisp in batch mode, which arbiter does not read")
			return
		}
	case "bc":
		if c.Stdin.Kind != shell.NoInput || len(ops) > 0 {
			j.fireWith(catalog.D1ReadOnly, subj, "computes")
			return
		}
	case "tmux":
		if !tmuxAttaches(c) {
			j.fire(catalog.UTerminalMultiplexer, subj)
			return
		}
	case "screen":
		if hasFlag(c, 'd') && hasFlag(c, 'm') || hasFlag(c, 'X') || hasFlag(c, 'Q') || hasFlag(c, 0, "-ls", "-list", "--version") {
			j.fire(catalog.UTerminalMultiplexer, subj)
			return
		}
	case "ftp", "lftp":
		if hasFlag(c, 'c') || hasFlag(c, 'f') || c.Stdin.Kind != shell.NoInput {
			j.fireWith(catalog.C1NetworkRequest, subj, "transfers files over FTP")
			return
		}
	case "ed":
		if c.Stdin.Kind != shell.NoInput {
			j.writeArgs(c, ops)
			return
		}
	}
	j.fireInstead(catalog.H8Interactive, subj, c.Program+" is interactive and hangs the agent", "use a non-interactive alternative: edit files with the file tools or sed, run queries with -c/-e, print with cat")
}

// tmuxAttaches reports whether a tmux command line puts a session on the
// terminal and waits there: no command (a new session), new-session or
// its alias without -d, attach. A command given after the options is any
// other tmux command (send-keys, capture-pane, kill-session, ls, new -d),
// which returns at once.
func tmuxAttaches(c *shell.Command) bool {
	k := 0
	for k < len(c.Args) && strings.HasPrefix(c.Args[k].Text, "-") {
		switch c.Args[k].Text {
		case "-L", "-S", "-f", "-c", "-T":
			k++
		}
		k++
	}
	if k >= len(c.Args) {
		return !hasFlag(c, 'c') && !hasFlag(c, 'V')
	}
	switch c.Args[k].Text {
	case "new-session", "new":
		rest := c.Args[k+1:]
		for i := 0; i < len(rest); i++ {
			t := rest[i].Text
			if t == "--" || !strings.HasPrefix(t, "-") {
				break // the command the session runs
			}
			if shortFlag(t, 'd') {
				return false
			}
			if len(t) == 2 && strings.ContainsRune("cefnstxyF", rune(t[1])) {
				i++ // the option's value
			}
		}
		return true
	case "attach-session", "attach", "a", "at", "choose-tree", "choose-session", "choose-window", "choose-client":
		return true
	}
	return false
}

// debuggerBatch reports whether gdb or lldb runs commands and exits
// instead of waiting at its prompt.
func debuggerBatch(c *shell.Command) bool {
	if c.Program == "lldb" {
		return hasFlag(c, 'b', "--batch")
	}
	return hasFlag(c, 0, "-batch", "--batch")
}

// debugCommands are debugger commands that inspect the program being
// debugged, which is the project's own: they run it and print its state.
var debugCommands = lazy.New(func() map[string]bool {
	return map[string]bool{
		"bt": true, "backtrace": true, "run": true, "r": true, "start": true, "c": true, "continue": true, "next": true, "n": true, "step": true, "s": true, "finish": true,
		"info": true, "i": true, "p": true, "print": true, "x": true, "list": true, "l": true, "frame": true, "f": true, "up": true, "down": true, "thread": true,
		"b": true, "break": true, "breakpoint": true, "watch": true, "disassemble": true, "disas": true, "where": true, "quit": true, "q": true, "kill": true,
		"target": true, "image": true, "register": true, "memory": true, "set": true, "settings": true, "process": true, "display": true, "ptype": true, "whatis": true,
	}
})

// debugger judges a debugger in batch mode: the commands it is given
// must only inspect, and the program must be the project's.
func (j *judgement) debugger(c *shell.Command, subj string) {
	var program []shell.Word
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k].Text
		switch {
		case a == "-ex" || a == "--ex" || a == "-o" || a == "--one-line" || a == "-k" || a == "--one-line-on-crash" || a == "-O" || a == "--one-line-before-file":
			if k+1 >= len(c.Args) {
				j.fireWith(catalog.UBadInput, subj, "a debugger option has no command")
				return
			}
			k++
			cmd := strings.Fields(c.Args[k].Text)
			if c.Args[k].Dynamic || len(cmd) == 0 || !debugCommands.Get()[cmd[0]] || cmd[0] == "set" && len(cmd) > 1 && cmd[1] != "pagination" && cmd[1] != "print" && cmd[1] != "confirm" && cmd[1] != "width" && cmd[1] != "height" {
				j.fireWith(catalog.UDebuggerCommand, subj, "runs a debugger command arbiter does not know to be inspection only: "+clipText(c.Args[k].Text, 40))
				return
			}
		case a == "--args" || a == "--":
			program = append(program, c.Args[k+1:]...)
			k = len(c.Args)
		case a == "-batch" || a == "--batch" || a == "-b" || a == "-q" || a == "-quiet" || a == "--quiet" || a == "-nx" || a == "--nx" || a == "-n" || a == "--no-lldbinit" || a == "-x" && c.Program == "lldb":
		case strings.HasPrefix(a, "-"):
			j.fireWith(catalog.UUnknownOption, subj, c.Program+" option "+a+" is not known to arbiter")
			return
		default:
			program = append(program, c.Args[k])
		}
	}
	if len(program) == 0 {
		j.fireWith(catalog.UBadInput, subj, "the debugger names no program")
		return
	}
	if program[0].Dynamic {
		j.fireWith(catalog.UDynamicPath, subj, "debugs a program whose path is only known at run time")
		return
	}
	if !strings.Contains(program[0].Text, "/") {
		// A bare name may be found on the search path, and its arguments
		// are then that program's to interpret.
		j.fireWith(catalog.CRunOutsideCode, subj, "debugs "+program[0].Text+", which may be a program from outside the project")
		return
	}
	if before := len(j.findings); !j.ranWritten(c, program[0].Text, j.res.Resolve(program[0].Text, c.Dir), false, subj) && len(j.findings) == before {
		if place := j.res.Classify(j.res.Resolve(program[0].Text, c.Dir), false); place != paths.Project && place != paths.Temp {
			j.fireWith(catalog.CRunOutsideCode, subj, "debugs a program from outside the project")
			return
		}
		if !j.debuggee(c, program, subj) {
			return
		}
	}
	j.allowClosed(catalog.D4Debug, subj, "runs the project's program under the debugger in batch mode and prints its state")
}

// debuggee judges the program a debugger runs as a run of it: the
// debugger's run command starts it with its arguments, so it is allowed
// only where running it directly would be. False when that made a finding
// that is not an allow.
func (j *judgement) debuggee(c *shell.Command, program []shell.Word, subj string) bool {
	words := make([]string, len(program))
	for i, w := range program {
		if w.Dynamic {
			j.fireWith(catalog.UUnresolved, subj, "the debugged program's argument "+clipText(w.Text, 40)+" is only known when the command runs")
			return false
		}
		words[i] = w.Text
	}
	before := len(j.findings)
	j.shellText(quoteWords(words), c.Dir, subj)
	for _, f := range j.findings[before:] {
		if f.verdict != arbiter.Allow {
			return false
		}
	}
	return true
}
