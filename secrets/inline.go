package secrets

import (
	"strings"
)

// Inline returns the kind of the first secret found in s, or "".
func Inline(s string) string {
	if len(s) < 12 {
		return ""
	}
	hinted := hintedRules(s)
	if hinted.empty() {
		return ""
	}
	for i := range rules {
		r := &rules[i]
		if !hinted.has(i) {
			continue
		}
		for _, m := range r.matches(s) {
			if r.real(s, m) {
				return r.kind
			}
		}
	}
	return ""
}

// Redact replaces every secret Inline finds in s with a marker naming its
// kind, for text that is kept (a decision log) or shown. Should a secret
// survive the markers, the whole text is replaced.
func Redact(s string) string {
	if len(s) < 12 {
		return s
	}
	hinted := hintedRules(s)
	for i := range rules {
		r := &rules[i]
		// A redaction only removes text, so the rules hinted before it
		// are all that can still match.
		if !hinted.has(i) {
			continue
		}
		// One pass redacts each match; a greedy match can hide an earlier
		// secret of the same shape (mysql -pA … -pB), so passes repeat
		// until none is left.
		for pass := 0; pass < maxRedactPasses; pass++ {
			out, changed := r.redact(s)
			if !changed {
				break
			}
			s = out
		}
	}
	if Inline(s) != "" {
		// Never hand back text that still holds a secret.
		return "[text redacted: it holds a secret]"
	}
	return s
}

// maxRedactPasses bounds the passes of one rule over a text.
const maxRedactPasses = 8

// redact replaces every real match of the rule in s.
func (r *rule) redact(s string) (string, bool) {
	matches := r.matches(s)
	if len(matches) == 0 {
		return s, false
	}
	var b strings.Builder
	last := 0
	for _, m := range matches {
		if !r.real(s, m) {
			continue
		}
		start, end := secretSpan(m)
		b.WriteString(s[last:start])
		b.WriteString("[" + r.kind + " redacted]")
		last = end
	}
	if last == 0 {
		return s, false
	}
	b.WriteString(s[last:])
	return b.String(), true
}

// Windows around keywords: a windowed rule's match lies within this
// many bytes before and after one of its keywords.
const (
	windowBefore = 256
	windowAfter  = 512
)

// matches returns the rule's matches in s. A windowed rule runs only on
// the text around its keywords: its expression has no literal prefix the
// regexp package could jump to, and would otherwise walk all of s.
func (r *rule) matches(s string) [][]int {
	if !r.window || len(s) <= windowBefore+windowAfter || !isASCII(s) {
		return r.expr.FindAllStringSubmatchIndex(s, -1)
	}
	var out [][]int
	for _, w := range r.windows(s) {
		for _, m := range r.expr.FindAllStringSubmatchIndex(s[w[0]:w[1]], -1) {
			for k := range m {
				if m[k] >= 0 {
					m[k] += w[0]
				}
			}
			out = append(out, m)
		}
	}
	return out
}

// windows returns the merged spans of s around the rule's keywords.
func (r *rule) windows(s string) [][2]int {
	var spans [][2]int
	for i := 0; i < len(s); i++ {
		hit := false
		for _, k := range r.keywords {
			if lowerByte(s[i]) == k[0] && hasFoldedPrefix(s[i:], k) {
				hit = true
				break
			}
		}
		if !hit {
			continue
		}
		start, end := max(0, i-windowBefore), min(len(s), i+windowAfter)
		if n := len(spans); n > 0 && start <= spans[n-1][1] {
			spans[n-1][1] = end
		} else {
			spans = append(spans, [2]int{start, end})
		}
	}
	return spans
}

// secretSpan returns where the secret of a match lies: the first group
// that took part in the match, else the whole match.
func secretSpan(m []int) (int, int) {
	for k := 2; k+1 < len(m); k += 2 {
		if m[k] >= 0 {
			return m[k], m[k+1]
		}
	}
	return m[0], m[1]
}

// real reports whether a match is a secret rather than a stand-in.
func (r *rule) real(s string, m []int) bool {
	start, end := secretSpan(m)
	v := s[start:end]
	if slot(v) || r.assigned && standIn(v) {
		return false
	}
	// -u 1000:1000 and -u www-data:www-data name a user and group.
	if r.id == "client-user-password" && (start > len(v) && s[start-len(v)-1:start-1] == v || strings.HasPrefix(v, "//")) {
		return false
	}
	if r.assigned {
		return !reference(v)
	}
	// A token starts a word: the expressions leave out a leading \b so
	// that the regexp package can jump to their literal prefix.
	if start > 0 && start == m[0] && isWordByte(s[start-1]) {
		return false
	}
	return random(v)
}

// slot reports whether a value is a template slot or filler: a run of
// x's or stars, "<your key>", "${TOKEN}".
func slot(v string) bool {
	low := strings.ToLower(v)
	for _, word := range []string{"xxxx", "****", "<", ">", "${", "$(", "{{", "...", "…", "%s", "your_", "your-", "yourkey", "replace_me", "replaceme", "insert_"} {
		if strings.Contains(low, word) {
			return true
		}
	}
	// A long value of few characters is filler (sk-aaaa…, 0000…); a short
	// one may be a real, weak password.
	return len(v) >= 8 && distinct(v) < 5
}

// standIn reports whether an assigned value says it is not real. Only
// for assigned values: a published format stays a secret even when its
// text says "example" (AWS's own documentation key is a valid format).
func standIn(v string) bool {
	low := strings.ToLower(v)
	for _, word := range []string{"example", "changeme", "placeholder", "redacted", "dummy", "fake", "sample"} {
		if strings.Contains(low, word) {
			return true
		}
	}
	return false
}

// reference reports whether an assigned value names where the secret is
// rather than being it: a variable, an attribute path, a constant name.
func reference(v string) bool {
	v = strings.Trim(v, `'"`)
	if v == "" {
		return true
	}
	switch strings.ToLower(v) {
	case "null", "none", "nil", "true", "false", "undefined", "required", "optional", "string", "str", "bytes", "secretstr", "os.environ", "process.env":
		return true
	}
	identPath, dots, upperConst := true, 0, true
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '.':
			dots++
			upperConst = false
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' && i > 0:
			if c >= 'a' && c <= 'z' {
				upperConst = false
			}
		default:
			identPath, upperConst = false, false
		}
	}
	// settings.SECRET_KEY, process.env.API_TOKEN, os.environ.get
	if identPath && dots > 0 {
		return true
	}
	// API_TOKEN_FROM_VAULT: a constant's name, not a value.
	return identPath && upperConst && strings.Contains(v, "_")
}

// random reports whether a token looks generated rather than written:
// a real key mixes digits or cases; "sk-my-long-package-name" does not.
func random(v string) bool {
	body := v
	if len(body) > 4 {
		body = body[4:]
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '+' || c == '/' || c == '=' || c == '.' {
			return true
		}
	}
	// Formats fixed by their shape: a key block header, a webhook path.
	return strings.Contains(v, "PRIVATE KEY") || len(body) < 8
}

// distinct counts the different bytes in s, up to 5.
func distinct(s string) int {
	var seen [256]bool
	n := 0
	for i := 0; i < len(s) && n < 5; i++ {
		if !seen[s[i]] {
			seen[s[i]] = true
			n++
		}
	}
	return n
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
