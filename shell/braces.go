package shell

import (
	"fmt"
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// braceWords expands the brace expressions syntax.SplitBraces found in a
// word ({a,b}, {1..5}, {a..e..2}), left to right as bash does, into at most
// limit words. It reports false when the expansion is larger than limit or
// a sequence is malformed. (Written here rather than taken from
// mvdan.cc/sh/v3/expand, whose os/user import makes every build link
// libc dynamically and costs each hook process about 1.5 ms at start.)
func braceWords(word *syntax.Word, limit int) ([]*syntax.Word, bool) {
	for i, part := range word.Parts {
		be, ok := part.(*syntax.BraceExp)
		if !ok {
			continue
		}
		alts := be.Elems
		if be.Sequence {
			seq, ok := sequence(be, limit)
			if !ok {
				return nil, false
			}
			alts = make([]*syntax.Word, len(seq))
			for k, s := range seq {
				alts[k] = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}}
			}
		}
		var out []*syntax.Word
		for _, alt := range alts {
			parts := make([]syntax.WordPart, 0, len(word.Parts)+len(alt.Parts))
			parts = append(parts, word.Parts[:i]...)
			parts = append(parts, alt.Parts...)
			parts = append(parts, word.Parts[i+1:]...)
			sub, ok := braceWords(&syntax.Word{Parts: parts}, limit-len(out))
			out = append(out, sub...)
			if !ok || len(out) > limit {
				return out, false
			}
		}
		return out, true
	}
	return []*syntax.Word{word}, true
}

// sequence expands {x..y} or {x..y..step} over integers or single letters.
func sequence(be *syntax.BraceExp, limit int) ([]string, bool) {
	if len(be.Elems) < 2 || len(be.Elems) > 3 {
		return nil, false
	}
	lits := make([]string, len(be.Elems))
	for i, e := range be.Elems {
		lits[i] = e.Lit()
	}
	step := 1
	if len(lits) == 3 {
		n, err := strconv.Atoi(lits[2])
		if err != nil {
			return nil, false
		}
		step = max(n, -n, 1)
	}
	from, err1 := strconv.Atoi(lits[0])
	to, err2 := strconv.Atoi(lits[1])
	letters := false
	if err1 != nil || err2 != nil {
		if len(lits[0]) != 1 || len(lits[1]) != 1 {
			return nil, false
		}
		from, to, letters = int(lits[0][0]), int(lits[1][0]), true
	}
	width := 0
	for _, l := range lits[:2] {
		t := l
		if len(t) > 0 && t[0] == '-' {
			t = t[1:]
		}
		if !letters && len(t) > 1 && t[0] == '0' {
			width = max(len(lits[0]), len(lits[1]))
		}
	}
	if to < from {
		step = -step
	}
	var out []string
	for v := from; (step > 0 && v <= to) || (step < 0 && v >= to); v += step {
		if len(out) >= limit {
			return out, false
		}
		switch {
		case letters:
			out = append(out, string(rune(v)))
		case width > 0:
			out = append(out, fmt.Sprintf("%0*d", width, v))
		default:
			out = append(out, strconv.Itoa(v))
		}
	}
	return out, true
}
