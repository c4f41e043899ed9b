package policy

import (
	"fmt"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// The closed world. Deny and ask rules fire on what they recognise; an
// allow must be earned: a command is allowed only when its program has a
// spec (package spec) and every word of the command parses against it.
// What the spec says each value is then gets judged too: a file written is
// a write, a program is a command, a host is network use.

// bySpec judges a program no dedicated rule covers, by its spec's effect.
func (j *judgement) bySpec(c *shell.Command, sp *spec.Spec) {
	subj := c.String()
	res := sp.Parse(c.ArgTexts())
	if res.Problem == nil {
		sp = res.Spec // a subcommand has its own effect
	}
	switch sp.Effect {
	case spec.Reads:
		j.fire(catalog.D1ReadOnly, subj)
		if res.Problem == nil {
			for _, v := range res.Values {
				j.value(c, v) // each file read is checked, each file written judged
			}
			j.recursiveRead(c, res)
		} else {
			j.readArgs(c) // not understood, but a credential read is still one
		}
		j.awkInPlace(c)
	case spec.Builds:
		j.fire(catalog.D5Build, subj)
		j.checkerPlugins(c, shell.Canonical(c.Program), subj)
		j.configModule(c, subj)
		j.golangciPlugins(c, subj)
		j.scriptOptions(c, res, subj)
	case spec.Formats:
		j.fire(catalog.D3Format, subj)
		j.configModule(c, subj)
		j.scriptOptions(c, res, subj)
		if res.Problem == nil && !namesOperand(res) {
			// Given no file, a formatter works on the folder it runs in
			// (ruff format, terraform fmt): that folder is what it writes.
			j.writeArgs(c, []shell.Word{{Text: "."}})
		}
	case spec.Writes:
		j.fire(catalog.D2WriteProject, subj)
	case spec.Runs:
		j.fire(catalog.D4RunProjectCode, subj)
	case spec.Network:
		j.fireWith(catalog.C1NetworkRequest, subj, c.Program+" talks to other machines")
	default:
		j.fireWith(catalog.UNoRule, subj, "the spec of "+c.Program+" says a rule decides, and there is none")
	}
}

// namesOperand reports a parse that names an operand.
func namesOperand(res spec.Result) bool {
	for _, v := range res.Values {
		if v.Option == "" {
			return true
		}
	}
	return false
}

// loadsFromDir are the allows whose reason is "the project's own code":
// a test run, a build, a project script or program. Each loads what it
// finds in its working directory.
var loadsFromDir = lazy.New(func() map[catalog.ID]bool {
	return map[catalog.ID]bool{
		catalog.D4RunTests: true, catalog.D4RunProjectCode: true, catalog.D4RunScript: true, catalog.D5Build: true,
	}
})

// runsHere reports whether an allow since start says the command runs the
// project's code.
func (j *judgement) runsHere(start int) bool {
	for _, f := range j.findings[start:] {
		if loadsFromDir.Get()[f.id] {
			return true
		}
	}
	return false
}

// outsideProject defers a build or a run whose working directory is not
// the project's: test runners and builds load what they find there
// (conftest.py, config modules, build files), which arbiter did not read.
// An installed skill's folder is the user's code, read as the project's
// is (cd ~/.claude/skills/xlsx/scripts && python recalc.py).
func (j *judgement) outsideProject(c *shell.Command, subj string) bool {
	if j.res.Project == "" {
		return false
	}
	if c.DirUnknown {
		j.fireWith(catalog.CRunOutsideCode, subj, c.Program+" runs in a directory only known when the command runs, and loads the code it finds there")
		return true
	}
	dir := j.res.Resolve(".", c.Dir)
	if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot && !skillFolder(dir, j.res) {
		j.fireWith(catalog.CRunOutsideCode, subj, c.Program+" runs in "+j.shownPath(dir)+", outside the project, and loads the code it finds there, which arbiter did not read")
		return true
	}
	return false
}

// awkInPlace judges gawk -i inplace, which rewrites its file operands:
// the spec does not list -i, so such a call is never allowed, but the
// writes must still be judged for what they touch.
func (j *judgement) awkInPlace(c *shell.Command) {
	if shell.Interpreter(c.Program) != "" || !strings.HasSuffix(c.Program, "awk") {
		return
	}
	inplace := false
	var ops []shell.Word
	for k := 0; k < len(c.Args); k++ {
		t := c.Args[k].Text
		switch {
		case t == "-i" || t == "--include":
			if k+1 < len(c.Args) && c.Args[k+1].Text == "inplace" {
				inplace = true
			}
			k++
		case t == "-iinplace" || t == "--inplace" || t == "--include=inplace":
			inplace = true
		case t == "-f" || t == "-v" || t == "-F":
			k++
		case !strings.HasPrefix(t, "-"):
			ops = append(ops, c.Args[k])
		}
	}
	if inplace && len(ops) > 1 {
		j.writeArgs(c, ops[1:]) // the first operand is the program
	}
}

// allowedSince reports whether the findings from start on allow: some
// finding allows and none is stricter. Only then can the closed world
// change the answer.
func (j *judgement) allowedSince(start int) bool {
	for _, f := range j.findings[:start] {
		if f.verdict == arbiter.Deny {
			return false // the call is denied whatever this command is
		}
	}
	allowed := false
	for _, f := range j.findings[start:] {
		if f.verdict != arbiter.Allow {
			return false
		}
		allowed = allowed || !f.closed
	}
	return allowed
}

// helpOnly reports a command that only asks a known program for its help
// or version.
func helpOnly(c *shell.Command) bool {
	if len(c.Args) != 1 || c.Origin != "" {
		return false
	}
	switch c.Args[0].Text {
	case "--help", "--version", "-V", "--Version", "-version", "-help", "-h":
		return true
	}
	return false
}

// longHelpOnly reports whether the command's one word is --help or
// --version, which no program reads as anything but a request to print
// and exit (unlike -h, -V or -version, which some programs read as a host,
// a verbosity or an operand).
func longHelpOnly(c *shell.Command) bool {
	return len(c.Args) == 1 && c.Origin == "" && (c.Args[0].Text == "--help" || c.Args[0].Text == "--version")
}

// understand holds a command some rule allowed to the closed world: its
// program must have a spec, every word must parse, and every value the
// spec names is judged for what it is.
func (j *judgement) understand(c *shell.Command) {
	res, ok := j.parseWords(c)
	if !ok {
		return
	}
	if res.Spec.Effect == spec.Network {
		j.fireWith(catalog.C1NetworkRequest, c.String(), res.Spec.Path()+" talks to other machines")
	}
	for _, v := range res.Values {
		j.value(c, v)
	}
}

// parseWords reads every word of a command by its program's spec. It
// reports false, with the reason recorded, when the spec cannot say what
// each word is (or the command only prints help, which has nothing to
// judge).
func (j *judgement) parseWords(c *shell.Command) (spec.Result, bool) {
	subj := c.String()
	sp := spec.Lookup(c.Program)
	if sp == nil {
		j.fireWith(catalog.UNoSpec, subj, fmt.Sprintf("arbiter allows a program only by its spec, and %s has none; a contributor adds one to spec/programs.txt", c.Program))
		return spec.Result{}, false
	}
	if !sp.Words() && longHelpOnly(c) {
		// The rule allowed it; a lone --help or --version has no word
		// left for the spec to read.
		return spec.Result{}, false
	}
	if !sp.Words() {
		j.fireWith(catalog.UNoSpec, subj, fmt.Sprintf("the spec of %s (spec/programs.txt line %d) leaves it to its rule and lists no options, so arbiter cannot read this use word by word; a contributor adds its opts and args", c.Program, sp.Line()))
		return spec.Result{}, false
	}
	if helpOnly(c) {
		return spec.Result{}, false
	}
	res := sp.Parse(c.ArgTexts())
	if res.Problem != nil {
		j.notUnderstood(c, res.Problem)
		return res, false
	}
	if w, ok := j.unresolvedWord(c, sp, res); ok {
		j.fireWith(catalog.UUnresolved, w, "an argument of "+c.Program+" is only known when the command runs, so what it does cannot be checked")
		return res, false
	}
	if w, ok := responseFile(c); ok {
		j.fireWith(catalog.UUnknownOption, w, c.Program+" reads more options from "+strings.TrimPrefix(w, "@")+", which arbiter has not read")
		return res, false
	}
	j.globOptions(c, res.Spec)
	if w := res.Watching(); w != "" {
		j.fireWith(catalog.UWatchMode, w, c.Program+" "+w+" keeps running and re-runs what it loads whenever a file changes; what it runs then is written after this call and cannot be read now: run it once instead")
	}
	return res, true
}

// inertProperties are the build properties that only select, skip or
// name something. Any other may load a file or run a program: cmake's
// CMAKE_PROJECT_INCLUDE, CMAKE_TOOLCHAIN_FILE and CMAKE_C_COMPILER,
// maven's maven.ext.class.path, exec.executable and argLine. A cmake name
// without the CMAKE_ prefix is the project's own option, read by its own
// CMakeLists.txt.
var inertProperties = lazy.New(func() map[string]map[string]bool {
	return map[string]map[string]bool{
		"cmake": {
			"CMAKE_BUILD_TYPE": true, "CMAKE_EXPORT_COMPILE_COMMANDS": true, "CMAKE_CXX_STANDARD": true, "CMAKE_C_STANDARD": true,
			"CMAKE_CXX_STANDARD_REQUIRED": true, "CMAKE_POSITION_INDEPENDENT_CODE": true, "CMAKE_VERBOSE_MAKEFILE": true,
			"CMAKE_COLOR_DIAGNOSTICS": true, "CMAKE_CXX_EXTENSIONS": true, "CMAKE_INTERPROCEDURAL_OPTIMIZATION": true,
		},
		"mvn":    mavenProperties.Get(),
		"gradle": mavenProperties.Get(),
	}
})

// mavenProperties are the inert properties of maven and gradle builds.
var mavenProperties = lazy.New(func() map[string]bool {
	return map[string]bool{
		"skipTests": true, "maven.test.skip": true, "test": true, "it.test": true, "skipITs": true, "maven.javadoc.skip": true,
		"checkstyle.skip": true, "spotless.check.skip": true, "gpg.skip": true, "jacoco.skip": true, "enforcer.skip": true,
		"maven.test.failure.ignore": true, "surefire.failIfNoSpecifiedTests": true, "failIfNoTests": true, "revision": true,
		"changelist": true, "sha1": true, "style.color": true,
	}
})

// buildProperty judges a NAME=VALUE property by its name.
func (j *judgement) buildProperty(c *shell.Command, prop string) {
	name, _, _ := strings.Cut(prop, "=")
	if inertProperties.Get()[c.Program][name] || c.Program == "cmake" && !strings.HasPrefix(name, "CMAKE_") && name != "" {
		return
	}
	j.fireWith(catalog.UUnknownOption, prop, c.Program+" property "+name+" is not one arbiter knows to be inert; a property can load a file or name a program to run")
}

// repositoryAddress reports a git repository given by address rather than
// by a remote's name: a URL (https://, ssh://), a transport helper
// (ext::, fd::) or scp-like host:path. A local path reaches no machine.
func repositoryAddress(s string) bool {
	if strings.Contains(s, "::") || strings.Contains(s, "://") {
		return true
	}
	host, _, ok := strings.Cut(s, ":")
	return ok && host != "" && !strings.Contains(host, "/")
}

// responseFiles are programs that take more options from an @FILE word
// (gcc @opts, javac @argfile): any option at all may be in that file.
var responseFiles = lazy.New(func() map[string]bool {
	return map[string]bool{
		"gcc": true, "g++": true, "cc": true, "c++": true, "clang": true, "clang++": true,
		"javac": true, "java": true, "rustc": true, "ld": true,
	}
})

// responseFile finds an @FILE word of a program that reads one.
func responseFile(c *shell.Command) (string, bool) {
	if !responseFiles.Get()[c.Program] {
		return "", false
	}
	for _, a := range c.Args {
		if len(a.Text) > 1 && a.Text[0] == '@' {
			return a.Text, true
		}
	}
	return "", false
}

// unresolvedWord finds an argument known only at run time that could
// change what the command does. Such a word is harmless only as the value
// of an option whose value is inert (-m "$MSG", -ldflags "-X v=$REV"),
// quoted so that it stays one word; as an operand it could start with "-"
// and be read as an option. Programs that only print what they are given,
// or only names and sizes, take any word; a process substitution is a
// pipe whose commands are judged on their own.
func (j *judgement) unresolvedWord(c *shell.Command, sp *spec.Spec, res spec.Result) (string, bool) {
	if inertWords(sp) || metadataOnly.Get()[c.Program] {
		return "", false
	}
	inert := map[int]bool{}
	for _, v := range res.Values {
		a := c.Args[v.Arg]
		if (v.Kind == spec.Text || v.Kind == spec.Number || v.Kind == spec.Pattern) && !a.Split && (v.Option != "" || a.Value != shell.AnyValue) {
			// A number or a name ($(nproc), $(whoami)) never starts
			// with "-", so as an operand it is not read as an option.
			inert[v.Arg] = true
		}
	}
	for k, a := range c.Args {
		if a.Dynamic && len(a.From) == 0 && !inert[k] {
			return a.Text, true
		}
	}
	return "", false
}

// inertWords reports a spec that reads no options and takes only text
// (echo, printf): there an unresolved word can only change what is
// printed, never what runs.
func inertWords(sp *spec.Spec) bool {
	if sp.Style != spec.Raw {
		return false
	}
	for _, k := range sp.OperandKinds() {
		if k != spec.Text {
			return false
		}
	}
	return len(sp.Subs) == 0
}

// notUnderstood explains which word the spec does not cover and what entry
// a contributor would add.
func (j *judgement) notUnderstood(c *shell.Command, p *spec.Problem) {
	where := fmt.Sprintf("spec/programs.txt line %d (%s)", p.Spec.Line(), p.Spec.Path())
	switch {
	case p.Guess != "":
		j.fireWith(catalog.UUnknownOption, p.Word, fmt.Sprintf("%s: %s is not in its spec; it may abbreviate %s, which arbiter does not accept abbreviated; write the option out in full", p.Spec.Path(), p.Word, p.Guess))
	case p.What == "unknown option" || p.What == "unexpected value for" || p.What == "missing value for":
		name, _, _ := strings.Cut(p.Word, "=")
		j.fireWith(catalog.UUnknownOption, p.Word, fmt.Sprintf("%s %s %s is not understood; to allow it, add %q with its value's kind to the opts of %s", p.Spec.Path(), p.What, p.Word, name, where))
	case p.What == "ambiguous option":
		j.fireWith(catalog.UUnknownOption, p.Word, fmt.Sprintf("%s: %s abbreviates more than one of its long options, so it refuses it; write the option out in full", p.Spec.Path(), p.Word))
	case p.What == "unknown subcommand":
		j.fireWith(catalog.UUnknownSubcommand, p.Word, fmt.Sprintf("%s has no subcommand %q in its spec; to allow it, add a sub line under %s", p.Spec.Path(), p.Word, where))
	default:
		j.fireWith(catalog.UExtraOperand, p.Word, fmt.Sprintf("%s takes fewer operands than given (%s %q); see the args line of %s", p.Spec.Path(), p.What, p.Word, where))
	}
}

// globOptions finds glob words that can expand into options: a pattern
// that starts with a wildcard (*, *.txt) matches a file named
// "--compress-program=sh" as readily as any other, and the program then
// reads it as an option arbiter never saw.
func (j *judgement) globOptions(c *shell.Command, sp *spec.Spec) {
	if sp.Style == spec.Raw || c.Program == "echo" {
		return
	}
	for _, a := range c.Args {
		if a.Text == "--" {
			return
		}
		if a.Glob && len(a.Text) > 0 && strings.ContainsRune("*?[", rune(a.Text[0])) && !globSafe.Get()[c.Program] {
			j.fireWith(catalog.UGlobOption, a.Text, "the pattern "+a.Text+" can match a file whose name "+c.Program+" reads as an option; write ./"+a.Text+" so that every match is a path")
			return
		}
	}
}

// globSafe lists programs none of whose options runs, writes or sends
// anything, so a file name read as an option cannot make them do harm.
var globSafe = lazy.New(func() map[string]bool {
	return map[string]bool{
		"cat": true, "head": true, "tail": true, "wc": true, "ls": true, "grep": true, "egrep": true, "fgrep": true,
		"file": true, "stat": true, "du": true, "md5sum": true, "sha1sum": true, "sha256sum": true, "sha512sum": true,
		"nl": true, "strings": true, "basename": true, "dirname": true, "realpath": true, "readlink": true,
		"cksum": true, "b2sum": true, "shasum": true, "wc-l": true, "od": true,
	}
})

// metadataOnly lists programs that print names, sizes, counts or hashes,
// never content, and none of whose options runs, writes or sends: an
// argument only known at run time cannot make them reveal or change
// anything.
var metadataOnly = lazy.New(func() map[string]bool {
	return map[string]bool{
		"ls": true, "stat": true, "du": true, "wc": true, "file": true, "basename": true, "dirname": true,
		"realpath": true, "readlink": true, "md5sum": true, "sha1sum": true, "sha256sum": true, "sha512sum": true,
		"cksum": true, "b2sum": true, "shasum": true,
	}
})

// value judges one option value or operand by what the spec says it is.
func (j *judgement) value(c *shell.Command, v spec.Value) {
	w := c.Args[v.Arg]
	w.Text = v.Text
	switch v.Kind {
	case spec.Property:
		j.buildProperty(c, v.Text)
	case spec.Remote:
		if repositoryAddress(v.Text) || w.Dynamic {
			j.fireWith(catalog.C1NetworkRequest, v.Text, c.String()+" contacts a repository named by its address, not a configured remote")
		}
	case spec.Page:
		if w.Dynamic || strings.Contains(w.Text, "/") {
			j.value(c, spec.Value{Arg: v.Arg, Text: v.Text, Kind: spec.Read, Option: v.Option})
		}
	case spec.Read, spec.Dir:
		if !w.Dynamic && rawDevice(j.res.Resolve(w.Text, c.Dir)) {
			j.fireWith(catalog.BRawDiskRead, w.Text, c.Program+" reads "+w.Text+" raw, which exposes every file on the disk or the memory of processes")
			return
		}
		if v.Option != "" && !w.Dynamic {
			// A file an option names is read whatever the program is
			// (wc --files0-from prints what it reads as names).
			abs := j.res.Resolve(w.Text, c.Dir)
			j.readsCredential(abs, w.Glob)
			return
		}
		sub := shell.Command{Program: c.Program, Args: []shell.Word{w}, Dir: c.Dir, Via: c.Via}
		j.readArgs(&sub)
	case spec.Cert:
		// Only the certificate is printed, never a key beside it in the
		// file, so no secret is read; a raw disk is still not a file.
		if !w.Dynamic && rawDevice(j.res.Resolve(w.Text, c.Dir)) {
			j.fireWith(catalog.BRawDiskRead, w.Text, c.Program+" reads "+w.Text+" raw, which exposes every file on the disk or the memory of processes")
		}
	case spec.Write:
		j.writeArgs(c, []shell.Word{w})
	case spec.Program:
		if v.Text != "" && !v.Until {
			j.innerCommand(c, v.Text)
		}
	case spec.Code:
		j.specCode(c, v.Lang, w)
	case spec.Host:
		if !allLoopback([]string{hostOf(v.Text)}) {
			j.fireWith(catalog.C1NetworkRequest, v.Text, strings.TrimSpace(c.Program+" "+v.Option)+" contacts another machine")
		}
	case spec.GitConfig:
		j.gitSetting(v.Text)
	case spec.Linker:
		j.linkerOptions(c, v.Text)
	case spec.GoFlags:
		j.goToolFlags(v.Option, v.Text)
	case spec.Script:
		j.codeFile(c, w)
	}
}

// innerCommand judges a program named by an option's value (sort
// --compress-program=gzip, go test -exec) as the command it is.
func (j *judgement) innerCommand(c *shell.Command, text string) {
	inner := &judgement{call: j.call, res: j.res, az: j.az, files: j.files, scanned: j.scanned}
	inner.bash(text)
	for _, f := range inner.findings {
		switch {
		case f.verdict == arbiter.Allow:
		case f.id == catalog.H8Interactive:
			// The program reads the tool's data, not a person's input.
			j.fireWith(catalog.URunsAProgram, c.String(), c.Program+" runs "+text+", which arbiter does not know to be routine there")
		default:
			f.subject = c.String()
			j.add(f)
		}
	}
}

// specCode judges code a program runs from an operand or option (awk's
// program, sed's script). Interpreters (python -c) are judged by their
// own rule; a language with no reader here is never allowed.
func (j *judgement) specCode(c *shell.Command, lang string, w shell.Word) {
	if shell.Interpreter(c.Program) != "" {
		return
	}
	switch lang {
	case "awk":
		j.inlineCode(c, lang, w, true) // allowed only when its tokenizer finds it pure
	case "sed":
		// The sed rule reads its script with the same tokenizer.
	default:
		j.fireWith(catalog.UNoTokenizer, c.String(), c.Program+" runs "+lang+" code, which arbiter cannot read")
	}
}

// inertGitSettings are git -c settings that change only how git prints or
// names things, never what it runs or where it writes.
var inertGitSettings = []string{"color.", "core.quotepath", "core.abbrev", "log.", "format.pretty", "diff.renames", "diff.algorithm", "diff.nonamechange", "advice.", "user.name", "user.email", "init.defaultbranch", "safe.directory", "column.", "pager.", "core.pager", "status.", "commit.gpgsign", "tag.gpgsign", "merge.conflictstyle", "pull.rebase", "core.autocrlf", "core.filemode", "i18n.", "gc.auto", "maintenance.auto", "protocol.version"}

// gitSetting allows only settings known to be inert; the pager ones are
// listed so that their value can be judged as the program it is.
func (j *judgement) gitSetting(kv string) {
	name, value, _ := strings.Cut(kv, "=")
	low := strings.ToLower(name)
	if low == "core.pager" || strings.HasPrefix(low, "pager.") {
		if value != "" && value != "cat" && value != "less" && value != "false" && value != "true" {
			j.fireWith(catalog.URunsAProgram, kv, "the setting makes git run "+value)
		}
		return
	}
	for _, p := range inertGitSettings {
		if low == p || strings.HasSuffix(p, ".") && strings.HasPrefix(low, p) {
			return
		}
	}
	j.fireWith(catalog.UGitSetting, kv, "git -c "+name+" is not a setting arbiter knows to be inert")
}

// inertLinkerOptions change how a program is linked, never what the linker
// loads or runs (-plugin, --wrap, scripts) or where it writes.
var inertLinkerOptions = lazy.New(func() map[string]bool {
	return map[string]bool{
		"-Bstatic": true, "-Bdynamic": true, "--as-needed": true, "--no-as-needed": true, "-O1": true, "-O2": true,
		"--gc-sections": true, "-s": true, "--strip-all": true, "-S": true, "--strip-debug": true, "--start-group": true,
		"--end-group": true, "-z": true, "relro": true, "now": true, "noexecstack": true, "--export-dynamic": true,
		"-E": true, "--no-undefined": true, "--whole-archive": true, "--no-whole-archive": true, "--build-id": true,
		"--eh-frame-hdr": true, "-pie": true, "--hash-style=gnu": true, "--warn-common": true,
	}
})

// linkerOptions judges gcc -Wl,a,b and -Xlinker a: each must be inert.
func (j *judgement) linkerOptions(c *shell.Command, opts string) {
	for _, o := range strings.Split(opts, ",") {
		if !inertLinkerOptions.Get()[o] {
			j.fireWith(catalog.ULinkerOption, o, c.Program+" passes "+o+" to the linker, which arbiter does not know to be inert")
			return
		}
	}
}

// inertGoToolFlags are the flags of go's own compiler and assembler that
// only change optimisation, diagnostics or debug information (-N -l for a
// debugger, -m for escape analysis). Others may name files to load
// (-importcfg) and are not read.
var inertGoToolFlags = lazy.New(func() map[string]bool {
	return map[string]bool{
		"-N": true, "-l": true, "-m": true, "-m=1": true, "-m=2": true, "-S": true, "-B": true, "-C": true, "-e": true, "-live": true,
	}
})

// goToolFlags judges go build -ldflags, -gcflags and -asmflags. Of the
// linker's flags, -s, -w and -X name=value only strip or set strings;
// -extld and -extldflags name a program to run and its options.
func (j *judgement) goToolFlags(option, flags string) {
	tool := "linker"
	if option != "-ldflags" {
		tool = "compiler"
		if at := strings.IndexByte(flags, '='); at >= 0 && !strings.HasPrefix(flags, "-") {
			flags = flags[at+1:] // after the package pattern: all=-N -l
		}
	}
	words := strings.Fields(flags)
	for k := 0; k < len(words); k++ {
		switch w := words[k]; {
		case tool == "compiler" && inertGoToolFlags.Get()[w]:
		case tool == "linker" && (w == "-s" || w == "-w" || strings.HasPrefix(w, "-X=") || strings.HasPrefix(w, "-buildid=")):
		case tool == "linker" && w == "-X" && k+1 < len(words):
			k++ // its name=value
		default:
			j.fireWith(catalog.ULinkerOption, w, "go "+option+" passes "+w+" to go's "+tool+", which arbiter does not know to be inert")
			return
		}
	}
}

// codeFile judges a file whose code a program runs or loads (a test file,
// a config module, a jar, a build file): routine only when it is the
// project's own. A list such as a class path is judged entry by entry.
func (j *judgement) codeFile(c *shell.Command, w shell.Word) {
	if text := strings.TrimSpace(w.Text); strings.HasPrefix(text, "{") || strings.HasPrefix(text, "[") {
		// jest --config '{"rootDir": …}': a configuration given inline,
		// which can name setup files and folders to load code from.
		j.fireWith(catalog.UEnvRedirect, clipText(text, 40), c.Program+" is given its configuration inline, which can name files and folders to load code from, and arbiter does not read it")
		return
	}
	for _, part := range strings.Split(w.Text, ":") {
		if part == "" {
			continue
		}
		abs := j.res.Resolve(part, c.Dir)
		if j.loadAgentFile(c, part, abs) {
			continue
		}
		// The project's own, or what the system installed (as a program
		// run from /usr/bin is); not /tmp, where what waits was not
		// written by this command and arbiter did not read it.
		if place := j.res.Classify(abs, w.Glob); place != paths.Project && place != paths.ProjectRoot && place != paths.System {
			j.fireWith(catalog.CRunOutsideCode, part, c.Program+" runs or loads code from "+part+", outside the project, which arbiter did not read")
			return
		}
	}
}

// rawDevice reports a block device or a process's memory: reading one
// reads every file on a disk, or another program's secrets.
func rawDevice(abs string) bool {
	switch abs {
	case "/dev/null", "/dev/zero", "/dev/random", "/dev/urandom", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty", "/dev/full":
		return false
	}
	if strings.HasPrefix(abs, "/dev/fd/") || strings.HasPrefix(abs, "/dev/pts/") {
		return false
	}
	if rest, ok := strings.CutPrefix(abs, "/proc/"); ok {
		return rest == "kcore" || strings.HasSuffix(rest, "/mem") || rest == "kmem"
	}
	return strings.HasPrefix(abs, "/dev/") && !strings.HasPrefix(abs, "/dev/shm/")
}

// recursiveRead finds a read-only program told to recurse (diff -r,
// cat-alikes with -R) into a tree that holds credentials: it prints them
// along with everything else.
//
// Given no folder, a recursive search reads the one it runs in (grep -r,
// and rg and ag, which always recurse).
func (j *judgement) recursiveRead(c *shell.Command, res spec.Result) {
	recurses := res.Has("-r") || res.Has("-R") || res.Has("--recursive") || c.Program == "rg" || c.Program == "ag"
	if !recurses || metadataOnly.Get()[c.Program] || namesOnlyOutput(c) {
		return
	}
	named := false
	for _, v := range res.Operands() {
		if v.Kind != spec.Read {
			continue
		}
		named = true
		if c.Args[v.Arg].Dynamic {
			continue
		}
		if abs := j.res.Resolve(v.Text, c.Dir); j.holdsCredentials(abs) {
			j.fireWith(catalog.B3SecretSearch, v.Text, c.Program+" reads all of "+j.shownPath(abs)+", which holds credentials, and would print them")
			return
		}
	}
	if abs := j.res.Resolve(".", c.Dir); !named && !c.DirUnknown && j.holdsCredentials(abs) {
		j.fireWith(catalog.B3SecretSearch, c.String(), c.Program+" reads all of the folder it runs in, "+j.shownPath(abs)+", which holds credentials, and would print them")
		return
	}
	// A file-name filter that picks credential files (--include=.env,
	// rg -g '*.pem') prints them whatever the folder.
	for _, v := range res.Values {
		switch v.Option {
		case "--include", "-g", "--glob", "--iglob":
			if kind := secrets.Glob(path.Join("/", path.Base(v.Text)), j.res.Home); kind != "" {
				j.fireWith(catalog.B3SecretSearch, c.String(), c.Program+" prints the lines of the files matching "+v.Text+": "+kind)
				return
			}
		}
	}
}
