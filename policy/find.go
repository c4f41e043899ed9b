package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

func (j *judgement) find(c *shell.Command) {
	subj := c.String()
	var roots []shell.Word
	for _, a := range c.Args {
		if strings.HasPrefix(a.Text, "-") || a.Text == "(" || a.Text == "!" {
			break
		}
		roots = append(roots, a)
	}
	if len(roots) == 0 {
		roots = []shell.Word{{Text: "."}}
	}
	for _, a := range c.Args {
		switch a.Text {
		case "-delete":
			if j.findCacheDelete(c, subj) {
				return
			}
			for _, r := range roots {
				w := r
				w.Text = strings.TrimSuffix(r.Text, "/") + "/*"
				w.Glob = true
				if r.Text == "/" {
					w.Text = "/*"
				}
				j.remove(c, w, true)
			}
			return
		case "-fprint", "-fprintf", "-fls", "-fprint0":
			j.fireWith(catalog.H7OutsideProject, subj, "find writes its output to a file")
			return
		}
	}
	j.fireWith(catalog.D1ReadOnly, subj, "lists files")
}
