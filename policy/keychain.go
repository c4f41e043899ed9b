package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// keychainReads are the security subcommands that print only public
// material: certificates, the names of signing identities, which
// keychains are searched, and a decoded provisioning profile. Passwords
// (find-generic-password, find-internet-password), exported keys and
// dumped items are secrets, and anything else changes the keychain; the
// spec's security block lists the options each of these accepts (none
// that sets the default or the search list).
var keychainReads = lazy.New(func() map[string]bool {
	return map[string]bool{
		"find-certificate": true, "find-identity": true, "list-keychains": true, "default-keychain": true,
		"login-keychain": true, "show-keychain-info": true, "dump-trust-settings": true, "cms": true,
	}
})

// keychain judges macOS's security tool.
func (j *judgement) keychain(c *shell.Command) {
	subj := c.String()
	ops := operands(c)
	if len(ops) > 0 && !ops[0].Dynamic && keychainReads.Get()[ops[0].Text] && !keychainChange(c, ops[0].Text) {
		j.fireWith(catalog.D1ReadOnly, subj, "reads certificates or keychain settings, not passwords or keys")
		return
	}
	j.fireWith(catalog.B3SecretRead, subj, "reads or changes the keychain, which holds passwords and keys")
}

// keychainChange reports the options with which a printing subcommand
// changes something instead: -s sets the default or the search list,
// and cms signs or encrypts unless it only decodes (-D).
func keychainChange(c *shell.Command, sub string) bool {
	switch sub {
	case "list-keychains", "default-keychain", "login-keychain":
		return hasFlag(c, 's')
	case "cms":
		return !hasFlag(c, 'D') || hasFlag(c, 'S') || hasFlag(c, 'E') || hasFlag(c, 'C')
	}
	return false
}
