package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// node is one JSON value and where its text lies in the document.
type node struct {
	start, end int // the value's bytes are data[start:end]
	kind       byte
	members    []member // objects
	elems      []*node  // arrays
	value      any      // scalars
	// comma is where a container's trailing comma is (JSON with
	// comments allows one), or -1.
	comma int
}

// member is one key of an object; keyStart is where its quoted key begins.
type member struct {
	key      string
	keyStart int
	val      *node
}

// parse reads a JSON document and records the byte span of every value,
// using encoding/json's tokenizer for the grammar.
func parse(data []byte) (*node, error) {
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		return nil, fmt.Errorf("not valid JSON: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return parseValue(dec, data)
}

// skip moves past whitespace and the separators the tokenizer consumes
// lazily, to the first byte of the next token.
func skip(data []byte, i int) int {
	for i < len(data) {
		switch data[i] {
		case ' ', '\t', '\r', '\n', ',', ':':
			i++
		default:
			return i
		}
	}
	return i
}

func parseValue(dec *json.Decoder, data []byte) (*node, error) {
	start := skip(data, int(dec.InputOffset()))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	n := &node{start: start, comma: -1}
	switch t := tok.(type) {
	case json.Delim:
		n.kind = byte(t)
		switch t {
		case '{':
			for dec.More() {
				keyStart := skip(data, int(dec.InputOffset()))
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, ok := kt.(string)
				if !ok {
					return nil, errors.New("object key is not a string")
				}
				v, err := parseValue(dec, data)
				if err != nil {
					return nil, err
				}
				n.members = append(n.members, member{key, keyStart, v})
			}
		case '[':
			for dec.More() {
				v, err := parseValue(dec, data)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
		}
		if _, err := dec.Token(); err != nil { // the closing delimiter
			return nil, err
		}
	default:
		n.value = t
	}
	n.end = int(dec.InputOffset())
	return n, nil
}

// get returns the member value named key, or nil.
func (n *node) get(key string) *node {
	if n == nil || n.kind != '{' {
		return nil
	}
	for _, m := range n.members {
		if m.key == key {
			return m.val
		}
	}
	return nil
}

// lineIndent returns the whitespace that starts the line holding data[i].
func lineIndent(data []byte, i int) string {
	j := bytes.LastIndexByte(data[:i], '\n') + 1
	k := j
	for k < i && (data[k] == ' ' || data[k] == '\t') {
		k++
	}
	return string(data[j:k])
}

// indentUnit guesses the file's indentation step from a container and
// its first child; two spaces when it cannot tell.
func indentUnit(data []byte, parent int, child int) string {
	p, c := lineIndent(data, parent), lineIndent(data, child)
	if len(c) > len(p) && bytes.Contains(data[parent:child], []byte("\n")) {
		return c[len(p):]
	}
	return "  "
}
