package policy

import (
	"context"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/spec"
)

// TestInterpreterInfo (neighbours marked dfr must not be allowed): ruby, php, lua, julia and perl asked only for their
// version or help, and ruby -c and php -l (which parse a file and run
// none of it), are routine. Their neighbours that run code stay not
// allowed: a script, inline code, a version flag that does not stop the
// script (ruby -v and lua -v print the version, then run it), a library
// loaded first.
func TestInterpreterInfo(t *testing.T) {
	evil := map[string]string{
		"x.rb":  "system('rm -rf ~')\n",
		"x.php": "<?php system('rm -rf ~');\n",
		"x.lua": "os.execute('rm -rf ~')\n",
		"x.jl":  "run(`rm -rf ~`)\n",
		"x.pl":  "system('rm -rf ~');\n",
	}
	runAllowCases(t, []readCase{
		{"ruby --version", nil, "ruby --version", allow, ""},
		{"ruby -v", nil, "ruby -v", allow, ""},
		{"ruby -h", nil, "ruby -h", allow, ""},
		{"ruby -c", evil, "ruby -c x.rb", allow, "D1.read-only"},
		{"ruby -wc", evil, "ruby -wc x.rb", allow, "D1.read-only"},
		{"ruby -c -w", evil, "ruby -c -w x.rb", allow, "D1.read-only"},
		{"php -v", nil, "php -v", allow, ""},
		{"php --version", nil, "php --version", allow, ""},
		{"php -m", nil, "php -m", allow, ""},
		{"php --ini", nil, "php --ini", allow, ""},
		{"php -l", evil, "php -l x.php", allow, "D1.read-only"},
		{"lua -v", nil, "lua -v", allow, ""},
		{"lua5.4 -v", nil, "lua5.4 -v", allow, ""},
		{"julia --version", nil, "julia --version", allow, ""},
		{"julia -v", nil, "julia -v", allow, ""},
		{"perl -v", nil, "perl -v", allow, ""},
		{"perl --version", nil, "perl --version", allow, ""},
		{"perl -V", nil, "perl -V", allow, ""},

		{"ruby script", evil, "ruby x.rb", dfr, ""},
		{"ruby -v script", evil, "ruby -v x.rb", dfr, ""},
		{"ruby -w script", evil, "ruby -w x.rb", dfr, ""},
		{"ruby --version script", evil, "ruby --version x.rb", dfr, ""},
		{"ruby -e", nil, `ruby -e 'system("id")'`, dfr, ""},
		{"ruby -c -e", nil, `ruby -c -e 'system("id")'`, dfr, ""},
		{"ruby -c -r", evil, "ruby -c -r ./x.rb x.rb", dfr, ""},
		{"ruby -c secret", nil, "ruby -c ~/.ssh/id_rsa", deny, "A6.credential-read"},
		{"php script", evil, "php x.php", dfr, ""},
		{"php -v script", evil, "php -m x.php", dfr, ""},
		{"php -r", nil, `php -r 'system("id");'`, dfr, ""},
		{"php -i", nil, "php -i", dfr, ""},
		{"php -l -d", evil, "php -d auto_prepend_file=x.php -l x.php", dfr, ""},
		{"lua script", evil, "lua x.lua", dfr, ""},
		{"lua -v script", evil, "lua -v x.lua", dfr, ""},
		{"lua -e", nil, `lua -e 'os.execute("id")'`, dfr, ""},
		{"julia script", evil, "julia x.jl", dfr, ""},
		{"julia -v script", evil, "julia -v x.jl", dfr, ""},
		{"julia -E", nil, "julia -E 'run(`id`)'", dfr, "U.no-tokenizer"},
		{"julia --print", nil, "julia --print 'run(`id`)'", dfr, "U.no-tokenizer"},
		{"julia --eval=", nil, "julia --eval='run(`id`)'", dfr, "U.no-tokenizer"},
		{"julia -e", nil, `julia -e 'run(` + "`id`" + `)'`, dfr, ""},
		{"perl script", evil, "perl x.pl", dfr, ""},
		{"perl -c", evil, "perl -c x.pl", dfr, ""},
		{"perl -V:name", nil, "perl -V:cc", dfr, ""},
	})
}

// TestInterpreterCodeOptionsRead: every option an interpreter block gives
// code (-e=code:ruby) is one the interpreter rule reads the code of; the
// closed world leaves such values to that rule, so one it missed (julia
// -E) would be taken for a script's name.
func TestInterpreterCodeOptionsRead(t *testing.T) {
	progs, err := spec.Builtin().Programs()
	if err != nil {
		t.Fatal(err)
	}
	for _, sp := range progs {
		if sp.Rule() != "interpreter" {
			continue
		}
		lang, names := sp.CodeOptions()
		for _, n := range names {
			if !isCodeOption(lang, n) {
				t.Errorf("%s (programs.txt line %d): %s gives %s code, which the interpreter rule does not read", sp.Name, sp.Line(), n, lang)
			}
		}
	}
}

// runAllowCases plants each case's files and decides its command: a case
// that wants allow must be allowed (naming rule when set); any other must
// not be, whatever else it gets.
func runAllowCases(t *testing.T, tests []readCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			writeFiles(t, dir, tt.files)
			d := Decide(context.Background(), projectCall(dir, tt.cmd))
			switch {
			case tt.want == arbiter.Allow && (d.Decision != arbiter.Allow || tt.rule != "" && !hasRule(d.Rules, tt.rule)):
				t.Errorf("%s\n got %s %v: %s\nwant allow %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.rule)
			case tt.want != arbiter.Allow && (d.Decision == arbiter.Allow || tt.rule != "" && !hasRule(d.Rules, tt.rule)):
				t.Errorf("%s\n got %s %v: %s\nwant not allowed %s", tt.cmd, d.Decision, d.Rules, d.Reason, tt.rule)
			}
		})
	}
}
