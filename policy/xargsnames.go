package policy

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// find ROOT … | xargs CMD hands CMD the names find prints below ROOT, and
// is judged as find ROOT … -exec CMD {} + (the word ROOT/*, see
// shell.Word.Listed), which holds only when xargs hands each name on
// whole. By default xargs splits its input at blanks and newlines and
// reads quotes and backslashes, so a name holding one becomes other
// words: "./a /home/u/.ssh/id_rsa" (a folder "a " with home/u/.ssh below
// it) would be read as /home/u/.ssh/id_rsa. The names below ROOT are
// listed (not following links, as find does not), at most
// maxListedEntries; any that holds such a character, or more than that,
// leaves the arguments unknown (U.unresolved). With xargs -0 and find
// -print0 names are whole. Programs that only print names, sizes or sums
// of what they are given read nothing from the fragments. A program that
// prints what it reads is given every file find selects: each is judged
// by its name and, for the first treeFiles, by what it holds, as a shell
// pattern's files are (find's -name, when it is the only test, selects;
// any other expression is taken to select every file).

// maxListedEntries bounds the entries listed below one root.
const maxListedEntries = 8192

// xargsNames judges the words of c that stand for the files a find
// selects: xargs's (their names must reach c whole) and find -exec's {}
// (whole already). A program that prints what it reads is judged by the
// files selected; for -exec, as many as a listing of maxListedEntries
// finds (what find -exec hands on was judged by names alone before).
func (j *judgement) xargsNames(c *shell.Command, subj string) {
	reads := j.readsContent(c)
	for _, a := range c.Args {
		listed := a.Listed != shell.NotListed && !metadataOnly.Get()[c.Program]
		if !listed && !(reads && foundByFind(c, a)) {
			continue
		}
		root := strings.TrimSuffix(a.Text, "/*")
		if root == "" {
			root = "/"
		}
		f := j.findOf(c)
		l := nameListing{split: a.Listed == shell.ListedByBlanks, match: findNameTest(f), follow: f != nil && followsLinks(f)}
		abs := j.res.ResolveLink(root, c.Dir)
		if l.follow {
			abs = j.res.Resolve(root, c.Dir) // find -L follows its roots too
		}
		if why := j.listNames(&l, abs, root); why != "" && listed {
			j.fireWith(catalog.UUnresolved, subj, "xargs splits the names find prints at blanks and quotes, and "+why+", so what "+c.Program+" is given is only known when the command runs")
			return
		}
		if reads {
			j.foundSecrets(l.files)
			j.linkedSecrets(l.linked)
		}
	}
}

// nameListing is what a listing below one root checks and collects.
type nameListing struct {
	split  bool                   // names must reach xargs whole
	match  func(name string) bool // find's name test, nil for every file
	follow bool                   // find -L: links below are followed
	files  []string               // the regular files find selects
	linked []linkRead             // with follow, what links lead to outside the project
	n      int                    // entries listed so far
}

// listNames lists below abs (shown as root) and says why the names may
// not reach xargs whole; "" when every one will.
func (j *judgement) listNames(l *nameListing, abs, root string) string {
	if l.split && splitsName(root) {
		return "the folder " + root + " holds one"
	}
	err := j.walkNames(l, abs, 0)
	var split *splitName
	switch {
	case err == nil:
		return ""
	case errors.As(err, &split):
		return j.fileShown(split.path) + " holds one"
	case errors.Is(err, errTooMany):
		return "there are more than " + strconv.Itoa(maxListedEntries) + " entries below " + root + ", more than arbiter lists to check"
	case errors.Is(err, fs.ErrNotExist):
		return "" // nothing there: find prints nothing
	}
	return "arbiter cannot list " + root + " (" + err.Error() + ")"
}

// walkNames lists the tree below abs into l. With follow, a link to a
// file is the file it leads to, a link to a folder in the project is
// walked as part of the tree (depth bounds loops), and one leading
// outside it is kept for judging as a read of what it leads to.
func (j *judgement) walkNames(l *nameListing, abs string, depth int) error {
	return filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if l.n++; l.n > maxListedEntries {
			return errTooMany
		}
		if l.split && p != abs && splitsName(d.Name()) {
			return &splitName{p}
		}
		if d.Type()&fs.ModeSymlink != 0 && l.follow && depth < 32 {
			return j.followName(l, p, d.Name(), depth)
		}
		if d.Type().IsRegular() && (l.match == nil || l.match(d.Name())) {
			l.files = append(l.files, p)
		}
		return nil
	})
}

// followName lists what a link find -L meets leads to.
func (j *judgement) followName(l *nameListing, p, name string, depth int) error {
	lr := j.followLink(p)
	switch {
	case lr.outside && (lr.dir || l.match == nil || l.match(name)):
		l.linked = append(l.linked, lr)
	case lr.dir:
		return j.walkNames(l, lr.target, depth+1)
	case l.match == nil || l.match(name):
		l.files = append(l.files, lr.target)
	}
	return nil
}

// linkedSecrets judges the files and folders outside the project that
// links a reader is given lead to, as reads of them.
func (j *judgement) linkedSecrets(links []linkRead) {
	for _, lr := range links {
		if kind := j.outsideSecret(lr); kind != "" {
			j.secretRead(lr.target, kind)
			return
		}
	}
}

// foundSecrets judges the files a reader is given: a credential by its
// name, any of them; a secret in what it holds, the first treeFiles.
func (j *judgement) foundSecrets(files []string) {
	for k, p := range files {
		kind := secrets.File(p)
		if k < treeFiles {
			kind = j.fileSecret(p, kind)
		}
		if kind != "" && kind != unreadable {
			j.secretRead(p, kind)
			return
		}
	}
}

// findNameTest returns find's -name or -iname pattern as a test of a
// file's name when the expression is only that test with -type f and
// depth options (and the action: -print, -print0, -exec … ; or +); nil
// otherwise (every file may be selected).
func findNameTest(f *shell.Command) func(string) bool {
	if f == nil {
		return nil
	}
	k := 0
	for k < len(f.Args) && !strings.HasPrefix(f.Args[k].Text, "-") && f.Args[k].Text != "(" && f.Args[k].Text != "!" {
		k++
	}
	pattern, fold := "", false
	for ; k < len(f.Args); k++ {
		t := f.Args[k].Text
		switch t {
		case "-print", "-print0":
			continue
		case "-exec", "-execdir":
			// The action that hands the files on: it selects nothing.
			for k < len(f.Args) && f.Args[k].Text != ";" && f.Args[k].Text != "+" {
				k++
			}
			continue
		}
		if k+1 >= len(f.Args) {
			return nil
		}
		v := f.Args[k+1].Text
		switch {
		case t == "-type" && v == "f", (t == "-maxdepth" || t == "-mindepth") && digitsOnly(v):
		case (t == "-name" || t == "-iname") && pattern == "":
			pattern, fold = v, t == "-iname"
		default:
			return nil
		}
		k++
	}
	// A bracket expression is fnmatch's ([!a]), not path.Match's: not read.
	if pattern == "" || strings.Contains(pattern, "[") {
		return nil
	}
	if _, err := path.Match(pattern, ""); err != nil {
		return nil
	}
	if fold {
		pattern = strings.ToLower(pattern)
	}
	return func(name string) bool {
		if fold {
			name = strings.ToLower(name)
		}
		ok, _ := path.Match(pattern, name)
		return ok
	}
}

func digitsOnly(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// splitsName reports a name xargs would not hand on whole: one holding a
// blank, a newline or another control character, a quote or a backslash;
// or any byte beyond ASCII, which a locale may count as a blank.
func splitsName(s string) bool {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b <= ' ' || b == '\'' || b == '"' || b == '\\' || b >= 0x7f {
			return true
		}
	}
	return false
}

type splitName struct{ path string }

func (e *splitName) Error() string { return "a name xargs splits: " + e.path }

// errTooMany stops a listing past maxListedEntries.
var errTooMany = errors.New("too many entries")
