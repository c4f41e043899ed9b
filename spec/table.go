package spec

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

//go:embed programs.txt
var programsText string

// Table is a set of program specs by name.
type Table struct {
	programs map[string]*Spec
	order    []*Spec
}

// builtin is the embedded table, parsed once on first use. A table that
// does not parse yields an empty one: nothing is then allowed by spec,
// which fails closed (and TestTable fails long before a release).
var builtin = sync.OnceValue(func() *Table {
	t, err := ParseTable(programsText)
	if err != nil {
		return &Table{programs: map[string]*Spec{}}
	}
	return t
})

// Lookup returns the built-in spec of a program, or nil.
func Lookup(program string) *Spec { return builtin().Lookup(program) }

// Builtin returns the built-in table.
func Builtin() *Table { return builtin() }

// Lookup returns the spec of a program, or nil.
func (t *Table) Lookup(program string) *Spec { return t.programs[program] }

// Programs returns the table's programs in the order they are written.
func (t *Table) Programs() []*Spec { return t.order }

// ParseTable reads a table in the format of programs.txt.
func ParseTable(text string) (*Table, error) {
	t := &Table{programs: map[string]*Spec{}}
	var stack []*Spec // stack[d] is the open spec at indentation depth d
	for n, line := range strings.Split(text, "\n") {
		lineNo := n + 1
		if i := strings.Index(line, "#"); i >= 0 && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		depth := len(line) - len(strings.TrimLeft(line, "\t"))
		fields := strings.Fields(line)
		if err := t.line(&stack, depth, fields, lineNo); err != nil {
			return nil, fmt.Errorf("programs table line %d: %w", lineNo, err)
		}
	}
	return t, nil
}

func (t *Table) line(stack *[]*Spec, depth int, f []string, lineNo int) error {
	if depth == 0 {
		s, err := header(f, lineNo)
		if err != nil {
			return err
		}
		for _, name := range append([]string{s.Name}, s.Aliases...) {
			if t.programs[name] != nil {
				return fmt.Errorf("program %q is specified twice", name)
			}
			t.programs[name] = s
		}
		t.order = append(t.order, s)
		*stack = []*Spec{s}
		return nil
	}
	if depth > len(*stack) {
		return fmt.Errorf("indented %d tabs under a block %d deep", depth, len(*stack))
	}
	*stack = (*stack)[:depth]
	owner := (*stack)[depth-1]
	switch f[0] {
	case "sub":
		s, err := header(f[1:], lineNo)
		if err != nil {
			return err
		}
		s.parent = owner
		owner.Subs = append(owner.Subs, s)
		*stack = append(*stack, s)
	case "opts":
		for _, tok := range f[1:] {
			o, err := option(tok)
			if err != nil {
				return err
			}
			owner.Options = append(owner.Options, o)
		}
	case "args":
		return operands(owner, f[1:])
	default:
		return fmt.Errorf("unknown directive %q (want sub, opts or args)", f[0])
	}
	return nil
}

// header reads "NAME[,ALIAS…] EFFECT [go|raw]".
func header(f []string, lineNo int) (*Spec, error) {
	if len(f) < 2 || len(f) > 3 {
		return nil, fmt.Errorf("want NAME EFFECT [STYLE], got %q", strings.Join(f, " "))
	}
	names := strings.Split(f[0], ",")
	s := &Spec{Name: names[0], Aliases: names[1:], line: lineNo}
	for i, e := range effectNames {
		if e != "" && e == f[1] {
			s.Effect = Effect(i)
		}
	}
	if s.Effect == 0 {
		return nil, fmt.Errorf("unknown effect %q", f[1])
	}
	if len(f) == 3 {
		switch f[2] {
		case "go":
			s.Style = Go
		case "raw":
			s.Style = Raw
		case "single":
			s.Style = Single
		case "posix":
			s.Style = Posix
		default:
			return nil, fmt.Errorf("unknown option style %q (want go, posix, raw or single)", f[2])
		}
	}
	return s, nil
}

// option reads "-n,--lines=num", "--color[=text]", "-e,--regexp=pattern!".
func option(tok string) (Option, error) {
	var o Option
	names, val, takes := strings.Cut(tok, "=")
	if strings.HasSuffix(tok, "*") {
		names, val, takes = tok, "", false // a family such as -Werror=*
	}
	if strings.HasSuffix(names, "[") && strings.HasSuffix(val, "]") {
		names, val, o.Optional = strings.TrimSuffix(names, "["), strings.TrimSuffix(val, "]"), true
	}
	if strings.HasSuffix(val, "!") {
		val, o.Operand = strings.TrimSuffix(val, "!"), true
	}
	if strings.HasSuffix(val, "...") {
		val, o.Until = strings.TrimSuffix(val, "..."), true
	}
	o.Names = strings.Split(names, ",")
	for _, n := range o.Names {
		if strings.HasSuffix(n, "*") {
			if takes {
				return o, fmt.Errorf("option family %q cannot take a value", n)
			}
			o.Family = true
		}
	}
	for _, n := range o.Names {
		if !strings.HasPrefix(n, "-") || n == "-" || n == "--" {
			return o, fmt.Errorf("option name %q does not start with - or --", n)
		}
	}
	if takes {
		k, lang, err := kind(val)
		if err != nil {
			return o, fmt.Errorf("option %s: %w", names, err)
		}
		o.Takes, o.Kind, o.Lang = true, k, lang
	}
	return o, nil
}

// operands reads "args KIND… [KIND...]" or "args none".
func operands(s *Spec, f []string) error {
	if len(f) == 1 && f[0] == "none" {
		return nil
	}
	for i, tok := range f {
		if strings.HasSuffix(tok, "...") {
			if i != len(f)-1 {
				return fmt.Errorf("only the last operand may repeat")
			}
			tok, s.Variadic = strings.TrimSuffix(tok, "..."), true
		}
		k, lang, err := kind(tok)
		if err != nil {
			return err
		}
		s.Operands = append(s.Operands, k)
		s.Langs = append(s.Langs, lang)
	}
	return nil
}

func kind(tok string) (Kind, string, error) {
	name, lang, _ := strings.Cut(tok, ":")
	for i, k := range kindNames {
		if k == name {
			if (Kind(i) == Code) != (lang != "") {
				return 0, "", fmt.Errorf("kind %q: code takes a language (code:awk), other kinds none", tok)
			}
			return Kind(i), lang, nil
		}
	}
	return 0, "", fmt.Errorf("unknown kind %q", tok)
}
