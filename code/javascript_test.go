package code

import "testing"

func TestJavaScript(t *testing.T) {
	tests := []struct {
		src  string
		pure bool
		why  string
	}{
		{`console.log("hi")`, true, ""},
		{`console.log(JSON.parse(require('fs').readFileSync('package.json', 'utf8')).version)`, true, ""},
		{`const fs = require('fs'); const p = JSON.parse(fs.readFileSync("a.json")); console.log(Object.keys(p).join(","))`, true, ""},
		{`console.log(require('./package.json').version)`, true, ""},
		{`console.log(process.version, process.versions.node, process.platform)`, true, ""},
		{"console.log(`a ${1+2} ${[1,2].map(x => x*2)}`)", true, ""},
		{`const re = /a\/b[/]/g; console.log("a/b".replace(re, "x") / 2)`, true, ""},
		{`(async () => { console.log(await Promise.resolve(1)) })()`, true, ""},
		{`function f(x) { return x + 1 }; console.log(f(2))`, true, ""},
		{`const {join} = require('path'); console.log(join('a', 'b'))`, true, ""},
		{`console.log(process.env.HOME)`, true, ""},
		// The evasions and variants.
		{`require('child'+'_process').execSync('id')`, false, "child_process"},
		{`const m = 'child_process'; require(m).execSync('id')`, false, "require"},
		{`require('child_process').\u0065xecSync('id')`, false, "child_process.execSync"},
		{`require('child_process')['ex'+'ecSync']('id')`, false, "child_process"},
		{`const {execSync: run} = require('child_process'); run('id')`, false, "child_process.execSync"},
		{`const cp = require("node:child_process"); cp.spawnSync("ls")`, false, "child_process"},
		{`Function('return process')().exit()`, false, "Function"},
		{`new Function("x")`, false, "Function"},
		{`[].constructor.constructor('return this')()`, false, "constructor"},
		{`eval("1")`, false, "eval"},
		{"console.log(`${require('child_process').execSync('id')}`)", false, "child_process"},
		{`var x = require('util'); var x = require('child_process'); x.exec('id')`, false, "both"},
		{"child_process.execSync`id`", false, "child_process"},
		{`child_process.exec('id')`, false, "child_process.exec"},
		{`fs.writeFileSync(process.argv[1], 'x')`, false, "computed"},
		{`console.log(path.join('a', 'b'), os.platform())`, true, ""},
		{`globalThis.process.exit()`, false, "globalThis"},
		{`const e = eval; e('x')`, false, "eval"},
		{`console.log(process.env)`, false, "environment"},
		{`console.log(Object.keys(process.env))`, false, "environment"},
		{`console.log(process.env[k])`, false, "environment"},
		{`require('http').createServer((q, r) => r.end('x')).listen(8080)`, false, "network"},
		{`require('net').connect(4444, 'h')`, false, "network"},
		{`fetch('https://x.example')`, false, "network"},
		{`require('fs').rmSync('x', {recursive: true})`, false, "deletes"},
		{`require('fs').readFileSync(require('os').homedir() + '/.ssh/id_rsa')`, false, "computed"},
		{`console.log(require('os').homedir())`, false, "os.homedir"},
		{`import('child_process')`, false, "import()"},
		{`this.process.exit()`, false, "this"},
		{`process.binding('spawn_sync')`, false, "native"},
		{"const x = `unterminated", false, "unterminated"},
		{`console.log("a)`, false, "unterminated"},
		{`console.log = require('child_process').execSync`, false, "console.log"},
		{`setTimeout("process.exit()", 1)`, false, "string"},
	}
	for _, tt := range tests {
		r := Analyze("javascript", tt.src)
		if r.Pure != tt.pure {
			t.Errorf("%q: Pure=%v, want %v (why: %s)", tt.src, r.Pure, tt.pure, r.Why)
			continue
		}
		if !tt.pure && !containsFold(r.Why, tt.why) {
			t.Errorf("%q: why %q, want it to mention %q", tt.src, r.Why, tt.why)
		}
	}
}

func TestAwk(t *testing.T) {
	tests := []struct {
		src  string
		pure bool
		why  string
	}{
		{`{print $1}`, true, ""},
		{`BEGIN{FS=":"} $3 > 1000 {print $1 > "/dev/stderr"}`, true, ""},
		{`{ s += $2 } END { printf "%d\n", s / NR }`, true, ""},
		{`/error/ { n++ } END { print n }`, true, ""},
		{`function f(x) { return x*2 } { print f($1) }`, true, ""},
		{`{ if (length($0) > 80) print NR": "$0 }`, true, ""},
		{`BEGIN { print ENVIRON["HOME"] }`, true, ""},
		{`BEGIN { system("id") }`, false, "system"},
		{`{ print > "out.txt" }`, false, "writes out.txt"},
		{`{ print $0 > $1 ".txt" }`, false, "computed"},
		{`{ print | "sh" }`, false, "runs another program"},
		{`BEGIN { "id" | getline x; print x }`, false, "getline"},
		{`BEGIN { while ((getline line < f) > 0) print line }`, false, "computed"},
		{`BEGIN { for (k in ENVIRON) print k, ENVIRON[k] }`, false, "environment"},
		{`@load "filefuncs"`, false, "native"},
		{`BEGIN { print "unterminated }`, false, "unterminated"},
		{`{ print foo(1) }`, false, "foo"},
	}
	for _, tt := range tests {
		r := Analyze("awk", tt.src)
		if r.Pure != tt.pure {
			t.Errorf("%q: Pure=%v, want %v (why: %s)", tt.src, r.Pure, tt.pure, r.Why)
			continue
		}
		if !tt.pure && !containsFold(r.Why, tt.why) {
			t.Errorf("%q: why %q, want it to mention %q", tt.src, r.Why, tt.why)
		}
	}
}

func TestSed(t *testing.T) {
	tests := []struct {
		src  string
		pure bool
		why  string
	}{
		{`s/a/b/g`, true, ""},
		{`1,10p`, true, ""},
		{`/^#/d; s|/usr|/opt|2`, true, ""},
		{"/start/,/end/{\n  s/x/y/\n  p\n}", true, ""},
		{`$!N; s/\n/ /`, true, ""},
		{`1i\` + "\nheader", true, ""},
		{`y/abc/xyz/`, true, ""},
		{`s/x/y/w /dev/stdout`, true, ""},
		{`r notes.txt`, true, ""},
		{`w out.txt`, false, "writes out.txt"},
		{`s/a/b/w /home/u/.bashrc`, false, "writes"},
		{`1e id`, false, "runs another program"},
		{`s/.*/id/e`, false, "runs another program"},
		{`s/a/b`, false, "unterminated"},
		{`k`, false, "unknown"},
		{`{p`, false, "unclosed"},
	}
	for _, tt := range tests {
		r := Analyze("sed", tt.src)
		if r.Pure != tt.pure {
			t.Errorf("%q: Pure=%v, want %v (why: %s)", tt.src, r.Pure, tt.pure, r.Why)
			continue
		}
		if !tt.pure && !containsFold(r.Why, tt.why) {
			t.Errorf("%q: why %q, want it to mention %q", tt.src, r.Why, tt.why)
		}
	}
	if r := Analyze("sed", "r /home/u/.ssh/id_rsa"); len(r.Reads) != 1 || r.Reads[0] != "/home/u/.ssh/id_rsa" {
		t.Errorf("sed r: got %+v", r)
	}
}

func TestUnsupported(t *testing.T) {
	for _, lang := range []string{"ruby", "php", "lua", "powershell", "applescript", "r", "julia", ""} {
		if r := Analyze(lang, "print 1"); r.Pure || r.Parsed || !containsFold(r.Why, "no tokenizer") {
			t.Errorf("%s: got %+v", lang, r)
		}
	}
}

// TestJSLoadsHazard: a tool's programmatic entry point is a hazard; an
// exact entry ("webpack()") leaves the module's other members alone.
func TestJSLoadsHazard(t *testing.T) {
	tests := []struct {
		src    string
		hazard bool
	}{
		{"const webpack = require('webpack');\nwebpack({}, () => {});\n", true},
		{"const webpack = require('webpack');\nmodule.exports = { plugins: [new webpack.DefinePlugin({})] };\n", false},
		{"const Mocha = require('mocha');\nnew Mocha().run();\n", true},
		{"const { runCLI } = require('jest');\nrunCLI({}, ['.']);\n", true},
		{"jest.runAllTimers();\n", false},
		{"const { defineConfig } = require('vite');\nmodule.exports = defineConfig({});\n", false},
	}
	for _, tt := range tests {
		r := Analyze("javascript", tt.src)
		if (r.Hazard != "") != tt.hazard {
			t.Errorf("%q: hazard %q, want one: %v", tt.src, r.Hazard, tt.hazard)
		}
	}
}
