package policy

import (
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// Two more actions of class C the user's words may pre-approve
// (preapproval.go): moving or renaming files (C3), which must name both
// what moves and where to, and fetching a page with the runtime's fetch
// tool (C1), which must name its host or address.

// moveWords are the verbs of a move; fetchWords those of reading a page,
// with requestWords.
const (
	moveWords  = "move mv rename renaming moving relocate"
	fetchWords = requestWords + " read look see view visit browse consult summarize summarise"
)

// moveObjects returns, for each operand of a plain mv or git mv, the
// words that name it (as typed, without a trailing slash, its last
// name), lower-cased, and the move said in words; false for an option
// that is not plain (plainMove), or fewer than two operands.
func moveObjects(c *shell.Command) (move string, ops []string, objects [][]string, ok bool) {
	args := c.Args
	if c.Program == "git" {
		if c.Arg(0) != "mv" {
			return "", nil, nil, false // git -C, -c and other global options first
		}
		args = args[1:]
	}
	if !plainMove(&shell.Command{Args: args}) {
		return "", nil, nil, false
	}
	for k, a := range args {
		if a.Text == "--" {
			for _, b := range args[k+1:] {
				ops = append(ops, b.Text)
			}
			break
		}
		if !strings.HasPrefix(a.Text, "-") || a.Text == "-" {
			ops = append(ops, a.Text)
		}
	}
	if len(ops) < 2 {
		return "", nil, nil, false
	}
	for _, o := range ops {
		t := strings.ToLower(o)
		objects = append(objects, []string{t, strings.TrimSuffix(t, "/"), path.Base(t)})
	}
	return "moving " + strings.Join(ops[:len(ops)-1], ", ") + " to " + ops[len(ops)-1], ops, objects, true
}

// moveOverwrites reports whether a move the user's words may approve
// could overwrite a file, which they may not know is there: mv without
// -n, or git mv -f, onto a name lstat finds or cannot look at (into a
// folder, the source's name there).
func (j *judgement) moveOverwrites(c *shell.Command, ops []string) bool {
	args := c.Args
	if c.Program == "git" {
		args = args[1:]
	}
	force, noClobber := false, false
	for _, a := range args {
		t := a.Text
		if t == "--" {
			break
		}
		force = force || t == "--force" || !strings.HasPrefix(t, "--") && strings.HasPrefix(t, "-") && strings.ContainsRune(t, 'f')
		noClobber = noClobber || t == "--no-clobber" || t == "--dry-run" || !strings.HasPrefix(t, "--") && strings.HasPrefix(t, "-") && strings.ContainsRune(t, 'n')
	}
	switch {
	case c.Program == "git" && (!force || noClobber):
		return false // git mv refuses to overwrite without -f; -n only says what it would do
	case c.Program != "git" && noClobber && !force:
		return false
	}
	dest := j.res.Resolve(ops[len(ops)-1], c.Dir)
	st, err := os.Lstat(dest)
	if err != nil {
		return !os.IsNotExist(err)
	}
	if !st.IsDir() {
		return true
	}
	for _, s := range ops[:len(ops)-1] {
		if _, err := os.Lstat(path.Join(dest, path.Base(s))); !os.IsNotExist(err) {
			return true
		}
	}
	return false
}

// askedAll returns the user's clause that names one of the verbs and,
// after it, each of the objects (one word of each set); false when none
// does, or when a clause naming a verb holds a negation (as asked).
func askedAll(words []clause, verbs map[string]bool, objects [][]string) (string, bool) {
	said := ""
	for _, c := range words {
		if !anyOf(c.words, verbs) {
			continue
		}
		if anyOf(c.words, negations.Get()) {
			return "", false
		}
		if said == "" && namesAllAfterVerb(c.words, verbs, objects) {
			said = c.text
		}
	}
	return said, said != ""
}

// namesAllAfterVerb reports whether, after the first of the verbs, the
// words name every object set, each by a word of its own: one name does
// not stand for both ends of a move (rename config.yaml is not a move of
// a/config.yaml to b/config.yaml).
func namesAllAfterVerb(words []string, verbs map[string]bool, objects [][]string) bool {
	for k, w := range words {
		if !verbs[w] {
			continue
		}
		used := map[int]bool{}
		for _, o := range objects {
			i := namedAt(words, k+1, o, used)
			if i < 0 {
				return false
			}
			used[i] = true
		}
		return true
	}
	return false
}

// namedAt returns the index of the first word from start on, not used
// yet, that names one of the objects (as namesObject); -1 when none does.
func namedAt(words []string, start int, objects []string, used map[int]bool) int {
	for i := start; i < len(words); i++ {
		if !used[i] && namesObject(words[i:i+1], objects) {
			return i
		}
	}
	return -1
}

// approvedFetch returns what a WebFetch finding fetches and the user's
// clause that asked to fetch or read its host or address: an http or
// https URL with no credentials in it; false otherwise. Only the fetch
// itself is approved: a URL that carries data, credentials or personal
// data fired its own rule, which no words approve.
func approvedFetch(f finding, words []clause) (what, said string, ok bool) {
	if f.id != catalog.C1NetworkRequest {
		return "", "", false
	}
	u, err := url.Parse(f.subject)
	if err != nil || u.User != nil || u.Hostname() == "" {
		return "", "", false
	}
	if s := strings.ToLower(u.Scheme); s != "http" && s != "https" {
		return "", "", false
	}
	host := strings.ToLower(u.Hostname())
	said, ok = asked(words, wordSet(fetchWords), []string{host}, objectWindow)
	return "a fetch of a page on " + host, said, ok
}
