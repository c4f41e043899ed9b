package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazyregexp"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) environmentDump(c *shell.Command) {
	subj := c.String()
	dump := func() {
		j.fireWith(catalog.B3SecretPrint, subj, "prints every environment variable, which often include tokens and passwords")
	}
	switch c.Program {
	case "printenv":
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Text, "-") && (isSecretName(a.Text)) {
				j.fire(catalog.B3SecretPrint, subj)
				return
			}
		}
		if len(operands(c)) == 0 {
			dump()
			return
		}
	case "env":
		// The analysis unwraps env running a command; env left as the
		// program runs none, and prints the environment whatever its
		// options (-0, -u NAME, -i).
		splits := false
		for _, a := range c.Args {
			splits = splits || a.Text == "-S" || strings.HasPrefix(a.Text, "--split-string") || strings.HasPrefix(a.Text, "-S") && len(a.Text) > 2
		}
		if !helpOnly(c) && !splits {
			dump()
			return
		}
	case "set":
		if len(c.Args) == 0 && len(c.Env) == 0 {
			dump()
			return
		}
	case "export", "declare", "typeset", "readonly", "local":
		flags, names := "", []string{}
		for _, a := range c.Args {
			if strings.HasPrefix(a.Text, "-") && !strings.Contains(a.Text, "=") {
				flags += a.Text[1:]
			} else {
				names = append(names, a.Text)
			}
		}
		if len(names) == 0 && len(c.Env) == 0 && (flags == "" || strings.ContainsAny(flags, "px")) {
			dump()
			return
		}
		if strings.ContainsRune(flags, 'p') {
			for _, n := range names {
				if isSecretName(n) {
					j.fire(catalog.B3SecretPrint, subj)
					return
				}
			}
		}
	}
	j.fireWith(catalog.D1ReadOnly, subj, "reads or sets shell variables")
}

func isSecretName(s string) bool {
	for _, c := range s {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return s != "" && secrets.EnvName(s)
}

// printsSecretEnv reports whether a command prints a secret-named variable.
func printsSecretEnv(c *shell.Command) bool {
	switch c.Program {
	case "echo", "printf", "printenv", "cat":
		for _, a := range c.Args {
			if c.Program == "printenv" && secrets.EnvName(a.Text) {
				return true
			}
			if usesSecret(a) {
				return true
			}
		}
	}
	return false
}

func sendsSecretEnv(c *shell.Command) bool {
	for _, a := range c.Args {
		if usesSecret(a) {
			return true
		}
	}
	for _, r := range c.Redirs {
		if (r.Op == "<<<" || r.Op == "<<" || r.Op == "<<-") && usesSecret(r.Target) {
			return true
		}
	}
	return false
}

// usesSecret reports whether a word carries the value of a secret-named
// variable: named in its text, nested in another expansion's operand
// (${a:-$S}), or through a variable assigned from one (x=$S; echo $x).
func usesSecret(w shell.Word) bool {
	return w.Dynamic && mentionsSecretVar(w.Text) || anySecretName(w.Uses)
}

// comparedSecret judges a line that compares a secret variable's value
// in a test, a case or arithmetic ([ "$S" = x ], case $S in A*)): the
// outcome, printed or seen as the exit status, tells the value bit by
// bit, so it is judged as printing it. Testing only whether it is set
// (-n, -z, ${S:+x}) or its length tells nothing of the value.
func (j *judgement) comparedSecret(a *shell.Analysis) {
	for _, n := range a.Compared {
		if isSecretName(n) {
			j.fireWith(catalog.B3SecretPrint, "$"+n, "compares the secret "+n+" from the environment with other text; the outcome, printed or seen as the exit status, tells its value bit by bit to the model provider")
			return
		}
	}
}

// mentionsSecretVar reports whether text expands a secret-named variable.
func mentionsSecretVar(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != '$' {
			continue
		}
		k := i + 1
		if k < len(text) && text[k] == '{' {
			k++
		}
		e := k
		for e < len(text) && (text[e] == '_' || text[e] >= 'A' && text[e] <= 'Z' || text[e] >= 'a' && text[e] <= 'z' || text[e] >= '0' && text[e] <= '9') {
			e++
		}
		if e > k && secrets.EnvName(text[k:e]) && !strings.HasPrefix(text[e:], ":+") {
			return true
		}
	}
	return false
}

// codeReadsEnv judges code that prints the environment or a secret from
// it: jq's env, awk's ENVIRON, process.env, os.environ, ENV, %ENV.
func (j *judgement) codeReadsEnv(c *shell.Command) {
	code := codeOf(c)
	if code == "" {
		return
	}
	dump, names := envAccess(code, c.Program == "jq" || c.Program == "gojq" || c.Program == "jaq")
	switch {
	case dump:
		j.fireWith(catalog.B3SecretPrint, c.String(), "prints every environment variable, which often include tokens and passwords")
	case anySecretName(names):
		j.fire(catalog.B3SecretPrint, c.String())
	}
}

// codeNamesCredential judges code that names a credential file in a
// string literal (readFileSync('/etc/shadow'), File.read("~/.netrc")),
// and database shells opened on a browser's cookie or password store.
func (j *judgement) codeNamesCredential(c *shell.Command) {
	if c.Program == "sqlite3" || c.Program == "sqlite" || c.Program == "duckdb" {
		if ops := operands(c, "-cmd", "-separator", "-newline", "-nullvalue"); len(ops) > 0 && !ops[0].Dynamic {
			abs := j.res.Resolve(ops[0].Text, c.Dir)
			if kind := secrets.File(abs); kind != "" {
				j.secretRead(abs, kind)
			}
		}
		return
	}
	if shell.Interpreter(c.Program) == "" && c.Program != "jq" {
		return
	}
	if c.Program == "jq" && jqModule.MatchString(codeOf(c)) {
		j.fireWith(catalog.UUnreadableCode, c.String(), "the jq program imports a module or data file (PATH.jq, PATH.json, or from jq's search path), which arbiter does not read")
		return
	}
	for _, lit := range stringLiterals(codeOf(c)) {
		if strings.ContainsAny(lit, " \t\n") || !(strings.HasPrefix(lit, "/") || strings.HasPrefix(lit, "~/")) {
			continue
		}
		abs := j.res.Resolve(lit, c.Dir)
		if kind := j.credentialAt(abs, false); kind != "" {
			j.secretRead(abs, kind)
			return
		}
	}
}

// jqModule finds jq's module directives: import "PATH" as NAME and
// include "PATH" read files named by PATH with .jq or .json added.
var jqModule = lazyregexp.New(`(?:^|[^\w$.])(?:import|include)\s*"`)

// stringLiterals returns the quoted strings in code, for any of the
// quotes the interpreters share.
func stringLiterals(code string) []string {
	var out []string
	for i := 0; i < len(code); i++ {
		q := code[i]
		if q != '\'' && q != '"' && q != '`' {
			continue
		}
		e := strings.IndexByte(code[i+1:], q)
		if e < 0 {
			break
		}
		out = append(out, code[i+1:i+1+e])
		i += e + 1
	}
	return out
}

// codeOf returns the code a command runs from its arguments: jq's
// filter, awk's program, an interpreter's -c, -e or -p text, and code fed
// on standard input.
func codeOf(c *shell.Command) string {
	var parts []string
	switch {
	case c.Program == "jq" || c.Program == "gojq" || c.Program == "jaq":
		for _, a := range c.Args {
			if !strings.HasPrefix(a.Text, "-") {
				parts = append(parts, a.Text)
				break
			}
		}
	case strings.HasSuffix(c.Program, "awk"):
		// The program is the first operand, unless -f names a file.
		if hasFlag(c, 'f') {
			return ""
		}
		if ops := operands(c, "-v", "-F", "--assign", "--field-separator"); len(ops) > 0 {
			parts = append(parts, ops[0].Text)
		}
	case shell.Interpreter(c.Program) != "":
		for k, a := range c.Args {
			t := a.Text
			if k+1 < len(c.Args) && (t == "--eval" || t == "--print" || t == "-r" && c.Program == "php" || len(t) >= 2 && t[0] == '-' && t[1] != '-' && strings.ContainsAny(t[len(t)-1:], "ceEp")) {
				parts = append(parts, c.Args[k+1].Text)
			}
			if v, ok := strings.CutPrefix(t, "--eval="); ok {
				parts = append(parts, v)
			}
			if v, ok := strings.CutPrefix(t, "--print="); ok {
				parts = append(parts, v)
			}
		}
		if c.Stdin.Kind == shell.HereDoc || c.Stdin.Kind == shell.HereStr {
			parts = append(parts, c.Stdin.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// envAccess reads how code uses the environment: whether it takes all of
// it (dump) and which variables it names. jq is told apart because its
// bare "env" is the whole environment.
func envAccess(code string, jq bool) (dump bool, names []string) {
	accessors := []string{"ENVIRON", "process.env", "os.environ", "%ENV", "$ENV", "$_ENV", "$_SERVER", "getenv(", "Deno.env", "ENV"}
	if jq {
		accessors = []string{"$ENV", "env"}
	}
	for _, acc := range accessors {
		for i := 0; ; {
			k := strings.Index(code[i:], acc)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(acc)
			if at > 0 && identByte(code[at-1]) && acc[0] != '$' && acc[0] != '%' || i < len(code) && identByte(code[i]) && acc != "getenv(" && acc != "%ENV" {
				continue // part of a longer name: MY_ENV, environment
			}
			name, whole := accessed(code[i:], acc)
			if jq && strings.HasPrefix(strings.TrimLeft(code[i:], " "), "[]") {
				whole = true // env[] iterates every value
			}
			if whole {
				dump = true
			} else if name != "" {
				names = append(names, name)
			}
		}
	}
	return dump, names
}

// accessed reads what follows an environment accessor: a variable name
// (["X"], .X, {X}, .get("X"), .setdefault("X", v), ("X")), or nothing,
// which takes it whole.
func accessed(rest, acc string) (name string, whole bool) {
	rest = strings.TrimLeft(rest, " ")
	for _, open := range []string{"[", ".get(", ".fetch(", ".setdefault(", "{", ".", "("} {
		if !strings.HasPrefix(rest, open) {
			continue
		}
		r := strings.TrimLeft(rest[len(open):], ` '"`)
		e := 0
		for e < len(r) && identByte(r[e]) {
			e++
		}
		switch {
		case e > 0 && (open == "." && acc != "getenv(" || open != "."):
			// process.env.keys, os.environ.items(), ENV.to_h: methods that
			// take the whole environment, not one variable.
			if open == "." && (strings.HasPrefix(r[e:], "(") || r[:e] == "items" || r[:e] == "keys" || r[:e] == "values" || r[:e] == "copy" || r[:e] == "each" || r[:e] == "to_h" || r[:e] == "to_a" || r[:e] == "toObject") && strings.ToUpper(r[:e]) != r[:e] {
				return "", true
			}
			return r[:e], false
		case open == "(" && acc == "getenv(":
			return "", strings.HasPrefix(strings.TrimSpace(r), ")")
		}
		return "", false
	}
	if acc == "getenv(" {
		return "", strings.HasPrefix(rest, ")")
	}
	return "", true
}

func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func anySecretName(names []string) bool {
	for _, n := range names {
		if isSecretName(n) {
			return true
		}
	}
	return false
}
