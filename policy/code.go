package policy

import (
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// interpreter judges python, node and the other interpreters. Inline code
// (an option's value, a heredoc, a here-string, literal piped text) is
// allowed only when package code reads all of it and finds it pure; a
// script file is judged like any program file.
func (j *judgement) interpreter(c *shell.Command, lang string) {
	subj := c.String()
	if lang == "python" {
		j.warningFilters(c)
	}
	if lang == "perl" && j.perl(c) {
		return
	}
	if lang == "javascript" && nodeTestRun(c) {
		j.nodeTests(c, subj)
		return
	}
	if file, ok := syntaxCheckOnly(c, lang); ok {
		j.syntaxCheck(c, file)
		return
	}
	for k, a := range c.Args {
		t := a.Text
		if len(a.From) > 0 {
			j.pipedCode(c, a.From, subj)
			return
		}
		if t == "-" {
			break // the code is standard input; the words after it are its arguments
		}
		if lang == "python" && t == "-m" && k+1 < len(c.Args) {
			j.pythonModule(c, c.Args[k+1].Text, c.Args[k+2:])
			return
		}
		if mod, rest, ok := pythonModuleCluster(c.Args, k); lang == "python" && ok {
			// -Im venv, -Bmvenv: plain flags clustered before -m.
			if mod == "" {
				j.fireWith(catalog.UBadInput, subj, "python -m names no module")
				return
			}
			j.pythonModule(c, mod, rest)
			return
		}
		if file, ok := nodePreload(c, k); ok && lang == "javascript" {
			// node -r FILE loads FILE before the script: judged as the
			// script is, by what it contains.
			if strings.HasPrefix(file, ".") || strings.HasPrefix(file, "/") {
				j.runFile(c, file, subj)
			}
			continue
		}
		if strings.HasPrefix(t, "-") {
			if (t == "--version" || t == "-V" || t == "--help" || t == "-h" || t == "-v" && lang != "python") && len(c.Args) == 1 {
				// Alone it prints and exits; with code after it, ruby -v
				// prints its version and runs the code, so the code is read.
				j.fireWith(catalog.D1ReadOnly, subj, "prints the interpreter's version")
				return
			}
			if isCodeOption(lang, t) {
				src, ok := codeArg(lang, c.Args, k)
				j.inlineCode(c, lang, src, ok)
				if lang == "perl" || lang == "ruby" {
					j.inPlace(c)
				}
				return
			}
			continue
		}
		if k > 0 && (c.Args[k-1].Text == "-W" || c.Args[k-1].Text == "-X" || (c.Args[k-1].Text == "-r" || c.Args[k-1].Text == "--require" || c.Args[k-1].Text == "--import") && lang == "javascript" || c.Args[k-1].Text == "-i" && lang == "perl" || (c.Args[k-1].Text == "-I" || c.Args[k-1].Text == "-M") && lang != "python") {
			continue
		}
		if lang == "javascript" && (t == "eval" || t == "run" || t == "test") && (c.Program == "deno" || c.Program == "bun") {
			continue
		}
		if a.Dynamic {
			j.fireWith(catalog.UDynamicPath, subj, "runs a script whose path is only known at run time")
			return
		}
		j.runFile(c, t, subj)
		return
	}
	switch in := c.Stdin; {
	case in.Kind == shell.Pipe && !in.Known && len(in.From) > 0:
		j.pipedCode(c, in.From, subj)
	case in.Kind == shell.File && in.Text != "":
		j.runFile(c, in.Text, subj)
	case in.Kind != shell.NoInput && lang == "perl" && in.Known:
		// The perl rule reads code on standard input with the switches it
		// knows; here some other switch came first.
		j.fireWith(catalog.UUnknownOption, subj, "perl runs code from standard input with switches arbiter does not read")
	case in.Kind != shell.NoInput:
		j.inlineCode(c, lang, shell.Word{Text: in.Text}, in.Known)
	default:
		// No script, no code, no input: the options only print (php -m);
		// the spec must still know each of them.
		j.fireWith(catalog.D1ReadOnly, subj, "runs no code: prints what its options ask for and exits")
	}
}

// nodePreload returns the module node's option at args[k] loads before
// the script (-r FILE, --require=FILE, --import FILE).
func nodePreload(c *shell.Command, k int) (string, bool) {
	if c.Program != "node" && c.Program != "nodejs" {
		return "", false
	}
	t := c.Args[k].Text
	for _, name := range []string{"--require", "--import"} {
		if v, ok := strings.CutPrefix(t, name+"="); ok {
			return v, true
		}
	}
	if (t == "-r" || t == "--require" || t == "--import") && k+1 < len(c.Args) {
		return c.Args[k+1].Text, true
	}
	return "", false
}

// codeArg returns the code given with the option at args[k]: the next
// word, or the rest of a joined form (-c'code', --eval=code, -Sc code).
func codeArg(lang string, args []shell.Word, k int) (shell.Word, bool) {
	t := args[k].Text
	next := func() (shell.Word, bool) {
		if k+1 < len(args) {
			return args[k+1], true
		}
		return shell.Word{}, false
	}
	if strings.HasPrefix(t, "--") {
		if _, v, ok := strings.Cut(t, "="); ok {
			return shell.Word{Text: v, Dynamic: args[k].Dynamic}, true
		}
		return next()
	}
	if lang == "powershell" {
		return next()
	}
	i := codeLetterAt(lang, t)
	if i < 0 {
		return next()
	}
	if rest := t[i+1:]; rest != "" {
		return shell.Word{Text: rest, Dynamic: args[k].Dynamic}, true
	}
	return next()
}

// inlineCode judges code given inline to an interpreter (or to awk): pure
// code is routine; code that writes only named files is routine when the
// writes are; anything else is left to the runtime, naming what was not
// understood. The shell analysis separately extracts the commands, deletes
// and requests it can see in the code, whose ask and deny rules still apply.
func (j *judgement) inlineCode(c *shell.Command, lang string, src shell.Word, known bool) {
	subj := c.String()
	name := codeLanguage(lang)
	switch {
	case !code.Supported(lang):
		j.fireWith(catalog.UNoTokenizer, subj, "arbiter has no tokenizer for "+name+" code, so it cannot tell what the code does")
		return
	case !known || src.Dynamic:
		j.fireWith(catalog.UDynamicCode, subj, "runs "+name+" code that is only known at run time")
		return
	}
	projectModule := func(top string) bool { return j.projectModule(c, top) }
	var load *pyLoad
	if lang == "python" {
		load = j.pythonLoad(c)
		projectModule = func(top string) bool { return j.isProjectModule(load, top) }
	}
	r := code.AnalyzeWith(lang, src.Text, code.Options{ProjectModule: projectModule, ProjectFile: func(spec string) bool { return j.projectFile(c, spec) }})
	if j.tokenized == nil {
		j.tokenized = map[string]bool{}
	}
	j.tokenized[lang] = true
	if load != nil && r.Parsed {
		j.followImports(c, r, load, subj)
		j.reexports(c, r, load, subj)
	}
	if lang == "javascript" && r.Parsed {
		j.followRequires(c, r, subj)
	}
	if j.projectCode {
		j.projectScript(c, name, r)
		return
	}
	switch {
	case !r.Parsed:
		j.fireWith(catalog.UUnreadableCode, subj, "arbiter cannot read this "+name+" code whole ("+r.Why+")")
		return
	case r.EnvDump && !r.Dynamic:
		j.fireWith(catalog.B3SecretPrint, subj, name+" code reads every environment variable ("+r.Why+"), which often include tokens and passwords")
		return
	case !r.Contained:
		j.fireWith(impureRule(r), subj, "the "+name+" code "+r.Why)
		return
	}
	if len(r.Project) > 0 {
		j.fireWith(catalog.D4RunProjectCode, subj, "runs "+name+" code that calls the project's own "+strings.Join(r.Project, ", "))
	} else {
		j.fireWith(catalog.D4InlineCode, subj, "runs "+name+" code that only computes, prints and reads named files")
	}
	j.codeFiles(c, name, r)
}

// impureRule names what made code impure: code or names built at run time
// (U.dynamic-code), or anything else not on the list (U.impure-code).
func impureRule(r code.Report) catalog.ID {
	if r.Dynamic {
		return catalog.UDynamicCode
	}
	return catalog.UImpureCode
}

// projectScript judges the code of one of the project's own scripts: it
// may call anything (running the project's code is routine, D4), but not
// do what is never routine: evaluate built code, start programs, use the
// network, delete files, load native code or read the whole environment.
func (j *judgement) projectScript(c *shell.Command, name string, r code.Report) {
	subj := c.String()
	switch {
	case !r.Parsed:
		j.fireWith(catalog.UUnreadableCode, subj, "arbiter cannot read this "+name+" script whole ("+r.Why+")")
	case r.EnvDump && !r.Dynamic:
		j.fireWith(catalog.B3SecretPrint, subj, "the "+name+" script reads every environment variable ("+r.Hazard+"), which often include tokens and passwords")
	case r.Hazard != "":
		j.fireWith(impureRule(r), subj, "the "+name+" script "+r.Hazard)
	default:
		j.fireWith(catalog.D4RunProjectCode, subj, "runs the project's own "+name+" code, which does nothing arbiter must confirm")
		j.codeFiles(c, name, r)
	}
}

// codeFiles judges the named files code reads and writes, and the
// environment variables it reads by name.
func (j *judgement) codeFiles(c *shell.Command, name string, r code.Report) {
	subj := c.String()
	if len(r.Reads)+len(r.Writes)+len(r.Env) > 0 {
		j.notTextOnly() // judged by what is on disk and in the environment too
	}
	for _, f := range r.Reads {
		if c.DirUnknown && !path.IsAbs(f) && !strings.HasPrefix(f, "~") {
			j.fireWith(catalog.UUnknownDirectory, subj, name+" code reads "+f+" relative to a directory the analysis cannot tell")
			return
		}
		if j.readsSecretPath(j.res.Resolve(f, c.Dir)) {
			j.fireWith(catalog.B3SecretRead, subj, name+" code reads the credential file "+f)
			return
		}
	}
	if r.Lang == "python" && (j.libraryConfigRead(c, name, r) || j.imageRunsProgram(c, name, r)) {
		return
	}
	for _, db := range r.Databases {
		if _, ok := j.sqliteFile(c, shell.Word{Text: db}); !ok {
			j.fireWith(catalog.UImpureCode, subj, name+" code opens the database "+db+", which is not a file of the project")
			return
		}
	}
	for _, v := range r.Env {
		if isSecretName(v) {
			j.fireWith(catalog.B3SecretPrint, subj, name+" code reads the secret "+v+" from the environment, which would be sent to the model provider with the conversation")
			return
		}
	}
	var writes []shell.Word
	for _, f := range r.Writes {
		writes = append(writes, shell.Word{Text: f})
	}
	j.writeArgs(c, writes)
}

func codeLanguage(lang string) string {
	switch lang {
	case "javascript":
		return "JavaScript"
	case "powershell":
		return "PowerShell"
	case "applescript":
		return "AppleScript"
	case "php", "awk", "sed":
		return lang
	case "r":
		return "R"
	}
	return strings.ToUpper(lang[:1]) + lang[1:]
}

// inPlace judges perl -i and ruby -i, which rewrite their file operands.
func (j *judgement) inPlace(c *shell.Command) {
	inplace := false
	for _, a := range c.Args {
		if strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "--") && strings.ContainsRune(a.Text, 'i') {
			inplace = true
		}
	}
	if !inplace {
		return
	}
	var files []shell.Word
	skip := false
	for _, a := range c.Args {
		if skip {
			skip = false
			continue
		}
		if strings.HasPrefix(a.Text, "-") {
			if strings.HasSuffix(a.Text, "e") || strings.HasSuffix(a.Text, "E") {
				skip = true // the code follows
			}
			continue
		}
		files = append(files, a)
	}
	j.writeArgs(c, files)
}

// isCodeOption reports whether an interpreter option takes (or holds) the
// code to run: -c, -e, --eval, and the joined forms the shell analysis
// also reads (-Sc, -pe, -wle, -c'code'), so that code it scans is never
// taken here for a script path.
func isCodeOption(lang, t string) bool {
	if lang == "powershell" {
		return strings.HasPrefix(strings.ToLower(t), "-c")
	}
	if strings.HasPrefix(t, "--") {
		name, _, _ := strings.Cut(t, "=")
		return name == "--eval" || name == "--print" && (lang == "javascript" || lang == "julia")
	}
	return codeLetterAt(lang, t) >= 0
}

// codeLetterAt returns the index in t of the short option whose value is
// code, after a run of flag letters; -1 when there is none.
func codeLetterAt(lang, t string) int {
	// Letters that take a value of their own start a cluster that holds
	// no code option: Perl's -Mmod, -Idir; Python's -Wdefault, -Xdev.
	valued := "MmIWXxCd"
	if lang == "python" {
		valued = "WXm"
	}
	if len(t) < 2 || t[0] != '-' || t[1] == '-' || len(t) > 2 && strings.IndexByte(valued, t[1]) >= 0 {
		return -1
	}
	// The letters in the order the shell analysis tries them (-e before
	// -p), so that both read the same word as the code.
	for _, letter := range codeLetters(lang) {
		if i := strings.IndexRune(t[1:], letter); i >= 0 && isLetters(t[1:1+i]) {
			return 1 + i
		}
	}
	return -1
}

// pythonModuleCluster reads python's plain flags clustered with -m (-Im
// venv, -Bmvenv): the module and the words after it.
func pythonModuleCluster(args []shell.Word, k int) (string, []shell.Word, bool) {
	t := args[k].Text
	if len(t) < 3 || t[0] != '-' || t[1] == '-' {
		return "", nil, false
	}
	i := strings.IndexByte(t, 'm')
	if i < 2 || strings.Trim(t[1:i], "bBdEhiIOPqRsSuvVx") != "" {
		return "", nil, false
	}
	if rest := t[i+1:]; rest != "" {
		return rest, args[k+1:], true
	}
	if k+1 < len(args) {
		return args[k+1].Text, args[k+2:], true
	}
	return "", nil, true
}

func codeLetters(lang string) string {
	switch lang {
	case "python":
		return "c"
	case "javascript":
		return "ep"
	case "perl", "julia":
		return "eE"
	case "php":
		return "r"
	}
	return "e"
}

func isLetters(s string) bool {
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// pythonModules says what running a module with python -m does, for the
// standard library's runnable modules and the common project tools.
var pythonModules = lazy.New(func() map[string]string {
	return map[string]string{
		"pytest": "test", "unittest": "test", "doctest": "test", "nose": "test", "nose2": "test", "tox": "test", "nox": "test", "coverage": "test", "hypothesis": "test",
		"mypy": "test", "pylint": "test", "flake8": "test", "pyflakes": "test", "pycodestyle": "test", "pydocstyle": "test", "ruff": "test", "black": "test",
		"isort": "test", "pyright": "test", "bandit": "test", "build": "test", "compileall": "test", "py_compile": "test", "tabnanny": "test", "autopep8": "test", "yapf": "test",
		"platform": "info", "sysconfig": "info", "site": "info", "this": "info", "tokenize": "info", "dis": "info", "ast": "info", "pyclbr": "info", "calendar": "info",
		"uuid": "info", "base64": "info", "quopri": "info", "uu": "info", "mimetypes": "info", "locale": "info", "filecmp": "info", "pickletools": "info", "sqlite3": "interactive",
		"json.tool": "json", "zipfile": "archive", "tarfile": "archive", "gzip": "gzip", "venv": "venv", "virtualenv": "venv",
		"timeit": "code", "cProfile": "script", "profile": "script", "trace": "script", "pdb": "interactive", "code": "interactive", "idlelib": "interactive",
		"http.server": "server", "SimpleHTTPServer": "server", "smtpd": "server", "xmlrpc.server": "server", "pydoc": "pydoc", "ftplib": "server",
		"webbrowser": "browser", "antigravity": "browser",
		"pip": "packages", "pip3": "packages", "ensurepip": "packages", "pipx": "packages", "uv": "packages", "poetry": "packages", "conda": "packages",
		"twine": "publish",
	}
})

// pythonModule judges python -m MODULE by the module and its arguments.
func (j *judgement) pythonModule(c *shell.Command, module string, rest []shell.Word) {
	subj := c.String()
	sub := shell.Command{Program: module, Name: module, Args: rest, Via: c.Via, Dir: c.Dir, DirUnknown: c.DirUnknown}
	ops := operands(&sub)
	if j.projectPythonModule(c, module, subj) {
		return // the project's own module, even where it shadows a known one
	}
	switch pythonModules.Get()[module] {
	case "packages":
		j.packages(&sub)
	case "test":
		j.fireWith(catalog.D4RunTests, subj, "runs the project's tests, checks or build with "+module)
		j.testModule(c, &sub, module)
	case "info":
		j.fireWith(catalog.D1ReadOnly, subj, "prints information with Python's "+module+" module")
		j.readArgs(&sub)
	case "json":
		j.fireWith(catalog.D1ReadOnly, subj, "formats JSON")
		if len(ops) > 0 {
			j.readArgs(&shell.Command{Args: ops[:1], Dir: c.Dir})
		}
		if len(ops) > 1 {
			j.writeArgs(c, ops[1:2])
		}
	case "archive":
		j.pythonArchive(c, module, rest)
	case "gzip":
		j.fireWith(catalog.D2WriteProject, subj, "compresses or decompresses files next to the originals")
		j.writeArgs(c, ops)
	case "venv":
		j.fireWith(catalog.D2WriteProject, subj, "creates a virtual environment")
		j.writeArgs(c, ops)
	case "code":
		j.pythonTimeit(c, rest)
	case "script":
		for _, a := range rest {
			if !strings.HasPrefix(a.Text, "-") {
				j.runFile(c, a.Text, subj)
				return
			}
		}
		j.fireWith(catalog.UUnknownOption, subj, "profiles a program arbiter cannot see")
	case "interactive":
		j.fireWith(catalog.UInteractive, subj, "python -m "+module+" waits for a person at an interactive prompt")
	case "server":
		j.fire(catalog.CServer, subj)
	case "pydoc":
		for _, a := range rest {
			if a.Text == "-p" || a.Text == "-b" || strings.HasPrefix(a.Text, "-p") {
				j.fireWith(catalog.CServer, subj, "starts a documentation web server, which keeps running")
				return
			}
		}
		j.fireWith(catalog.UUnknownModule, subj, "pydoc imports the modules it documents, which runs their code")
	case "browser":
		j.fire(catalog.CExternal, subj)
	case "publish":
		j.fire(catalog.B10Publish, subj)
	default:
		j.fireWith(catalog.UUnknownModule, subj, "runs the Python module "+module+", which arbiter does not know and cannot find in the project")
	}
}

// projectModule reports whether module's top-level package is a file or
// directory of the project, looked up with lstat only.
func (j *judgement) projectModule(c *shell.Command, module string) bool {
	top := strings.SplitN(module, ".", 2)[0]
	if top == "" || c.DirUnknown || strings.ContainsAny(top, "/\\") {
		return false
	}
	dir := j.res.Resolve(".", c.Dir)
	if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot {
		return false // not /tmp: a module there is nobody's project
	}
	for _, p := range []string{path.Join(dir, top), path.Join(dir, top+".py")} {
		if _, err := os.Lstat(p); err == nil {
			return true
		}
	}
	return false
}

// pythonArchive judges python -m zipfile and tarfile: -l and -t only read;
// -e extracts (writes the target directory); -c creates the archive.
func (j *judgement) pythonArchive(c *shell.Command, module string, rest []shell.Word) {
	subj := c.String()
	for k, a := range rest {
		switch a.Text {
		case "-l", "--list", "-t", "--test":
			j.fireWith(catalog.D1ReadOnly, subj, "lists an archive")
			j.readArgs(&shell.Command{Args: rest[k+1:], Dir: c.Dir})
			return
		case "-e", "--extract":
			j.fireWith(catalog.D2WriteProject, subj, "extracts an archive")
			if k+2 < len(rest) {
				j.writeArgs(c, rest[k+2:k+3])
			} else {
				j.writeArgs(c, []shell.Word{{Text: "."}})
			}
			return
		case "-c", "--create":
			j.fireWith(catalog.D2WriteProject, subj, "creates an archive")
			if k+1 < len(rest) {
				j.writeArgs(c, rest[k+1:k+2])
			}
			return
		}
	}
	j.fireWith(catalog.UUnknownOption, subj, "python -m "+module+" with options arbiter does not know")
}

// pythonTimeit judges python -m timeit, whose statements are code.
func (j *judgement) pythonTimeit(c *shell.Command, rest []shell.Word) {
	var stmts []string
	dynamic := false
	for k := 0; k < len(rest); k++ {
		t := rest[k].Text
		switch {
		case t == "-s" || t == "--setup" || t == "-n" || t == "--number" || t == "-r" || t == "--repeat" || t == "-u" || t == "--unit":
			if k+1 < len(rest) && (t == "-s" || t == "--setup") {
				stmts = append(stmts, rest[k+1].Text)
				dynamic = dynamic || rest[k+1].Dynamic
			}
			k++
		case strings.HasPrefix(t, "-"):
		default:
			stmts = append(stmts, t)
			dynamic = dynamic || rest[k].Dynamic
		}
	}
	j.inlineCode(c, "python", shell.Word{Text: strings.Join(stmts, "\n"), Dynamic: dynamic}, true)
}

// sed judges a sed command: its script is read whole by package code (w
// writes a file, e runs a command, r reads one); with -i it rewrites its
// file operands.
func (j *judgement) sed(c *shell.Command) {
	subj := c.String()
	var scripts []string
	var files []shell.Word
	inPlace, quiet, scripted := false, false, false
	var suffix shell.Word // -iSUFFIX, --in-place=SUFFIX: the backup's name
	args := c.Args
	for k := 0; k < len(args); k++ {
		a := args[k]
		t := a.Text
		value := func(rest string) (shell.Word, bool) {
			if rest != "" {
				return shell.Word{Text: rest, Dynamic: a.Dynamic}, true
			}
			if k+1 < len(args) {
				k++
				return args[k], true
			}
			return shell.Word{}, false
		}
		switch {
		case t == "--":
			files = append(files, args[k+1:]...)
			k = len(args)
		case t == "-e" || t == "--expression" || strings.HasPrefix(t, "--expression="):
			_, v, _ := strings.Cut(t, "=")
			w, ok := value(v)
			if !ok || w.Dynamic {
				j.fireWith(catalog.UDynamicCode, subj, "runs a sed script that is only known at run time")
				return
			}
			scripts, scripted = append(scripts, w.Text), true
		case t == "-f" || t == "--file" || strings.HasPrefix(t, "--file="):
			j.fireWith(catalog.UScriptFile, subj, "runs a sed script from a file, which arbiter does not read")
			return
		case strings.HasPrefix(t, "--in-place"):
			inPlace = true
			_, v, _ := strings.Cut(t, "=")
			suffix = shell.Word{Text: v, Dynamic: a.Dynamic}
		case t == "--quiet" || t == "--silent":
			quiet = true
		case t == "-l" || t == "--line-length":
			k++
		case strings.HasPrefix(t, "--"):
			// --posix, --debug, --sandbox, -E's long forms and the like
			// change no file and run nothing.
		case strings.HasPrefix(t, "-") && len(t) > 1:
			for i := 1; i < len(t); i++ {
				switch t[i] {
				case 'n':
					quiet = true
				case 'i':
					inPlace = true
					suffix = shell.Word{Text: t[i+1:], Dynamic: a.Dynamic}
					if i+1 == len(t) && k+1 < len(args) && args[k+1].Text == "" {
						k++ // BSD sed's separate, empty backup suffix
					}
					i = len(t)
				case 'e':
					w, ok := value(t[i+1:])
					if !ok || w.Dynamic {
						j.fireWith(catalog.UDynamicCode, subj, "runs a sed script that is only known at run time")
						return
					}
					scripts, scripted = append(scripts, w.Text), true
					i = len(t)
				case 'f':
					j.fireWith(catalog.UScriptFile, subj, "runs a sed script from a file, which arbiter does not read")
					return
				case 'l':
					if i+1 == len(t) {
						k++
					}
					i = len(t)
				}
			}
		case !scripted && len(scripts) == 0:
			if a.Dynamic {
				j.fireWith(catalog.UDynamicCode, subj, "runs a sed script that is only known at run time")
				return
			}
			scripts = append(scripts, t)
		default:
			files = append(files, a)
		}
	}
	r := code.Analyze("sed", strings.Join(scripts, "\n"))
	switch {
	case !r.Parsed:
		j.fireWith(catalog.UUnreadableCode, subj, "arbiter cannot read this sed script whole ("+r.Why+")")
		return
	case r.Spawns:
		j.fireWith(catalog.UImpureCode, subj, "the sed script: "+r.Why)
		return
	}
	for _, f := range r.Reads {
		if j.readsSecretPath(j.res.Resolve(f, c.Dir)) {
			j.fireWith(catalog.B3SecretRead, subj, "the sed script reads the credential file "+f)
			return
		}
	}
	var writes []shell.Word
	for _, f := range r.Writes {
		writes = append(writes, shell.Word{Text: f})
	}
	if !inPlace {
		j.fireWith(catalog.D1ReadOnly, subj, "prints edited text without changing files")
		j.readArgs(&shell.Command{Program: c.Program, Args: files, Dir: c.Dir, DirUnknown: c.DirUnknown})
		j.writeArgs(c, writes)
		return
	}
	if quiet {
		j.fireWith(catalog.B1Delete, subj, "sed -n -i keeps only the lines it prints and deletes the rest of each file")
		return
	}
	// The original of each file is renamed to its backup: a write there.
	j.writeArgs(c, append(append(files, writes...), sedBackups(suffix, files)...))
}

// codeGuess returns the language of a shell-analysis problem that is a
// pattern's guess about inline code ("python code evaluates code built at
// run time"), for the languages package code reads; "" otherwise.
func codeGuess(detail string) string {
	lang, rest, ok := strings.Cut(detail, " code ")
	if !ok || !code.Supported(lang) {
		return ""
	}
	switch rest {
	case "evaluates code built at run time", "runs a command the analysis cannot read":
		return lang
	}
	return ""
}

// codeProblems keeps the shell analysis's guesses about inline code only
// where no tokenizer read that code: where one did, its verdict (pure, or
// a defer naming what it did not understand) replaces the guess.
func (j *judgement) codeProblems(a *shell.Analysis) {
	for _, p := range a.Problems {
		if lang := codeGuess(p.Detail); p.Kind == shell.DynamicCode && lang != "" && !j.tokenized[lang] {
			j.fireWith(catalog.UDynamicCode, "", p.Detail)
		}
	}
}
