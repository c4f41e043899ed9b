package lazyregexp

import (
	"regexp"
	"testing"
)

// patterns have the shapes the scanners use: alternations of literals
// behind \b, case-insensitive ones, captures, optional parts.
var patterns = []string{
	`a(b+)`,
	`\b(?:os\.system|os\.popen|subprocess\.(?:getoutput|getstatusoutput)|commands\.getoutput)\s*\(`,
	`(?i)\b(?:b64decode|base64\.decodebytes|atob|FromBase64String)\b`,
	`(?i)(?:^|_)(?:KEY|TOKEN|SECRET|PASS)(?:_|$)`,
	`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`,
	`(?:x|y)z`,
	`(?i)system\s*\(`,
	`\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}`,
	"`([^`]*)`",
	`(?m)(?:^|[;\s])(?:my\s+|local\s+)?\$?(\w+)\s*=`,
	`(ab)+c|d{2,}e`,
	`é(?i:ſtrasse)`,
}

var texts = []string{
	"", "abbb", "import os; os.system('ls')", "os.popen  (x)", "subprocess.getoutput('id')",
	"data = B64DECODE(x)", "ATOB(y)", "my_token_here", "MY_SECRET", "AKIAIOSFODNN7EXAMPLE!",
	"yz", "SYSTEM (", "ſystem(", "ſYSTEM (", "sk-ant-abcdefghijklmnopqrstuvwxyz", "run `id` now",
	"x = 1", "ababc", "dddde", "éSTRASSE", "éſtraſſe", "Kelvin K and ſ",
}

func TestPrefilterNeverHidesAMatch(t *testing.T) {
	for _, p := range patterns {
		lazy, plain := New(p), regexp.MustCompile(p)
		for _, s := range texts {
			if lazy.MatchString(s) != plain.MatchString(s) {
				t.Errorf("%s on %q: lazy %v, regexp %v", p, s, lazy.MatchString(s), plain.MatchString(s))
			}
			if len(lazy.FindAllStringIndex(s, -1)) != len(plain.FindAllStringIndex(s, -1)) {
				t.Errorf("%s on %q: FindAll differs", p, s)
			}
		}
	}
}

func TestPrefilterFilters(t *testing.T) {
	r := New(`\b(?:os\.system|os\.popen|subprocess\.run)\s*\(`)
	c := r.get()
	if c.lits == nil {
		t.Fatal("no literals found for an alternation of literals")
	}
	if c.possible("print('hello world')") {
		t.Error("the filter passed a text with none of the literals")
	}
}

func TestBadPatternPanicsOnFirstUse(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("a bad pattern did not panic on first use")
		}
	}()
	New(`(`).MatchString("x")
}

// FuzzPrefilter checks that the filter agrees with regexp on any text.
func FuzzPrefilter(f *testing.F) {
	for _, s := range texts {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range patterns {
			if New(p).MatchString(s) != regexp.MustCompile(p).MatchString(s) {
				t.Fatalf("%s on %q: the prefilter disagrees with regexp", p, s)
			}
		}
	})
}
