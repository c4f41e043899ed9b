package catalog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestTable: every id is declared once and has one entry, in order, and
// each entry keeps its class's promises.
func TestTable(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "table.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[ID]bool{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			id, _ := strconv.Unquote(v.Values[0].(*ast.BasicLit).Value)
			if declared[ID(id)] {
				t.Errorf("%s is declared twice", id)
			}
			declared[ID(id)] = true
		}
	}
	seen := map[ID]bool{}
	for i, r := range table {
		if !declared[r.ID] {
			t.Errorf("entry %s has no constant", r.ID)
		}
		if seen[r.ID] {
			t.Errorf("%s has two entries", r.ID)
		}
		seen[r.ID] = true
		if i > 0 && table[i-1].ID >= r.ID {
			t.Errorf("entries out of order at %s", r.ID)
		}
		if r.Summary == "" {
			t.Errorf("%s has no summary", r.ID)
		}
		want := map[byte]arbiter.Verdict{'A': arbiter.Deny, 'S': arbiter.Deny, 'D': arbiter.Allow, 'U': arbiter.Defer}
		if v, ok := want[r.ID.Class()]; ok && r.Verdict != v {
			t.Errorf("%s answers %s; class %c rules answer %s", r.ID, r.Verdict, r.ID.Class(), v)
		}
		if r.Verdict == arbiter.Deny && r.Instead == "" {
			t.Errorf("%s denies without saying what to do instead", r.ID)
		}
	}
	for id := range declared {
		if !seen[id] {
			t.Errorf("%s has no entry", id)
		}
	}
	for id := range examples.Get() {
		if !seen[id] {
			t.Errorf("examples for %s, which has no entry", id)
		}
	}
}

func TestItems(t *testing.T) {
	for id, want := range map[ID]string{
		A2SystemTreeDelete: "A2", B12Root: "B12", C1NetworkRequest: "C1", D7WebSearch: "D7", H8Interactive: "H8",
		A6CredentialRead: "", A8RemoteShell: "", BKillProcess: "", SGuardTamper: "", UUnknownOption: "",
	} {
		if got := id.Item(); got != want {
			t.Errorf("%s: item %q, want %q", id, got, want)
		}
		if id.Own() != (want == "") {
			t.Errorf("%s: Own() = %v", id, id.Own())
		}
	}
	if !slices.ContainsFunc(All(), func(r Rule) bool { return r.ID == B1Delete }) {
		t.Error("All lacks B1.delete")
	}
}

// TestCatalogueTextIsWhole: each rule's summary and instead are complete
// phrases written for a reader, not a fragment of the code that fires the
// rule ("uploads ", ", ") or Go source that leaked into the text.
func TestCatalogueTextIsWhole(t *testing.T) {
	dangling := []string{"a", "an", "the", "of", "with", "or", "and", "is", "are"}
	check := func(id ID, field, text string) {
		words := strings.Fields(text)
		switch {
		case text != strings.TrimSpace(text):
			t.Errorf("%s: %s %q has space at an end", id, field, text)
		case strings.ContainsAny(text, "\n\t\\") || strings.Count(text, "\"")%2 != 0:
			t.Errorf("%s: %s %q holds a tab, newline, backslash or unpaired quote", id, field, text)
		case len(words) < 3:
			t.Errorf("%s: %s %q is too short to say anything", id, field, text)
		case strings.HasSuffix(text, ":") || strings.HasSuffix(text, ","):
			t.Errorf("%s: %s %q ends mid-sentence", id, field, text)
		case slices.Contains(dangling, words[len(words)-1]):
			t.Errorf("%s: %s %q ends on %q", id, field, text, words[len(words)-1])
		case strings.Count(text, "(") != strings.Count(text, ")"):
			t.Errorf("%s: %s %q has unbalanced brackets", id, field, text)
		}
	}
	for _, r := range All() {
		check(r.ID, "summary", r.Summary)
		if r.Instead != "" {
			check(r.ID, "instead", r.Instead)
		}
	}
}
