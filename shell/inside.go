package shell

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazyregexp"
)

// inside looks at what a recorded command runs in turn: the script of a
// nested shell, eval'd text, find -exec, and options that run programs.
func (w *walker) inside(cmd *Command) {
	prog := cmd.Program
	if w.builtin(cmd) {
		return
	}
	switch {
	case IsShell(prog):
		w.shell(cmd)
	case prog == "eval":
		w.nested(*cmd, Word{Text: joinWords(cmd.Args), Dynamic: anyDynamic(cmd.Args)}, nil, "eval")
	case prog == "source" || prog == ".":
		if len(cmd.Args) > 0 && (len(cmd.Args[0].From) > 0 || cmd.Args[0].Text == "/dev/stdin" || cmd.Args[0].Text == "-") {
			w.stdinScript(cmd, "source", cmd.Args[0].From)
		}
	case prog == "alias":
		w.problem(Definition, "defines an alias, which changes what later commands run")
		for _, a := range cmd.Args {
			if _, body, ok := strings.Cut(a.Text, "="); ok {
				w.nested(*cmd, Word{Text: body, Dynamic: a.Dynamic}, nil, "alias")
			}
		}
	case prog == "hash" && len(cmd.Args) > 0 && strings.HasPrefix(cmd.Args[0].Text, "-p"), prog == "enable" && len(cmd.Args) > 0:
		w.problem(Definition, "%s rebinds a command name, so later names may run something else", prog)
	case prog == "find":
		w.find(cmd)
	case prog == "fd" || prog == "fdfind":
		w.fd(cmd)
	case prog == "git":
		w.git(cmd)
	case prog == "crontab" || prog == "at" || prog == "batch":
		w.scheduled(cmd)
	case prog == "ssh" || prog == "scp" || prog == "sftp":
		w.sshOptions(cmd)
	case prog == "socat":
		for _, a := range cmd.Args {
			up := strings.ToUpper(a.Text)
			for _, kind := range []string{"EXEC:", "SYSTEM:"} {
				if strings.HasPrefix(up, kind) {
					body, _, _ := strings.Cut(a.Text[len(kind):], ",")
					w.nested(*cmd, Word{Text: body, Dynamic: a.Dynamic}, nil, "socat")
				}
			}
		}
	case prog == "nc" || prog == "ncat" || prog == "netcat":
		w.optionScripts(cmd, []string{"-e", "--exec", "-c", "--sh-exec", "--lua-exec"})
	case prog == "rsync":
		w.optionScripts(cmd, []string{"-e", "--rsh", "--rsync-path"})
	case Canonical(prog) == "tar":
		w.tarOptions(cmd)
	case prog == "rg":
		w.optionScripts(cmd, []string{"--pre"})
	case prog == "zip":
		w.optionScripts(cmd, []string{"-TT", "--unzip-command"})
	case prog == "man":
		w.optionScripts(cmd, []string{"-P", "--pager"})
	case Canonical(prog) == "awk":
		w.awk(cmd)
	case Canonical(prog) == "sed":
		w.sed(cmd)
	case prog == "vim" || prog == "vi" || prog == "nvim" || prog == "ex" || prog == "view":
		for k, a := range cmd.Args {
			body := ""
			if (a.Text == "-c" || a.Text == "--cmd") && k+1 < len(cmd.Args) {
				body = cmd.Args[k+1].Text
			} else if strings.HasPrefix(a.Text, "+") {
				body = a.Text[1:]
			}
			if strings.HasPrefix(body, "!") {
				w.nested(*cmd, Word{Text: body[1:]}, nil, prog)
			}
		}
	default:
		if isInterpreter(prog) {
			w.interpreter(cmd)
		}
	}
}

// shell handles sh, bash and the like: -c strings, script files, and
// scripts read from standard input.
func (w *walker) shell(cmd *Command) {
	args := cmd.Args
	i := 0
	command, fromStdin := false, false
	for i < len(args) {
		t := args[i].Text
		if t == "--" || t == "-" {
			i++
			break
		}
		if (strings.HasPrefix(t, "-") || strings.HasPrefix(t, "+")) && len(t) > 1 {
			if t == "-o" || t == "+o" || t == "-O" || t == "+O" || t == "--rcfile" || t == "--init-file" {
				if t == "-o" && i+1 < len(args) && (args[i+1].Text == "keyword" || args[i+1].Dynamic) {
					w.keyword = true
				}
				i += 2
				continue
			}
			if t[0] == '-' && !strings.HasPrefix(t, "--") && strings.Contains(t[1:], "k") || args[i].Dynamic {
				w.keyword = true // bash -k: keyword mode in the shell it starts
			}
			if !strings.HasPrefix(t, "--") && strings.Contains(t[1:], "c") {
				command = true
			}
			if !strings.HasPrefix(t, "--") && strings.Contains(t[1:], "s") && t[0] == '-' {
				fromStdin = true
			}
			i++
			continue
		}
		break
	}
	if fromStdin && !command {
		// With -s the script is standard input and every operand is one
		// of its arguments ($1, $2, …), not a script file.
		in := cmd.Stdin
		switch {
		case in.Kind == File:
			w.problem(DynamicCode, "%s -s runs %s as a script with arguments, which the analysis does not read", cmd.Program, in.Text)
		case in.Kind != NoInput && in.Known:
			w.nested(*cmd, Word{Text: in.Text}, append([]Word{{Text: cmd.Program}}, args[i:]...), cmd.Program)
		default:
			w.stdinScript(cmd, cmd.Program, nil)
		}
		return
	}
	if command {
		// With -c the first operand (after any other options and --) is
		// the script, the rest are $0, $1, ….
		if i < len(args) {
			w.nested(*cmd, args[i], args[i+1:], cmd.Program)
		}
		return
	}
	if i < len(args) {
		if len(args[i].From) > 0 {
			w.stdinScript(cmd, cmd.Program, args[i].From)
		}
		return // a script file: the policy judges the file it runs
	}
	w.stdinScript(cmd, cmd.Program, nil)
}

// stdinScript analyses the script a shell reads from its standard input.
func (w *walker) stdinScript(cmd *Command, via string, from []string) {
	in := cmd.Stdin
	if len(from) > 0 {
		in = Input{Kind: Pipe, From: from}
	}
	switch {
	case in.Kind == File:
		return // sh < file: the policy judges the file
	case in.Kind != NoInput && in.Known:
		w.nested(*cmd, Word{Text: in.Text}, nil, via)
	case in.Kind != NoInput:
		w.problem(DynamicCode, "%s runs commands read from %s, which the analysis cannot see", via, describeInput(in))
	case quitsAtOnce(cmd, shellQuits):
		// bash --version prints and exits.
	default:
		w.problem(Interactive, "%s with no command opens an interactive shell", via)
	}
}

func describeInput(in Input) string {
	if len(in.From) > 0 {
		return "the output of " + strings.Join(in.From, ", ")
	}
	return "its input"
}

// find runs a command per file with -exec, -execdir, -ok and -okdir.
func (w *walker) find(cmd *Command) {
	args := cmd.Args
	var roots []string
	for _, a := range args {
		if strings.HasPrefix(a.Text, "-") || a.Text == "(" || a.Text == "!" {
			break
		}
		roots = append(roots, a.Text)
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	for k := 0; k < len(args); k++ {
		switch args[k].Text {
		case "-exec", "-execdir", "-ok", "-okdir":
			end := k + 1
			for end < len(args) && args[end].Text != ";" && args[end].Text != "+" {
				end++
			}
			words := append([]Word(nil), args[k+1:end]...)
			for n := range words {
				if strings.Contains(words[n].Text, "{}") {
					// {} is each file found below the roots.
					words[n].Text = strings.ReplaceAll(words[n].Text, "{}", strings.TrimSuffix(roots[0], "/")+"/*")
					words[n].Glob = true
				}
			}
			w.runWords(*cmd, words, "find")
			k = end
		}
	}
}

// gitExecConfig matches git settings whose value is a program git runs.
var gitExecConfig = lazyregexp.New(`(?i)^(core\.(pager|sshcommand|fsmonitor|editor|askpass|gitproxy|hookspath)|diff\.[^=]*\.(external|textconv|command)|merge\.[^=]*\.driver|filter\.[^=]*\.(clean|smudge|process)|credential\.[^=]*helper|credential\.helper|gpg\.[^=]*program|gpg\.program|sequence\.editor|uploadpack\.packobjectshook|pager\.[^=]*|interactive\.difffilter|sendemail\.[^=]*cmd|remote\.[^=]*\.(uploadpack|receivepack|vcs))=`)

// git follows -c settings that run programs and aliases defined with -c.
func (w *walker) git(cmd *Command) {
	args := cmd.Args
	aliases := map[string]string{}
	i := 0
	for i < len(args) && strings.HasPrefix(args[i].Text, "-") {
		t := args[i].Text
		setting := ""
		switch {
		case t == "-c" && i+1 < len(args):
			setting = args[i+1].Text
			i += 2
		case strings.HasPrefix(t, "-c") && len(t) > 2:
			setting = t[2:]
			i++
		case t == "-C" || t == "--git-dir" || t == "--work-tree" || t == "--namespace" || t == "--exec-path" || t == "--config-env":
			i += 2
		default:
			i++
		}
		if setting == "" {
			continue
		}
		if gitExecConfig.MatchString(setting) {
			_, val, _ := strings.Cut(setting, "=")
			if strings.HasPrefix(strings.ToLower(setting), "core.hookspath") {
				w.problem(ExecOption, "git -c core.hooksPath runs hooks from %s", val)
				continue
			}
			w.nested(*cmd, Word{Text: val}, nil, "git -c")
		}
		if key, val, ok := strings.Cut(setting, "="); ok && strings.HasPrefix(strings.ToLower(key), "alias.") {
			aliases[strings.ToLower(key[len("alias."):])] = val
		}
	}
	if i >= len(args) {
		return
	}
	sub := args[i].Text
	if body, ok := aliases[strings.ToLower(sub)]; ok {
		if strings.HasPrefix(body, "!") {
			w.nested(*cmd, Word{Text: body[1:]}, args[i+1:], "git alias")
			return
		}
		words := []Word{{Text: "git"}}
		for _, f := range strings.Fields(body) {
			words = append(words, Word{Text: f})
		}
		w.runWords(*cmd, append(words, args[i+1:]...), "git alias")
		return
	}
	rest := args[i+1:]
	switch sub {
	case "submodule":
		if len(rest) > 0 && rest[0].Text == "foreach" {
			for k := 1; k < len(rest); k++ {
				if !strings.HasPrefix(rest[k].Text, "-") {
					w.nested(*cmd, Word{Text: joinWords(rest[k:]), Dynamic: anyDynamic(rest[k:])}, nil, "git submodule foreach")
					break
				}
			}
		}
	case "rebase":
		for k, a := range rest {
			if (a.Text == "-x" || a.Text == "--exec") && k+1 < len(rest) {
				w.nested(*cmd, rest[k+1], nil, "git rebase --exec")
			} else if strings.HasPrefix(a.Text, "--exec=") {
				w.nested(*cmd, Word{Text: a.Text[len("--exec="):]}, nil, "git rebase --exec")
			}
		}
	case "bisect":
		if len(rest) > 1 && rest[0].Text == "run" {
			w.runWords(*cmd, rest[1:], "git bisect run")
		}
	}
}

// scheduled looks at the commands crontab and at are given on their input.
func (w *walker) scheduled(cmd *Command) {
	in := cmd.Stdin
	if in.Kind == NoInput || in.Kind == File {
		return
	}
	if !in.Known {
		w.problem(DynamicCode, "%s schedules commands the analysis cannot see", cmd.Program)
		return
	}
	for _, line := range strings.Split(in.Text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if cmd.Program == "crontab" {
			f := strings.Fields(line)
			if len(f) > 0 && strings.Contains(f[0], "=") || len(f) > 1 && strings.Contains(f[1], "=") && len(f) < 3 {
				continue // a variable line
			}
			skip := 5
			if strings.HasPrefix(line, "@") {
				skip = 1
			}
			if len(f) <= skip {
				continue
			}
			line = strings.Join(f[skip:], " ")
		}
		w.nested(*cmd, Word{Text: line}, nil, cmd.Program)
	}
}

// sshOptions follows -o settings that run local commands, and the remote
// command ssh runs.
func (w *walker) sshOptions(cmd *Command) {
	args := cmd.Args
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		opt := ""
		if t == "-o" && k+1 < len(args) {
			opt = args[k+1].Text
			k++
		} else if strings.HasPrefix(t, "-o") && len(t) > 2 {
			opt = t[2:]
		}
		if opt == "" {
			continue
		}
		key, val, ok := strings.Cut(opt, "=")
		if !ok {
			key, val, _ = strings.Cut(opt, " ")
		}
		switch strings.ToLower(strings.TrimSpace(key)) {
		case "proxycommand", "localcommand", "knownhostscommand", "remotecommand":
			w.nested(*cmd, Word{Text: strings.TrimSpace(val), Dynamic: args[k].Dynamic}, nil, cmd.Program+" -o")
		}
	}
	if cmd.Program != "ssh" {
		return
	}
	// ssh [options] host [command…]: the command runs on the remote host.
	valued := "BbcDEeFIiJLlmOopQRSWw"
	k := 0
	for k < len(args) {
		t := args[k].Text
		if !strings.HasPrefix(t, "-") || len(t) < 2 {
			break
		}
		if len(t) == 2 && strings.ContainsRune(valued, rune(t[1])) {
			k += 2
		} else {
			k++
		}
	}
	if k+1 < len(args) {
		rest := args[k+1:]
		w.nested(*cmd, Word{Text: joinWords(rest), Dynamic: anyDynamic(rest)}, nil, "ssh")
	}
}

// optionScripts analyses the values of options that name a command line.
func (w *walker) optionScripts(cmd *Command, names []string) {
	args := cmd.Args
	for k, a := range args {
		name, val, hasVal := strings.Cut(a.Text, "=")
		if !contains(names, name) {
			continue
		}
		if !hasVal {
			if k+1 >= len(args) {
				continue
			}
			val = args[k+1].Text
		}
		w.nested(*cmd, Word{Text: val, Dynamic: a.Dynamic || !hasVal && args[k+1].Dynamic}, nil, cmd.Program+" "+name)
	}
}

func (w *walker) tarOptions(cmd *Command) {
	w.optionScripts(cmd, []string{"--to-command", "--use-compress-program", "-I", "--info-script", "-F", "--new-volume-script"})
	for k, a := range cmd.Args {
		// Clustered short options: -cI PROG, -xF SCRIPT.
		t := a.Text
		if len(t) > 2 && t[0] == '-' && t[1] != '-' && (t[len(t)-1] == 'I' || t[len(t)-1] == 'F') && k+1 < len(cmd.Args) {
			w.nested(*cmd, cmd.Args[k+1], nil, "tar "+t)
		}
	}
	for _, a := range cmd.Args {
		if v, ok := strings.CutPrefix(a.Text, "--checkpoint-action="); ok {
			if body, ok := strings.CutPrefix(v, "exec="); ok {
				w.nested(*cmd, Word{Text: body, Dynamic: a.Dynamic}, nil, "tar --checkpoint-action")
			}
		}
	}
}

var (
	awkSystem = lazyregexp.New(`system\s*\(\s*"((?:[^"\\]|\\.)*)"\s*\)|\|\s*"((?:[^"\\]|\\.)*)"|"((?:[^"\\]|\\.)*)"\s*\|\s*getline`)
	awkExec   = lazyregexp.New(`system\s*\(|\|\s*getline|print[^;]*\|`)
)

// awk runs commands with system(), print | "cmd" and "cmd" | getline.
func (w *walker) awk(cmd *Command) {
	for k, a := range cmd.Args {
		if k > 0 && (cmd.Args[k-1].Text == "-f" || cmd.Args[k-1].Text == "-v") {
			continue
		}
		if strings.HasPrefix(a.Text, "-") || !awkExec.MatchString(a.Text) {
			continue
		}
		found := false
		for _, m := range awkSystem.FindAllStringSubmatch(a.Text, -1) {
			for _, body := range m[1:] {
				if body != "" {
					found = true
					w.nested(*cmd, Word{Text: strings.ReplaceAll(body, `\"`, `"`)}, nil, "awk")
				}
			}
		}
		if !found {
			w.problem(ExecOption, "awk program runs a command built at run time")
		}
		return
	}
}

// sed runs commands with the e command and the e flag of s.
func (w *walker) sed(cmd *Command) {
	for k, a := range cmd.Args {
		if strings.HasPrefix(a.Text, "-") || k > 0 && cmd.Args[k-1].Text == "-f" {
			continue
		}
		if sedScriptExecutes(a.Text) {
			w.problem(ExecOption, "sed script runs a shell command (the e command or flag)")
		}
		if k == 0 || !strings.HasPrefix(cmd.Args[k-1].Text, "-e") {
			return // only the first operand is the script
		}
	}
}

// sedScriptExecutes reports whether a sed script uses e: the command
// "e cmd", or an s command with the e flag.
func sedScriptExecutes(script string) bool {
	for _, part := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' }) {
		p := strings.TrimSpace(part)
		p = strings.TrimLeft(p, "0123456789,$/!{} ")
		if p == "e" || strings.HasPrefix(p, "e ") {
			return true
		}
		if len(p) > 1 && p[0] == 's' {
			delim := p[1]
			n, i := 0, 2
			for ; i < len(p) && n < 2; i++ {
				if p[i] == '\\' {
					i++
					continue
				}
				if p[i] == delim {
					n++
				}
			}
			if n == 2 && strings.ContainsRune(strings.TrimRight(p[i:], " }"), 'e') {
				return true
			}
		}
	}
	return false
}
