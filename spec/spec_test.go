package spec

import (
	"slices"
	"strings"
	"testing"
)

func TestBuiltinTableParses(t *testing.T) {
	if _, err := ParseTable(programsText); err != nil {
		t.Fatal(err)
	}
	if Lookup("cat") == nil || Lookup("git") == nil {
		t.Fatal("built-in table lacks cat or git")
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		program, args string
		problem       string // "" when every word parses
		values        string // kind=text of each value, in order
	}{
		{"ls", "-la src", "", "read=src"},
		{"ls", "--color=auto -1", "", "text=auto"},
		{"ls", "--colour", "unknown option", ""},
		{"head", "-5 f", "", "num=5 read=f"},
		{"head", "-n5 f", "", "num=5 read=f"},
		{"head", "-n 5 -- -f", "", "num=5 read=-f"},
		{"sort", "-o out.txt in.txt", "", "write=out.txt read=in.txt"},
		{"sort", "--output=out in", "", "write=out read=in"},
		{"sort", "--compress-program=gzip x", "", "prog=gzip read=x"},
		{"sort", "--compress-prog=sh x", "", "prog=sh read=x"}, // sort takes abbreviations
		{"sort", "--files0-from=list", "unknown option", ""},
		{"uniq", "a b c", "extra operand", "read=a write=b"},
		{"grep", "-rn foo src", "", "pattern=foo read=src"},
		{"grep", "-e foo src", "", "pattern=foo read=src"},
		{"grep", "-C3 x f", "", "num=3 pattern=x read=f"},
		{"git", "-C sub status -s", "", "dir=sub"},
		{"git", "log --oneline -n 5", "", "num=5"},
		{"git", "frobnicate", "unknown subcommand", ""},
		{"git", "stash list", "", ""},
		{"git", "-c core.pager=cat log", "", "gitconfig=core.pager=cat"},
		{"go", "test -run TestX -count=1 ./...", "", "pattern=TestX num=1 script=./..."},
		{"go", "test ./... -args -v", "", "script=./... text=-v"},
		{"go", "test -exec=./x ./...", "", "prog=./x script=./..."},
		{"go", "test -v=yes", "unexpected value for", ""},
		{"go", "run ./cmd/server --port 8080 -v", "", "script=./cmd/server text=--port text=8080 text=-v"},
		{"go", "run -race ./cmd/server -exec=x", "", "script=./cmd/server text=-exec=x"},
		{"gcc", "-Wall -Wno-unused -O2 -Iinc -o app a.c -lm", "", "read=inc write=app read=a.c"},
		{"gcc", "-Wl,-rpath,/x a.c", "", "linker=-rpath,/x read=a.c"},
		{"gcc", "-Wa,-x a.c", "unknown option", ""},
		{"find", ". -name '*.go' -exec grep -l x {} ;", "", "read=. pattern='*.go' prog=grep -l x {}"},
		{"find", ". -fprint out", "", "read=. write=out"},
		{"python", "script.py --flag", "", "read=script.py text=--flag"},
		{"python", "-u -c 'print(1)' a", "", "code='print(1)' a"},
		{"echo", "-n --anything", "", "text=-n text=--anything"},
	}
	for _, tt := range tests {
		sp := Lookup(tt.program)
		if sp == nil {
			t.Fatalf("no spec for %s", tt.program)
		}
		res := sp.Parse(strings.Fields(tt.args))
		got := ""
		if res.Problem != nil {
			got = res.Problem.What
		}
		if got != tt.problem {
			t.Errorf("%s %s: problem %q, want %q", tt.program, tt.args, got, tt.problem)
			continue
		}
		if tt.problem != "" {
			continue
		}
		var vs []string
		for _, v := range res.Values {
			vs = append(vs, v.Kind.String()+"="+v.Text)
		}
		if strings.Join(vs, " ") != tt.values {
			t.Errorf("%s %s: values %q, want %q", tt.program, tt.args, strings.Join(vs, " "), tt.values)
		}
	}
}

func TestParseTableErrors(t *testing.T) {
	for text, want := range map[string]string{
		"cat read\n\topts -n=bogus\n":       "unknown kind",
		"cat frob\n":                        "unknown effect",
		"cat read\ncat read\n":              "specified twice",
		"cat read\n\t\topts -n\n":           "indented",
		"cat read\n\tflags -n\n":            "unknown directive",
		"cat read\n\targs read... x\n":      "only the last",
		"cat read\n\topts n\n":              "does not start with",
		"cat read weird\n":                  "unknown option style",
		"cat read\n\ttest deny cat x\n":     "names no rule",
		"cat read\n\ttest maybe cat\n":      "test verdict",
		"cat read\n\ttest allow \n":         "without a command",
		"cat read\n\t\ttest allow cat\n":    "indented",
		"cat read\n\twatch --nope\n":        "not an option",
		"cat read\n\twatch\n":               "want the options",
		"cat read\n\twatch -w\n\topts -w\n": "not an option",
	} {
		_, err := ParseTable(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", text, err, want)
		}
	}
}

// FuzzParse reads arbitrary words against every spec: no panic, and a
// value's Arg always points at a real word.
func FuzzParse(f *testing.F) {
	f.Add("git", "-C x -c a=b log --oneline -n")
	f.Add("find", ". -exec sh -c x ; -fprint")
	f.Add("head", "-5 -n")
	f.Add("gcc", "-Wno- -I -o")
	f.Fuzz(func(t *testing.T, program, args string) {
		sp := Lookup(program)
		if sp == nil {
			sp = Lookup("git")
		}
		words := strings.Fields(args)
		res := sp.Parse(words)
		for _, v := range res.Values {
			if v.Arg < 0 || v.Arg >= len(words) {
				t.Fatalf("value %+v points outside %q", v, words)
			}
		}
	})
}

// BenchmarkParseTable is the table's cost on a hook's start-up: it is
// parsed once per process, on the first lookup.
func BenchmarkParseTable(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := ParseTable(programsText); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFirstLookups is what a hook pays: find and parse the few
// programs one command names.
func BenchmarkFirstLookups(b *testing.B) {
	for i := 0; i < b.N; i++ {
		t := &Table{text: programsText, found: map[string]*entry{}}
		for _, p := range []string{"git", "grep", "cat", "cd"} {
			if t.Lookup(p) == nil {
				b.Fatal(p)
			}
		}
	}
}

// BenchmarkFirstLookup is one lookup in a fresh process, without the
// parse: a program near the top of the table, one near the end, and one
// that is not there (the whole text is read once).
func BenchmarkFirstLookup(b *testing.B) {
	for _, p := range []string{"cat", "git", "npm", "no-such-program"} {
		b.Run(p, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				t := &Table{text: programsText, found: map[string]*entry{}}
				t.entry(p)
			}
		})
	}
}

func BenchmarkIndex(b *testing.B) {
	for i := 0; i < b.N; i++ {
		index(programsText)
	}
}

// TestSearchFindsEveryProgram: the built-in table's lookup by search finds
// every name and alias the full parse knows, at the same line, and
// nothing that is not a program.
func TestSearchFindsEveryProgram(t *testing.T) {
	full, err := ParseTable(programsText)
	if err != nil {
		t.Fatal(err)
	}
	progs, err := full.Programs()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range progs {
		for _, name := range append([]string{p.Name}, p.Aliases...) {
			got := Lookup(name)
			if got == nil || got.Line() != p.Line() {
				t.Errorf("lookup of %q: got %v, want the block at line %d", name, got, p.Line())
			}
		}
	}
	for _, name := range []string{"", "opts", "args", "sub", "effect", "-n", "ca", "no-such-program", "status", "show", "--lines", "git status", "a,b"} {
		if Lookup(name) != nil {
			t.Errorf("lookup of %q found a program", name)
		}
	}
}

// TestLookupInAnyOrder: a table read as far as lookups need finds a block
// before or after those already read, at its line, one entry for all its
// names, in a text that starts with a block and ends without a newline.
func TestLookupInAnyOrder(t *testing.T) {
	text := "cat read\n\targs read...\n# a comment\n\ngrep,egrep read\n\topts -r\n\tsub x read\nwc read"
	for _, order := range [][]string{{"wc", "egrep", "cat", "grep", "nope"}, {"cat", "nope", "grep", "wc", "egrep"}} {
		tab := &Table{text: text, found: map[string]*entry{}}
		for _, name := range order {
			got := 0 // not found
			if s := tab.Lookup(name); s != nil {
				got = s.Line()
			}
			if want := map[string]int{"cat": 1, "grep": 5, "egrep": 5, "wc": 8}[name]; got != want {
				t.Errorf("%v: lookup of %q at line %d, want %d", order, name, got, want)
			}
		}
		if tab.Lookup("grep") != tab.Lookup("egrep") {
			t.Errorf("%v: grep and egrep are two specs", order)
		}
		if tab.Lookup("x") != nil || tab.Lookup("args") != nil {
			t.Errorf("%v: a subcommand or directive is found as a program", order)
		}
	}
}

// TestTests: test lines are kept as written, under the block or
// subcommand they are indented under, and are no options.
func TestTests(t *testing.T) {
	text := "git read\n\ttest allow git log  # a comment\n\topts -C=dir\n\tsub push network\n\t\ttest ask B7.git-force-push git push -f\n\t\targs remote\n\ttest allow D6.git-read git status\n"
	tab, err := ParseTable(text)
	if err != nil {
		t.Fatal(err)
	}
	sp := tab.Lookup("git")
	tests, err := sp.Tests()
	if err != nil {
		t.Fatal(err)
	}
	want := []Test{
		{Command: "git log  # a comment", Verdict: "allow", Line: 2},
		{Command: "git push -f", Verdict: "ask", Rule: "B7.git-force-push", Line: 5},
		{Command: "git status", Verdict: "allow", Rule: "D6.git-read", Line: 7},
	}
	if !slices.Equal(tests, want) {
		t.Errorf("Tests() = %+v, want %+v", tests, want)
	}
	if sub, _ := sp.Sub("push").Tests(); len(sub) != 1 || sub[0].Line != 5 {
		t.Errorf("push's Tests() = %+v, want the line 5 test alone", sub)
	}
	if res := sp.Parse([]string{"-C", "x", "push", "origin"}); res.Problem != nil {
		t.Errorf("a test line changed the spec: %v", res.Problem)
	}
}
