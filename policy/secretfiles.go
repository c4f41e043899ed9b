package policy

import (
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// copiers are programs whose operands are files they copy elsewhere.
func copiers(s string) bool {
	switch shell.Canonical(s) {
	case "cp", "mv", "install", "rsync", "ditto", "tar", "zip", "7z", "rar", "cpio", "pax", "dd":
		return true
	}
	return false
}

// copiesSecret judges copying or archiving credentials: the copy is read
// later, or sent, so a copy is a credential read. A folder that holds
// credentials among other files needs confirmation.
func (j *judgement) copiesSecret(c *shell.Command) {
	if !copiers(c.Program) {
		return
	}
	if c.Program == "dd" {
		for _, a := range c.Args {
			if v, ok := strings.CutPrefix(a.Text, "if="); ok && !a.Dynamic {
				abs := j.res.Resolve(v, c.Dir)
				j.readsCredential(abs, a.Glob)
			}
		}
		return
	}
	if j.copyStaysInStore(c) {
		return // a backup beside the credential: the write rules judge it
	}
	for _, s := range copySources(c) {
		if s.Dynamic {
			continue
		}
		abs := j.res.Resolve(s.Text, c.Dir)
		if j.readsCredential(abs, s.Glob) {
			continue
		}
		if kind := secrets.Holds(abs, j.res.Home); kind != "" {
			j.fireWith(catalog.B3SecretCopy, s.Text, "copies a folder that holds credentials (such as "+article(kind)+"), spreading the secrets to another place")
			continue
		}
		if file, kind, outside := j.folderSecret(abs, followsLinks(c)); outside {
			j.secretRead(file, kind) // read through a link in the folder, as if named
		} else if kind != "" {
			j.fireWith(catalog.B3SecretCopy, s.Text, "copies a folder that holds credentials ("+j.shownPath(file)+" is "+article(kind)+"), spreading the secrets to another place")
		}
	}
}

// copyStaysInStore reports a cp, mv or install whose destination is
// itself a credential location (cp ~/.aws/credentials ~/.aws/credentials.bak).
func (j *judgement) copyStaysInStore(c *shell.Command) bool {
	if c.Program != "cp" && c.Program != "mv" && c.Program != "install" {
		return false
	}
	ops := operands(c)
	if len(ops) < 2 || ops[len(ops)-1].Dynamic {
		return false
	}
	dest := j.res.Resolve(ops[len(ops)-1].Text, c.Dir)
	return secrets.File(dest) != "" || secrets.File(path.Join(dest, "x")) != ""
}

// copySources returns the operands a copy or archive reads: all but the
// last for cp-like programs, all but the archive for archivers.
func copySources(c *shell.Command) []shell.Word {
	switch shell.Canonical(c.Program) {
	case "tar", "cpio", "pax":
		var out []shell.Word
		for k := 0; k < len(c.Args); k++ {
			t := c.Args[k].Text
			switch {
			case t == "-f" || t == "--file" || t == "-C" || t == "--directory" || t == "--exclude" || t == "-X" || t == "-T":
				k++
			case k == 0 && !strings.HasPrefix(t, "-") && strings.ContainsAny(t, "cru") && strings.ContainsRune(t, 'f'):
				k++ // czf ARCHIVE: the next word is the archive
			case strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "--") && strings.HasSuffix(t, "f"):
				k++
			case strings.HasPrefix(t, "-") || k == 0 && !strings.HasPrefix(t, "-") && strings.Trim(t, "cxtrujzJvfpaOSW") == "":
			default:
				out = append(out, c.Args[k])
			}
		}
		return out
	case "zip", "7z", "rar":
		ops := operands(c, "-x", "-i", "-P", "--password")
		if c.Program != "zip" && len(ops) > 0 {
			ops = ops[1:] // the command letter: a, u
		}
		if len(ops) > 1 {
			return ops[1:]
		}
		return nil
	}
	ops := operands(c, "-t", "--target-directory", "-S", "--suffix", "-m", "--mode", "-o", "--owner", "-g", "--group", "-e", "--exclude", "--include", "--filter", "-f")
	for _, a := range c.Args {
		if a.Text == "-t" || a.Text == "--target-directory" || strings.HasPrefix(a.Text, "--target-directory=") {
			return ops
		}
	}
	if len(ops) > 1 {
		return ops[:len(ops)-1]
	}
	return nil
}

// secretWords are what a search for secrets looks for.
var secretWords = []string{"token", "secret", "passw", "apikey", "api_key", "api-key", "private key", "privatekey", "credential", "aws_access", "akia", "bearer", "ghp_", "xox", "sk-", "authorization", "begin rsa", "begin openssh", "begin ec", "pwd"}

// searchesSecrets judges recursive searches of the home directory or
// the system for secret words or credential names: a hunt for secrets
// whose findings would go into the conversation.
func (j *judgement) searchesSecrets(c *shell.Command) {
	var pattern string
	var roots []shell.Word
	byName := false
	switch c.Program {
	case "grep", "egrep", "fgrep", "rg", "ag", "ack", "ugrep", "git-grep":
		if (c.Program == "grep" || c.Program == "egrep" || c.Program == "fgrep") && !hasFlag(c, 'r', "--recursive") && !hasFlag(c, 'R', "--dereference-recursive") {
			return
		}
		ops := operands(c, "-e", "-f", "-m", "-A", "-B", "-C", "-g", "--glob", "-t", "--type", "--include", "--exclude", "-d", "-D", "--max-count", "--max-depth", "-T", "--color", "--colour")
		for k, a := range c.Args {
			if (a.Text == "-e" || a.Text == "--regexp") && k+1 < len(c.Args) {
				pattern = c.Args[k+1].Text
			}
		}
		if pattern == "" && len(ops) > 0 {
			pattern, ops = ops[0].Text, ops[1:]
		}
		roots = ops
	case "find":
		for _, a := range c.Args {
			if strings.HasPrefix(a.Text, "-") || a.Text == "(" || a.Text == "!" {
				break
			}
			roots = append(roots, a)
		}
		byName = true
	case "fd", "fdfind":
		ops := operands(c, "-e", "--extension", "-t", "--type", "-E", "--exclude", "-d", "--max-depth", "-x", "--exec", "-X", "--exec-batch", "-S", "--size", "-c", "--color")
		if len(ops) > 0 {
			pattern, roots = ops[0].Text, ops[1:]
		}
		byName = true
	case "locate", "mlocate", "plocate", "slocate":
		if ops := operands(c, "-d", "--database", "-l", "--limit", "-n"); len(ops) > 0 {
			pattern, roots = ops[0].Text, []shell.Word{{Text: "/"}}
		}
		byName = true
	default:
		return
	}
	wide := false
	var where string
	for _, r := range roots {
		if r.Dynamic {
			continue
		}
		abs := j.res.Resolve(r.Text, c.Dir)
		if byName && secrets.File(abs) != "" {
			continue // listing a credential folder shows names, not secrets
		}
		switch j.res.Classify(abs, false) {
		case paths.Home, paths.HomeRoot, paths.Root, paths.SystemRoot, paths.System:
			if !under(abs, "/tmp") {
				wide, where = true, abs
			}
		}
	}
	if !wide {
		if !byName && !namesOnlyOutput(c) {
			j.searchProjectTrees(c, pattern, roots)
		}
		return
	}
	found := ""
	switch {
	case c.Program == "find":
		found = j.findNames(c, where)
	case byName:
		found = secrets.Glob(path.Join(where, patternLiteral(pattern)), j.res.Home)
	default:
		low := strings.ToLower(pattern)
		for _, w := range secretWords {
			if strings.Contains(strings.NewReplacer("[_-]?", "_", "[-_]?", "_", `\s`, " ", "\\", "", ".?", "", ".*", "").Replace(low), w) {
				found = "secret"
			}
		}
		// Whatever the pattern, a search that prints matching lines from a
		// tree holding credentials prints them too: grep -r '' ~.
		if found == "" && !namesOnlyOutput(c) && j.holdsCredentials(where) {
			found = "credentials"
		}
	}
	if found != "" {
		j.fireWith(catalog.B3SecretSearch, c.String(), "searches "+j.shownPath(where)+" for secrets or credential files; what it finds would be sent to the model provider with the conversation")
	}
}

// searchProjectTrees judges a content search of folders in the project
// (the directory it runs in when it names none) by the secrets their
// files hold.
func (j *judgement) searchProjectTrees(c *shell.Command, pattern string, roots []shell.Word) {
	if len(roots) == 0 {
		roots = []shell.Word{{Text: "."}}
	}
	// ripgrep and its kin leave hidden files out unless told; grep does not.
	hidden := c.Program == "grep" || c.Program == "egrep" || c.Program == "fgrep" || c.Program == "git-grep" ||
		hasFlag(c, 0, "--hidden", "--no-ignore", "-uu", "-uuu", "--unrestricted") || hasFlag(c, '.')
	for _, r := range roots {
		if r.Dynamic || r.Glob || c.DirUnknown && !path.IsAbs(r.Text) {
			continue
		}
		abs := j.res.Resolve(r.Text, c.Dir)
		if place := j.res.Classify(abs, false); place != paths.Project && place != paths.ProjectRoot {
			continue
		}
		if info, err := os.Stat(abs); err != nil || !info.IsDir() {
			continue // a file: the readers' check judges it
		}
		j.projectSearch(c.String(), abs, pattern, hidden, followsLinks(c))
	}
}

// namesOnlyOutput reports a search that prints file names or counts, not
// the lines it matched.
func namesOnlyOutput(c *shell.Command) bool {
	without := byte('L') // ripgrep's -L is --follow
	if c.Program == "rg" {
		without = 0
	}
	return hasFlag(c, 'l', "--files-with-matches") || hasFlag(c, without, "--files-without-match") || hasFlag(c, 'c', "--count", "--count-matches", "--files", "--type-list") || hasFlag(c, 'q', "--quiet")
}

// holdsCredentials reports a tree with a credential somewhere below it:
// one arbiter knows by name, or a home directory (anyone's) inside it.
func (j *judgement) holdsCredentials(dir string) bool {
	if secrets.Holds(dir, j.res.Home) != "" {
		return true
	}
	for _, homes := range []string{"/home", "/Users"} {
		if under(homes, dir) || path.Dir(dir) == homes {
			return true // every home, or one whole home
		}
	}
	return dir == "/root" || under("/root", dir)
}

// findNames returns what credential find's name tests can match below a
// root, or "" when they match none (or there are none).
func (j *judgement) findNames(c *shell.Command, root string) string {
	for k := 0; k+1 < len(c.Args); k++ {
		t := c.Args[k].Text
		if k > 0 && (c.Args[k-1].Text == "!" || c.Args[k-1].Text == "-not") {
			continue
		}
		v := c.Args[k+1].Text
		switch t {
		case "-name", "-iname":
			if kind := secrets.Glob(path.Join(root, v), j.res.Home); kind != "" {
				return kind
			}
			if kind := secrets.Below(root, v, j.res.Home); kind != "" {
				return kind
			}
			if kind := secrets.File(path.Join(root, strings.ReplaceAll(v, "*", ""))); kind != "" && strings.Trim(v, "*") != "" {
				return kind
			}
		case "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex":
			lit := strings.ReplaceAll(patternLiteral(v), "*", "x")
			if kind := secrets.File(path.Join(root, lit)); kind != "" {
				return kind
			}
		}
	}
	return ""
}

// patternLiteral strips the anchors and escapes of a simple regular
// expression: ^\.env$ names .env.
func patternLiteral(p string) string {
	return strings.NewReplacer("^", "", "$", "", `\.`, ".", ".*", "*", `\`, "").Replace(p)
}

// hiddenReads finds credentials read through a name built at run time:
// a substitution or loop over what echo, ls or find prints, xargs fed by
// them, or find -exec running a reader on what it finds.
func (j *judgement) hiddenReads(a *shell.Analysis) {
	named, namedPath := "", ""
	for i := range a.Commands {
		c := &a.Commands[i]
		if c.Ctx&(shell.InSubstitution|shell.InPipeline) == 0 {
			continue
		}
		if kind, p := j.namesCredential(c); kind != "" {
			named, namedPath = kind, p
		}
	}
	for i := range a.Commands {
		c := &a.Commands[i]
		if !j.readsContent(c) {
			continue
		}
		if c.Has("find") {
			if f := findBefore(a, i); f != nil {
				if kind, p := j.findYields(f); kind != "" {
					j.secretRead(p, kind)
				}
			}
			continue
		}
		if named == "" {
			continue
		}
		for _, w := range c.Args {
			if w.Dynamic {
				j.secretRead(namedPath, named)
				break
			}
		}
	}
}

// namesCredential returns the credential a producer prints the name of:
// echo or printf of its path, ls of it, find or fd matching it.
func (j *judgement) namesCredential(c *shell.Command) (string, string) {
	switch c.Program {
	case "echo", "printf", "ls", "realpath", "readlink":
		for _, w := range c.Args {
			if w.Dynamic || strings.HasPrefix(w.Text, "-") {
				continue
			}
			abs := j.res.Resolve(w.Text, c.Dir)
			if kind := j.credentialAt(abs, w.Glob); kind != "" {
				return kind, abs
			}
		}
	case "find":
		return j.findYields(c)
	case "fd", "fdfind", "locate", "plocate", "mlocate":
		if ops := operands(c); len(ops) > 0 {
			root := "/"
			if len(ops) > 1 {
				root = j.res.Resolve(ops[1].Text, c.Dir)
			}
			p := path.Join(root, patternLiteral(ops[0].Text))
			if kind := secrets.Glob(p, j.res.Home); kind != "" {
				return kind, p
			}
		}
	}
	return "", ""
}

// findYields returns the credential a find command hands on: one its
// name tests match, or, with no name test, one under its roots.
func (j *judgement) findYields(f *shell.Command) (string, string) {
	var roots []string
	for _, a := range f.Args {
		if strings.HasPrefix(a.Text, "-") || a.Text == "(" || a.Text == "!" {
			break
		}
		roots = append(roots, j.res.Resolve(a.Text, f.Dir))
	}
	if len(roots) == 0 {
		roots = []string{j.res.Resolve(".", f.Dir)}
	}
	named := false
	for _, a := range f.Args {
		switch a.Text {
		case "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex":
			named = true
		}
	}
	for _, r := range roots {
		// With name tests, only what they match is handed on: find
		// ~/.ssh -name '*.pub' yields public keys.
		if named {
			if kind := j.findNames(f, r); kind != "" {
				return kind, r
			}
			continue
		}
		if kind := secrets.File(r); kind != "" {
			return kind, r
		}
		if kind := secrets.Holds(r, j.res.Home); kind != "" {
			return kind, r
		}
	}
	return "", ""
}

// findBefore returns the find command whose -exec produced command i.
func findBefore(a *shell.Analysis, i int) *shell.Command {
	for k := i - 1; k >= 0; k-- {
		if a.Commands[k].Program == "find" {
			return &a.Commands[k]
		}
	}
	return nil
}

// readsContent reports whether a command reads the content of the files
// it is given: a reader, a copier or a sender, not a lister.
func (j *judgement) readsContent(c *shell.Command) bool {
	if namesOnly(c.Program) || c.Program == "echo" || c.Program == "printf" || c.Program == "" {
		return false
	}
	switch c.Program {
	case "rm", "unlink", "shred", "chmod", "chown", "touch", "mkdir", "rmdir", "ln", "kill", "test", "[", "[[", "ssh-keygen", "ssh-add":
		return false
	}
	return true
}
