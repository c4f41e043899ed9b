package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// ansibleLint judges ansible-lint: a check of the project's playbooks
// (D5, in the project: it loads the project's .ansible-lint and the rules
// it names). Unless told --offline, it first installs the roles and
// collections requirements.yml names with ansible-galaxy, which downloads
// them; listing its rules, tags or profiles installs nothing.
func (j *judgement) ansibleLint(c *shell.Command) {
	subj := c.String()
	switch {
	case hasFlag(c, 'L', "--list-rules") || hasFlag(c, 'T', "--list-tags") || hasFlag(c, 'P', "--list-profiles"):
		j.fireWith(catalog.D1ReadOnly, subj, "lists ansible-lint's rules, tags or profiles")
	case !hasFlag(c, 0, "--offline"):
		j.fireWith(catalog.C1NetworkRequest, subj, "ansible-lint installs the roles and collections requirements.yml names before it checks, unless given --offline")
	default:
		j.fireWith(catalog.D5Build, subj, "checks the project's playbooks")
	}
}
