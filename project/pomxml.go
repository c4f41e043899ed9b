package project

import (
	"fmt"
	"strconv"
	"strings"
)

// A pom.xml is read with this small XML reader rather than encoding/xml,
// whose package initialisation alone costs every hook call more than the
// start-up budget allows (TestHookStartup). It reads elements, text,
// comments, CDATA, processing instructions and the five predefined and
// numeric entities; a document type (which may define entities), a NUL
// byte or anything malformed is an error, so a pom it cannot read the way
// Maven does is never read some other way.

// xmlNode is one element: its local name (any namespace prefix dropped),
// its attributes, its text and its child elements.
type xmlNode struct {
	name     string
	attrs    map[string]string
	text     strings.Builder
	children []*xmlNode
}

// Bounds on one document.
const (
	maxXMLDepth    = 64
	maxXMLElements = 1 << 16
)

// child returns the first child element named name, or nil.
func (n *xmlNode) child(name string) *xmlNode {
	if n == nil {
		return nil
	}
	for _, c := range n.children {
		if c.name == name {
			return c
		}
	}
	return nil
}

// all returns the elements along a path of names below n.
func (n *xmlNode) all(path ...string) []*xmlNode {
	nodes := []*xmlNode{n}
	for _, name := range path {
		var next []*xmlNode
		for _, x := range nodes {
			if x == nil {
				continue
			}
			for _, c := range x.children {
				if c.name == name {
					next = append(next, c)
				}
			}
		}
		nodes = next
	}
	return nodes
}

// value is the trimmed text of the child named name ("" when absent).
func (n *xmlNode) value(name string) string {
	if c := n.child(name); c != nil {
		return strings.TrimSpace(c.text.String())
	}
	return ""
}

// parseXML reads a document and returns its root element.
func parseXML(data string) (*xmlNode, error) {
	data = strings.TrimPrefix(data, "\ufeff")
	if strings.IndexByte(data, 0) >= 0 {
		return nil, fmt.Errorf("a NUL byte: not UTF-8 XML")
	}
	p := xmlParser{s: data}
	return p.document()
}

type xmlParser struct {
	s        string
	i        int
	elements int
}

func (p *xmlParser) errorf(format string, args ...any) error {
	return fmt.Errorf("XML at byte %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *xmlParser) document() (*xmlNode, error) {
	var root *xmlNode
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			break
		}
		switch {
		case strings.HasPrefix(p.s[p.i:], "<?"), strings.HasPrefix(p.s[p.i:], "<!--"):
			if err := p.skipMarkup(); err != nil {
				return nil, err
			}
		case strings.HasPrefix(p.s[p.i:], "<!"):
			return nil, p.errorf("a document type or declaration, which may define entities")
		case p.s[p.i] == '<' && root == nil:
			n, err := p.element(0)
			if err != nil {
				return nil, err
			}
			root = n
		default:
			return nil, p.errorf("text outside the root element")
		}
	}
	if root == nil {
		return nil, fmt.Errorf("XML: no root element")
	}
	return root, nil
}

func (p *xmlParser) skipSpace() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

// skipMarkup skips a comment or a processing instruction.
func (p *xmlParser) skipMarkup() error {
	end := "?>"
	if strings.HasPrefix(p.s[p.i:], "<!--") {
		end = "-->"
	}
	k := strings.Index(p.s[p.i+2:], end)
	if k < 0 {
		return p.errorf("an unclosed comment or instruction")
	}
	p.i += 2 + k + len(end)
	return nil
}

// element reads one element, starting at its '<'.
func (p *xmlParser) element(depth int) (*xmlNode, error) {
	if depth > maxXMLDepth {
		return nil, p.errorf("elements nested more than %d deep", maxXMLDepth)
	}
	if p.elements++; p.elements > maxXMLElements {
		return nil, p.errorf("more than %d elements", maxXMLElements)
	}
	p.i++ // '<'
	name := p.name()
	if name == "" {
		return nil, p.errorf("an element with no name")
	}
	n := &xmlNode{name: localName(name)}
	closed, err := p.attributes(n)
	if err != nil || closed {
		return n, err
	}
	for {
		k := strings.IndexByte(p.s[p.i:], '<')
		if k < 0 {
			return nil, p.errorf("<%s> is not closed", name)
		}
		if err := p.text(n, p.s[p.i:p.i+k]); err != nil {
			return nil, err
		}
		p.i += k
		rest := p.s[p.i:]
		switch {
		case strings.HasPrefix(rest, "</"):
			p.i += 2
			if end := p.name(); end != name {
				return nil, p.errorf("<%s> closed by </%s>", name, end)
			}
			p.skipSpace()
			if p.i >= len(p.s) || p.s[p.i] != '>' {
				return nil, p.errorf("a malformed end tag </%s", name)
			}
			p.i++
			return n, nil
		case strings.HasPrefix(rest, "<![CDATA["):
			e := strings.Index(rest, "]]>")
			if e < 0 {
				return nil, p.errorf("an unclosed CDATA section")
			}
			n.text.WriteString(rest[len("<![CDATA["):e])
			p.i += e + 3
		case strings.HasPrefix(rest, "<!--"), strings.HasPrefix(rest, "<?"):
			if err := p.skipMarkup(); err != nil {
				return nil, err
			}
		case strings.HasPrefix(rest, "<!"):
			return nil, p.errorf("a declaration inside an element")
		default:
			c, err := p.element(depth + 1)
			if err != nil {
				return nil, err
			}
			n.children = append(n.children, c)
		}
	}
}

// name reads a tag name.
func (p *xmlParser) name() string {
	start := p.i
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n/>=<\"'", p.s[p.i]) < 0 {
		p.i++
	}
	return p.s[start:p.i]
}

// attributes skips a start tag's attributes; closed reports a tag that
// ends with />.
func (p *xmlParser) attributes(n *xmlNode) (closed bool, err error) {
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return false, p.errorf("an unclosed start tag")
		}
		switch p.s[p.i] {
		case '>':
			p.i++
			return false, nil
		case '/':
			if !strings.HasPrefix(p.s[p.i:], "/>") {
				return false, p.errorf("a stray / in a start tag")
			}
			p.i += 2
			return true, nil
		}
		attr := p.name()
		if attr == "" {
			return false, p.errorf("a malformed attribute")
		}
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != '=' {
			return false, p.errorf("an attribute with no value")
		}
		p.i++
		p.skipSpace()
		if p.i >= len(p.s) || p.s[p.i] != '"' && p.s[p.i] != '\'' {
			return false, p.errorf("an unquoted attribute value")
		}
		q := p.s[p.i]
		k := strings.IndexByte(p.s[p.i+1:], q)
		if k < 0 {
			return false, p.errorf("an unclosed attribute value")
		}
		raw := p.s[p.i+1 : p.i+1+k]
		if strings.IndexByte(raw, '<') >= 0 {
			return false, p.errorf("a < inside an attribute value")
		}
		var v xmlNode
		if err := p.text(&v, raw); err != nil {
			return false, err
		}
		if n.attrs == nil {
			n.attrs = map[string]string{}
		}
		if _, dup := n.attrs[localName(attr)]; dup {
			return false, p.errorf("the attribute %s given twice", clip(attr))
		}
		n.attrs[localName(attr)] = v.text.String()
		p.i += k + 2
	}
}

// text adds character data to n, decoding entities.
func (p *xmlParser) text(n *xmlNode, s string) error {
	if strings.IndexByte(s, '>') >= 0 && strings.Contains(s, "]]>") {
		return p.errorf("]]> in text")
	}
	for {
		k := strings.IndexByte(s, '&')
		if k < 0 {
			n.text.WriteString(s)
			return nil
		}
		n.text.WriteString(s[:k])
		e := strings.IndexByte(s[k:], ';')
		if e < 0 {
			return p.errorf("an unterminated entity")
		}
		ent := s[k+1 : k+e]
		switch ent {
		case "lt":
			n.text.WriteByte('<')
		case "gt":
			n.text.WriteByte('>')
		case "amp":
			n.text.WriteByte('&')
		case "quot":
			n.text.WriteByte('"')
		case "apos":
			n.text.WriteByte('\'')
		default:
			r, err := charRef(ent)
			if err != nil {
				return p.errorf("the entity &%s;, which arbiter does not expand", clip(ent))
			}
			n.text.WriteRune(r)
		}
		s = s[k+e+1:]
	}
}

// charRef decodes &#N; and &#xN;.
func charRef(ent string) (rune, error) {
	num, ok := strings.CutPrefix(ent, "#")
	if !ok || num == "" {
		return 0, fmt.Errorf("not a character reference")
	}
	base := 10
	if hex, ok := strings.CutPrefix(num, "x"); ok {
		num, base = hex, 16
	}
	v, err := strconv.ParseUint(num, base, 32)
	if err != nil || v == 0 || v > 0x10FFFF {
		return 0, fmt.Errorf("a bad character reference")
	}
	return rune(v), nil
}

func localName(name string) string {
	if _, local, ok := strings.Cut(name, ":"); ok {
		return local
	}
	return name
}
