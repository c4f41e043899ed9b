package code

import (
	"strings"
	"testing"
	"time"
)

// fuzzLang checks what every tokenizer promises: no panic, bounded time,
// and never Pure without Parsed.
func fuzzLang(f *testing.F, lang string, seeds ...string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		r, d := timed(lang, src)
		if d > 50*time.Millisecond {
			// Once more, so that a pause of the machine is not taken for
			// the tokenizer's.
			if _, d = timed(lang, src); d > 50*time.Millisecond {
				t.Errorf("took %v on %d bytes", d, len(src))
			}
		}
		if r.Pure && !r.Parsed || r.Contained && !r.Parsed {
			t.Errorf("%q: Pure or Contained without Parsed: %+v", src, r)
		}
		if !r.Pure && r.Why == "" {
			t.Errorf("%q: not pure but no reason", src)
		}
		if r.Pure && (r.Spawns || r.Network || r.Deletes || r.Native || r.EnvDump || r.Dynamic || len(r.Writes) > 0) {
			t.Errorf("%q: Pure with effects: %+v", src, r)
		}
	})
}

func FuzzPython(f *testing.F) {
	fuzzLang(f, "python", `import json; print(json.load(open('x.json'))['k'])`, `f"{x!r:>{w}}"`, `rb'\x00' u"\N{DASH}"`,
		"def f(a, *b, **c):\n    return [i for i in a]\n", `import os; getattr(os, 'sys'+'tem')('id')`, "'''a\n'''", `x = lambda y: y; print(x(1))`,
		"from .core import *\n__all__ = ['a', 'b']\n__all__ += ('c',)\n__all__.extend(['d'])\nprint(a)\n")
}

func FuzzJavaScript(f *testing.F) {
	fuzzLang(f, "javascript", "console.log(`a${b}c${`d${e}`}`)", `const {a: b} = require('fs'); b('x')`, `x = /[/]\//g.test(y) / 2`,
		`\u0065val("1")`, `(async () => { await import('x') })()`, "#!/usr/bin/env node\nconsole.log(1)")
}

func FuzzAwk(f *testing.F) {
	fuzzLang(f, "awk", `{print $1 > "/dev/stderr"}`, `BEGIN { "id" | getline x }`, `/a\/b/ { n++ } END { print n/2 }`, `function f(x) { return x } {print f($0)}`)
}

func FuzzSed(f *testing.F) {
	fuzzLang(f, "sed", `s/a/b/gw out`, "/x/,/y/{\ns|a|b|\np\n}", `1i\`+"\nt", `y/ab/cd/;$!N`, `\,x,d`)
}

func FuzzPerl(f *testing.F) {
	fuzzLang(f, "perl", `s/foo/bar/g`, `print if /a\/b/`, `print $F[1]`, `s{a}{"$1$h{x}"}ge; tr/a-z/A-Z/`, "BEGIN{$/=undef} $c++ }{ print $c",
		`print "@{[ system 'id' ]}"`, `$h{s} = y => 2; print <STDIN>`, `s/(?{ 1 })//; print qq(a$x[0]b)`)
}

func timed(lang, src string) (Report, time.Duration) {
	start := time.Now()
	r := Analyze(lang, src)
	return r, time.Since(start)
}

// largeInput is the largest code accepted, of many copies of one line.
func largeInput(line string) string {
	var b strings.Builder
	for b.Len()+len(line) < maxSource {
		b.WriteString(line)
	}
	return b.String()
}

// largeLines are the lines TestLargeInput and BenchmarkLargeInput repeat.
var largeLines = map[string]string{
	"python":     "import json\nx = json.loads('[1, 2]')\nprint(f\"{x[0]:>{4}}\", (((1 + 2))))\n",
	"javascript": "const fs = require('fs'); console.log(JSON.stringify([1, 2].map(x => `${x}`)));\n",
	"awk":        "{ print $1 > \"/dev/stderr\" }\n",
	"sed":        "s/a/b/g\n",
	"perl":       "s/(\\w+)=$x/$1\\t$F[0]/g; print if /^a$/ and $h{k} > 2;\n",
}

// TestLargeInput: the largest code accepted is read whole and judged as
// the one line it repeats. Its time is BenchmarkLargeInput's to measure.
func TestLargeInput(t *testing.T) {
	for lang, line := range largeLines {
		if r := Analyze(lang, largeInput(line)); !r.Pure {
			t.Errorf("%s: the largest input is not pure (%s)", lang, r.Why)
		}
	}
}

// BenchmarkLargeInput times each analysis on the largest code accepted
// (go test -bench LargeInput ./code), to keep them linear.
func BenchmarkLargeInput(b *testing.B) {
	for lang, line := range largeLines {
		src := largeInput(line)
		b.Run(lang, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				Analyze(lang, src)
			}
		})
	}
}

// FuzzConfigValues: reading a test runner's configuration module never
// panics and gives values or an error, never both.
func FuzzConfigValues(f *testing.F) {
	keys := map[string]bool{"globalSetup": true, "transform": true, "reporters": true}
	for _, s := range []string{"module.exports = { globalSetup: './g.js' }", "export default { transform: { 'x': ['./t.js', {}] }, reporters: ['default', ['r', {}]] }", "c.globalSetup = x", "{ globalSetup }"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if v, err := ConfigValues(src, keys); err != nil && v != nil {
			t.Errorf("%q: values %q with error %v", src, v, err)
		}
	})
}
