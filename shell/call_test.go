package shell

import (
	"regexp"
	"testing"
)

// keywordPattern is what keywordName reads, as the expression it
// replaced: the tests hold the two to each other.
var keywordPattern = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(\+?)=`)

func checkKeywordName(t *testing.T, s string) {
	t.Helper()
	name, plus, n := keywordName(s)
	m := keywordPattern.FindStringSubmatchIndex(s)
	if m == nil {
		if n != 0 {
			t.Fatalf("keywordName(%q) = %q, %v, %d; the pattern does not match", s, name, plus, n)
		}
		return
	}
	if want := s[m[2]:m[3]]; name != want || plus != (m[4] < m[5]) || n != m[1] {
		t.Fatalf("keywordName(%q) = %q, %v, %d; want %q, %v, %d", s, name, plus, n, want, m[4] < m[5], m[1])
	}
}

func TestKeywordName(t *testing.T) {
	for _, s := range keywordSeeds {
		checkKeywordName(t, s)
	}
}

// FuzzKeywordName holds keywordName to the expression it replaced.
func FuzzKeywordName(f *testing.F) {
	for _, s := range keywordSeeds {
		f.Add(s)
	}
	f.Fuzz(checkKeywordName)
}

var keywordSeeds = []string{
	"", "=", "+=", "A", "A=", "A=1", "A+=1", "A++=1", "a_b9=x", "9A=1", "_=1", "A-B=1",
	"A =1", "é=1", "Aé=1", "A=B=C", "A+", "A+B=1", "PATH+=:/bin", "--opt=1", "x==y",
}
