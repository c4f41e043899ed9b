package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// compress judges gzip, bzip2, xz, zstd and their un- forms. Without -c
// each replaces the files it names with their compressed (or
// decompressed) form, deleting the original unless -k: a write to each
// of them. With -c, -l or -t, or with no file, it only reads, and what it
// reads is checked as any read is.
func (j *judgement) compress(c *shell.Command) {
	subj := c.String()
	res, ok := j.parseWords(c)
	if !ok {
		if helpOnly(c) {
			j.fire(catalog.D1Help, subj)
		}
		return
	}
	ops := res.Operands()
	if len(ops) == 0 || res.Has("-c") || res.Has("-l") || res.Has("-t") {
		j.allowClosed(catalog.D1ReadOnly, subj, "compresses or decompresses to standard output, leaving its files as they are")
		for _, v := range ops {
			v.Kind = spec.Read
			j.value(c, v)
		}
		return
	}
	j.allowClosed(catalog.D2WriteProject, subj, "replaces each file it names with its compressed or decompressed form")
	for _, v := range res.Values {
		j.value(c, v)
	}
}
