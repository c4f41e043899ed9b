package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// secretArgument judges a command, allowed so far, that is given a
// secret's value as an argument. A program shows the words it is given:
// as its result (basename, realpath, expr, pushd's stack), or in the
// message naming an operand it cannot use (ls: cannot access 'ghp_…',
// date: invalid date 'ghp_…', sleep: invalid time interval); one that
// takes it as a pattern (grep -e "$TOKEN") compares it with what it
// reads, and what matches tells the value as a test would. Telling
// apart the programs that never repeat an operand would take reading each
// one's every error path, so only the shell's own words that take a value
// without showing it are exempt: set's and getopts's words, those of
// true, false and : (which ignore theirs), the NAME=VALUE of export,
// declare, local, typeset and readonly, and test, whose comparisons are
// judged as such (comparedSecret). It reports whether it fired.
func (j *judgement) secretArgument(c *shell.Command, subj string) bool {
	switch c.Program {
	case "set", "shift", "getopts", "test", "[", "true", "false", ":":
		return false
	}
	for _, a := range c.Args {
		if !usesSecret(a) || assignsQuietly(c.Program, a.Text) {
			continue
		}
		j.fireWith(catalog.B3SecretPrint, subj, "gives the secret "+secretShown(a)+" to "+c.Program+" as an argument, which a program shows (as its result, or in the message naming an operand it cannot use) or compares with what it reads (a pattern), and its output then tells the value to the model provider")
		return true
	}
	if j.indirectExpansion() && anyDynamic(c.Args) {
		j.fireWith(catalog.B3SecretPrint, subj, "gives "+c.Program+" a variable whose name is only chosen when the command runs (${!name}), which can be any secret in the environment, and a program shows the arguments it is given")
		return true
	}
	return false
}

// assignsQuietly reports a NAME=VALUE word of a builtin that declares
// variables: it sets the variable and prints nothing.
func assignsQuietly(program, word string) bool {
	switch program {
	case "export", "declare", "typeset", "local", "readonly":
	default:
		return false
	}
	name, _, ok := strings.Cut(word, "=")
	name = strings.TrimSuffix(name, "+")
	if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
		name = name[:i]
	}
	return ok && shellName(name)
}

// shellName reports a valid shell variable name.
func shellName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// secretShown names the secret variable a word carries, for a reason.
func secretShown(w shell.Word) string {
	for _, n := range w.Uses {
		if isSecretName(n) {
			return n
		}
	}
	return "from the environment"
}

// xtraceSecret judges a line that turns on the shell's trace (set -x,
// set -o xtrace, bash -x, SHELLOPTS=xtrace) and carries a secret's value
// in any word: traced, the shell prints every command with its words
// expanded, an assignment x=$TOKEN included, to standard error, which the
// model reads. Where in the line the trace starts is not followed: a loop
// or a function may run a word after it.
func (j *judgement) xtraceSecret(a *shell.Analysis) {
	if !turnsOnTrace(a) {
		return
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		words := append([]shell.Word(nil), c.Args...)
		for _, e := range c.Env {
			words = append(words, e.Value)
		}
		for _, r := range c.Redirs {
			words = append(words, r.Target)
		}
		for _, w := range words {
			if usesSecret(w) {
				j.fireWith(catalog.B3SecretPrint, c.String(), "traces the shell's commands (set -x), which prints each with its words expanded, here the secret "+secretShown(w)+", to standard error")
				return
			}
		}
	}
}

// turnsOnTrace reports whether a line may turn on the shell's xtrace.
func turnsOnTrace(a *shell.Analysis) bool {
	for _, c := range a.Commands {
		for _, e := range c.Env {
			if e.Name == "SHELLOPTS" && (e.Value.Dynamic || strings.Contains(e.Value.Text, "xtrace")) {
				return true
			}
		}
		if c.Program != "set" && !shell.IsShell(c.Program) {
			continue
		}
		for k, w := range c.Args {
			t := w.Text
			if w.Dynamic && c.Program == "set" {
				return true // an option only known at run time
			}
			if t == "--" || t == "-c" || !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "+") {
				break // the positional parameters, or the shell's code
			}
			if t == "-o" && k+1 < len(c.Args) && (c.Args[k+1].Text == "xtrace" || c.Args[k+1].Dynamic) {
				return true
			}
			if shortFlag(t, 'x') {
				return true
			}
		}
	}
	return false
}
