package project

import (
	"fmt"
	"strings"
)

// MaxGitConfig bounds one git configuration file: repositories' own are a
// few hundred bytes, and a longer one is not read (the caller defers).
const MaxGitConfig = 64 << 10

// GitSetting is one setting of a git configuration file. Section and Name
// are lower-cased, as git compares them; Sub, the subsection of
// [section "sub"], keeps its case, as git does.
type GitSetting struct {
	Section, Sub, Name string
	Value              string
	// Bare is set for a name with no "=", which git reads as true.
	Bare bool
	Line int
}

// Key is the setting's name as git config prints it (diff.json.textconv).
func (s GitSetting) Key() string {
	if s.Sub != "" {
		return s.Section + "." + s.Sub + "." + s.Name
	}
	return s.Section + "." + s.Name
}

// ParseGitConfig reads the settings of a git configuration file in the
// syntax git's config.c accepts: sections, quoted subsections, the legacy
// [section.sub], values with quotes, escapes, comments and continuation
// lines. Anything git would reject is an error naming the line, so that a
// file arbiter misreads is never taken as plain.
func ParseGitConfig(text string) ([]GitSetting, error) {
	p := gitConfigParser{text: text, line: 1}
	var out []GitSetting
	for {
		p.skipSpace(true)
		if p.eof() {
			return out, nil
		}
		switch c := p.peek(); {
		case c == '#' || c == ';':
			p.skipLine()
		case c == '[':
			if err := p.header(); err != nil {
				return nil, err
			}
		case isAlpha(c):
			if p.section == "" {
				return nil, p.errorf("a setting before any [section]")
			}
			s, err := p.setting()
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		default:
			return nil, p.errorf("unexpected %q", c)
		}
	}
}

type gitConfigParser struct {
	text         string
	pos, line    int
	section, sub string
}

func (p *gitConfigParser) eof() bool  { return p.pos >= len(p.text) }
func (p *gitConfigParser) peek() byte { return p.text[p.pos] }

func (p *gitConfigParser) errorf(format string, args ...any) error {
	return fmt.Errorf("git configuration line %d: %s", p.line, fmt.Sprintf(format, args...))
}

// skipSpace skips blanks, and line ends too when lines is set.
func (p *gitConfigParser) skipSpace(lines bool) {
	for !p.eof() {
		switch p.peek() {
		case ' ', '\t', '\r', '\f', '\v':
		case '\n':
			if !lines {
				return
			}
			p.line++
		default:
			return
		}
		p.pos++
	}
}

func (p *gitConfigParser) skipLine() {
	for !p.eof() && p.peek() != '\n' {
		p.pos++
	}
}

// header reads [section], [section "sub"] or [section.sub].
func (p *gitConfigParser) header() error {
	p.pos++ // [
	start := p.pos
	for !p.eof() && (isAlnum(p.peek()) || p.peek() == '-' || p.peek() == '.') {
		p.pos++
	}
	name := strings.ToLower(p.text[start:p.pos])
	if name == "" {
		return p.errorf("a section without a name")
	}
	p.sub = ""
	if p.eof() {
		return p.errorf("unterminated section header")
	}
	switch p.peek() {
	case ']':
		p.pos++
		if sec, sub, ok := strings.Cut(name, "."); ok {
			name, p.sub = sec, sub // [section.sub]: the subsection is lower-cased
		}
	case ' ', '\t':
		if strings.Contains(name, ".") {
			return p.errorf("a dotted section with a quoted subsection")
		}
		p.skipSpace(false)
		sub, err := p.quotedSub()
		if err != nil {
			return err
		}
		p.sub = sub
	default:
		return p.errorf("unexpected %q in a section header", p.peek())
	}
	p.section = name
	return nil
}

// quotedSub reads "sub"] with its \" and \\ escapes.
func (p *gitConfigParser) quotedSub() (string, error) {
	if p.eof() || p.peek() != '"' {
		return "", p.errorf("a subsection must be quoted")
	}
	p.pos++
	var b strings.Builder
	for {
		if p.eof() || p.peek() == '\n' {
			return "", p.errorf("unterminated subsection")
		}
		c := p.peek()
		p.pos++
		switch c {
		case '"':
			if p.eof() || p.peek() != ']' {
				return "", p.errorf("a subsection must end the header")
			}
			p.pos++
			return b.String(), nil
		case '\\':
			if p.eof() || p.peek() == '\n' {
				return "", p.errorf("unterminated subsection")
			}
			c = p.peek()
			p.pos++
		}
		b.WriteByte(c)
	}
}

// setting reads name [= value] up to the end of its line.
func (p *gitConfigParser) setting() (GitSetting, error) {
	s := GitSetting{Section: p.section, Sub: p.sub, Line: p.line}
	start := p.pos
	for !p.eof() && (isAlnum(p.peek()) || p.peek() == '-') {
		p.pos++
	}
	s.Name = strings.ToLower(p.text[start:p.pos])
	p.skipSpace(false)
	if p.eof() || p.peek() == '\n' || p.peek() == '#' || p.peek() == ';' {
		s.Bare = true
		p.skipLine()
		return s, nil
	}
	if p.peek() != '=' {
		return s, p.errorf("expected = after %s", s.Name)
	}
	p.pos++
	v, err := p.value()
	s.Value = v
	return s, err
}

// value reads a value as git does: leading blanks skipped, blanks inside
// kept, trailing blanks outside quotes dropped, a comment outside quotes
// ending it, a backslash at the end of a line continuing it.
func (p *gitConfigParser) value() (string, error) {
	var b strings.Builder
	quoted, kept := false, 0 // kept: length of b up to the last byte that is not a trailing blank
	p.skipSpace(false)
	for !p.eof() {
		c := p.peek()
		p.pos++
		switch {
		case c == '\n':
			if quoted {
				return "", p.errorf("unterminated quote")
			}
			p.line++
			return b.String()[:kept], nil
		case !quoted && (c == '#' || c == ';'):
			p.skipLine()
			return b.String()[:kept], nil
		case c == '"':
			quoted = !quoted
			kept = b.Len()
		case c == '\\':
			if p.eof() {
				return "", p.errorf("a backslash at the end of the file")
			}
			e := p.peek()
			p.pos++
			switch e {
			case '\n':
				p.line++
				continue
			case 'n':
				e = '\n'
			case 't':
				e = '\t'
			case 'b':
				e = '\b'
			case '\\', '"':
			default:
				return "", p.errorf("unknown escape \\%c", e)
			}
			b.WriteByte(e)
			kept = b.Len()
		case !quoted && (c == ' ' || c == '\t' || c == '\r'):
			b.WriteByte(c)
		default:
			b.WriteByte(c)
			kept = b.Len()
		}
	}
	if quoted {
		return "", p.errorf("unterminated quote")
	}
	return b.String()[:kept], nil
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isAlnum(c byte) bool { return isAlpha(c) || c >= '0' && c <= '9' }

// ReadGitConfig reads and parses the git configuration file at path. A
// file that does not exist gives an error wrapping fs.ErrNotExist.
func ReadGitConfig(path string) ([]GitSetting, error) {
	data, size, err := readBounded(path, MaxGitConfig)
	if err != nil {
		return nil, err
	}
	if size > MaxGitConfig {
		return nil, fmt.Errorf("%s is %d bytes, over the %d read", path, size, MaxGitConfig)
	}
	settings, err := ParseGitConfig(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return settings, nil
}
