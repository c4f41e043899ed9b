package policy

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
)

// A file of code arbiter read (a compiled program's source, a build
// script, a test) is judged by what package code found it does: each
// process it starts, file it deletes, writes or reads and address it
// reaches as the shell command that does the same.

// codeRules are the rules a reading of code fires for what the reader
// could not follow, and what the environment is known to hold where the
// code runs.
type codeRules struct {
	unknown catalog.ID // an effect not followed (a program named at run time)
	unread  catalog.ID // a file that does not tokenize or parse
	// env holds variables whose value is known there (a build script's
	// OUT_DIR); the others are left to the shell analysis as "${NAME}".
	env map[string]string
}

// compiledRules are those of a compiled program the command line runs.
var compiledRules = codeRules{unknown: catalog.UCompiledSource, unread: catalog.UCompiledSource}

// judgeProgram judges what one source file does.
func (j *judgement) judgeProgram(f sourceFile, dir, subj string, rules codeRules) {
	shown := j.shownPath(f.path)
	if f.prog.Unread != "" {
		j.fireWith(rules.unread, subj, "arbiter cannot read "+shown+" whole ("+f.prog.Unread+"), so what it does cannot be judged")
		return
	}
	if f.prog.Unknown != "" {
		j.fireWith(rules.unknown, subj, shown+" "+f.prog.Unknown+", so what the code does cannot be judged")
	}
	for _, e := range f.prog.Effects {
		at := fmt.Sprintf("%s:%d %s", shown, e.Line, e.Call)
		switch e.Kind {
		case code.Network:
			if len(e.Args) > 0 {
				j.shellText("curl -- "+rules.word(e.Args[0]), dir, subj+" ("+at+")")
				continue
			}
			j.fireWith(catalog.C1NetworkRequest, subj, at+" connects to another machine")
		case code.Server:
			j.fireWith(catalog.CServer, subj, at+" listens for network connections")
		case code.EnvDump:
			j.fireWith(catalog.B3SecretPrint, subj, at+" reads the whole environment, which often holds tokens and passwords")
		case code.Env:
			if isSecretName(e.Args[0]) {
				j.fireWith(catalog.B3SecretPrint, subj, at+" reads the secret "+e.Args[0]+" from the environment")
			}
		default:
			j.shellText(rules.command(e), dir, subj+" ("+at+")")
		}
	}
}

// command is the shell command that does what e does.
func (rules codeRules) command(e code.Effect) string {
	q := func(args ...string) string {
		out := make([]string, len(args))
		for k, a := range args {
			out[k] = rules.word(a)
		}
		return strings.Join(out, " ")
	}
	switch e.Kind {
	case code.Shell:
		return e.Args[0]
	case code.Exec:
		return q(e.Args...)
	case code.Delete:
		return "rm -- " + q(e.Args[0])
	case code.DeleteTree:
		return "rm -rf -- " + q(e.Args[0])
	case code.Write:
		return ": > " + q(e.Args[0])
	case code.Read:
		return "cat -- " + q(e.Args[0])
	case code.Move:
		return "mv -- " + q(e.Args[0], e.Args[1])
	}
	return ""
}

// word renders one argument as a shell word: its literal text quoted, a
// value read from the environment (code.EnvValue) as the value rules
// know, else as "${NAME}" for the shell analysis to judge.
func (rules codeRules) word(arg string) string {
	var b strings.Builder
	for k, part := range code.EnvParts(arg) {
		switch {
		case k%2 == 0 && part != "":
			b.WriteString(shellQuote(part))
		case k%2 == 0:
		case rules.env[part] != "":
			b.WriteString(shellQuote(rules.env[part]))
		case isIdentifier(part):
			b.WriteString(`"${` + part + `}"`)
		default:
			b.WriteString(`"${VALUE_KNOWN_AT_RUN_TIME}"`)
		}
	}
	if b.Len() == 0 {
		return "''"
	}
	return b.String()
}

// isIdentifier reports a shell variable name.
func isIdentifier(s string) bool {
	for k, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || k > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}
