package code

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// libraryTable is what the functions of common libraries do, one section
// per language; its header comment is the format.
//
//go:embed libraries.txt
var libraryTable string

// argRole is what one argument of a library call is.
type argRole struct {
	pos     int    // the position from 0; -1 for a keyword-only argument
	keyword string // the keyword; "" for a positional-only one
	role    string // read, write, image, sql, db, conn, loads, name, func
}

// libCall is a function or method whose arguments say what it does.
type libCall struct {
	name string
	args []argRole
}

// libraries is one language's section of the table.
type libraries struct {
	pure     map[string]bool     // qualified names that only compute
	prefixes map[string]bool     // PREFIX of "pure PREFIX: *"
	calls    map[string]*libCall // qualified functions with argument roles
	methods  map[string]map[string]*libCall
	// methods[MODULE][NAME]: a method of MODULE's values; args nil when it
	// only computes.
}

// libraryRole reports the argument roles code/libraries.txt may give.
func libraryRole(role string) bool {
	switch role {
	case "read", "write", "sql", "db", "conn", "loads", "name", "func", "image":
		return true
	}
	return false
}

var libraryTables = lazy.New(func() map[string]*libraries {
	t, err := parseLibraries(libraryTable)
	if err != nil {
		// The table is built in; TestLibraryTable keeps it parsing. A
		// table that does not parse lists nothing, so nothing is allowed
		// by it.
		return map[string]*libraries{}
	}
	return t
})

// libraryFor returns lang's section, or nil.
func libraryFor(lang string) *libraries { return libraryTables.Get()[lang] }

// parseLibraries reads the table: sections, lines and their continuations.
func parseLibraries(text string) (map[string]*libraries, error) {
	out := map[string]*libraries{}
	var cur *libraries
	var lines []string
	var nums []int
	for n, line := range strings.Split(text, "\n") {
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#"):
		case line[0] == ' ' || line[0] == '\t':
			if len(lines) == 0 {
				return nil, fmt.Errorf("line %d: a continuation with no line before it", n+1)
			}
			lines[len(lines)-1] += " " + strings.TrimSpace(line)
		default:
			lines, nums = append(lines, strings.TrimSpace(line)), append(nums, n+1)
		}
	}
	for k, line := range lines {
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			lang := line[1 : len(line)-1]
			if out[lang] != nil || lang == "" {
				return nil, fmt.Errorf("line %d: section %q again or empty", nums[k], lang)
			}
			cur = &libraries{pure: map[string]bool{}, prefixes: map[string]bool{}, calls: map[string]*libCall{}, methods: map[string]map[string]*libCall{}}
			out[lang] = cur
			continue
		}
		if cur == nil {
			return nil, fmt.Errorf("line %d: %q comes before any [language] section", nums[k], line)
		}
		if err := cur.add(strings.Fields(line)); err != nil {
			return nil, fmt.Errorf("line %d: %w", nums[k], err)
		}
	}
	return out, nil
}

// add reads one line's words into the section.
func (l *libraries) add(f []string) error {
	switch f[0] {
	case "pure", "methods":
		if len(f) < 3 || !strings.HasSuffix(f[1], ":") {
			return fmt.Errorf("%s wants PREFIX: NAME…, got %q", f[0], strings.Join(f, " "))
		}
		prefix := strings.TrimSuffix(f[1], ":")
		for _, name := range f[2:] {
			switch {
			case f[0] == "methods":
				l.method(prefix, name, nil)
			case name == "*":
				l.prefixes[prefix] = true
			default:
				l.pure[prefix+"."+name] = true
			}
		}
	case "call":
		if len(f) < 3 {
			return fmt.Errorf("call wants NAME ARG…, got %q", strings.Join(f, " "))
		}
		args, err := parseArgRoles(f[2:])
		if err != nil {
			return fmt.Errorf("%s: %w", f[1], err)
		}
		l.calls[f[1]] = &libCall{name: f[1], args: args}
	case "method":
		if len(f) < 4 {
			return fmt.Errorf("method wants MODULE NAME ARG…, got %q", strings.Join(f, " "))
		}
		args, err := parseArgRoles(f[3:])
		if err != nil {
			return fmt.Errorf("%s.%s: %w", f[1], f[2], err)
		}
		l.method(f[1], f[2], &libCall{name: "." + f[2], args: args})
	default:
		return fmt.Errorf("unknown directive %q", f[0])
	}
	return nil
}

func (l *libraries) method(module, name string, c *libCall) {
	if l.methods[module] == nil {
		l.methods[module] = map[string]*libCall{}
	}
	if c == nil {
		c = &libCall{name: "." + name}
	}
	l.methods[module][name] = c
}

// parseArgRoles reads WHERE=ROLE words: 0=read, 0/path=write, flag=loads.
func parseArgRoles(words []string) ([]argRole, error) {
	var out []argRole
	for _, w := range words {
		where, role, ok := strings.Cut(w, "=")
		if !ok || !libraryRole(role) {
			return nil, fmt.Errorf("argument %q is not WHERE=ROLE with ROLE one of read, write, image, sql, db, conn, loads, name, func", w)
		}
		a := argRole{pos: -1, role: role}
		posText, kw, both := strings.Cut(where, "/")
		if !both {
			posText, kw = where, ""
		}
		if n, err := strconv.Atoi(posText); err == nil && n >= 0 {
			a.pos = n
		} else if both || posText == "" {
			return nil, fmt.Errorf("argument %q: %q is not a position", w, posText)
		} else {
			kw = posText
		}
		a.keyword = kw
		out = append(out, a)
	}
	return out, nil
}

// isPure reports whether the qualified name only computes.
func (l *libraries) isPure(q string) bool {
	if l == nil {
		return false
	}
	if l.pure[q] {
		return true
	}
	for m := q; ; {
		i := strings.LastIndexByte(m, '.')
		if i < 0 {
			return false
		}
		m = m[:i]
		if l.prefixes[m] {
			return true
		}
	}
}

// call returns the entry of a qualified function, or nil.
func (l *libraries) call(q string) *libCall {
	if l == nil {
		return nil
	}
	return l.calls[q]
}

// methodOf returns the entry of a method of the values of one of the
// modules imported, or nil.
func (l *libraries) methodOf(name string, imported []string) *libCall {
	if l == nil {
		return nil
	}
	for _, m := range imported {
		if c := l.methods[m][name]; c != nil {
			return c
		}
	}
	return nil
}

// find returns the tokens of the argument at pos or with keyword, from a
// call's arguments; nil when the call does not give it. keywords says
// whether the language has keyword arguments (Python's name=value; in
// JavaScript the same tokens are an assignment, a positional argument).
func (a argRole) find(args []tokens, keywords bool) tokens {
	pos := 0
	for _, arg := range args {
		kw, v := arg.keyword()
		if !keywords {
			kw, v = "", arg
		}
		if kw != "" {
			if kw == a.keyword {
				return v
			}
			continue
		}
		if pos == a.pos {
			return v
		}
		pos++
	}
	return nil
}
