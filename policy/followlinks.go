package policy

import (
	"os"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// linkFollowers names, per program, the options that make a recursive
// read follow the symbolic links it finds below its roots: it then reads
// what they point to, wherever that is. zip and scp -r follow them unless
// told not to (zip -y; scp has no such option): optOut says the options
// turn following off.
var linkFollowers = lazy.New(func() map[string]linkOptions {
	return map[string]linkOptions{
		"grep":  {'R', []string{"--dereference-recursive"}, false},
		"egrep": {'R', []string{"--dereference-recursive"}, false},
		"fgrep": {'R', []string{"--dereference-recursive"}, false},
		"rg":    {'L', []string{"--follow"}, false},
		"ag":    {'f', []string{"--follow"}, false},
		"tar":   {'h', []string{"--dereference"}, false},
		"cp":    {'L', []string{"--dereference"}, false},
		"rsync": {'L', []string{"--copy-links", "--copy-unsafe-links"}, false},
		"zip":   {'y', []string{"--symlinks"}, true},
		"scp":   {0, nil, true},
		"find":  {'L', []string{"-follow"}, false},
	}
})

// linkOptions are a program's options that turn following links on (or,
// with optOut, off).
type linkOptions struct {
	short  byte
	long   []string
	optOut bool
}

// followsLinks reports whether a recursive read by c follows the links
// below its roots.
func followsLinks(c *shell.Command) bool {
	prog := shell.Canonical(c.Program)
	f, ok := linkFollowers.Get()[prog]
	if !ok {
		return false
	}
	on := hasFlag(c, f.short, f.long...)
	if prog == "tar" && len(c.Args) > 0 && !strings.HasPrefix(c.Args[0].Text, "-") {
		on = on || strings.ContainsRune(c.Args[0].Text, 'h') // tar chf: old-style letters
	}
	return on != f.optOut
}

// linkRead is what a walk that follows links reads at one: the file or
// folder the link leads to, whether it is there (a link arbiter cannot
// see the end of may be either), and whether it lies outside the project.
type linkRead struct {
	target  string
	dir     bool
	missing bool
	outside bool
}

// followLink resolves a link a walk found, as a read through it would.
func (j *judgement) followLink(p string) linkRead {
	target := j.res.Resolve(p, "")
	info, err := os.Stat(target)
	place := j.res.Classify(target, false)
	return linkRead{target: target, dir: err == nil && info.IsDir(), missing: err != nil, outside: place != paths.Project && place != paths.ProjectRoot}
}

// outsideSecret returns what credential a link out of the project leads
// to: a credential file by its name or content, or a folder that holds
// credentials.
func (j *judgement) outsideSecret(l linkRead) string {
	if !l.dir {
		if kind := j.credentialAt(l.target, false); kind != "" && kind != unreadable {
			return kind
		}
		if !l.missing {
			return ""
		}
	}
	if kind := secrets.Holds(l.target, j.res.Home); kind != "" {
		return kind
	}
	if j.holdsCredentials(l.target) {
		return "folder holding credentials"
	}
	return ""
}
