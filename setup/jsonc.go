package setup

import (
	"fmt"

	"github.com/tailscale/hujson"
)

// parseJSONC reads a settings file that its runtime reads as JSON with
// comments and trailing commas (Gemini CLI, Copilot CLI). The spans it
// records are offsets into data itself: hujson blanks comments and
// trailing commas with spaces, keeping every offset, so an edit spliced
// into data keeps the comments byte for byte.
func parseJSONC(data []byte) (*node, error) {
	plain, err := hujson.Standardize(append([]byte(nil), data...))
	if err != nil {
		return nil, fmt.Errorf("not valid JSON with comments: %w", err)
	}
	root, err := parse(plain)
	if err != nil {
		return nil, err
	}
	markCommas(root, data, plain)
	return root, nil
}

// markCommas records, on each container, where its trailing comma is in
// data (the one byte that is ',' in data and a space in plain between
// the last child and the closing delimiter), so a removal can take it
// with the child.
func markCommas(n *node, data, plain []byte) {
	last := -1
	switch n.kind {
	case '{':
		for _, m := range n.members {
			markCommas(m.val, data, plain)
		}
		if len(n.members) > 0 {
			last = n.members[len(n.members)-1].val.end
		}
	case '[':
		for _, e := range n.elems {
			markCommas(e, data, plain)
		}
		if len(n.elems) > 0 {
			last = n.elems[len(n.elems)-1].end
		}
	}
	n.comma = -1
	for i := last; i >= 0 && i < n.end-1; i++ {
		if data[i] == ',' && plain[i] == ' ' {
			n.comma = i
			return
		}
	}
}

// plainInside reports whether a container holds nothing but its
// children, separators and white space: no comment and no trailing
// comma, so clearing its inside loses nothing the person wrote.
func plainInside(data []byte, n *node) bool {
	if n.comma >= 0 {
		return false
	}
	var cut [][2]int
	for _, m := range n.members {
		cut = append(cut, [2]int{m.keyStart, m.val.end})
	}
	for _, e := range n.elems {
		cut = append(cut, [2]int{e.start, e.end})
	}
	at := n.start + 1
	for _, c := range append(cut, [2]int{n.end - 1, n.end - 1}) {
		for _, b := range data[at:c[0]] {
			switch b {
			case ' ', '\t', '\r', '\n', ',', ':':
			default:
				return false
			}
		}
		at = c[1]
	}
	return true
}
