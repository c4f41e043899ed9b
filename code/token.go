package code

// kind is the class of one token.
type kind uint8

const (
	tName   kind = iota + 1
	tString      // a string literal; text holds its value
	tNumber
	tOp      // punctuation and operators; text holds the operator
	tEnd     // the end of a statement (a newline outside brackets, or ;)
	tRegex   // a regular expression literal (JavaScript, awk)
	tKeyword // a language keyword
)

// token is one lexical unit. For names, text is the name after the
// language's own normalisation; for strings, the value after escapes.
type token struct {
	kind kind
	text string
	pos  int
	// open is set for a string whose value is only partly known (an
	// f-string or template literal with replacement fields, or an escape
	// the tokenizer does not decode).
	open bool
	// template marks a JavaScript template literal (a tag before it is a call).
	template bool
}

func (t token) is(k kind, text string) bool { return t.kind == k && t.text == text }

// tokens is a token list with bounds-checked access.
type tokens []token

func (ts tokens) at(i int) token {
	if i < 0 || i >= len(ts) {
		return token{kind: tEnd}
	}
	return ts[i]
}

// closing returns the index of the bracket that closes the one at i, or
// len(ts) when there is none.
func (ts tokens) closing(i int) int {
	open := ts[i].text
	shut := map[string]string{"(": ")", "[": "]", "{": "}"}[open]
	depth := 0
	for k := i; k < len(ts); k++ {
		if ts[k].kind != tOp {
			continue
		}
		switch ts[k].text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
			if depth == 0 {
				if ts[k].text != shut {
					return len(ts)
				}
				return k
			}
		}
	}
	return len(ts)
}

// args splits the bracketed list opening at i into its top-level
// comma-separated parts.
func (ts tokens) args(i int) []tokens {
	end := ts.closing(i)
	if end >= len(ts) {
		return nil
	}
	var out []tokens
	depth, start := 0, i+1
	for k := i + 1; k < end; k++ {
		t := ts[k]
		if t.kind != tOp {
			continue
		}
		switch t.text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		case ",":
			if depth == 0 {
				out = append(out, ts[start:k])
				start = k + 1
			}
		}
	}
	if start < end {
		out = append(out, ts[start:end])
	}
	return out
}

// literal returns the value of a part that is only string literals
// (adjacent literals concatenate, as in Python and with + in JavaScript).
func (ts tokens) literal() (string, bool) {
	if len(ts) == 0 {
		return "", false
	}
	s := ""
	for k, t := range ts {
		switch {
		case t.kind == tString && !t.open:
			s += t.text
		case t.is(tOp, "+") && k > 0 && k < len(ts)-1:
		default:
			return "", false
		}
	}
	return s, true
}

// keyword splits a keyword argument name=value; name is "" for positional.
func (ts tokens) keyword() (string, tokens) {
	if len(ts) >= 2 && ts[0].kind == tName && ts[1].is(tOp, "=") {
		return ts[0].text, ts[2:]
	}
	return "", ts
}
