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
	j.fireWith(catalog.D1ReadOnly, subj, "encodes or decodes data")
	j.readArgs(c)
}
