package policy

import (
	"errors"
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/shell"
)

// Variables that carry a program's own options. Each program reads the
// variable on every run and treats its words as if they were on its
// command line, so the value is judged as that command line:
// GOFLAGS=-toolexec=./x.sh go build reads as go build -toolexec=./x.sh,
// whatever command the variable is set for (npm test may run go build).

// flagVar says how a variable's value becomes a command line.
type flagVar struct {
	// head is the command the words are options of; tail follows them so
	// that the command has something routine to do (node -e 0).
	head, tail []string
	// split turns the value into the words the program sees, the way the
	// program itself splits it.
	split func(string) ([]string, error)
	// operands: when the command the variable is set for runs the same
	// program, its own words follow the variable's (make's targets).
	operands bool
}

// flagVars are the variables whose values arbiter reads as options.
var flagVars = lazy.New(func() map[string]flagVar {
	gcc := flagVar{head: []string{"cc"}, tail: []string{"-c", "/dev/null"}, split: cFlagWords}
	jvm := flagVar{head: []string{"java"}, tail: []string{"-version"}, split: javaWords}
	makeFlags := flagVar{head: []string{"make"}, split: makeWords, operands: true}
	rust := flagVar{head: []string{"rustc"}, tail: []string{"/dev/null"}, split: cFlagWords}
	return map[string]flagVar{
		// go: space-separated -flag=value settings, quoted as cmd/go's
		// internal/quoted does; each applies to the go commands that know
		// it, and build, test and run share their flags in the spec.
		"GOFLAGS": {head: []string{"go", "build"}, split: goFlagWords},
		// make: its options and variable definitions, as on its command line.
		"MAKEFLAGS": makeFlags, "MFLAGS": makeFlags, "GNUMAKEFLAGS": makeFlags,
		// node: for every node process, npm's and the test runner's included.
		"NODE_OPTIONS": {head: []string{"node"}, tail: []string{"-e", "0"}, split: nodeWords},
		// The JVM's own variables, and the options build tools give theirs.
		"JAVA_TOOL_OPTIONS": jvm, "JDK_JAVA_OPTIONS": jvm, "_JAVA_OPTIONS": jvm, "JAVA_OPTS": jvm, "MAVEN_OPTS": jvm, "GRADLE_OPTS": jvm,
		// python -W, one filter per comma-separated item.
		"PYTHONWARNINGS": {head: []string{"python3"}, tail: []string{"-c", "pass"}, split: pythonWarnings},
		// What a build passes to the compiler and the linker.
		"CFLAGS": gcc, "CXXFLAGS": gcc, "CPPFLAGS": gcc, "LDFLAGS": gcc,
		"RUSTFLAGS": rust, "CARGO_BUILD_RUSTFLAGS": rust, "RUSTDOCFLAGS": rust,
	}
})

// programVars name a program the command runs in turn, with arguments:
// a test runner, a compiler wrapper. The value is judged as a command.
var programVars = lazyregexp.New(`^(?:CARGO_TARGET_[A-Z0-9_]+_RUNNER|CARGO_BUILD_RUSTC_WRAPPER|RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER)$`)

// carriesFlags reports whether arbiter reads a variable's value as options
// of a program or as a program to run.
func carriesFlags(name string) bool {
	_, ok := flagVars.Get()[name]
	return ok || programVars.MatchString(name)
}

// flagVariable judges an assignment of a variable that carries options or
// names a program: the command line it amounts to is judged as if typed,
// and what that finds (other than allows) is about the assignment.
func (j *judgement) flagVariable(c *shell.Command, e shell.Assign) {
	subj := e.Name + "=" + clipText(e.Value.Text, 40)
	if e.Value.Dynamic {
		j.fireWith(catalog.UEnvRedirect, subj, "sets "+e.Name+" to a value only known when the command runs, and its words become options of the programs that read it")
		return
	}
	if c.DirUnknown {
		j.fireWith(catalog.UUnknownDirectory, subj, e.Name+" is set for a command in a directory the analysis cannot tell, so what its options name cannot be found")
		return
	}
	line, err := j.flagLine(c, e)
	if err != nil {
		j.fireWith(catalog.UEnvRedirect, subj, "arbiter cannot read "+e.Name+" the way the program that reads it does ("+err.Error()+")")
		return
	}
	if line == "" {
		return // set to nothing
	}
	j.shellText(line, j.res.Resolve(".", c.Dir), subj)
}

// flagLine is the command line a variable's value amounts to.
func (j *judgement) flagLine(c *shell.Command, e shell.Assign) (string, error) {
	if programVars.MatchString(e.Name) {
		words, err := goQuoted(e.Value.Text)
		if err != nil || len(words) == 0 {
			return "", err
		}
		return quoteWords(words), nil
	}
	fv := flagVars.Get()[e.Name]
	words, err := fv.split(e.Value.Text)
	if err != nil {
		return "", err
	}
	if len(words) == 0 {
		return "", nil
	}
	line := append(append(append([]string(nil), fv.head...), words...), fv.tail...)
	if fv.operands && c.Program == fv.head[0] {
		line = append(line, c.ArgTexts()...)
	}
	return quoteWords(line), nil
}

func quoteWords(words []string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = shellQuote(w)
	}
	return strings.Join(quoted, " ")
}

// errUnterminated is a quote a value opens and never closes.
var errUnterminated = errors.New("a quote is not closed")

// goQuoted splits a value as Go's cmd/internal/quoted does: fields
// separated by white space, where a field that starts with ' or " runs to
// the same quote, with no escapes.
func goQuoted(s string) ([]string, error) {
	var out []string
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return out, nil
		}
		if q := s[0]; q == '\'' || q == '"' {
			end := strings.IndexByte(s[1:], q)
			if end < 0 {
				return nil, errUnterminated
			}
			out = append(out, s[1:1+end])
			s = s[2+end:]
			continue
		}
		end := strings.IndexAny(s, " \t\n\r")
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
}

// goFlagWords are GOFLAGS's words, each of which cmd/go requires to be a
// flag (-name or -name=value).
func goFlagWords(s string) ([]string, error) {
	words, err := goQuoted(s)
	if err != nil {
		return nil, err
	}
	for _, w := range words {
		if !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
			return nil, fmt.Errorf("%q is not a flag, and go refuses to run", clipText(w, 40))
		}
	}
	return words, nil
}

// makeWords splits MAKEFLAGS as GNU make does: words separated by blanks,
// a backslash keeping the next character; a first word that is neither an
// option nor a variable is a cluster of one-letter options (ks is -ks).
func makeWords(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
			in = true
		case ch == ' ' || ch == '\t' || ch == '\n':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	if len(out) > 0 && !strings.HasPrefix(out[0], "-") && !strings.Contains(out[0], "=") {
		out[0] = "-" + out[0]
	}
	return out, nil
}

// nodeWords splits NODE_OPTIONS as node does: words separated by spaces,
// double quotes grouping, and inside them a backslash keeping the next
// character.
func nodeWords(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	in, quoted := false, false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case quoted && ch == '\\' && i+1 < len(s):
			i++
			b.WriteByte(s[i])
		case ch == '"':
			quoted, in = !quoted, true
		case ch == ' ' && !quoted:
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(ch)
			in = true
		}
	}
	if quoted {
		return nil, errUnterminated
	}
	if in {
		out = append(out, b.String())
	}
	return out, nil
}

// javaWords splits the JVM's option variables on white space. JVMs differ
// in whether quotes group (JDK_JAVA_OPTIONS does, JAVA_TOOL_OPTIONS did
// not before Java 9), so a value with a quote is not read.
func javaWords(s string) ([]string, error) {
	if strings.ContainsAny(s, `'"`) {
		return nil, errors.New("JVMs differ in how they read quotes in options")
	}
	return strings.Fields(s), nil
}

// cFlagWords splits compiler flags on white space, as make and cargo pass
// them; a quote, a backslash or an expansion is read differently by each
// build, so a value with one is not read.
func cFlagWords(s string) ([]string, error) {
	if strings.ContainsAny(s, "'\"\\$`") {
		return nil, errors.New("builds differ in how they read quotes and expansions in flags")
	}
	return strings.Fields(s), nil
}

// pythonWarnings turns PYTHONWARNINGS (comma-separated filters) into the
// python -W options it amounts to.
func pythonWarnings(s string) ([]string, error) {
	var out []string
	for item := range strings.SplitSeq(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, "-W", item)
		}
	}
	return out, nil
}

// warningCategory matches a python warning filter
// (action:message:category:module:lineno) whose category has a dot:
// python imports the module before the category to find the class.
var warningCategory = lazyregexp.New(`^[^:]*:[^:]*:\s*([^:\s]+)\.[^.:\s]+\s*(?::|$)`)

// warningModule returns the module a python -W filter makes python import
// at start-up, or "".
func warningModule(filter string) string {
	m := warningCategory.FindStringSubmatch(filter)
	if m == nil || m[1] == "builtins" {
		return ""
	}
	return m[1]
}

// warningFilters judges python's -W options: a category named with its
// module (error::pkg.SomeWarning) imports that module before the script
// runs, which is code arbiter did not read.
func (j *judgement) warningFilters(c *shell.Command) {
	for k := 0; k < len(c.Args); k++ {
		t := c.Args[k].Text
		if t == "--" || t == "-c" || t == "-m" || !strings.HasPrefix(t, "-") {
			return // the script, the code or the module: the rest are its arguments
		}
		filter, ok := strings.CutPrefix(t, "-W")
		if !ok || strings.HasPrefix(t, "--") {
			continue
		}
		if filter == "" && k+1 < len(c.Args) {
			k++
			filter = c.Args[k].Text
		}
		if mod := warningModule(filter); mod != "" {
			j.fireWith(catalog.UUnknownOption, "-W "+clipText(filter, 40), "the warning filter names its category with the module "+clipText(mod, 40)+", which python imports at start-up, and arbiter did not read that module")
		}
	}
}
