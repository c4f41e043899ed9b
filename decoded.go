package arbiter

import (
	"encoding/json"
	"unicode/utf8"
)

// decodedInput is a call's input as the object its Input encodes, kept
// for the one Input it was made from: the hook decodes a runtime's tool
// input, encodes it as Input, and the policy and the decision log would
// each decode Input again.
type decodedInput struct {
	raw *byte // Input's first byte: a Call whose Input was replaced has another
	n   int
	m   map[string]any
}

// WithDecoded returns c with Input set to the encoding of in, keeping in
// as its decoded form when decoding Input would give exactly in back:
// when in holds only what a JSON decoder makes (objects, arrays, valid
// UTF-8 strings, float64, bool, null). Otherwise, and when in cannot be
// encoded (Input is then empty), nothing is kept and readers decode
// Input as before.
func (c Call) WithDecoded(in map[string]any) Call {
	b, err := json.Marshal(in)
	if err != nil {
		b = nil // only unencodable values (NaN) get here; readers fail closed on an empty input
	}
	c.Input, c.decoded = b, nil
	if len(b) > 0 && in != nil && asDecoded(in) {
		c.decoded = &decodedInput{raw: &b[0], n: len(b), m: in}
	}
	return c
}

// Decoded returns the object Input encodes, as WithDecoded kept it, or
// false when nothing was kept for this Input (the caller decodes it).
// The object is shared: readers must not change it.
func (c Call) Decoded() (map[string]any, bool) {
	d := c.decoded
	if d == nil || len(c.Input) != d.n || d.n == 0 || &c.Input[0] != d.raw {
		return nil, false
	}
	return d.m, true
}

// asDecoded reports whether v holds only values a JSON decoder makes into
// an any, each of which encodes and decodes back to itself.
func asDecoded(v any) bool {
	switch v := v.(type) {
	case nil, bool, float64:
		return true
	case string:
		return utf8.ValidString(v)
	case []any:
		for _, e := range v {
			if !asDecoded(e) {
				return false
			}
		}
		return true
	case map[string]any:
		for k, e := range v {
			if !utf8.ValidString(k) || !asDecoded(e) {
				return false
			}
		}
		return true
	}
	return false
}
