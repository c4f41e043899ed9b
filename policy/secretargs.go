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
// without showing it are exempt: set's and getopts's words, the
// NAME=VALUE of export, declare, local, typeset and readonly, and test,
// whose comparisons are judged as such (comparedSecret). It reports
// whether it fired.
func (j *judgement) secretArgument(c *shell.Command, subj string) bool {
	switch c.Program {
	case "set", "shift", "getopts", "test", "[":
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
