package project

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// PytestConfig is what pytest's configuration file says about what a run
// loads: the options it adds to every command line, the folders it puts
// on sys.path, where it looks for tests and which folders it skips.
type PytestConfig struct {
	// File is the configuration file; "" when none was found.
	File string
	// Dir is the rootdir the file makes: its folder.
	Dir string
	// Addopts are the words of addopts, split as pytest splits them.
	Addopts []string
	// Pythonpath, Testpaths and Norecursedirs are those settings as
	// written (relative to Dir); Norecursedirs is nil when unset.
	Pythonpath, Testpaths, Norecursedirs []string
	// PythonFiles are the python_files patterns of the files pytest
	// collects as test modules; nil when unset.
	PythonFiles []string
}

// pytestFiles are the files pytest takes its configuration from, in the
// order it tries them in each folder, with the section that makes one
// count ("" for a file that counts whatever it holds).
// pytest 9 tries pytest.toml and .pytest.toml first, whose [pytest] table
// holds native TOML values; either counts whatever it holds.
var pytestFiles = []struct{ name, section string }{
	{"pytest.toml", ""}, {".pytest.toml", ""}, {"pytest.ini", ""}, {".pytest.ini", ""}, {"pyproject.toml", "tool.pytest.ini_options"}, {"tox.ini", "pytest"}, {"setup.cfg", "tool:pytest"},
}

// FindPytestConfig looks for pytest's configuration file from start up to
// stop (both absolute; stop is the last folder tried), the way pytest finds
// its rootdir. It returns a config with no File when there is none.
func FindPytestConfig(start, stop string) (PytestConfig, error) {
	for dir := start; ; dir = filepath.Dir(dir) {
		for _, cand := range pytestFiles {
			p := filepath.Join(dir, cand.name)
			data, _, err := readBounded(p, MaxManifest)
			switch {
			case errors.Is(err, fs.ErrNotExist):
				continue
			case err != nil:
				return PytestConfig{File: p, Dir: dir}, err
			}
			cfg, found, err := ParsePytestConfig(cand.name, string(data))
			if err != nil {
				return PytestConfig{File: p, Dir: dir}, fmt.Errorf("%s: %w", p, err)
			}
			if found || cand.section == "" {
				cfg.File, cfg.Dir = p, dir
				return cfg, nil
			}
		}
		if dir == stop || dir == filepath.Dir(dir) || !strings.HasPrefix(dir, stop) {
			return PytestConfig{}, nil
		}
	}
}

// ParsePytestConfig reads pytest's settings from the text of a file named
// name (pytest.toml, pytest.ini, pyproject.toml, tox.ini or setup.cfg). found reports
// whether the file holds pytest's section.
func ParsePytestConfig(name, text string) (cfg PytestConfig, found bool, err error) {
	var values map[string]pytestValue
	switch {
	case name == "pytest.toml" || name == ".pytest.toml":
		values, found, err = tomlSection(text, "pytest")
	case strings.HasSuffix(name, ".toml"):
		values, found, err = tomlSection(text, "tool.pytest.ini_options", "tool.pytest")
	default:
		section := "pytest"
		if name == "setup.cfg" {
			section = "tool:pytest"
		}
		values, found, err = iniSection(text, section)
	}
	if err != nil || !found {
		return cfg, found, err
	}
	words := func(key string) ([]string, error) {
		v, ok := values[key]
		if !ok {
			return nil, nil
		}
		if v.list != nil {
			return v.list, nil
		}
		return ShellWords(v.text)
	}
	if cfg.Addopts, err = words("addopts"); err != nil {
		return cfg, true, fmt.Errorf("addopts: %w", err)
	}
	for key, dst := range map[string]*[]string{"pythonpath": &cfg.Pythonpath, "testpaths": &cfg.Testpaths, "norecursedirs": &cfg.Norecursedirs, "python_files": &cfg.PythonFiles} {
		v, ok := values[key]
		switch {
		case !ok:
		case v.list != nil:
			*dst = v.list
		default:
			*dst = strings.Fields(v.text)
			if *dst == nil {
				*dst = []string{}
			}
		}
	}
	return cfg, true, nil
}

// pytestValue is one setting: text, or a TOML array of strings.
type pytestValue struct {
	text string
	list []string
}

// iniSection reads one section of an INI file the way pytest's iniconfig
// does: "key = value" or "key: value", indented lines continuing the
// value, whole-line comments starting with # or ;.
func iniSection(text, want string) (map[string]pytestValue, bool, error) {
	values := map[string]pytestValue{}
	in, found := false, false
	last := ""
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "" || trimmed[0] == '#' || trimmed[0] == ';':
		case line[0] == ' ' || line[0] == '\t':
			if in {
				if last == "" {
					return nil, found, fmt.Errorf("line %d continues no setting", n+1)
				}
				values[last] = pytestValue{text: values[last].text + "\n" + trimmed}
			}
		case line[0] == '[':
			name, ok := strings.CutSuffix(trimmed, "]")
			if !ok {
				return nil, found, fmt.Errorf("line %d: unclosed section header", n+1)
			}
			in = strings.TrimSpace(name[1:]) == want
			found = found || in
			last = ""
		default:
			i := strings.IndexAny(line, "=:")
			if i < 0 {
				return nil, found, fmt.Errorf("line %d: no = or : in a setting", n+1)
			}
			if in {
				last = strings.TrimSpace(line[:i])
				values[last] = pytestValue{text: strings.TrimSpace(line[i+1:])}
			}
		}
	}
	return values, found, nil
}

// tomlSection reads the keys of one table of a TOML file (any of names),
// for the value forms pytest's settings take: strings of the four kinds,
// arrays of strings over several lines, and bare values (numbers,
// booleans) kept as text. Anything else in that table is an error; other
// tables are skipped, though their strings are read to find where they end.
func tomlSection(text string, names ...string) (map[string]pytestValue, bool, error) {
	values := map[string]pytestValue{}
	t := &tomlReader{s: text}
	in, found, table := false, false, ""
	for {
		t.blank()
		if t.eof() {
			return values, found, nil
		}
		if t.peek() == '[' {
			name, err := t.header()
			if err != nil {
				return nil, found, err
			}
			in, table = false, name
			for _, n := range names {
				in = in || name == n
			}
			found = found || in
			continue
		}
		if !in {
			key, err := t.skipKeyValue()
			if err != nil {
				return nil, found, err
			}
			// pytest's own table is the last name (tool.pytest, pytest).
			if full := strings.TrimPrefix(table+"."+key, "."); strings.HasPrefix(full, names[len(names)-1]) {
				return nil, found, fmt.Errorf("pytest's settings given as the dotted key %s, which arbiter does not read", full)
			}
			continue
		}
		key, v, err := t.keyValue()
		if err != nil {
			return nil, found, err
		}
		values[key] = v
	}
}

// skipKeyValue passes over a setting of a table pytest does not read,
// whatever its value (inline tables, arrays of them), and returns its key.
func (t *tomlReader) skipKeyValue() (string, error) {
	start := t.i
	for !t.eof() && t.peek() != '=' && t.peek() != '\n' {
		t.i++
	}
	if t.eof() || t.peek() != '=' {
		return "", fmt.Errorf("no = after the key at byte %d", start)
	}
	key := strings.ReplaceAll(strings.TrimSpace(t.s[start:t.i]), " ", "")
	t.i++
	depth := 0
	for !t.eof() {
		switch c := t.peek(); {
		case c == '"' || c == '\'':
			if _, err := t.rawStr(); err != nil {
				return "", err
			}
			continue
		case c == '#':
			for !t.eof() && t.peek() != '\n' {
				t.i++
			}
			continue
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		case c == '\n' && depth <= 0:
			return key, nil
		}
		t.i++
	}
	return key, nil
}

// tomlReader reads TOML text from s at i.
type tomlReader struct {
	s string
	i int
}

func (t *tomlReader) eof() bool  { return t.i >= len(t.s) }
func (t *tomlReader) peek() byte { return t.s[t.i] }

// blank skips spaces, newlines and comments.
func (t *tomlReader) blank() {
	for !t.eof() {
		switch c := t.peek(); {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			t.i++
		case c == '#':
			for !t.eof() && t.peek() != '\n' {
				t.i++
			}
		default:
			return
		}
	}
}

// spaces skips spaces and tabs on the line.
func (t *tomlReader) spaces() {
	for !t.eof() && (t.peek() == ' ' || t.peek() == '\t') {
		t.i++
	}
}

// lineEnd expects the end of the line, a comment or the end of the text.
func (t *tomlReader) lineEnd() error {
	t.spaces()
	if t.eof() || t.peek() == '\n' || t.peek() == '\r' || t.peek() == '#' {
		return nil
	}
	return fmt.Errorf("unexpected %q at byte %d", t.peek(), t.i)
}

// header reads [a.b] or [[a.b]], returning the dotted name.
func (t *tomlReader) header() (string, error) {
	end := strings.IndexByte(t.s[t.i:], '\n')
	if end < 0 {
		end = len(t.s) - t.i
	}
	line := t.s[t.i : t.i+end]
	if k := strings.IndexByte(line, '#'); k >= 0 {
		line = line[:k]
	}
	line = strings.TrimSpace(line)
	t.i += end
	name := strings.Trim(line, "[]")
	if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, "]") {
		return "", fmt.Errorf("cannot read the table header %q", line)
	}
	if strings.ContainsAny(name, "\"'") {
		return "", nil // a quoted name: not a table pytest reads
	}
	parts := strings.Split(name, ".")
	for k := range parts {
		parts[k] = strings.TrimSpace(parts[k])
	}
	return strings.Join(parts, "."), nil
}

// keyValue reads key = value and the end of its line.
func (t *tomlReader) keyValue() (string, pytestValue, error) {
	start := t.i
	for !t.eof() && t.peek() != '=' && t.peek() != '\n' {
		t.i++
	}
	if t.eof() || t.peek() != '=' {
		return "", pytestValue{}, fmt.Errorf("no = after the key at byte %d", start)
	}
	key := strings.Trim(strings.TrimSpace(t.s[start:t.i]), `"'`)
	t.i++
	t.spaces()
	if t.eof() {
		return "", pytestValue{}, fmt.Errorf("no value for %s", key)
	}
	var v pytestValue
	switch t.peek() {
	case '[':
		t.i++
		v.list = []string{}
		for {
			t.blank()
			if t.eof() {
				return "", v, fmt.Errorf("unclosed array for %s", key)
			}
			if t.peek() == ']' {
				t.i++
				break
			}
			s, err := t.str()
			if err != nil {
				return "", v, fmt.Errorf("%s: %w", key, err)
			}
			v.list = append(v.list, s)
			t.blank()
			if !t.eof() && t.peek() == ',' {
				t.i++
			}
		}
	case '"', '\'':
		s, err := t.str()
		if err != nil {
			return "", v, fmt.Errorf("%s: %w", key, err)
		}
		v.text = s
	case '{':
		return "", v, fmt.Errorf("%s: an inline table, which arbiter does not read", key)
	default:
		start := t.i
		for !t.eof() && t.peek() != '\n' && t.peek() != '#' {
			t.i++
		}
		v.text = strings.TrimSpace(t.s[start:t.i])
	}
	return key, v, t.lineEnd()
}

// str reads a TOML string of any of the four kinds.
func (t *tomlReader) str() (string, error) {
	raw, err := t.rawStr()
	if err != nil || raw.literal {
		return raw.body, err
	}
	return unescapeTOML(raw.body)
}

// tomlString is a string's text as written, and whether it is literal
// (single quotes: no escapes).
type tomlString struct {
	body    string
	literal bool
}

// rawStr reads past a TOML string and returns its text as written.
func (t *tomlReader) rawStr() (tomlString, error) {
	rest := t.s[t.i:]
	for _, q := range []string{`"""`, `'''`} {
		if strings.HasPrefix(rest, q) {
			end := strings.Index(rest[3:], q)
			if end < 0 {
				return tomlString{}, fmt.Errorf("unclosed %s string at byte %d", q, t.i)
			}
			body := strings.TrimPrefix(rest[3:3+end], "\n")
			t.i += 6 + end
			return tomlString{body, q == `'''`}, nil
		}
	}
	if rest == "" || rest[0] != '"' && rest[0] != '\'' {
		return tomlString{}, fmt.Errorf("expected a string at byte %d", t.i)
	}
	q := rest[0]
	for k := 1; k < len(rest); k++ {
		switch {
		case rest[k] == '\n':
			return tomlString{}, fmt.Errorf("unclosed string at byte %d", t.i)
		case rest[k] == '\\' && q == '"':
			k++
		case rest[k] == q:
			t.i += k + 1
			return tomlString{rest[1:k], q == '\''}, nil
		}
	}
	return tomlString{}, fmt.Errorf("unclosed string at byte %d", t.i)
}

// unescapeTOML decodes a basic string's escapes; those arbiter does not
// decode (\u, \U) are errors, so a value is never misread.
func unescapeTOML(s string) (string, error) {
	var b strings.Builder
	for k := 0; k < len(s); k++ {
		if s[k] != '\\' {
			b.WriteByte(s[k])
			continue
		}
		k++
		if k >= len(s) {
			return "", errors.New("a string ends in a backslash")
		}
		switch s[k] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case '"', '\\':
			b.WriteByte(s[k])
		case '\n':
			for k+1 < len(s) && strings.IndexByte(" \t\r\n", s[k+1]) >= 0 {
				k++
			}
		default:
			return "", fmt.Errorf("an escape \\%c arbiter does not decode", s[k])
		}
	}
	return b.String(), nil
}

// ShellWords splits text into words the way Python's shlex.split does
// (pytest's addopts): whitespace separates, single quotes keep text as it
// is, double quotes keep it but for \\ \" \$ and \`, a backslash outside
// quotes keeps the next character. An unclosed quote is an error.
func ShellWords(text string) ([]string, error) {
	var out []string
	var b strings.Builder
	inWord := false
	for k := 0; k < len(text); k++ {
		c := text[k]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			if inWord {
				out = append(out, b.String())
				b.Reset()
				inWord = false
			}
		case c == '\\':
			inWord = true
			if k+1 < len(text) {
				k++
				b.WriteByte(text[k])
			}
		case c == '\'':
			inWord = true
			end := strings.IndexByte(text[k+1:], '\'')
			if end < 0 {
				return nil, errors.New("no closing quotation")
			}
			b.WriteString(text[k+1 : k+1+end])
			k += end + 1
		case c == '"':
			inWord = true
			closed := false
			for k++; k < len(text); k++ {
				if text[k] == '"' {
					closed = true
					break
				}
				if text[k] == '\\' && k+1 < len(text) && strings.IndexByte("\\\"$`", text[k+1]) >= 0 {
					k++
				}
				b.WriteByte(text[k])
			}
			if !closed {
				return nil, errors.New("no closing quotation")
			}
		default:
			inWord = true
			b.WriteByte(c)
		}
	}
	if inWord {
		out = append(out, b.String())
	}
	return out, nil
}
