package secrets

import (
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// Found is what a file's text holds, as far as secrets go.
type Found struct {
	// Kind names the first secret found ("GitHub token", "private key",
	// "password"), or is "" when none is.
	Kind string
	// Public is set when the text holds certificates or public keys and
	// no secret: what a file named like a key holds when it is not one.
	Public bool
}

// Content looks for secrets in the text of a file called name (its base
// name says whether it is source code, where a bare word after "token ="
// is a variable rather than a value). It finds the published formats of
// the inline table (rules.go) and the shapes credential files take:
// private key blocks, assignments of a literal to a key that names a
// secret (KEY=VALUE, YAML, TOML, INI, HCL, properties, JSON), passwords
// in URLs and .netrc lines. It never returns the secret itself.
//
// The cost is one pass over the text for the keywords of the table and
// of the file shapes; only the places where one occurs are looked at
// closer, so that a megabyte of text without secrets costs about as much
// as reading it.
func Content(name, text string) Found {
	if k := privateKeyBlock(text); k != "" {
		return Found{Kind: k}
	}
	sc := scan{text: text, code: sourceCode(name), x: fileKeywords.Get(), seen: make([]int, len(rules))}
	n := len(text)
	for i := 0; i+2 < n; i++ {
		if h := triple(text[i], text[i+1], text[i+2]); sc.x.triples[h>>6]&(1<<(h&63)) == 0 {
			continue
		}
		if kind := sc.at(i); kind != "" {
			return Found{Kind: kind}
		}
	}
	if n >= 2 {
		if h := triple(text[n-2], text[n-1], 0); sc.x.triples[h>>6]&(1<<(h&63)) != 0 {
			if kind := sc.at(n - 2); kind != "" {
				return Found{Kind: kind}
			}
		}
	}
	return Found{Public: publicMaterial(text[:min(len(text), publicLook)])}
}

// scan is one pass of Content over a text.
type scan struct {
	text string
	code bool
	x    *fileIndex
	// seen is where each rule was last looked at: the hits of a keyword
	// inside a window already searched add nothing.
	seen []int
}

// at reads the keywords that start at i, once the filter let it through.
func (sc *scan) at(i int) string {
	text := sc.text
	g := sc.x.pairs[uint(text[i])<<8|uint(text[i+1])]
	if g == 0 {
		return ""
	}
	for _, k := range sc.x.groups[g-1] {
		if !hasFoldedPrefix(text[i+2:], k.word[2:]) || k.exact != "" && !strings.HasPrefix(text[i:], k.exact) {
			continue
		}
		if k.rule == assignmentRule {
			if kind := assignmentAt(text, i, len(k.word), sc.code); kind != "" {
				return kind
			}
			continue
		}
		if i < sc.seen[k.rule] {
			continue
		}
		start, end := window(text, i)
		sc.seen[k.rule] = end
		if kind := ruleIn(&rules[k.rule], text[start:end]); kind != "" {
			return kind
		}
	}
	return ""
}

// assignmentRule marks the file-shape keywords in the index, whose
// places are read by assignmentAt instead of a rule's expression.
const assignmentRule = -1

// fileWords are the words a key that names a secret contains, and the
// start of the scheme separator of a URL with a password in it.
var fileWords = []string{"pass", "pwd", "secret", "token", "key", "credential", "auth", "://"}

// fileIndex is keywordIndex for files: a table from every two bytes
// that start a keyword, in each case it can occur in, to the keywords
// starting so (64 KiB, one byte a pair), so that the pass over a large
// text costs a look-up per byte and a keyword's first two bytes are never
// compared again.
type fileIndex struct {
	// triples is a filter in front of pairs: a bit for a hash of the
	// first three bytes of every keyword in every case (any third byte
	// for a keyword of two), so that the pairs every text is full of
	// ("ke", "se", "to") are looked up only before the right third byte.
	triples [tripleBits / 64]uint64
	pairs   [1 << 16]uint8 // a group's number plus one, 0 for none
	groups  [][]fileRef
}

// tripleBits sizes the filter: 32 KiB, a few hundred bits set.
const tripleBits = 1 << 18

// triple hashes three bytes into the filter.
func triple(a, b, c byte) uint32 {
	return (uint32(a) | uint32(b)<<8 | uint32(c)<<16) * 0x9E3779B1 >> (32 - 18)
}

// fileRef is a keyword and what reads its places. exact, when set, is
// the keyword as a case-sensitive expression spells it (SK for a Twilio
// key, AKIA for AWS): in a large text, "sk" in any case is everywhere.
type fileRef struct {
	word, exact string
	rule        int
}

// fileKeywords indexes the table's keywords and the file shapes' words.
// The generic rules are left to assignmentAt, which reads a key and its
// value whole (and knows what a placeholder looks like in a file); the
// private key rules are left to privateKeyBlock, which wants the key's
// body.
var fileKeywords = lazy.New(func() *fileIndex {
	x := &fileIndex{}
	var refs []fileRef
	for i, r := range rules {
		if skippedInFiles(r.id) {
			continue
		}
		src := r.expr.String()
		for _, k := range r.keywords {
			refs = append(refs, fileRef{word: k, exact: spelled(src, k), rule: i})
		}
	}
	for _, w := range fileWords {
		refs = append(refs, fileRef{word: w, rule: assignmentRule})
	}
	group := map[[2]byte]int{}
	for _, k := range refs {
		low := [2]byte{k.word[0], k.word[1]}
		g, ok := group[low]
		if !ok {
			g = len(x.groups)
			group[low] = g
			x.groups = append(x.groups, nil)
		}
		x.groups[g] = append(x.groups[g], k)
		firsts, seconds := cases(k.word[0]), cases(k.word[1])
		if k.exact != "" {
			firsts, seconds = []byte{k.exact[0]}, []byte{k.exact[1]}
		}
		thirds := []byte{0}
		switch {
		case k.exact != "" && len(k.exact) > 2:
			thirds = []byte{k.exact[2]}
		case len(k.word) > 2:
			thirds = cases(k.word[2])
		default:
			thirds = make([]byte, 256)
			for c := range thirds {
				thirds[c] = byte(c)
			}
		}
		for _, a := range firsts {
			for _, b := range seconds {
				x.pairs[uint(a)<<8|uint(b)] = uint8(g + 1)
				for _, c := range thirds {
					h := triple(a, b, c)
					x.triples[h>>6] |= 1 << (h & 63)
				}
			}
		}
	}
	if len(x.groups) > 255 {
		panic("secrets: more keyword starts than a file index holds")
	}
	return x
})

// spelled returns a keyword as a case-sensitive expression spells it, or
// "" when the expression ignores case or does not spell it out.
func spelled(src, word string) string {
	if strings.HasPrefix(src, "(?i)") {
		return ""
	}
	low := strings.ToLower(src)
	if k := strings.Index(low, word); k >= 0 {
		return src[k : k+len(word)]
	}
	return ""
}

// skippedInFiles lists the inline rules a file scan replaces with its own
// reading of the same shapes.
func skippedInFiles(id string) bool {
	switch id {
	case "private-key", "gcp-service-account", "assigned-secret", "url-password", "password-option", "connection-string-password":
		return true
	}
	return false
}

// cases returns a byte in both cases.
func cases(c byte) []byte {
	if c >= 'a' && c <= 'z' {
		return []byte{c, c - 'a' + 'A'}
	}
	return []byte{c}
}

// window returns the span around position i that a rule's match can
// take: the line it is on, at most windowBefore bytes before and
// windowAfter after.
func window(text string, i int) (int, int) {
	start, end := max(0, i-windowBefore), min(len(text), i+windowAfter)
	if k := strings.LastIndexByte(text[start:i], '\n'); k >= 0 {
		start += k + 1
	}
	if k := strings.IndexByte(text[i:end], '\n'); k >= 0 {
		end = i + k
	}
	return start, end
}

// ruleIn returns the rule's kind when it finds a real secret in s. In a
// file, more stand-ins are known for what they are than in a command: a
// value that says it is an example (AWS's own AKIAIOSFODNN7EXAMPLE), one
// typed as a run of the alphabet (ghp_0123456789abcdef…), which a
// generated token all but never holds, and for the rules of assigned
// values, one that is not a literal (literalSecret).
func ruleIn(r *rule, s string) string {
	for _, m := range r.matches(s) {
		if !r.real(s, m) {
			continue
		}
		start, end := secretSpan(m)
		v := s[start:end]
		if standIn(v) || typedRun(v) || r.assigned && !literalSecret(v, 8) {
			continue
		}
		return r.kind
	}
	return ""
}

// typedRun reports a run of six characters in alphabet order (012345,
// abcdef, ABCDEF): a token typed for a test or a document.
func typedRun(v string) bool {
	run := 1
	for k := 1; k < len(v); k++ {
		if v[k] == v[k-1]+1 && isAlpha(v[k]) {
			if run++; run >= 6 {
				return true
			}
			continue
		}
		run = 1
	}
	return false
}

// sourceCode reports a file of a programming language, where an
// assignment's unquoted value is a name rather than a literal. Shell
// scripts are not among them: TOKEN=abc is a literal there.
func sourceCode(name string) bool {
	dot := strings.LastIndexByte(name, '.')
	if dot < 0 {
		return false
	}
	switch strings.ToLower(name[dot+1:]) {
	case "go", "py", "js", "mjs", "cjs", "jsx", "ts", "tsx", "rb", "java", "kt", "kts", "scala", "rs", "c", "h", "cc", "cpp", "hpp",
		"cs", "php", "swift", "m", "mm", "dart", "lua", "pl", "pm", "r", "ex", "exs", "erl", "hs", "clj", "groovy", "gradle",
		"vue", "svelte", "ps1", "sql":
		return true
	}
	return false
}
