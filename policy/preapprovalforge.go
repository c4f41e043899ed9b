package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/shell"
)

// Reading the project's own forge with gh (an issue, a pull request, a CI
// run) is a network request of class C that the user's words may
// pre-approve (preapproval.go): "fix issue #123" asks for issue 123 to be
// read. The clause must name the kind (or #N) and, when the command names
// a number, that number; only reads of the repository gh finds from the
// working folder, with options that choose what is printed.

// forgeWords are fetchWords and the verbs of a task that starts by reading
// what it names.
const forgeWords = fetchWords + " list show fix review address resolve investigate debug triage implement handle solve diagnose"

// forgeKind returns, for a gh command group that reads, its read
// subcommands and the words a user calls what it reads.
func forgeKind(group string) (subs, nouns string, ok bool) {
	switch group {
	case "issue":
		return "view list status", "issue issues bug ticket", true
	case "pr":
		return "view list status diff checks", "pr prs pull pull-request mr", true
	case "run":
		return "view list", "run runs ci build builds workflow job checks", true
	}
	return "", "", false
}

// forgeOption reports whether an option of those reads only chooses what
// is printed (known), and whether it takes a value. Not known: -R/--repo
// (another repository), --web (a browser), --search (text sent to the
// forge), --watch and the like.
func forgeOption(name string) (valued, known bool) {
	switch name {
	case "--json", "-q", "--jq", "-t", "--template", "-s", "--state", "-L", "--limit", "-l", "--label", "-A", "--author", "-a", "--assignee",
		"-B", "--base", "-H", "--head", "-b", "--branch", "--job", "--status", "--color", "-w", "--workflow":
		return true, true
	case "--comments", "--name-only", "--patch", "--log", "--log-failed", "-v", "--verbose", "--exit-status", "--required":
		return false, true
	}
	return false, false
}

// forgeRead returns what a plain gh read does and the word sets the
// user's clause must name (the kind, and the number when there is one;
// a #N alone names both, see forgeAsked); false for any other form.
func forgeRead(c *shell.Command) (string, [][]string, bool) {
	if len(c.Args) < 2 {
		return "", nil, false
	}
	group, sub := c.Args[0].Text, c.Args[1].Text
	subs, nounWords, ok := forgeKind(group)
	if !ok || !wordSet(subs)[sub] {
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
		valued, known := forgeOption(name)
		if !known || (name == "-w" || name == "--workflow") && group != "run" {
			return "", nil, false // -w is --web for issues and pull requests
		}
		if valued && !joined {
			i++
		}
	}
	nouns := strings.Fields(nounWords)
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
		objects = [][]string{nouns, {n, "#" + n}}
		what = "a read of " + group + " " + n + " on the forge"
	}
	return what, objects, true
}

// forgeAsked returns the user's clause that asks for a gh read: one that
// names each of the objects, or, for a read of number N, one that names
// #N.
func forgeAsked(words []clause, objects [][]string) (string, bool) {
	verbs := wordSet(forgeWords)
	if said, ok := askedAll(words, verbs, objects); ok || len(objects) < 2 {
		return said, ok
	}
	return askedAll(words, verbs, [][]string{{objects[1][1]}})
}
