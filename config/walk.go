package config

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"

	"github.com/pelletier/go-toml/v2/unstable"
)

// A config file is read with go-toml's parser, walking its expressions
// rather than decoding into structs by reflection: this file's shape is
// small and fixed, and the walk is several times faster on a file of 50
// rules, on the path of every hook call. The walk is strict like the
// decoder (an unknown key, a duplicate key or a value of the wrong type is
// a problem naming its line and key); a differential fuzz test checks that
// whatever it accepts, go-toml's decoder accepts alike.

// document is what a config file holds.
type document struct {
	settings map[string]setting
	rules    []Rule
}

type setting struct {
	text string
	line int
}

// ruleKeys are the keys a [[rule]] table may hold.
var ruleKeys = lazy.New(func() map[string]bool {
	return map[string]bool{"decision": true, "tool": true, "command": true, "path": true, "host": true,
		"message": true, "match": true, "not_match": true, "project": true}
})

// walk reads a document; settings are accepted only when user is true.
func walk(file string, b []byte, user bool) (document, *Problem) {
	doc := document{settings: map[string]setting{}}
	var p unstable.Parser
	p.Reset(b)
	lines := &lineCounter{data: b, line: 1}
	cur := -1         // -1: the root table; otherwise an index into doc.rules
	var seen []string // the keys of the current table
	fail := func(n *unstable.Node, key, msg string) *Problem {
		return &Problem{File: file, Line: lines.of(n), Key: key, Msg: msg}
	}
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Comment, unstable.Invalid:
			continue
		case unstable.Table, unstable.ArrayTable:
			key, first := keyOf(e)
			if e.Kind == unstable.Table || key != "rule" {
				if key == "rule" {
					return doc, fail(first, key, "wrong type: write each rule as a [[rule]] table")
				}
				return doc, fail(first, key, "unknown key")
			}
			doc.rules = append(doc.rules, Rule{Line: lines.of(first)})
			cur, seen = len(doc.rules)-1, seen[:0]
		case unstable.KeyValue:
			key, first := keyOf(e)
			if slices.Contains(seen, key) {
				return doc, fail(first, nameOf(cur, key), "duplicate key")
			}
			seen = append(seen, key)
			if cur < 0 {
				if pr := doc.setting(lines, e, key, first, user, fail); pr != nil {
					return doc, pr
				}
				continue
			}
			if pr := ruleField(&doc.rules[cur], e.Value(), key, cur, first, fail); pr != nil {
				return doc, pr
			}
		}
	}
	if err := p.Error(); err != nil {
		return doc, parseProblem(&p, file, err)
	}
	return doc, nil
}

func (doc *document) setting(lines *lineCounter, e *unstable.Node, key string, first *unstable.Node, user bool, fail func(*unstable.Node, string, string) *Problem) *Problem {
	if !user || !known(key) {
		if key == "rule" {
			return fail(first, key, "wrong type: write each rule as a [[rule]] table")
		}
		return fail(first, key, "unknown key")
	}
	text, ok := scalar(e.Value())
	if !ok {
		return fail(first, key, "wrong type: want a string or a number")
	}
	doc.settings[key] = setting{text: text, line: lines.of(first)}
	return nil
}

// nameOf names a key for messages: rule[3].command, or a setting's name.
func nameOf(cur int, key string) string {
	if cur < 0 {
		return key
	}
	return "rule[" + strconv.Itoa(cur+1) + "]." + key
}

func ruleField(r *Rule, v *unstable.Node, key string, cur int, first *unstable.Node, fail func(*unstable.Node, string, string) *Problem) *Problem {
	if !ruleKeys.Get()[key] {
		if known(key) {
			// TOML puts every key after [[rule]] into that rule.
			return fail(first, nameOf(cur, key), "unknown key: "+key+" is a setting, and settings go before the first [[rule]] (arbiter allow appends its rules at the end of the file)")
		}
		return fail(first, nameOf(cur, key), "unknown key")
	}
	if key == "match" || key == "not_match" {
		list, ok := stringList(v)
		if !ok {
			return fail(first, nameOf(cur, key), "wrong type: want a list of strings")
		}
		if key == "match" {
			r.Match = list
		} else {
			r.NotMatch = list
		}
		return nil
	}
	if v.Kind != unstable.String {
		return fail(first, nameOf(cur, key), "wrong type: want a string")
	}
	s := string(v.Data)
	switch key {
	case "decision":
		r.Decision = s
	case "tool":
		r.Tool = s
	case "command":
		r.Command = s
	case "path":
		r.Path = s
	case "host":
		r.Host = s
	case "message":
		r.Message = s
	case "project":
		r.Project = s
	}
	return nil
}

func known(name string) bool {
	for _, n := range Names {
		if n == name {
			return true
		}
	}
	return false
}

// keyOf joins a possibly dotted key and returns its first part's node.
func keyOf(e *unstable.Node) (string, *unstable.Node) {
	var parts []string
	var first *unstable.Node
	it := e.Key()
	for it.Next() {
		n := it.Node()
		if first == nil {
			first = n
		}
		parts = append(parts, string(n.Data))
	}
	return strings.Join(parts, "."), first
}

// lineCounter finds the lines of nodes, which the walk meets in order,
// counting each newline once (the parser's Shape counts from the start of
// the input every time).
type lineCounter struct {
	data []byte
	off  int
	line int
}

func (c *lineCounter) of(n *unstable.Node) int {
	if n == nil {
		return 0
	}
	at := int(n.Raw.Offset)
	if at > len(c.data) {
		return 0
	}
	if at < c.off {
		c.off, c.line = 0, 1
	}
	c.line += bytes.Count(c.data[c.off:at], []byte("\n"))
	c.off = at
	return c.line
}

// scalar renders a setting's value: a string as is, a decimal number or a
// boolean as written.
func scalar(v *unstable.Node) (string, bool) {
	switch v.Kind {
	case unstable.String:
		return string(v.Data), true
	case unstable.Bool:
		return string(v.Data), true
	case unstable.Integer:
		if s, ok := decimal(string(v.Data)); ok {
			if n, err := strconv.ParseInt(s, 10, 64); err == nil {
				return strconv.FormatInt(n, 10), true
			}
		}
	case unstable.Float:
		if s, ok := decimal(string(v.Data)); ok {
			if f, err := strconv.ParseFloat(s, 64); err == nil {
				return strconv.FormatFloat(f, 'g', -1, 64), true
			}
		}
	}
	return "", false
}

// decimal accepts a plain decimal number (underscores only between
// digits, no leading zero) and returns it without underscores. Hex, octal,
// binary, inf and nan are not settings anyone writes; they are refused.
func decimal(s string) (string, bool) {
	var b strings.Builder
	prevDigit := false
	digits := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			b.WriteByte(c)
			prevDigit = true
			digits++
		case c == '_':
			if !prevDigit || i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9' {
				return "", false
			}
			prevDigit = false
		case c == '+' || c == '-':
			if i != 0 && s[i-1] != 'e' && s[i-1] != 'E' {
				return "", false
			}
			b.WriteByte(c)
			prevDigit = false
		case c == '.' || c == 'e' || c == 'E':
			if !prevDigit {
				return "", false
			}
			b.WriteByte(c)
			prevDigit = false
		default:
			return "", false
		}
	}
	out := strings.TrimLeft(b.String(), "+-")
	if digits == 0 || len(out) > 1 && out[0] == '0' && out[1] >= '0' && out[1] <= '9' {
		return "", false
	}
	return b.String(), true
}

func stringList(v *unstable.Node) ([]string, bool) {
	if v.Kind != unstable.Array {
		return nil, false
	}
	out := []string{}
	it := v.Children()
	for it.Next() {
		n := it.Node()
		if n.Kind == unstable.Comment {
			continue
		}
		if n.Kind != unstable.String {
			return nil, false
		}
		out = append(out, string(n.Data))
	}
	return out, true
}

func parseProblem(p *unstable.Parser, file string, err error) *Problem {
	pr := &Problem{File: file, Msg: strings.TrimPrefix(err.Error(), "toml: ")}
	var perr *unstable.ParserError
	if errors.As(err, &perr) && perr.Highlight != nil {
		func() {
			defer func() { _ = recover() }() // a highlight outside the input: no line
			pr.Line = p.Shape(p.Range(perr.Highlight)).Start.Line
		}()
	}
	return pr
}
