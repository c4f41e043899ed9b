package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// Reading the project's own forge with gh (an issue, a pull request, a CI
// run) is a network request of class C that the user's words may
// pre-approve (preapproval.go): "fix issue #123" asks for issue 123 to be
// read. The clause must name the kind (or #N) and, when the command names
// a number, that number; only reads of the repository gh finds from the
// working folder, with options that choose what is printed.

// forgeVerbs are fetchVerbs and the words of a task that starts by reading
// what it names.
var forgeVerbs = lazy.New(func() map[string]bool {
	m := wordSet("list show fix review address resolve investigate debug triage implement handle solve diagnose")
	for w := range fetchVerbs.Get() {
		m[w] = true
	}
	return m
})

// forgeKinds are, for each gh command group that reads, its read
// subcommands and the words a user calls what it reads.
var forgeKinds = lazy.New(func() map[string]struct{ subs, nouns map[string]bool } {
	type kind = struct{ subs, nouns map[string]bool }
	return map[string]kind{
		"issue": {wordSet("view list status"), wordSet("issue issues bug ticket")},
		"pr":    {wordSet("view list status diff checks"), wordSet("pr prs pull pull-request mr")},
		"run":   {wordSet("view list"), wordSet("run runs ci build builds workflow job checks")},
	}
})

// forgeReadOptions are the options of those reads that only choose what
// is printed, and whether each takes a value. Not here: -R/--repo
// (another repository), --web (a browser), --search (text sent to the
// forge), --watch and the like.
var forgeReadOptions = lazy.New(func() map[string]bool {
	valued := wordSet("--json -q --jq -t --template -s --state -L --limit -l --label -A --author -a --assignee -B --base -H --head -b --branch --job --status --color -w --workflow")
	m := map[string]bool{}
	for _, o := range strings.Fields("--comments --name-only --patch --log --log-failed -v --verbose --exit-status --required") {
		m[o] = false
	}
	for o := range valued {
		m[o] = true
	}
	return m
})

// forgeRead returns what a plain gh read does and the word sets the
// user's clause must name (the kind, and the number when there is one);
// false for any other form.
func forgeRead(c *shell.Command) (string, [][]string, bool) {
	if len(c.Args) < 2 {
		return "", nil, false
	}
	group, sub := c.Args[0].Text, c.Args[1].Text
	k, ok := forgeKinds.Get()[group]
	if !ok || !k.subs[sub] {
		return "", nil, false
	}
	var ops []string
	args := c.Args[2:]
	for i := 0; i < len(args); i++ {
		t := args[i].Text
		if !strings.HasPrefix(t, "-") {
			ops = append(ops, t)
			continue
		}
		name, _, joined := strings.Cut(t, "=")
		valued, known := forgeReadOptions.Get()[name]
		if !known || (name == "-w" || name == "--workflow") && group != "run" {
			return "", nil, false // -w is --web for issues and pull requests
		}
		if valued && !joined {
			i++
		}
	}
	var nouns []string
	for n := range k.nouns {
		nouns = append(nouns, n)
	}
	what := "a read of the forge (gh " + group + " " + sub + ")"
	objects := [][]string{nouns}
	switch {
	case len(ops) > 1:
		return "", nil, false
	case len(ops) == 1:
		n := strings.TrimPrefix(ops[0], "#")
		if n == "" || strings.Trim(n, "0123456789") != "" || sub == "list" || sub == "status" {
			return "", nil, false
		}
		objects = [][]string{append(nouns, "#"+n), {n, "#" + n}}
		what = "a read of " + group + " " + n + " on the forge"
	}
	return what, objects, true
}
