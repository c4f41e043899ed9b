package spec

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/arbitergate/arbiter/internal/lazy"
)

//go:embed programs.txt
var programsText string

// Table is a set of program specs by name.
type Table struct {
	programs map[string]*entry // the index, for a table read whole
	order    []*entry
	// The built-in table is read as lookups need it (see head).
	text  string
	mu    sync.Mutex
	found map[string]*entry // every name looked up so far; nil when absent
	heads []head            // the header lines read so far, in order
	next  int               // where the first unread line starts
	lines int               // how many lines have been read
}

// entry is one program's block of the table, parsed on first lookup: a
// hook decides one call and needs a handful of programs, and parsing the
// whole table would cost more than the rest of its start-up.
type entry struct {
	text string
	line int
	once sync.Once
	spec *Spec
	err  error
}

func (e *entry) get() (*Spec, error) {
	e.once.Do(func() { e.spec, e.err = parseBlock(e.text, e.line) })
	return e.spec, e.err
}

// builtin is the embedded table. A hook decides one call and needs a
// handful of programs, so the table is not indexed as a whole: a lookup
// reads header lines only as far as its program's and parses that block
// only (cached for the next lookup). A block that does not parse is
// treated as absent: nothing is then allowed by its spec, which fails
// closed (and TestBuiltinTableParses fails long before a release).
var builtin = lazy.New(func() *Table { return &Table{text: programsText, found: map[string]*entry{}} })

// Lookup returns the built-in spec of a program, or nil.
func Lookup(program string) *Spec { return builtin.Get().Lookup(program) }

// Builtin returns the built-in table.
func Builtin() *Table { return builtin.Get() }

// Lookup returns the spec of a program, or nil.
func (t *Table) Lookup(program string) *Spec {
	e := t.entry(program)
	if e == nil {
		return nil
	}
	s, err := e.get()
	if err != nil {
		return nil
	}
	return s
}

// entry finds a program's block: from the index when the table has one,
// otherwise by reading the text's header lines.
func (t *Table) entry(program string) *entry {
	if t.programs != nil {
		return t.programs[program]
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.found[program]; ok {
		return e
	}
	var e *entry
	if h, ok := t.head(program); ok {
		for _, other := range t.found {
			if other != nil && other.line == int(h.line) {
				e = other // one entry per block, whichever name found it first
			}
		}
		if e == nil {
			e = &entry{text: blockAt(t.text, int(h.start)), line: int(h.line)}
		}
	}
	t.found[program] = e
	return e
}

// head is a block's header line in the text: where it starts and ends,
// and its line number.
type head struct{ start, end, line int32 }

// head returns the header line that names program. The text is read
// as far as lookups have needed, and at most once: there is no stored
// index to regenerate when a block is added. A program near the top
// costs about a microsecond, one that is not there a read of the whole
// text (BenchmarkFirstLookup).
func (t *Table) head(program string) (head, bool) {
	if program == "" || strings.ContainsAny(program, " \t\n,") {
		return head{}, false
	}
	alias := "," + program
	for _, h := range t.heads {
		if headerNames(t.text[h.start:h.end], program, alias) {
			return h, true
		}
	}
	text, off, lines := t.text, t.next, t.lines
	defer func() { t.next, t.lines = off, lines }()
	for off < len(text) {
		start, end := off, len(text)
		if nl := strings.IndexByte(text[off:], '\n'); nl >= 0 {
			end = off + nl
		}
		off, lines = end+1, lines+1
		if c := text[start]; c == '\t' || c == '#' || c == ' ' || c == '\n' {
			continue // a block's line, a comment or a blank line
		}
		h := head{start: int32(start), end: int32(end), line: int32(lines)}
		t.heads = append(t.heads, h)
		if headerNames(text[start:end], program, alias) {
			return h, true
		}
	}
	return head{}, false
}

// headerNames reports whether a header line's NAME,ALIAS… field, up to its
// first space, names program; alias is ","+program. Most lines fail on
// their first byte and one search for the alias.
func headerNames(line, program, alias string) bool {
	if line[0] == program[0] && strings.HasPrefix(line, program) && (len(line) == len(program) || line[len(program)] == ' ' || line[len(program)] == ',') {
		return true
	}
	for from := 0; ; {
		i := strings.Index(line[from:], alias)
		if i < 0 {
			return false
		}
		i += from
		if strings.IndexByte(line[:i], ' ') >= 0 {
			return false // past the names
		}
		if j := i + len(alias); j == len(line) || line[j] == ',' || line[j] == ' ' {
			return true
		}
		from = i + 1
	}
}

// blockAt returns the block that starts at start: up to the next line at
// the left margin that is not a comment.
func blockAt(text string, start int) string {
	end := start
	for {
		nl := strings.IndexByte(text[end:], '\n')
		if nl < 0 {
			return text[start:]
		}
		end += nl + 1
		if end < len(text) && text[end] != '\t' && text[end] != '#' && text[end] != ' ' && text[end] != '\n' {
			return text[start:end]
		}
	}
}

// Programs returns the table's programs in the order they are written,
// with the first error any block has. The built-in table is read whole
// for it, separately from its lookups: tests use it, a hook never does.
func (t *Table) Programs() ([]*Spec, error) {
	order := t.order
	if t.programs == nil {
		order = index(t.text).order
	}
	var out []*Spec
	for _, e := range order {
		s, err := e.get()
		if err == nil && t.programs == nil {
			err = s.loadAll()
		}
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// index splits a table into its programs' blocks without parsing them.
func index(text string) *Table {
	t := &Table{programs: make(map[string]*entry, 512), order: make([]*entry, 0, 256)}
	entries := make([]entry, 0, 256) // one allocation for all of them
	var cur *entry
	start, lineNo := 0, 1
	flush := func(end int) {
		if cur != nil {
			cur.text = text[start:end]
		}
	}
	for off := 0; off < len(text); {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := text[off:end]
		if line != "" && line[0] != '\t' && line[0] != '#' && line[0] != ' ' {
			flush(off)
			if len(entries) == cap(entries) {
				entries = make([]entry, 0, 64)
			}
			entries = append(entries, entry{line: lineNo})
			cur, start = &entries[len(entries)-1], off
			t.order = append(t.order, cur)
			names, _, _ := strings.Cut(line, " ")
			for names != "" {
				var n string
				n, names, _ = strings.Cut(names, ",")
				if t.programs[n] == nil {
					t.programs[n] = cur
				}
			}
		}
		off, lineNo = end+1, lineNo+1
	}
	flush(len(text))
	return t
}

// ParseTable reads a whole table in the format of programs.txt, reporting
// the first error.
func ParseTable(text string) (*Table, error) {
	t := index(text)
	seen := map[string]bool{}
	for _, e := range t.order {
		s, err := e.get()
		if err == nil {
			err = s.loadAll()
		}
		if err == nil {
			_, err = s.Tests()
		}
		if err != nil {
			return nil, err
		}
		for _, n := range append([]string{s.Name}, s.Aliases...) {
			if seen[n] {
				return nil, fmt.Errorf("programs table line %d: program %q is specified twice", s.line, n)
			}
			seen[n] = true
		}
	}
	return t, nil
}

// parseBlock reads one program's block, which starts at line first.
func parseBlock(text string, first int) (*Spec, error) {
	var stack []*Spec // stack[d] is the open spec at indentation depth d
	for n, line := range strings.Split(text, "\n") {
		lineNo := first + n
		if body := strings.TrimLeft(line, "\t"); strings.HasPrefix(body, "test ") && len(line) > len(body) && len(line)-len(body) <= len(stack) {
			// A test line, kept whole (a # in it is the command's) for
			// Tests: deciding a call never reads it.
			stack = stack[:len(line)-len(body)]
			owner := stack[len(stack)-1]
			owner.tests = append(owner.tests, rawLine{text: body, line: lineNo})
			continue
		}
		if i := strings.Index(line, "#"); i >= 0 && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			line = line[:i]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		body := strings.TrimLeft(line, "\t")
		depth := len(line) - len(body)
		if depth > 0 && depth <= len(stack) && (strings.HasPrefix(body, "opts ") || strings.HasPrefix(body, "args ") || strings.HasPrefix(body, "watch ")) {
			// Most of the table: kept as text until the spec is used.
			stack = stack[:depth]
			owner := stack[depth-1]
			owner.raw = append(owner.raw, rawLine{text: body, line: lineNo})
			owner.words = true
			continue
		}
		if err := blockLine(&stack, depth, strings.Fields(line), lineNo); err != nil {
			return nil, fmt.Errorf("programs table line %d: %w", lineNo, err)
		}
	}
	if len(stack) == 0 {
		return nil, fmt.Errorf("programs table line %d: empty block", first)
	}
	return stack[0], nil
}

func blockLine(stack *[]*Spec, depth int, f []string, lineNo int) error {
	if depth == 0 {
		if len(*stack) > 0 {
			return fmt.Errorf("a second program in one block")
		}
		s, err := header(f, lineNo)
		if err != nil {
			return err
		}
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
		if owner.Abbrev {
			return fmt.Errorf("abbrev: a program with subcommands reads each one's options in its own way")
		}
		s, err := header(f[1:], lineNo)
		if err != nil {
			return err
		}
		s.parent = owner
		owner.Subs = append(owner.Subs, s)
		*stack = append(*stack, s)
	case "opts", "args", "watch":
		owner.raw = append(owner.raw, rawLine{text: strings.Join(f, " "), line: lineNo})
		owner.words = true
	case "why":
		owner.Why = strings.Join(f[1:], " ")
	case "abbrev":
		return abbrevLine(owner, f)
	default:
		return fmt.Errorf("unknown directive %q (want sub, opts, args, watch, why or abbrev)", f[0])
	}
	return nil
}

// abbrevLine reads a block's abbrev line: the program reads its long
// options with getopt_long, which takes a unique prefix of one, and the
// block's opts with the abbrev line's own names (long options the program
// has that the spec does not accept) are every long option it has, so that
// a prefix unique among them is unique to the program too.
func abbrevLine(owner *Spec, f []string) error {
	for _, n := range f[1:] {
		if !strings.HasPrefix(n, "--") || len(n) < 3 {
			return fmt.Errorf("abbrev %s: want the long options the spec does not accept (--name)", n)
		}
	}
	switch {
	case owner.parent != nil:
		return fmt.Errorf("abbrev belongs to a program's own block, not to sub %s", owner.Name)
	case owner.Style != GNU:
		return fmt.Errorf("abbrev: %s does not read its options with getopt_long", owner.Name)
	case len(owner.Subs) > 0:
		return fmt.Errorf("abbrev: a program with subcommands reads each one's options in its own way")
	}
	owner.Abbrev = true
	owner.unaccepted = f[1:]
	return nil
}

// directive reads one opts or args line.
func (s *Spec) directive(f []string) error {
	switch f[0] {
	case "args":
		return operands(s, f[1:])
	case "watch":
		return s.watchLine(f[1:])
	}
	// One allocation for the line's options: appended one by one, a
	// long opts line (go test's) copied its slice five times.
	s.Options = slices.Grow(s.Options, len(f)-1)
	for _, tok := range f[1:] {
		o, err := option(tok)
		if err != nil {
			return err
		}
		s.Options = append(s.Options, o)
	}
	return nil
}

// watchLine marks the block's options that keep the program running
// and re-running what it loads as files change (jest --watch). They must
// come from the block's own opts lines, above the watch line.
func (s *Spec) watchLine(names []string) error {
	if len(names) == 0 {
		return fmt.Errorf("watch: want the options that start watching")
	}
	for _, n := range names {
		o := s.ownOption(n)
		if o == nil {
			return fmt.Errorf("watch %s: not an option of an opts line above it", n)
		}
		o.Watch = true
	}
	return nil
}

// header reads "NAME[,ALIAS…] EFFECT [STYLE]", where EFFECT may be
// rule:NAME.
func header(f []string, lineNo int) (*Spec, error) {
	if len(f) < 2 || len(f) > 3 {
		return nil, fmt.Errorf("want NAME EFFECT [STYLE], got %q", strings.Join(f, " "))
	}
	names := strings.Split(f[0], ",")
	s := &Spec{Name: names[0], Aliases: names[1:], line: lineNo}
	effect, rule, named := strings.Cut(f[1], ":")
	for i, e := range effectNames {
		if e != "" && e == effect {
			s.Effect = Effect(i)
		}
	}
	if s.Effect == 0 {
		return nil, fmt.Errorf("unknown effect %q", f[1])
	}
	if named != (s.Effect == Ruled && rule != "") || named && rule == "" {
		return nil, fmt.Errorf("effect %q: only rule names a rule (rule:NAME)", f[1])
	}
	s.rule = rule
	if len(f) == 3 {
		switch f[2] {
		case "go":
			s.Style = Go
		case "flag":
			s.Style = Flag
		case "raw":
			s.Style = Raw
		case "single":
			s.Style = Single
		case "posix":
			s.Style = Posix
		default:
			return nil, fmt.Errorf("unknown option style %q (want go, flag, posix, raw or single)", f[2])
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
	if n := len(o.Names); n > 1 && o.Names[n-1] == "" {
		// A name that ends in a comma (gcc's -Wl,): the comma is its own.
		o.Names = o.Names[:n-1]
		o.Names[n-2] += ","
	}
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
