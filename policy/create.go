package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// creates judges tee, touch, mkdir and other commands whose operands are
// files they create or change. The program's spec says which words are
// the files written; where it cannot (objcopy and strip have no word
// list, an option the spec lacks), every word may be one.
func (j *judgement) creates(c *shell.Command) {
	ops, ok := specWrites(c)
	if !ok {
		ops = unlistedCreates(c)
	}
	if len(ops) == 0 && c.Program == "mktemp" {
		// No template: tmp.XXXXXXXXXX in $TMPDIR or /tmp.
		j.fireWith(catalog.D2WriteProject, c.String(), "creates one new, randomly named file or folder in a temporary folder and prints its name")
		return
	}
	if len(ops) == 0 {
		j.fireWith(catalog.D1ReadOnly, c.String(), "writes to standard output only")
		return
	}
	j.writeArgs(c, ops)
}

// specWrites returns the words c's spec reads as files written (operands
// and option values, --tmpdir=DIR as DIR); false when the spec lists no
// words or does not read these.
func specWrites(c *shell.Command) ([]shell.Word, bool) {
	sp := spec.Lookup(c.Program)
	if sp == nil || !sp.Words() {
		return nil, false
	}
	res := sp.Parse(c.ArgTexts())
	if res.Problem != nil {
		return nil, false
	}
	var out []shell.Word
	for _, v := range res.Values {
		if v.Kind != spec.Write || v.Text == "" {
			continue
		}
		w := c.Args[v.Arg]
		w.Text = v.Text
		out = append(out, w)
	}
	return out, true
}

// unlistedCreates reads the operands of a create program whose spec does
// not say what its words are: every word that is not an option may be a
// file written, an option's value included, so each is judged as one.
func unlistedCreates(c *shell.Command) []shell.Word {
	return operands(c)
}
