package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// syntaxCheckLetters holds, for each interpreter with a parse-only mode,
// the letter that selects it first and then the other short flags that may
// stand beside it. ruby -c parses the script and runs none of it: since
// Ruby 2.2 it loads no -r library either, whether given on the command
// line, in RUBYOPT or on the script's #! line (ruby bug #10435); -w adds
// warnings and -v prints the version first. php -l lints the file without
// running it.
var syntaxCheckLetters = map[string]string{"ruby": "cwv", "php": "l"}

// syntaxCheckOnly returns the file an interpreter is asked only to parse:
// its options are all parse-only flags, one of them the parse-only one,
// and one operand follows. Any other option (a library to load, code to
// run, --) makes it an ordinary run.
func syntaxCheckOnly(c *shell.Command, lang string) (string, bool) {
	letters, ok := syntaxCheckLetters[lang]
	if !ok || len(c.Args) < 2 {
		return "", false
	}
	opts, file := c.Args[:len(c.Args)-1], c.Args[len(c.Args)-1]
	if file.Dynamic || strings.HasPrefix(file.Text, "-") || len(file.From) > 0 {
		return "", false
	}
	check := false
	for _, a := range opts {
		t := a.Text
		if a.Dynamic || len(a.From) > 0 || len(t) < 2 || t[0] != '-' || t[1] == '-' || strings.Trim(t[1:], letters) != "" {
			return "", false
		}
		check = check || strings.IndexByte(t[1:], letters[0]) >= 0
	}
	return file.Text, check
}

// syntaxCheck records a parse-only run: the file is read, not run. Its
// spec judges the file as a read (a secret is not parsed).
func (j *judgement) syntaxCheck(c *shell.Command, file string) {
	j.fireWith(catalog.D1ReadOnly, c.String(), "checks the syntax of "+file+" without running any of it")
}
