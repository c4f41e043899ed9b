package secrets

import (
	"unicode"
	"unicode/utf8"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// keywordIndex finds, in one pass over a text, which rules have one of
// their keywords in it. Testing each of some two hundred keywords with
// strings.Contains would read a 2 KB command two hundred times.
type keywordIndex struct {
	// pairs has a bit set for a hash of every two-byte start of a
	// keyword; a position whose pair has no bit starts no keyword. Small
	// on purpose: the hook builds it once per process.
	pairs [pairBits / 64]uint64
	// refs lists the keywords ordered by their first byte, those starting
	// with byte c being refs[start[c]:start[c+1]].
	refs  []keywordRef
	start [257]uint16
}

const pairBits = 4096

type keywordRef struct {
	word string
	rule int
}

// ruleSet is a set of rule indexes.
type ruleSet [4]uint64

func (s *ruleSet) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s *ruleSet) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s *ruleSet) empty() bool    { return s[0]|s[1]|s[2]|s[3] == 0 }

func pairHash(a, b byte) uint { return (uint(a)*131 + uint(b)) % pairBits }

func (x *keywordIndex) mayStart(a, b byte) bool {
	h := pairHash(a, b)
	return x.pairs[h/64]&(1<<(h%64)) != 0
}

// keywords is built on first use: most hook calls never scan text.
var keywords = lazy.New(func() *keywordIndex {
	if len(rules) > len(ruleSet{})*64 {
		panic("secrets: more rules than a ruleSet holds")
	}
	x := &keywordIndex{}
	n := 0
	for _, r := range rules {
		for _, k := range r.keywords {
			h := pairHash(k[0], k[1])
			x.pairs[h/64] |= 1 << (h % 64)
			x.start[int(k[0])+1]++
			n++
		}
	}
	for c := 1; c < len(x.start); c++ {
		x.start[c] += x.start[c-1]
	}
	x.refs = make([]keywordRef, n)
	next := x.start
	for i, r := range rules {
		for _, k := range r.keywords {
			x.refs[next[k[0]]] = keywordRef{k, i}
			next[k[0]]++
		}
	}
	return x
})

// hintedRules returns the rules whose keywords occur in s, compared
// case-insensitively the way the expressions' (?i) does.
func hintedRules(s string) ruleSet {
	if !isASCII(s) {
		s = fold(s)
	}
	x := keywords.Get()
	var set ruleSet
	for i := 0; i+1 < len(s); i++ {
		a, b := lowerByte(s[i]), lowerByte(s[i+1])
		if !x.mayStart(a, b) {
			continue
		}
		for _, k := range x.refs[x.start[a]:x.start[int(a)+1]] {
			if k.word[1] == b && !set.has(k.rule) && hasFoldedPrefix(s[i:], k.word) {
				set.add(k.rule)
			}
		}
	}
	return set
}

func lowerByte(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hasFoldedPrefix reports whether s starts with the lower-case word,
// ignoring ASCII case.
func hasFoldedPrefix(s, word string) bool {
	if len(s) < len(word) {
		return false
	}
	for i := 0; i < len(word); i++ {
		if lowerByte(s[i]) != word[i] {
			return false
		}
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// fold lower-cases s for keyword tests. Letters outside ASCII whose
// case-folding orbit holds an ASCII letter (the long s, the Kelvin sign)
// become that letter, since (?i) expressions match them as such.
func fold(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r >= utf8.RuneSelf {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				if f < utf8.RuneSelf {
					r = f
					break
				}
			}
		}
		b = utf8.AppendRune(b, unicode.ToLower(r))
	}
	return string(b)
}
