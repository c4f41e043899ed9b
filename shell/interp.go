package shell

import (
	"slices"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/spec"
)

// interpreter is an interpreter program's language and the options whose
// value is code.
type interpreter struct {
	lang string
	code []string
}

// interpreters maps the interpreter programs that have no spec block of
// their own to their language and the options whose value is code. The
// others (python, node, perl, r, rscript) are described once, by their block
// in spec/programs.txt (rule:interpreter, with -c=code:python).
var interpreters = lazy.New(func() map[string]interpreter {
	return map[string]interpreter{
		"deno": {"javascript", []string{"eval"}}, "bun": {"javascript", []string{"-e", "--eval", "-p", "--print"}},
		"pwsh":       {"powershell", []string{"-command", "-c", "-com", "-comm", "-comma", "-comman"}},
		"powershell": {"powershell", []string{"-command", "-c", "-com", "-comm", "-comma", "-comman"}},
		"osascript":  {"applescript", []string{"-e"}},
	}
})

// interpreterOf returns an interpreter program's language and code
// options: from its spec block when the block names the interpreter
// rule, else from the table above. Versioned names (python3.12) are
// their family's.
func interpreterOf(program string) (interpreter, bool) {
	name := Canonical(program)
	for _, n := range []string{name, interpreterFamily(name)} {
		if n == "" {
			continue
		}
		if sp := spec.Lookup(n); sp != nil && sp.Rule() == "interpreter" {
			if lang, code := sp.CodeOptions(); lang != "" {
				return interpreter{lang, code}, true
			}
		}
		if it, ok := interpreters.Get()[n]; ok {
			return it, true
		}
	}
	return interpreter{}, false
}

func isInterpreter(program string) bool {
	_, ok := interpreterOf(program)
	return ok
}

// interpreterFamily maps versioned names (python3.12, perl5.38.2) to their
// base name.
func interpreterFamily(program string) string {
	for _, base := range []string{"python", "perl", "ruby", "php", "node", "lua"} {
		if strings.HasPrefix(program, base) && strings.Trim(program[len(base):], "0123456789.") == "" {
			return base
		}
	}
	return ""
}

// Interpreter reports the language an interpreter program runs, or "".
func Interpreter(program string) string {
	it, _ := interpreterOf(program)
	return it.lang
}

// interpreter finds the code an interpreter runs and scans it.
func (w *walker) interpreter(cmd *Command) {
	spec, _ := interpreterOf(cmd.Program)
	args := cmd.Args
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		low := strings.ToLower(t)
		if spec.lang == "powershell" && (strings.HasPrefix(low, "-e") && strings.HasPrefix("-encodedcommand", strings.SplitN(low, " ", 2)[0]) && len(low) >= 2) {
			w.problem(Obfuscated, "%s runs base64-encoded code", cmd.Program)
			return
		}
		if contains(spec.code, low) {
			if k+1 < len(args) {
				w.code(cmd, spec.lang, args[k+1])
			}
			return
		}
		// The attached long form: node --eval=CODE.
		if name, val, ok := strings.Cut(t, "="); ok && strings.HasPrefix(name, "--") && contains(spec.code, strings.ToLower(name)) {
			w.code(cmd, spec.lang, Word{Text: val, Dynamic: args[k].Dynamic})
			return
		}
		// Joined forms: python -c'code', perl -we'code', -Ic'code'.
		valued := "MmIWXxCd" // Perl's and Ruby's letters that take their own value
		if spec.lang == "python" {
			valued = "WXm"
		}
		if strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && len(t) > 2 && !strings.ContainsRune(valued, rune(t[1])) {
			for _, opt := range spec.code {
				if len(opt) != 2 || opt[0] != '-' {
					continue
				}
				if i := strings.IndexByte(t[1:], opt[1]); i >= 0 && isFlagRun(t[1:1+i]) {
					rest := t[2+i:]
					if rest == "" && k+1 < len(args) {
						w.code(cmd, spec.lang, args[k+1])
					} else if rest != "" {
						w.code(cmd, spec.lang, Word{Text: rest, Dynamic: args[k].Dynamic})
					}
					return
				}
			}
		}
		if spec.lang == "python" && (t == "-m") {
			return // python -m module: the policy judges the module
		}
		if t == "-" {
			break
		}
		if !strings.HasPrefix(t, "-") {
			if spec.lang == "python" && k > 0 && (args[k-1].Text == "-W" || args[k-1].Text == "-X") {
				continue
			}
			if spec.lang == "perl" && k > 0 && args[k-1].Text == "-i" {
				continue
			}
			return // a script file: the policy judges it
		}
		if spec.lang == "python" && (t == "-W" || t == "-X") || spec.lang == "javascript" && (t == "-r" || t == "--require" || t == "--import") {
			k++
		}
	}
	in := cmd.Stdin
	switch {
	case in.Kind == File:
	case in.Kind != NoInput && in.Known:
		w.code(cmd, spec.lang, Word{Text: in.Text})
	case in.Kind != NoInput:
		w.problem(DynamicCode, "%s runs code read from %s, which the analysis cannot see", cmd.Program, describeInput(in))
	case quitsAtOnce(cmd, interpreterQuits.Get()[spec.lang]):
		// python -V, node -v, perl -v: prints and exits, waiting for no one.
	default:
		w.problem(Interactive, "%s with no script opens an interactive interpreter", cmd.Program)
	}
}

// quits lists the options with which a program given no script prints
// its version or help and exits, and those that keep it at its prompt
// even so (lua -v -i prints the version, then waits).
type quits struct {
	exit, stay []string
	fold       bool // options are matched whatever their case (PowerShell's)
}

// interpreterQuits holds each language's print-and-exit options. They
// differ by language: python -v is verbose and opens the prompt, node -v
// prints the version. Windows PowerShell -Version N starts that version's
// prompt, so it is not listed.
var interpreterQuits = lazy.New(func() map[string]quits {
	return map[string]quits{
		"python":     {exit: []string{"-V", "-VV", "--version", "-h", "-?", "--help", "--help-env", "--help-xoptions", "--help-all"}},
		"javascript": {exit: []string{"-v", "-V", "--version", "-h", "--help", "--v8-options", "--test"}}, // --test: node's test runner, judged by the policy
		"perl":       {exit: []string{"-v", "-V", "--version", "-h", "--help"}},
		"ruby":       {exit: []string{"-v", "--version", "-h", "--help"}},
		"php":        {exit: []string{"-v", "--version", "-h", "--help", "-m", "-i", "--ini"}},
		"lua":        {exit: []string{"-v"}, stay: []string{"-i"}},
		"julia":      {exit: []string{"-v", "--version", "-h", "--help"}},
		"r":          {exit: []string{"--version", "--help"}},
		"powershell": {exit: []string{"-help", "-h", "-?"}, fold: true},
	}
})

// shellQuits are the shells' print-and-exit options (bash --version).
var shellQuits = quits{exit: []string{"--version", "--help"}}

// quitsAtOnce reports whether cmd, given no script, is given an option of
// q.exit and none of q.stay among its options (the words before "--" or
// the first operand), so it prints and exits at once.
func quitsAtOnce(cmd *Command, q quits) bool {
	exit := false
	for _, a := range cmd.Args {
		t := a.Text
		if a.Dynamic || t == "--" || t == "-" || !strings.HasPrefix(t, "-") {
			break
		}
		if q.fold {
			t = strings.ToLower(t)
		}
		if slices.Contains(q.stay, t) {
			return false
		}
		exit = exit || slices.Contains(q.exit, t)
	}
	return exit
}

// isFlagRun reports whether s is a run of single-letter flags (the "I" in -Ic).
func isFlagRun(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

var (
	// Idioms that hide a call's name: getattr(os, "remove")(…),
	// require("fs")["rmSync"](…), File.send(:unlink, …), call_user_func("unlink", …).
	reGetattr  = lazyregexp.New(`getattr\(\s*[\w.]+\s*,\s*["'](\w+)["']\s*\)\s*\(`)
	reIndexed  = lazyregexp.New(`\[\s*["'](\w+)["']\s*\]\s*\(`)
	reSend     = lazyregexp.New(`\.(?:send|public_send|__send__)\(\s*:(\w+)\s*,\s*`)
	reCallFunc = lazyregexp.New(`call_user_func(?:_array)?\(\s*["'](\w+)["']\s*,\s*`)
	reImport   = lazyregexp.New(`(?:__import__|require|importlib\.import_module)\(\s*["'](?:node:)?([\w]+)["']\s*\)\s*\.`)
	reReceiver = lazyregexp.New(`(?:(?:pathlib\.)?Path\(\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*\)|\b([A-Za-z_]\w*))\.(touch|write_text|write_bytes|unlink|rmdir|rename|replace|chmod|symlink_to|hardlink_to)\(`)

	reString = lazyregexp.New(`"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'`)

	// Calls that run a shell command line given as a string.
	reShellOut = lazyregexp.New(`(?:\bos\.system|\bos\.popen|\bsubprocess\.(?:getoutput|getstatusoutput)|\bcommands\.getoutput|\bexecSync|\bexec|\bspawnSync|\bsystem|\bshell_exec|\bpassthru|\bpopen|\bproc_open|\bIO\.popen|%x|\bOpen3\.\w+|do shell script|\bRuntime\.getRuntime\(\)\.exec|\bio\.popen|\brun|\bStart-Process|\bInvoke-Expression|\biex)\s*\(?\s*`)
	// Calls that take an argument list: subprocess.run(["rm", "-rf", x]).
	reArgv     = lazyregexp.New(`(?:\bsubprocess\.\w+|\bos\.exec\w*|\bos\.spawn\w*|\bspawn|\bspawnSync|\bexecFile|\bexecFileSync|\bsystem|\bexec|\bProcess|\brun)\s*\(\s*(?:\w+\s*,\s*)?\[([^\]]*)\]`)
	reBacktick = lazyregexp.New("`([^`]*)`")

	// File operations: name → what they do, and which string argument is the path.
	fileOps = []struct {
		re   *lazyregexp.Regexp
		op   string // rm, rmdir, write, chmod, chown, copy, move, link
		dest int    // 0: first path is the target; 1: second path is
	}{
		{lazyregexp.New(`\b(?:shutil\.rmtree|FileUtils\.rm_rf|FileUtils\.rm_r|FileUtils\.remove_dir|FileUtils\.remove_entry|rmtree|rimraf|fs\.rmSync|fs\.rm|fs\.promises\.rm|Remove-Item|rm)\s*\(?`), "rm-r", 0},
		{lazyregexp.New(`\b(?:os\.remove|os\.unlink|os\.rmdir|\.unlink|\.rmdir|unlink|unlinkSync|rmdirSync|File\.delete|File\.unlink|FileUtils\.rm|FileUtils\.remove|file\.remove|os\.remove|Remove-Item|Files\.delete|del)\s*\(?`), "rm", 0},
		{lazyregexp.New(`\b(?:writeFileSync|appendFileSync|writeFile|appendFile|file_put_contents|File\.write|File\.open|IO\.write|write_text|write_bytes|\.touch|writeLines|Set-Content|Add-Content|Clear-Content|Out-File|truncate|File\.truncate|ftruncate|openSync|open|sysopen|fopen|io\.open)\s*\(?`), "write", 0},
		{lazyregexp.New(`\b(?:os\.chmod|fs\.chmodSync|fs\.chmod|chmodSync|chmod|File\.chmod|FileUtils\.chmod|os\.lchmod)\s*\(?`), "chmod", 0},
		{lazyregexp.New(`\b(?:os\.chown|fs\.chownSync|chown|File\.chown|FileUtils\.chown)\s*\(?`), "chown", 0},
		{lazyregexp.New(`\b(?:shutil\.copy\w*|copyFileSync|copyFile|fs\.cpSync|FileUtils\.cp\w*|File::Copy::copy|copy|Copy-Item|file\.copy)\s*\(?`), "copy", 1},
		{lazyregexp.New(`\b(?:os\.rename|os\.replace|shutil\.move|renameSync|rename|FileUtils\.mv|File\.rename|move|Move-Item|\.rename|\.replace)\s*\(?`), "move", 1},
		{lazyregexp.New(`\b(?:os\.link|os\.symlink|fs\.linkSync|fs\.symlinkSync|symlink|link|File\.symlink|File\.link|\.symlink_to|\.hardlink_to)\s*\(?`), "link", 1},
	}

	reNetwork = lazyregexp.New(`\b(?:requests\.\w+|urllib\.request|urllib2|urlopen|http\.client|httpx\.\w+|aiohttp|socket\.socket|socket\.create_connection|fetch\s*\(|https?\.(?:get|request)|net\.connect|net\.createConnection|axios|XMLHttpRequest|LWP::|HTTP::Tiny|IO::Socket|Net::HTTP|open-uri|URI\.open|curl_exec|fsockopen|stream_socket_client|Invoke-WebRequest|Invoke-RestMethod|Net\.WebClient|download\.file|Downloads\.download|socket\.http|TCPSocket|Socket\.tcp)`)
	reURL     = lazyregexp.New(`https?://[^\s"'<>\\)]+`)
	reSend2   = lazyregexp.New(`(?i)\b(?:post|put|patch|sendall|send|upload|data\s*=|files\s*=|method\s*[:=]\s*["'](?:post|put|patch))`)
	reDynamic = lazyregexp.New(`\b(?:eval|exec|compile|Function|instance_eval|class_eval|loadstring|load|vm\.runIn\w+|__import__)\s*\(`)
	reDecode  = lazyregexp.New(`(?i)\b(?:b64decode|base64\.decodebytes|decode_base64|Base64\.decode64|base64_decode|atob|FromBase64String|from\(\s*[^,]+,\s*["']base64["']|unpack\(\s*["']m)`)
	reCodeVar = lazyregexp.New(`(?m)(?:^|[;\s])(?:my\s+|local\s+|const\s+|let\s+|var\s+)?\$?(\w+)\s*=\s*(?:(?:pathlib\.)?Path\(\s*)?("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')`)
)

// code scans interpreter source for what it does to the system, and adds
// the equivalent shell commands so that the policy judges them alike.
func (w *walker) code(cmd *Command, lang string, src Word) {
	if src.Dynamic {
		w.problem(DynamicCode, "%s runs code that is only known at run time", cmd.Program)
		return
	}
	text := normalizeCode(src.Text)
	origin := lang + " code"
	vars := map[string]string{}
	for _, m := range reCodeVar.FindAllStringSubmatch(text, -1) {
		vars[m[1]] = unquoteCode(m[2])
	}

	emit := func(program string, args ...string) {
		c := Command{Program: program, Name: program, Ctx: cmd.Ctx | Nested, Dir: cmd.Dir, DirUnknown: cmd.DirUnknown, Depth: cmd.Depth + 1, Via: append(append([]string(nil), cmd.Via...), cmd.Program), Origin: origin}
		for _, a := range args {
			c.Args = append(c.Args, Word{Text: a, Dynamic: strings.Contains(a, "{dynamic}"), Glob: strings.ContainsAny(a, "*?")})
		}
		w.add(c)
	}
	ran := false
	for _, m := range reArgv.FindAllStringSubmatch(text, -1) {
		var words []Word
		for _, s := range reString.FindAllStringSubmatch(m[1], -1) {
			words = append(words, Word{Text: unquoteCode(s[0])})
		}
		if len(words) > 0 {
			ran = true
			sub := Command{Ctx: cmd.Ctx | Nested, Depth: cmd.Depth + 1, Dir: cmd.Dir, Via: append(append([]string(nil), cmd.Via...), cmd.Program)}
			w.resolve(sub, words)
		}
	}
	for _, loc := range reShellOut.FindAllStringIndex(text, -1) {
		arg, ok := firstString(text[loc[1]:], vars)
		if !ok {
			continue
		}
		ran = true
		w.nested(*cmd, Word{Text: arg}, nil, origin)
	}
	if lang == "ruby" || lang == "perl" || lang == "php" {
		for _, m := range reBacktick.FindAllStringSubmatch(text, -1) {
			ran = true
			w.nested(*cmd, Word{Text: m[1]}, nil, origin)
		}
	}
	if !ran && reRunsSomething.MatchString(text) {
		w.problem(DynamicCode, "%s runs a command the analysis cannot read", origin)
	}
	for _, op := range fileOps {
		for _, loc := range op.re.FindAllStringIndex(text, -1) {
			paths := stringArgs(text[loc[1]:], vars, 2)
			if len(paths) == 0 {
				continue
			}
			switch op.op {
			case "rm-r":
				emit("rm", "-r", paths[0])
			case "rm":
				emit("rm", paths[0])
			case "write":
				if name := text[loc[0]:loc[1]]; strings.Contains(name, "writeLines") && len(paths) > 1 {
					paths = paths[1:]
				}
				if !opensForWrite(text[loc[1]:]) && !strings.Contains(text[loc[0]:loc[1]], "write") && !strings.Contains(text[loc[0]:loc[1]], "Content") && !strings.Contains(text[loc[0]:loc[1]], "touch") && !strings.Contains(text[loc[0]:loc[1]], "truncate") && !strings.Contains(text[loc[0]:loc[1]], "Out-File") && !strings.Contains(text[loc[0]:loc[1]], "writeLines") && !strings.Contains(text[loc[0]:loc[1]], "append") {
					emit("cat", paths[0])
					continue
				}
				c := Command{Name: "(" + origin + ")", Ctx: cmd.Ctx | Nested, Dir: cmd.Dir, Depth: cmd.Depth + 1, Via: append(append([]string(nil), cmd.Via...), cmd.Program), Origin: origin,
					Redirs: []Redirect{{Op: ">", Target: Word{Text: paths[0]}}}}
				w.add(c)
			case "chmod":
				mode := "{dynamic}"
				if rest := stringOrNumberArgs(text[loc[1]:]); len(rest) > 1 {
					mode = rest[1]
				}
				emit("chmod", mode, paths[0])
			case "chown":
				emit("chown", "{dynamic}", paths[0])
			case "copy", "move", "link":
				if stringReplace(text[loc[0]:loc[1]], text[loc[1]:]) {
					continue
				}
				prog := map[string]string{"copy": "cp", "move": "mv", "link": "ln"}[op.op]
				if len(paths) > 1 {
					emit(prog, paths[0], paths[1])
				} else if strings.HasPrefix(text[loc[0]:loc[1]], ".") {
					// Path(a).rename(b): the receiver is the source.
					emit(prog, "{dynamic}", paths[0])
				}
			}
		}
	}
	for _, m := range reReceiver.FindAllStringSubmatchIndex(text, -1) {
		recv := ""
		if m[2] >= 0 {
			recv = unquoteCode(text[m[2]:m[3]])
		} else if m[4] >= 0 {
			recv = vars[text[m[4]:m[5]]]
		}
		if recv == "" {
			continue
		}
		rest := text[m[1]:]
		switch method := text[m[6]:m[7]]; method {
		case "touch", "write_text", "write_bytes":
			w.add(Command{Name: "(" + origin + ")", Ctx: cmd.Ctx | Nested, Dir: cmd.Dir, Depth: cmd.Depth + 1, Via: append(append([]string(nil), cmd.Via...), cmd.Program), Origin: origin,
				Redirs: []Redirect{{Op: ">", Target: Word{Text: recv}}}})
		case "unlink":
			emit("rm", recv)
		case "rmdir":
			emit("rmdir", recv)
		case "chmod":
			emit("chmod", "{dynamic}", recv)
		case "rename", "replace":
			if stringReplace("."+method, rest) {
				continue
			}
			dest := "{dynamic}"
			if args := stringArgs(rest, vars, 1); len(args) > 0 {
				dest = args[0]
			}
			emit("mv", recv, dest)
		case "symlink_to", "hardlink_to":
			if args := stringArgs(rest, vars, 1); len(args) > 0 {
				emit("ln", args[0], recv)
			}
		}
	}
	if reNetwork.MatchString(text) {
		url := reURL.FindString(text)
		if url == "" {
			url = "{dynamic-url}"
		}
		if reSend2.MatchString(text) {
			emit("curl", "--data-binary", "@{dynamic}", url)
		} else {
			emit("curl", url)
		}
	}
	if reDecode.MatchString(text) && (reDynamic.MatchString(text) || ran) {
		w.problem(Obfuscated, "%s decodes data and runs it", origin)
	} else if m := reDynamic.FindStringIndex(text); m != nil {
		if _, ok := firstString(text[m[1]:], vars); !ok {
			w.problem(DynamicCode, "%s evaluates code built at run time", origin)
		}
	}
}

// stringReplace reports a .replace( call with two or more arguments: a
// string's replace(old, new[, count]) in Python and JavaScript. The file
// renames spelled .replace take one argument, the target (pathlib's
// Path.replace); os.replace is matched by its module's name.
func stringReplace(name, rest string) bool {
	return strings.HasPrefix(name, ".replace") && callArity(rest) >= 2
}

// callArity counts the arguments of the call whose argument list rest
// starts (after its open parenthesis or at it): commas outside brackets
// and string literals, up to the closing parenthesis. -1 when the list
// does not close.
func callArity(rest string) int {
	rest = strings.TrimLeft(rest, " \t")
	rest = strings.TrimPrefix(rest, "(")
	depth, n, any := 0, 1, false
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; c {
		case '"', '\'', '`':
			end := literalEnd(rest, i)
			if end < 0 {
				return -1
			}
			i = end
			any = true
		case '(', '[', '{':
			depth++
			any = true
		case ']', '}':
			depth--
		case ')':
			if depth == 0 {
				if !any {
					return 0
				}
				return n
			}
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		case ' ', '\t', '\n':
		default:
			any = true
		}
	}
	return -1
}

// literalEnd returns the index of the quote that closes the string
// literal opened at rest[i] (a backslash escapes the next byte); -1 when
// it does not close.
func literalEnd(rest string, i int) int {
	for j := i + 1; j < len(rest); j++ {
		switch rest[j] {
		case '\\':
			j++
		case rest[i]:
			return j
		}
	}
	return -1
}

// normalizeCode undoes escaping and indirection that hide calls: nested
// quoted code is unescaped and reflective calls are rewritten as direct ones.
func normalizeCode(s string) string {
	s = strings.ReplaceAll(s, `\"`, `"`)
	s = strings.ReplaceAll(s, `\'`, `'`)
	s = reGetattr.ReplaceAllString(s, ".$1(")
	s = reIndexed.ReplaceAllString(s, ".$1(")
	s = reSend.ReplaceAllString(s, ".$1(")
	s = reCallFunc.ReplaceAllString(s, "$1(")
	s = reImport.ReplaceAllString(s, "$1.")
	return s
}

var reEscape = lazyregexp.New(`\\x\{([0-9a-fA-F]+)\}|\\u\{([0-9a-fA-F]+)\}|\\x([0-9a-fA-F]{2})|\\u([0-9a-fA-F]{4})|\\([0-7]{3})`)

// unquoteCode turns a string literal into its value, resolving the
// environment references that name the home directory.
func unquoteCode(lit string) string {
	if len(lit) >= 2 && (lit[0] == '"' || lit[0] == '\'') {
		lit = lit[1 : len(lit)-1]
	}
	lit = reEscape.ReplaceAllStringFunc(lit, func(m string) string {
		var n uint64
		for _, c := range strings.Trim(m[2:], "{}") {
			n = n*16 + uint64(hexVal(byte(c)))
		}
		if m[1] >= '0' && m[1] <= '7' {
			n = 0
			for _, c := range m[1:] {
				n = n*8 + uint64(c-'0')
			}
		}
		return string(rune(n))
	})
	for _, home := range []string{"$ENV{HOME}", "${HOME}", "$HOME", "$env:HOME", "$env:USERPROFILE", "${env:HOME}"} {
		lit = strings.ReplaceAll(lit, home, "~")
	}
	return lit
}

func hexVal(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10
	}
	return 0
}

// firstString returns the string a call's first argument evaluates to,
// when it is a literal, a concatenation of literals, or a known variable.
func firstString(rest string, vars map[string]string) (string, bool) {
	args := stringArgs(rest, vars, 1)
	if len(args) == 0 {
		return "", false
	}
	return args[0], true
}

var (
	reHomeExpr = lazyregexp.New(`^(?:os\.path\.expanduser\(\s*|os\.path\.join\(\s*|Path\(\s*|path\.join\(\s*|File\.expand_path\(\s*|File\.join\(\s*|normalizePath\(\s*|path\.expand\(\s*)`)
	reHomeVar  = lazyregexp.New(`^(?:process\.env\.HOME|process\.env\[["']HOME["']\]|os\.homedir\(\)|os\.environ\[["']HOME["']\]|os\.getenv\(["']HOME["']\)|Path\.home\(\)|ENV\[["']HOME["']\]|Sys\.getenv\(["']HOME["']\)|homedir\(\))`)
)

// stringArgs reads up to n path-like arguments from the text after a call's
// name: string literals joined by + . or , inside path helpers, and known
// variables.
func stringArgs(rest string, vars map[string]string, n int) []string {
	var out []string
	s := strings.TrimLeft(rest, " (\t")
	// A leading handle argument (perl's "my $fh," in open and sysopen).
	if m := reHandle.FindString(s); m != "" {
		s = s[len(m):]
	}
	for len(out) < n && s != "" {
		var b strings.Builder
		ok := false
		for {
			s = strings.TrimLeft(s, " \t")
			if m := reHomeExpr.FindString(s); m != "" {
				s = s[len(m):]
				continue
			}
			if m := reHomeVar.FindString(s); m != "" {
				b.WriteString("~")
				s = s[len(m):]
				ok = true
			} else if loc := reString.FindStringIndex(s); loc != nil && loc[0] == 0 {
				b.WriteString(unquoteCode(s[:loc[1]]))
				s = s[loc[1]:]
				ok = true
			} else if id := leadingIdent(s); id != "" && vars[id] != "" {
				b.WriteString(vars[id])
				s = s[len(id):]
				ok = true
			} else {
				break
			}
			s = strings.TrimLeft(s, " \t)")
			if strings.HasPrefix(s, "+") || strings.HasPrefix(s, ". ") || strings.HasPrefix(s, "..") {
				s = strings.TrimLeft(s[1:], ". ")
				continue
			}
			if strings.HasPrefix(s, "/") && ok {
				// Python's Path("a") / "b".
				b.WriteString("/")
				s = s[1:]
				continue
			}
			break
		}
		if !ok {
			break
		}
		out = append(out, b.String())
		s = strings.TrimLeft(s, " \t)")
		if !strings.HasPrefix(s, ",") {
			break
		}
		s = s[1:]
	}
	return out
}

func leadingIdent(s string) string {
	i := 0
	for i < len(s) && (s[i] == '_' || s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z' || i > 0 && s[i] >= '0' && s[i] <= '9') {
		i++
	}
	return s[:i]
}

var reRunsSomething = lazyregexp.New(`\b(?:subprocess|os\.system|os\.popen|child_process|execSync|spawn|shell_exec|passthru|proc_open|popen|Open3|IO\.popen|system\s*\(|Start-Process|Invoke-Expression|do shell script|os\.exec)`)

var reHandle = lazyregexp.New(`^(?:my\s+)?[\$*]\w+\s*,\s*|^[A-Z]+\s*,\s*`)

var reNumberArg = lazyregexp.New(`^\s*\(?\s*(?:"[^"]*"|'[^']*'|[\w.]+)\s*,\s*(0o?[0-7]+|\d+|stat\.\w+)`)

func stringOrNumberArgs(rest string) []string {
	m := reNumberArg.FindStringSubmatch(rest)
	if m == nil {
		return nil
	}
	return []string{"", strings.TrimPrefix(m[1], "0o")}
}

var reWriteMode = lazyregexp.New(`^[^)]*?,\s*(?:["'][wax+][bt+]*["']|(?:mode\s*=\s*)?["'][rb]*[wa+][bt]*["']|O_WRONLY|O_RDWR|O_TRUNC|O_CREAT|["']>>?["']|flags?\s*:\s*["'][wa])`)

// opensForWrite reports whether an open-like call's arguments ask for writing.
func opensForWrite(rest string) bool {
	return reWriteMode.MatchString(rest)
}
