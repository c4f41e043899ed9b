package code

import "strings"

// analyzeSed parses a sed script command by command (GNU syntax, which
// the BSD one is a subset of). It is pure unless it writes a file (w, W,
// s///w), runs a command (e, s///e), or reads a file by r or R, which is
// reported in Reads.
func analyzeSed(a *analysis, src string) {
	s := &sedParser{a: a, src: src}
	s.script()
}

type sedParser struct {
	a     *analysis
	src   string
	pos   int
	depth int
}

func (s *sedParser) peek() byte {
	if s.pos < len(s.src) {
		return s.src[s.pos]
	}
	return 0
}

func (s *sedParser) skipSpace() {
	for s.pos < len(s.src) && (s.src[s.pos] == ' ' || s.src[s.pos] == '\t') {
		s.pos++
	}
}

func (s *sedParser) script() {
	for !s.a.failed {
		for s.pos < len(s.src) && strings.IndexByte(" \t\n\r;", s.src[s.pos]) >= 0 {
			s.pos++
		}
		if s.pos >= len(s.src) {
			break
		}
		if s.peek() == '#' {
			s.restOfLine()
			continue
		}
		if !s.address() {
			return
		}
		s.skipSpace()
		if s.peek() == ',' {
			s.pos++
			s.skipSpace()
			if !s.address() {
				return
			}
			s.skipSpace()
		}
		for s.peek() == '!' || s.peek() == ' ' {
			s.pos++
		}
		s.command()
	}
	if !s.a.failed && s.depth != 0 {
		s.a.fail(s.pos, "unclosed {")
	}
}

// address reads one address, if any: a line number, $, first~step, +N,
// ~N, /regex/ or \cregexc with I and M flags.
func (s *sedParser) address() bool {
	switch c := s.peek(); {
	case isDigit(c) || c == '+' || c == '~':
		s.pos++
		for isDigit(s.peek()) || s.peek() == '~' {
			s.pos++
		}
	case c == '$':
		s.pos++
	case c == '/' || c == '\\':
		if c == '\\' {
			s.pos++
		}
		if _, ok := s.delimited(s.peek()); !ok {
			return false
		}
		for s.peek() == 'I' || s.peek() == 'M' {
			s.pos++
		}
	}
	return true
}

// delimited reads text up to an unescaped delim, starting at the delimiter.
func (s *sedParser) delimited(delim byte) (string, bool) {
	if delim == 0 || delim == '\n' || delim == '\\' {
		s.a.fail(s.pos, "bad delimiter")
		return "", false
	}
	start := s.pos
	s.pos++
	var b strings.Builder
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\\' && s.pos+1 < len(s.src):
			b.WriteByte(c)
			b.WriteByte(s.src[s.pos+1])
			s.pos += 2
			continue
		case c == delim:
			s.pos++
			return b.String(), true
		case c == '\n' && delim != '\n':
			// A newline ends an unterminated regex (a replacement may
			// hold escaped newlines only).
			s.a.fail(start, "unterminated expression")
			return "", false
		}
		b.WriteByte(c)
		s.pos++
	}
	s.a.fail(start, "unterminated expression")
	return "", false
}

// restOfLine returns the text to the end of the line.
func (s *sedParser) restOfLine() string {
	start := s.pos
	for s.pos < len(s.src) && s.src[s.pos] != '\n' {
		s.pos++
	}
	return s.src[start:s.pos]
}

// label reads a label or argument up to ; or the end of the line.
func (s *sedParser) label() {
	for s.pos < len(s.src) && s.src[s.pos] != '\n' && s.src[s.pos] != ';' && s.src[s.pos] != '}' {
		s.pos++
	}
}

func (s *sedParser) command() {
	c := s.peek()
	s.pos++
	switch c {
	case '{':
		s.depth++
	case '}':
		if s.depth == 0 {
			s.a.fail(s.pos-1, "unexpected }")
		}
		s.depth--
	case '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
	case 'l', 'L', 'q', 'Q':
		s.skipSpace()
		for isDigit(s.peek()) {
			s.pos++
		}
	case ':':
		s.skipSpace()
		if s.restOfLabel() == "" {
			s.a.fail(s.pos, "missing label")
		}
	case 'b', 't', 'T', 'v':
		s.label()
	case 'a', 'i', 'c':
		s.text()
	case 'r', 'R':
		if f := s.fileName(); f != "" {
			s.a.read(f)
		}
	case 'w', 'W':
		s.written(s.fileName())
	case 'e':
		s.a.spawn("sed e")
		s.restOfLine()
	case 's':
		s.substitute()
	case 'y':
		d := s.peek()
		if _, ok := s.delimited(d); ok {
			s.pos--
			s.delimited(d)
		}
	default:
		s.a.fail(s.pos-1, "unknown sed command %q", c)
	}
}

func (s *sedParser) restOfLabel() string {
	start := s.pos
	for s.pos < len(s.src) && s.src[s.pos] != '\n' && s.src[s.pos] != ';' {
		s.pos++
	}
	return strings.TrimSpace(s.src[start:s.pos])
}

// text reads the text of a, i or c: to the end of the line, with
// backslash-newline continuing it.
func (s *sedParser) text() {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if c == '\\' {
			s.pos += 2
			continue
		}
		if c == '\n' {
			return
		}
		s.pos++
	}
	if s.pos > len(s.src) {
		s.pos = len(s.src)
	}
}

func (s *sedParser) fileName() string {
	s.skipSpace()
	return s.restOfLine()
}

func (s *sedParser) written(f string) {
	switch f {
	case "/dev/stdout", "/dev/stderr":
	case "":
		s.a.fail(s.pos, "missing file name")
	default:
		s.a.write(f)
	}
}

// substitute reads s/regex/replacement/flags.
func (s *sedParser) substitute() {
	d := s.peek()
	if _, ok := s.delimited(d); !ok {
		return
	}
	s.pos--
	if !s.replacement(d) {
		return
	}
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == 'g' || c == 'p' || c == 'i' || c == 'I' || c == 'm' || c == 'M' || isDigit(c):
			s.pos++
		case c == 'e':
			s.a.spawn("sed s///e")
			s.pos++
		case c == 'w':
			s.pos++
			s.written(s.fileName())
			return
		default:
			return
		}
	}
}

// replacement reads the replacement part, where an escaped newline is text.
func (s *sedParser) replacement(d byte) bool {
	start := s.pos
	s.pos++
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == '\\':
			s.pos += 2
			continue
		case c == d:
			s.pos++
			return true
		case c == '\n':
			s.a.fail(start, "unterminated replacement")
			return false
		}
		s.pos++
	}
	s.a.fail(start, "unterminated replacement")
	return false
}
