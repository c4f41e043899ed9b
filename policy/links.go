package policy

import (
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// recordLinks tells the resolver about the links the command creates
// (ln, cp -s, cp -l), before any part of it is judged, so that a later
// write through a new link is judged by where it lands: ln -s ~ h && echo x
// > h/.bashrc writes ~/.bashrc.
func (j *judgement) recordLinks(a *shell.Analysis) {
	for i := range a.Commands {
		c := &a.Commands[i]
		symbolic := false
		switch c.Program {
		case "ln":
			symbolic = hasFlag(c, 's', "--symbolic")
		case "cp":
			symbolic = hasFlag(c, 's', "--symbolic-link")
			if !symbolic && !hasFlag(c, 'l', "--link") {
				continue
			}
		default:
			continue
		}
		j.recordLink(c, symbolic)
	}
}

func (j *judgement) recordLink(c *shell.Command, symbolic bool) {
	ops := operands(c, "-t", "--target-directory", "-S", "--suffix")
	dir := ""
	for k, a := range c.Args {
		if (a.Text == "-t" || a.Text == "--target-directory") && k+1 < len(c.Args) {
			dir = c.Args[k+1].Text
		} else if v, ok := strings.CutPrefix(a.Text, "--target-directory="); ok {
			dir = v
		}
	}
	var sources []shell.Word
	switch {
	case dir != "":
		sources = ops
	case len(ops) == 1:
		sources, dir = ops, "."
	case len(ops) >= 2:
		sources = ops[:len(ops)-1]
		dest := ops[len(ops)-1]
		if dest.Dynamic {
			return
		}
		noDeref := hasFlag(c, 'T', "--no-target-directory") || hasFlag(c, 'n', "--no-dereference")
		if len(sources) > 1 || strings.HasSuffix(dest.Text, "/") || !noDeref && j.res.IsDir(j.res.Resolve(dest.Text, c.Dir)) {
			dir = dest.Text
		} else {
			j.addLink(c, sources[0], dest.Text, symbolic)
			return
		}
	}
	for _, s := range sources {
		j.addLink(c, s, path.Join(dir, path.Base(s.Text)), symbolic)
	}
}

// addLink records one link: a symbolic link's target as the kernel reads
// it (relative to the link's directory), a hard link's as the file itself.
func (j *judgement) addLink(c *shell.Command, src shell.Word, link string, symbolic bool) {
	if src.Dynamic {
		j.fireWith(catalog.UDynamicPath, src.Text, "makes a link to a path only known at run time, so what is written through it cannot be judged")
		return
	}
	if src.Text == "" {
		return
	}
	target := src.Text
	if !symbolic || strings.HasPrefix(target, "~") || hasFlag(c, 'r', "--relative") {
		target = j.res.Resolve(target, c.Dir)
	}
	j.res.AddLink(j.res.ResolveLink(link, c.Dir), target)
}
