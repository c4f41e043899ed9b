package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// queryActions are the system package databases whose action is an
// option rather than a subcommand (dpkg -l, rpm -qa, pacman -Qi): the
// actions that only print what the database holds, and the options that
// may go with them. Any other option (an install or removal, --root,
// --admindir, a log file) keeps the package manager's rule.
type queryTable struct {
	// actions are the whole words that query (-l, --listfiles).
	actions []string
	// cluster is a short action letter that may carry query letters
	// after it (-Qi, -qa), and those letters.
	cluster, letters string
	// modifiers may go with an action, before or after it.
	modifiers []string
}

var queryActions = lazy.New(func() map[string]queryTable {
	return map[string]queryTable{
		"dpkg": {
			actions:   []string{"-l", "--list", "-L", "--listfiles", "-s", "--status", "-S", "--search", "-p", "--print-avail", "--get-selections", "--print-architecture", "--print-foreign-architectures", "-C", "--audit", "-V", "--verify", "--compare-versions"},
			modifiers: []string{"--no-pager"},
		},
		"rpm": {
			actions: []string{"--query"},
			cluster: "q", letters: "alifcdsR",
			modifiers: []string{"-a", "--all", "-l", "--list", "-i", "--info", "-f", "--file", "-c", "--configfiles", "-d", "--docfiles", "-s", "--state", "-R", "--requires", "--provides", "--whatprovides", "--whatrequires", "--changelog", "--scripts"},
		},
		"pacman": {
			cluster: "Q", letters: "iIlosedtmnqkcgpu",
		},
	}
})

// packageQuery reports whether a package manager's command only queries
// its database: its first word is a query action, and every other option
// is an action or modifier of the table. Operands are package names or
// installed paths, which are only looked up.
func packageQuery(c *shell.Command) bool {
	t, ok := queryActions.Get()[c.Program]
	if !ok || len(c.Args) == 0 {
		return false
	}
	if first := c.Args[0]; first.Dynamic || !t.action(first.Text) {
		return false
	}
	for _, a := range c.Args[1:] {
		switch {
		case a.Dynamic && strings.HasPrefix(a.Text, "-"), a.Split:
			return false
		case a.Text == "--":
			return true
		case strings.HasPrefix(a.Text, "-") && !t.action(a.Text) && !contains(t.modifiers, a.Text):
			return false
		}
	}
	return true
}

// action reports whether a word is one of the table's query actions.
func (t queryTable) action(w string) bool {
	if contains(t.actions, w) {
		return true
	}
	rest, ok := strings.CutPrefix(w, "-"+t.cluster)
	if t.cluster == "" || !ok {
		return false
	}
	for _, r := range rest {
		if !strings.ContainsRune(t.letters, r) {
			return false
		}
	}
	return true
}
