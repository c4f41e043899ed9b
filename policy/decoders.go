package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) decoder(c *shell.Command) {
	subj := c.String()
	if c.Program == "openssl" || c.Program == "gpg" {
		for _, a := range c.Args {
			switch a.Text {
			case "genrsa", "genpkey", "req", "--gen-key", "--generate-key", "--full-generate-key", "--quick-generate-key":
				j.fire(catalog.B2CredentialCreate, subj)
				return
			case "s_client", "s_server":
				j.fireWith(catalog.C1NetworkRequest, subj, "opens a TLS connection")
				return
			case "--export-secret-keys", "--export-secret-subkeys":
				j.fireWith(catalog.A6CredentialRead, subj, "exports private keys")
				return
			}
		}
	}
	if c.Program == "openssl" && len(c.Args) == 0 {
		j.fireWith(catalog.UInteractive, subj, "openssl with no command waits at its own prompt")
		return
	}
	if c.Program == "openssl" && (c.Args[0].Text == "x509" || c.Args[0].Text == "version") {
		// x509 prints the certificate it parses, never a key in the same
		// file; its spec judges the file it is given (a cert).
		j.fireWith(catalog.D1ReadOnly, subj, "prints a certificate or openssl's version")
		return
	}
	j.fireWith(catalog.D1ReadOnly, subj, "encodes or decodes data")
	j.readArgs(c)
}
