package shell

import (
	"path"
	"strconv"
	"strings"
)

// Bash builtins that run text as commands, write files named in options,
// or take variable names whose subscripts Bash evaluates.

// builtin looks inside the builtins that run or evaluate something; it
// reports whether prog was one of them.
func (w *walker) builtin(cmd *Command) bool {
	switch cmd.Program {
	case "trap":
		w.trap(cmd)
	case "mapfile", "readarray":
		w.mapfile(cmd)
	case "fc":
		w.fc(cmd)
	case "let":
		for _, a := range cmd.Args {
			w.arithValue(a.Text, !a.Dynamic, true, "let "+clip(a.Text, 30), cmd.Ctx)
		}
	case "test", "[":
		w.compare(testCommandUses(cmd))
		for k, a := range cmd.Args {
			if (a.Text == "-v" || a.Text == "-R") && k+1 < len(cmd.Args) {
				n := cmd.Args[k+1]
				w.refText(n.Text, !n.Dynamic, true, cmd.Program+" -v "+clip(n.Text, 30), cmd.Ctx)
			}
		}
	case "printf":
		for k, a := range cmd.Args {
			if a.Text == "--" || !strings.HasPrefix(a.Text, "-") {
				break
			}
			if a.Text == "-v" && k+1 < len(cmd.Args) {
				w.nameOperands(cmd, cmd.Args[k+1:k+2])
			}
		}
	case "read":
		w.nameOperands(cmd, readNames(cmd.Args))
	case "getopts":
		if len(cmd.Args) > 1 {
			w.nameOperands(cmd, cmd.Args[1:2])
		}
		// getopts also sets OPTARG, to an option's value taken from the
		// words after the name or, when there are none, from the
		// positional parameters.
		from := wordUses(cmd.Args...)
		if len(cmd.Args) <= 2 {
			from = append(from, "@")
		}
		w.tag("OPTARG", from)
		delete(w.vars, "OPTARG")
	case "set":
		// set WORD… (set -- WORD…) makes the words the positional
		// parameters, which then carry what the words carried.
		if args, ok := positionalArgs(cmd.Args); ok {
			w.tag("@", wordUses(args...))
		}
	case "unset", "declare", "typeset", "local", "export", "readonly":
		// Reached through builtin or command, or unset: the words are
		// names, perhaps NAME=value.
		for _, a := range cmd.Args {
			if strings.HasPrefix(a.Text, "-") || strings.HasPrefix(a.Text, "+") {
				if cmd.Program != "unset" && cmd.Program != "export" && strings.Contains(a.Text, "n") {
					w.problem(Unresolved, "%s %s makes a name refer to another variable, so what its assignments and expansions reach is not known", cmd.Program, a.Text)
				}
				continue
			}
			name, _, _ := strings.Cut(a.Text, "=")
			w.refText(name, !a.Dynamic, true, cmd.Program+" "+clip(a.Text, 30), cmd.Ctx)
		}
	case "wait":
		for k, a := range cmd.Args {
			if a.Text == "-p" && k+1 < len(cmd.Args) {
				w.nameOperands(cmd, cmd.Args[k+1:k+2])
			}
		}
	case "compgen":
		// compgen -C runs its command at once; -F calls a function.
		w.optionScripts(cmd, []string{"-C"})
	case "complete", "bind":
		for _, a := range cmd.Args {
			if a.Text == "-C" || a.Text == "-F" || a.Text == "-x" {
				w.problem(Definition, "%s %s binds a command that runs later", cmd.Program, a.Text)
			}
		}
	default:
		return false
	}
	return true
}

// nameOperands checks words that a builtin assigns to as variable names:
// a subscript in a name is evaluated, and the variable's new value comes
// from outside the command line.
func (w *walker) nameOperands(cmd *Command, names []Word) {
	// The new value may be built from any word of the command or what a
	// here-string or here-document feeds it: read x <<< "$S".
	from := wordUses(cmd.Args...)
	for _, r := range cmd.Redirs {
		from = append(from, r.Target.Uses...)
	}
	for _, n := range names {
		w.refText(n.Text, !n.Dynamic, true, cmd.Program+" into "+clip(n.Text, 30), cmd.Ctx)
		name, _, _ := strings.Cut(n.Text, "[")
		w.tag(name, from)
		w.markHostile(name)
		delete(w.vars, name)
		w.a.Sets = append(w.a.Sets, Assign{Name: name, Value: Word{Text: cmd.Program + " into " + name, Dynamic: true}})
	}
}

// readNames returns the variables read assigns to: its operands, the
// array that -a names, or REPLY when there are none.
func readNames(args []Word) []Word {
	names := operandsAfter(args, "aduinNpt")
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		if t == "--" || !strings.HasPrefix(t, "-") || t == "-" {
			break
		}
		for i := 1; i < len(t); i++ {
			if !strings.ContainsRune("aduinNpt", rune(t[i])) {
				continue
			}
			// The option's value is the rest of the word, or the next.
			val := Word{Text: t[i+1:], Dynamic: args[k].Dynamic}
			if val.Text == "" && k+1 < len(args) {
				k++
				val = args[k]
			}
			if t[i] == 'a' {
				names = append(names, val)
			}
			break
		}
	}
	if len(names) == 0 {
		return []Word{{Text: "REPLY"}}
	}
	return names
}

// positionalArgs returns the words set makes the positional parameters:
// those after its options (and after -- or -), and whether it sets them
// at all. set alone, or with options only, leaves them as they were.
func positionalArgs(args []Word) ([]Word, bool) {
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		switch {
		case t == "--" || t == "-":
			return args[k+1:], true
		case args[k].Dynamic:
			// An option or a word only known at run time: what follows
			// may be the parameters.
			return args[k:], true
		case strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+"):
			if strings.Contains(t[1:], "o") {
				k++ // -o NAME, -euo NAME
			}
		default:
			return args[k:], true
		}
	}
	return nil, false
}

// operandsAfter returns the words after the options, skipping the values
// of the options listed in valued (read -d DELIM, -p PROMPT, …).
func operandsAfter(args []Word, valued string) []Word {
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		if t == "--" {
			return args[k+1:]
		}
		if !strings.HasPrefix(t, "-") || t == "-" {
			return args[k:]
		}
		if strings.ContainsRune(valued, rune(t[len(t)-1])) && k+1 < len(args) {
			k++
		}
	}
	return nil
}

// trap ACTION SIGNAL…: the action runs as a command when the signal (or
// EXIT, ERR, DEBUG, RETURN) arrives.
func (w *walker) trap(cmd *Command) {
	args := cmd.Args
	for len(args) > 0 && strings.HasPrefix(args[0].Text, "-") {
		switch args[0].Text {
		case "--":
			args = args[1:]
			goto operands
		case "-p", "-l", "-P":
			return // prints the traps or the signal names
		case "-":
			goto operands // resets the signals that follow
		}
		args = args[1:]
	}
operands:
	if len(args) < 2 || args[0].Text == "-" && !args[0].Dynamic {
		return // one operand resets that signal; "-" resets them all
	}
	w.nested(*cmd, args[0], nil, "trap")
	// The action runs in this shell, between later commands, unless it
	// waits for the shell to exit.
	for _, sig := range args[1:] {
		if up := strings.ToUpper(sig.Text); sig.Dynamic || up != "EXIT" && up != "SIGEXIT" && up != "0" {
			w.varsLost, w.dirLost = true, true
			return
		}
	}
}

// mapfile -C CALLBACK runs the callback, with the index and line appended,
// every -c lines.
func (w *walker) mapfile(cmd *Command) {
	args := cmd.Args
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		if t == "--" || !strings.HasPrefix(t, "-") {
			if t == "--" {
				k++
			}
			if k < len(args) {
				w.nameOperands(cmd, args[k:k+1])
			} else {
				w.nameOperands(cmd, []Word{{Text: "MAPFILE"}})
			}
			return
		}
		if t == "-C" && k+1 < len(args) {
			cb := args[k+1]
			w.nested(*cmd, Word{Text: cb.Text + ` "$1" "$2"`, Dynamic: cb.Dynamic}, nil, cmd.Program+" -C")
		}
		if strings.HasPrefix(t, "-C") && len(t) > 2 {
			w.nested(*cmd, Word{Text: t[2:] + ` "$1" "$2"`, Dynamic: args[k].Dynamic}, nil, cmd.Program+" -C")
		}
		if len(t) == 2 && strings.ContainsRune("dnOsuCc", rune(t[1])) {
			k++
		}
	}
	w.nameOperands(cmd, []Word{{Text: "MAPFILE"}})
}

// fc edits and re-runs commands from the history, which the analysis
// cannot see; fc -l only lists them.
func (w *walker) fc(cmd *Command) {
	for _, a := range cmd.Args {
		if strings.HasPrefix(a.Text, "-") && strings.Contains(a.Text, "l") {
			return
		}
	}
	w.problem(DynamicCode, "fc runs commands again from the shell's history, which the analysis cannot see")
}

// implied records what a builtin writes through its options, as the
// redirection it amounts to: history -w FILE and -a FILE write FILE.
func (w *walker) implied(cmd *Command) {
	if cmd.Program != "history" {
		return
	}
	for k, a := range cmd.Args {
		if a.Text != "-w" && a.Text != "-a" {
			continue
		}
		target := Word{Text: "~/.bash_history"}
		if v, ok := w.lookup("HISTFILE"); ok {
			target = Word{Text: v}
		} else if w.assigns["HISTFILE"] > 0 {
			target = Word{Text: "$HISTFILE", Dynamic: true}
		}
		if k+1 < len(cmd.Args) {
			target = cmd.Args[k+1]
		}
		cmd.Redirs = append(cmd.Redirs, Redirect{Op: ">>", Target: target})
	}
}

// cdBuiltin reports whether a command is the shell's own cd, pushd or popd:
// run directly, or through builtin or command, never through a program
// that starts a process of its own.
func (w *walker) cdBuiltin(cmd *Command) bool {
	if len(cmd.Via) < len(w.via) {
		return false
	}
	for _, v := range cmd.Via[len(w.via):] {
		if v != "builtin" && v != "command" {
			return false
		}
	}
	return true
}

// track follows what a command changes for the commands after it in the
// same shell: the working directory and positional parameters.
func (w *walker) track(cmd *Command) {
	if cmd.Ctx&(InSubstitution|InPipeline) != 0 {
		return
	}
	switch cmd.Program {
	case "source", ".":
		if eff, ok := w.knownSource(cmd); ok {
			w.venv = &eff
			return
		}
		// The sourced file may assign anything and cd anywhere.
		w.varsLost, w.dirLost = true, true
	case "cd", "pushd", "popd":
		if !w.cdBuiltin(cmd) {
			return
		}
		w.changeDir(cmd)
		if cmd.Ctx&(InLoop|InCondition|InFunction|InBackground) != 0 {
			w.dirLost = true
		}
	case "set":
		w.keywordMode(cmd)
		if args, ok := positionalArgs(cmd.Args); ok {
			// Known only when this is the line's one set or shift, which
			// then surely ran: one of several may sit in a branch not
			// taken. A parameter past the new last one is unset.
			surely := w.assigns["@"] == 1 && cmd.Ctx&(InLoop|InCondition|InFunction|InBackground) == 0
			w.forgetPositional()
			for n, p := range args {
				w.vars[itoa(n+1)] = value{text: p.Text, known: surely && !p.Dynamic}
			}
		}
	case "shift":
		// What $1 is after it depends on whether it ran, which a branch
		// hides: none is known.
		w.forgetPositional()
	}
}

// forgetPositional drops what is known of $1, $2, …: what they hold is
// then only known at run time.
func (w *walker) forgetPositional() {
	for name := range w.vars {
		if k, ok := positionalIndex(name); ok && k > 0 {
			delete(w.vars, name)
		}
	}
}

// positionalIndex reads a positional parameter's number: 0 for $0, 1 for
// $1, ….
func positionalIndex(name string) (int, bool) {
	if name == "" {
		return 0, false
	}
	for _, c := range name {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	k, err := strconv.Atoi(name)
	return k, err == nil
}

// keywordMode follows set -k, set -o keyword and their + forms. An option
// only known at run time may turn keyword mode on; turning it off counts
// only where it surely runs.
func (w *walker) keywordMode(cmd *Command) {
	surely := cmd.Ctx&(InLoop|InCondition|InFunction|InBackground|InSubshell) == 0
	for k, a := range cmd.Args {
		t := a.Text
		switch {
		case t == "--" || t == "-":
			return
		case a.Dynamic && (k == 0 || strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+") || cmd.Args[k-1].Text == "-o"):
			w.keyword = true
		case k > 0 && cmd.Args[k-1].Text == "-o" && t == "keyword":
			w.keyword = true
		case k > 0 && cmd.Args[k-1].Text == "+o" && t == "keyword" && surely:
			w.keyword = false
		case strings.HasPrefix(t, "-") && t != "-o" && strings.Contains(t, "k"):
			w.keyword = true
		case strings.HasPrefix(t, "+") && t != "+o" && strings.Contains(t, "k") && surely:
			w.keyword = false
		case !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "+") && (k == 0 || cmd.Args[k-1].Text != "-o" && cmd.Args[k-1].Text != "+o"):
			return // positional parameters
		}
	}
}

// changeDir follows cd DIR, pushd DIR and popd. What it cannot follow (cd
// -, pushd with no directory or +N, popd past what pushd pushed, CDPATH)
// marks the directory unknown.
func (w *walker) changeDir(cmd *Command) {
	args := cmd.Args
	for len(args) > 0 && strings.HasPrefix(args[0].Text, "-") && args[0].Text != "-" && !args[0].Dynamic {
		if args[0].Text == "--" {
			args = args[1:]
			break
		}
		args = args[1:]
	}
	here := dirState{w.dir, w.dirLost}
	switch cmd.Program {
	case "popd":
		n := len(w.dirStack)
		if len(args) > 0 || n == 0 {
			w.dirLost = true
			return
		}
		w.dir, w.dirLost = w.dirStack[n-1].dir, w.dirStack[n-1].lost
		w.dirStack = w.dirStack[:n-1]
		return
	case "pushd":
		if len(args) == 0 || strings.HasPrefix(args[0].Text, "+") || strings.HasPrefix(args[0].Text, "-") {
			w.dirLost = true
			return
		}
		w.dirStack = append(w.dirStack, here)
	}
	switch {
	case len(args) == 0:
		w.dir, w.dirLost = "~", false
	case args[0].Dynamic || args[0].Text == "-":
		w.dirLost = true
	case path.IsAbs(args[0].Text) || strings.HasPrefix(args[0].Text, "~"):
		w.dir, w.dirLost = args[0].Text, false
	case w.cdpathLost && !strings.HasPrefix(args[0].Text, "."):
		w.dirLost = true
	default:
		base := w.dir
		if base == "" {
			base = "."
		}
		w.dir = path.Join(base, args[0].Text)
	}
}
