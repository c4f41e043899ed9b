package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestLongOptionAbbreviations: sort takes a unique prefix of a long option
// (getopt_long) and its spec lists all of them, so an abbreviation is read
// as the option it stands for, and judged as that option is. A prefix two
// options share is refused by sort and not read; a program whose spec does
// not list all its long options takes none.
func TestLongOptionAbbreviations(t *testing.T) {
	checkVerdicts(t, []verdictCase{
		{bash("sort --outp=sorted.txt names.txt"), arbiter.Allow, "D2.write-project"},
		{bash("sort --rev --uniq names.txt"), arbiter.Allow, "D1.read-only"},
		{bash("sort --field-sep=, --ke=2 data.csv"), arbiter.Allow, "D1.read-only"},
		{bash("sort --numeric names.txt"), arbiter.Allow, "D1.read-only"},

		{bash("sort --outp=/etc/hosts names.txt"), arbiter.Ask, "B5.system-config"},
		{bash("sort --outp ~/.bashrc names.txt"), arbiter.Ask, "B5.persistence"},
		{bash("sort --compress-prog=sh names.txt"), arbiter.Defer, "U.runs-a-program"},
		{bash("sort --random-so=/home/dev/.ssh/id_rsa names.txt"), arbiter.Deny, "A6.credential-read"},
		{bash("sort --ver names.txt"), arbiter.Defer, "U.unknown-option"},      // --version or --version-sort
		{bash("sort --files0=list.txt"), arbiter.Defer, "U.unknown-option"},    // reads files a list names
		{bash("sort --r names.txt"), arbiter.Defer, "U.unknown-option"},        // --reverse, --random-sort, --random-source
		{bash("wc --li README.md"), arbiter.Defer, "U.unknown-option"},         // wc's spec is not marked complete
		{bash("grep --ignore x names.txt"), arbiter.Defer, "U.unknown-option"}, // nor grep's
	})
}
