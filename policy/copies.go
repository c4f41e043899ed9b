package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/shell"
)

// copy judges cp, mv, ln, install and local rsync: sources are read (or,
// for mv, removed) and the destination written.
func (j *judgement) copy(c *shell.Command) {
	subj := c.String()
	if c.Program == "rsync" {
		for _, a := range c.Args {
			if strings.Contains(a.Text, ":") && !strings.HasPrefix(a.Text, "-") && !strings.HasPrefix(a.Text, "/") || strings.HasPrefix(a.Text, "rsync://") {
				j.remoteCopy(c)
				return
			}
		}
	}
	ops := operands(c, copyValued(c.Program)...)
	target := ""
	for k, a := range c.Args {
		if (a.Text == "-t" || a.Text == "--target-directory") && k+1 < len(c.Args) {
			target = c.Args[k+1].Text
		} else if v, ok := strings.CutPrefix(a.Text, "--target-directory="); ok {
			target = v
		}
	}
	var sources []shell.Word
	var dest shell.Word
	switch {
	case target != "":
		sources, dest = ops, shell.Word{Text: target}
	case len(ops) >= 2:
		sources, dest = ops[:len(ops)-1], ops[len(ops)-1]
	case len(ops) == 1 && c.Program == "ln":
		sources, dest = ops, shell.Word{Text: path.Base(ops[0].Text)}
	default:
		j.fireWith(catalog.UBadInput, subj, c.Program+" needs a source and a destination")
		return
	}
	recursive := (c.Program == "cp" || c.Program == "rsync") && (hasFlag(c, 'r', "--recursive") || hasFlag(c, 'R') || hasFlag(c, 'a', "--archive"))
	for _, s := range sources {
		abs := j.res.Resolve(s.Text, c.Dir)
		if place := j.res.Classify(abs, s.Glob); recursive && place != paths.Project && place != paths.ProjectRoot {
			j.unlistedInto(c, dest.Text, "copies a folder from outside the project")
		}
		if c.Program == "mv" {
			abs = j.res.ResolveLink(s.Text, c.Dir) // mv moves a link, not what it points to
		}
		if c.Program == "ln" && j.isGuardPath(abs) {
			j.guardTamper(s.Text, "links to a permission gate's files, so that later writes change them")
		}
		if c.Program == "ln" && !hasFlag(c, 's', "--symbolic") || c.Program == "cp" && hasFlag(c, 'l', "--link") {
			// A hard link is a second name for the file itself: every later
			// write through it changes the original.
			j.write(abs, s.Glob, s.Text, c.Program)
		}
		if c.Program == "mv" {
			if s.Dynamic {
				j.fireWith(catalog.UDynamicPath, s.Text, "moves a path only known at run time")
				continue
			}
			place := j.res.Classify(abs, s.Glob)
			if j.isGuardPath(abs) || j.holdsGuard(abs) || place == paths.Root || place == paths.SystemRoot || place == paths.System || place == paths.HomeRoot || place == paths.Device {
				j.remove(c, s, true)
			}
		}
		if j.readsSecretPath(abs) {
			j.fire(catalog.B3SecretCopy, s.Text)
		}
	}
	if dest.Dynamic {
		j.fireWith(catalog.UDynamicPath, dest.Text, "writes to a path only known at run time")
		return
	}
	destAbs := j.res.Resolve(dest.Text, c.Dir)
	if c.Program == "ln" {
		destAbs = j.res.ResolveLink(dest.Text, c.Dir) // the link itself, which recordLinks already knows
	}
	if j.envFromTemplate(c, sources, dest, destAbs) {
		return
	}
	before := len(j.findings)
	j.write(destAbs, dest.Glob, dest.Text, c.Program)
	// The move itself is C3 whenever the destination's write found nothing
	// stricter: also when that write added no finding of its own, because
	// the line wrote the same name first (cp a b && mv notes b).
	if c.Program == "mv" && onlyAllows(j.findings[before:]) && !j.scratchMove(c, sources, dest, destAbs) {
		j.fire(catalog.C3Move, subj)
	}
}

// copyValued returns, for a copying program, the options whose value is
// the next word: cp -f and mv -f force, but rsync -f names a filter.
func copyValued(program string) []string {
	common := []string{"-t", "--target-directory", "-S", "--suffix"}
	switch program {
	case "install":
		return append([]string{"-m", "--mode", "-o", "--owner", "-g", "--group"}, common...)
	case "rsync":
		return []string{"-e", "--rsh", "--exclude", "--include", "--filter", "-f", "--exclude-from", "--include-from", "--files-from", "-T", "--temp-dir", "--suffix", "--backup-dir", "--compare-dest", "--copy-dest", "--link-dest", "--chmod", "--chown", "--partial-dir", "--log-file", "--password-file", "--timeout", "--port", "--bwlimit", "--max-size", "--min-size", "--modify-window", "-B", "--block-size", "-M", "--remote-option", "--rsync-path"}
	}
	return common
}

// onlyAllows reports whether no finding of fs is stricter than allow.
func onlyAllows(fs []finding) bool {
	for _, f := range fs {
		if f.verdict != arbiter.Allow {
			return false
		}
	}
	return true
}

func (j *judgement) readsSecretPath(abs string) bool {
	c := shell.Command{Args: []shell.Word{{Text: abs}}}
	return j.readsSecret(&c)
}
