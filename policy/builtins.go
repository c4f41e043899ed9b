package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) builtinOrInfo(c *shell.Command) {
	switch c.Program {
	case "hostname", "date":
		if len(c.Args) > 0 && !strings.HasPrefix(c.Args[0].Text, "+") && !strings.HasPrefix(c.Args[0].Text, "-") {
			j.fireWith(catalog.B5SystemConfig, c.String(), "changes the machine's "+c.Program)
			return
		}
	case "ps":
		// BSD-style options (no dash) with e print every process's
		// environment, where tokens are: ps e, ps auxeww.
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Text, "-") && strings.ContainsRune(a.Text, 'e') && isLetters(a.Text) {
				j.fireWith(catalog.B3SecretPrint, c.String(), "ps "+a.Text+" prints the environment of every process, which often holds tokens and passwords")
				return
			}
		}
	}
	j.fire(catalog.D1ReadOnly, c.String())
	j.readArgs(c)
}

func (j *judgement) echo(c *shell.Command) {
	for _, a := range c.Args {
		if usesSecret(a) {
			j.fire(catalog.B3SecretPrint, c.String())
			return
		}
	}
	if j.indirectExpansion() && anyDynamic(c.Args) {
		j.fireWith(catalog.B3SecretPrint, c.String(), "prints a variable whose name is only chosen when the command runs (${!name}), which can be any secret in the environment")
		return
	}
	j.fireWith(catalog.D1ReadOnly, c.String(), "prints text")
}

func anyDynamic(ws []shell.Word) bool {
	for _, w := range ws {
		if w.Dynamic {
			return true
		}
	}
	return false
}

// indirectExpansion reports whether the command line uses ${!name}, which
// expands the variable whose name is name's value. The shell analysis
// renders it as ${name}, so the command's own text is read.
func (j *judgement) indirectExpansion() bool {
	m, err := j.inputMap()
	if err != nil {
		return false
	}
	cmd := stringField(m, "command")
	for i := 0; ; {
		k := strings.Index(cmd[i:], "${!")
		if k < 0 {
			return false
		}
		i += k + 3
		e := i
		for e < len(cmd) && identByte(cmd[e]) {
			e++
		}
		// ${!prefix*} and ${!prefix@} list names, ${!arr[@]} the keys.
		if e > i && e < len(cmd) && cmd[e] == '}' {
			return true
		}
	}
}

func (j *judgement) wrapperOnly(c *shell.Command) {
	subj := c.String()
	switch c.Program {
	case "eval", "trap", "alias":
		j.fireWith(catalog.DNestedShell, subj, "its commands are judged one by one")
	case "exec":
		if len(c.Args) == 0 {
			j.fire(catalog.DRedirect, subj)
			return
		}
		j.fireWith(catalog.UUnknownProgram, subj, "exec replaces the shell")
	case "command":
		j.fireWith(catalog.D1ReadOnly, subj, "looks a program up")
	case "time":
		j.fireWith(catalog.D1ReadOnly, subj, "times a command")
	default:
		j.fire(catalog.DWrapper, subj)
	}
}
