package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// secretShapes finds the forms that reach a secret without naming it as
// a plain file argument: copies, archives, searches, paths built at run
// time, environment read by code, data carried in DNS names and pings.
// It runs on every command line, whatever rule judged each command.
func (j *judgement) secretShapes(a *shell.Analysis) {
	for i := range a.Commands {
		c := &a.Commands[i]
		j.passwordDatabase(c)
		j.stdinSecret(c)
		j.codeReadsEnv(c)
		j.codeNamesCredential(c)
		j.printsStoredCredential(c)
		j.lookupCarriesData(c)
		j.copiesSecret(c)
		j.searchesSecrets(c)
	}
	j.hiddenReads(a)
	j.comparedSecret(a)
	j.xtraceSecret(a)
}

// passwordDatabase judges getent's shadow databases: the password file
// read by its database name.
func (j *judgement) passwordDatabase(c *shell.Command) {
	if c.Program != "getent" {
		return
	}
	for _, o := range operands(c, "-s", "--service") {
		if o.Text == "shadow" || o.Text == "gshadow" {
			j.secretRead("/etc/"+o.Text, "password database")
		}
		break
	}
}

// stdinPrinters print what they read on standard input.
func stdinPrinters(s string) bool {
	switch shell.Canonical(s) {
	case "cat", "tee", "head", "tail", "base64", "base32", "xxd", "od", "hexdump", "rev", "tr", "sed", "awk", "cut", "fold", "nl", "strings", "sort", "uniq", "column", "paste", "jq", "less", "more", "printf", "echo",
		"basenc", "tac", "grep":
		return true
	}
	return false
}

// stdinSecret judges a here-string or here-document that expands a
// secret variable into a program that prints it: cat <<< "$KEY".
func (j *judgement) stdinSecret(c *shell.Command) {
	for _, r := range c.Redirs {
		if (r.Op == "<<<" || r.Op == "<<" || r.Op == "<<-") && usesSecret(r.Target) && stdinPrinters(c.Program) {
			j.fire(catalog.B3SecretPrint, c.String())
			return
		}
	}
}

// tokenCommands are the subcommands of tools that print a credential
// they store: a token, a password, a registry's auth entry, when the rest
// of the command line meets the entry's condition. The conditions are data
// rather than closures, so that the table is laid out in the binary
// instead of built when the hook starts.
var tokenCommands = []struct {
	program string
	words   []string
	// flags, when set, are options one of which must follow.
	flags []string
	// secretKey, when set, means the rest must name a credential key.
	secretKey bool
}{
	{"gh", []string{"auth", "token"}, nil, false},
	{"gh", []string{"auth", "status"}, []string{"-t", "--show-token"}, false},
	{"glab", []string{"auth", "status"}, []string{"-t", "--show-token"}, false},
	{"npm", []string{"config", "get"}, nil, true},
	{"pnpm", []string{"config", "get"}, nil, true},
	{"yarn", []string{"config", "get"}, nil, true},
	{"bun", []string{"pm", "config", "get"}, nil, true},
	{"aws", []string{"configure", "get"}, nil, true},
	{"aws", []string{"configure", "export-credentials"}, nil, false},
	{"gcloud", []string{"auth", "print-access-token"}, nil, false},
	{"gcloud", []string{"auth", "print-identity-token"}, nil, false},
	{"gcloud", []string{"auth", "application-default", "print-access-token"}, nil, false},
	{"az", []string{"account", "get-access-token"}, nil, false},
	{"heroku", []string{"auth:token"}, nil, false},
	{"git", []string{"credential", "fill"}, nil, false},
	{"kubectl", []string{"config", "view"}, []string{"--raw", "--flatten"}, false},
	{"kubectl", []string{"get", "secret"}, []string{"-o", "--output", "-oyaml", "-ojson", "-o=yaml", "-o=json", "--output=yaml", "--output=json"}, false},
	{"kubectl", []string{"get", "secrets"}, []string{"-o", "--output", "-oyaml", "-ojson", "-o=yaml", "-o=json", "--output=yaml", "--output=json"}, false},
	{"secret-tool", []string{"lookup"}, nil, false},
	{"bw", []string{"get"}, nil, false},
}

// anyFlag reports whether rest holds one of flags, alone, with =VALUE or
// (a short flag other than -o) with its value attached.
func anyFlag(rest, flags []string) bool {
	for _, r := range rest {
		for _, f := range flags {
			if r == f || strings.HasPrefix(r, f+"=") || len(f) == 2 && strings.HasPrefix(r, f) && len(r) > 2 && f != "-o" {
				return true
			}
		}
	}
	return false
}

// namesSecretKey reports a configuration key that names a credential.
func namesSecretKey(rest []string) bool {
	for _, r := range rest {
		low := strings.ToLower(r)
		if strings.Contains(low, "auth") || strings.Contains(low, "token") || strings.Contains(low, "password") || strings.Contains(low, "secret") || strings.Contains(low, "_key") {
			return true
		}
	}
	return false
}

// printsStoredCredential judges a tool asked to print a credential it
// stores (gh auth token, npm config get …:_authToken).
func (j *judgement) printsStoredCredential(c *shell.Command) {
	if strings.HasPrefix(c.Program, "docker-credential-") && c.Arg(0) == "get" {
		j.fireWith(catalog.B3SecretPrint, c.String(), "prints a registry password from the credential helper, which would be sent to the model provider with the conversation")
		return
	}
	args := c.ArgTexts()
	for _, tc := range tokenCommands {
		if c.Program != tc.program {
			continue
		}
		rest, ok := afterSubcommand(args, tc.words)
		if ok && (tc.flags == nil || anyFlag(rest, tc.flags)) && (!tc.secretKey || namesSecretKey(rest)) {
			j.fireWith(catalog.B3SecretPrint, c.String(), "prints a stored credential ("+tc.program+" "+strings.Join(tc.words, " ")+"), which would be sent to the model provider with the conversation")
			return
		}
	}
}

// afterSubcommand matches the first operands of args against words, skipping
// options, and returns the arguments after them.
func afterSubcommand(args, words []string) ([]string, bool) {
	k := 0
	for i, a := range args {
		if k == len(words) {
			return args[i:], true
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		if a != words[k] {
			return nil, false
		}
		k++
	}
	return nil, k == len(words)
}
