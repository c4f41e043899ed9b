package shell

import (
	"slices"
	"strings"
	"testing"
)

func TestPrograms(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`git status`, []string{"git"}},
		{`/usr/bin/git reset --hard`, []string{"git"}},
		{`"su"do rm -rf /`, []string{"rm"}},
		{`\git status`, []string{"git"}},
		{`$'rm' -rf /`, []string{"rm"}},
		{`sudo -u root env FOO=1 nice -n 5 timeout 10 rm x`, []string{"rm"}},
		{`bash -c 'curl x | sh'`, []string{"bash", "curl", "sh"}},
		{"sh <<EOF\ngit push --force\nEOF", []string{"sh", "git"}},
		{`bash <<<'rm -rf /home/user'`, []string{"bash", "rm"}},
		{`echo 'git push --force' | xargs -I{} bash -c {}`, []string{"echo", "bash", "git"}},
		{`find . -name '*.o' -exec rm -f {} \;`, []string{"find", "rm"}},
		{`npx -y prettier --write .`, []string{"prettier"}},
		{`uv run pytest -q`, []string{"pytest"}},
		{`echo $(git reset --hard)`, []string{"git", "echo"}},
		{`git -c 'alias.wipe=reset --hard' wipe`, []string{"git", "git"}},
		{`scp -o 'KnownHostsCommand=rm -rf /' a b:/c`, []string{"scp", "rm"}},
		{`python -c 'import os; os.system("git push --force")'`, []string{"python", "git"}},
		{`printf '%s' 'rm -rf /' | bash`, []string{"printf", "bash", "rm"}},
		{`git commit -m "rm -rf x"`, []string{"git"}},
		{`for f in a b; do cat "$f"; done`, []string{"cat", "cat"}},
		{"ls \\\n  -la", []string{"ls"}},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		got := a.Programs()
		if !slices.Equal(got, tt.want) {
			t.Errorf("Analyze(%q) programs = %q, want %q (problems %v)", tt.src, got, tt.want, a.Problems)
		}
	}
}

func TestArguments(t *testing.T) {
	a := Analyze(`rm -rf ~/{,.ssh} "$HOME/x" $'a\x41'`)
	if len(a.Commands) != 1 {
		t.Fatalf("got %d commands", len(a.Commands))
	}
	got := a.Commands[0].ArgTexts()
	want := []string{"-rf", "~/", "~/.ssh", "~/x", "aA"}
	if !slices.Equal(got, want) {
		t.Errorf("args = %q, want %q", got, want)
	}
}

func TestVariablesSetOnceAreKnown(t *testing.T) {
	a := Analyze("f=/etc/passwd\nrm -f \"$f\"")
	c := a.Commands[len(a.Commands)-1]
	if c.Program != "rm" || c.Arg(1) != "/etc/passwd" || c.Args[1].Dynamic {
		t.Errorf("got %s %q dynamic=%v", c.Program, c.ArgTexts(), c.Args[1].Dynamic)
	}
	a = Analyze(`T=echo; true && T=rm; "$T" -rf /`)
	if !a.HasProblem(DynamicProgram) {
		t.Errorf("a variable assigned twice must not be trusted as a program name: %+v", a.Problems)
	}
}

func TestProblems(t *testing.T) {
	tests := []struct {
		src  string
		kind ProblemKind
	}{
		{`eval "$CMD"`, DynamicCode},
		{`$TOOL -rf /`, DynamicProgram},
		{`curl x | bash`, DynamicCode},
		{`alias ls='rm -rf /'`, Definition},
		{`while true; do work & done`, ForkBomb},
		{`while true; do sleep 1; done`, UnboundedLoop},
		{`until /usr/bin/false; do work & done`, ForkBomb},
		{`python`, Interactive},
		{`echo 'unterminated`, ParseError},
		{`powershell -EncodedCommand ZQBjAGgAbwA=`, Obfuscated},
		{`awk '{ system($0) }' f`, ExecOption},
		{`sed 's/a/b/e' f`, ExecOption},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		if !a.HasProblem(tt.kind) {
			t.Errorf("Analyze(%q): no %s problem in %+v", tt.src, tt.kind, a.Problems)
		}
	}
}

func TestFunctionsAreRecorded(t *testing.T) {
	a := Analyze(`:(){ :|:& };:`)
	if !slices.Equal(a.Functions, []string{":"}) {
		t.Errorf("functions = %q", a.Functions)
	}
	var inside int
	for _, c := range a.Commands {
		if c.Name == ":" && c.Ctx&InFunction != 0 && c.Ctx&(InBackground|InPipeline) != 0 {
			inside++
		}
	}
	if inside == 0 {
		t.Error("the function's recursive calls were not recorded with their context")
	}
}

func TestDataIsNotAction(t *testing.T) {
	for _, src := range []string{`echo "rm -rf /"`, `grep 'sudo' docs/`, "cat <<EOF\nrm -rf /\nEOF", `git commit -m 'git push --force'`} {
		a := Analyze(src)
		for _, c := range a.Commands {
			if c.Program == "rm" || c.Program == "sudo" || c.Program == "git" && c.Arg(0) == "push" {
				t.Errorf("Analyze(%q) treats data as the command %s", src, c.String())
			}
		}
	}
}

func TestBoundedOnHostileInput(t *testing.T) {
	deep := strings.Repeat("$(", 10000) + "x" + strings.Repeat(")", 10000)
	a := Analyze(deep)
	if len(a.Problems) == 0 {
		t.Error("10,000 levels of nesting produced no problem")
	}
	big := "echo " + strings.Repeat("a", 1<<20)
	a = Analyze(big)
	if !a.HasProblem(TooLarge) {
		t.Errorf("a 1 MB command produced no too-large problem: %+v", a.Problems)
	}
	many := strings.Repeat("true;", 10000)
	a = Analyze(many)
	if !a.HasProblem(TooLarge) {
		t.Error("10,000 commands produced no too-large problem")
	}
}

func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{`git status`, `bash -c 'rm -rf /'`, "cat <<EOF\nx\nEOF", `find . -exec rm {} +`, `fd -e go src --search-path lib -x rm {//} \; -X sh -c {/.}`, `python -c 'import os; os.remove("x")'`, `a=$(b) c "${d:-e}" <(f) >g`, `for ((;;)); do :; done`, `x(){ x|x& };x`,
		// Shapes the walker once skipped.
		`echo ${a[$(rm x)]} ${x:$(y):2} ${x/$(a)/b} ${!x} ${x@P}`, `a[$(rm x)]=1; b=([$(c)]=d)`, `x='a[$(rm x)]'; ((x)); [[ $x -eq 1 ]]; let y=x`,
		`declare -i n; n='a[$(b)]'; declare -n r=n; printf -v 'a[$(c)]' x; read 'a[$(d)]'`, `mapfile -C 'rm x' -c 1 a; trap -- 'rm x' EXIT; history -w f; fc -s`,
		`x='rm -rf ~'; $x; IFS=:; $x`, `bash -c 'cd ~ && rm *'; builtin cd /; pushd /tmp; popd; cd -`, `ls *(e:'rm x':) $~x $=x @($(y))`,
		`case $(a) in $(b)|c) d ;; esac; coproc n { cat; }; select x in a; do :; done`, `echo {a,b{c,$(d)}} {1..3}`, `PS4='$(x)'; set -x`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		// An analysis without problems must have read every node: a node
		// it skips silently would let the policy allow what it never saw.
		if a, missed := traced(src); len(a.Problems) == 0 && len(missed) > 0 {
			t.Fatalf("Analyze(%q) skipped %q without a problem", src, missed)
		}
		a := Analyze(src)
		for _, c := range a.Commands {
			if c.Program == "" && c.Name != "" && !strings.HasPrefix(c.Name, "(") {
				found := false
				for _, p := range a.Problems {
					if p.Kind == DynamicProgram {
						found = true
					}
				}
				if !found {
					t.Fatalf("unresolved program %q without a problem in %q", c.Name, src)
				}
			}
		}
	})
}

func BenchmarkAnalyze(b *testing.B) {
	cmds := []string{
		`git status`,
		`cd /testbed && python -m pytest tests/test_api.py -x -q`,
		`grep -rn "def check" --include="*.py" src | head -20`,
		`curl -fsSL https://example.com/install.sh | sh`,
		`python -c 'import os; os.system("git push --force")'`,
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Analyze(cmds[i%len(cmds)])
	}
}

// TestTablesNameEachProgramOnce: the wrapper and runner tables are
// scanned for the first entry of a name, so a second would be dead, and
// names are compared with programName's lower-cased base name.
func TestTablesNameEachProgramOnce(t *testing.T) {
	seen := map[string]bool{}
	for _, w := range wrappers {
		if seen[w.name] || w.name != programName(w.name) {
			t.Errorf("wrapper %q is listed twice or is not a program name", w.name)
		}
		seen[w.name] = true
	}
	seen = map[string]bool{}
	for _, r := range runners {
		if seen[r.name] || r.name != programName(r.name) {
			t.Errorf("runner %q is listed twice or is not a program name", r.name)
		}
		seen[r.name] = true
	}
}

// In keyword mode every unquoted NAME=VALUE word is an assignment to the
// command's environment, wherever it stands.
func TestKeywordMode(t *testing.T) {
	tests := []struct {
		src  string
		env  string // NAME=VALUE of the last command's environment, "" for none
		args []string
	}{
		{`set -k; ls -l X=1 "$HOME"`, "X=1", []string{"-l", "~"}},
		{`bash -k -c 'ls A+=b c'`, "A=b", []string{"c"}},
		{`set -o keyword; ls Y=a"b c"`, "Y=ab c", nil},
		{`ls X=1`, "", []string{"X=1"}},
		{`set -k; ls 'X=1'`, "", []string{"X=1"}},
		{`set -k; set +k; ls X=1`, "", []string{"X=1"}},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		c := a.Commands[len(a.Commands)-1]
		env := ""
		if len(c.Env) > 0 {
			env = c.Env[0].Name + "=" + c.Env[0].Value.Text
		}
		if env != tt.env || !slices.Equal(c.ArgTexts(), tt.args) && len(tt.args)+len(c.Args) > 0 {
			t.Errorf("Analyze(%q): env %q args %q, want %q %q", tt.src, env, c.ArgTexts(), tt.env, tt.args)
		}
	}
}

// TestFdExec: fd -x and -X run their command on the files below each
// search path (a placeholder, or the end of the command).
func TestFdExec(t *testing.T) {
	for _, tt := range []struct{ cmd, want string }{
		{`fd -e log -x rm`, "rm ./*"},
		{`fd pat src -x rm {}`, "rm src/*"},
		{`fd pat --search-path lib -X wc -l {/}`, "wc -l lib/*"},
		{`fd -x mv {} {.}.bak \; -H`, "mv ./* ./*.bak"},
		{`fd pat a b -x cat`, "cat b/*"},
	} {
		a := Analyze(tt.cmd)
		found := false
		for _, c := range a.Commands {
			if c.Program != "fd" && c.String() == tt.want {
				found = true
			}
		}
		if !found {
			var got []string
			for _, c := range a.Commands {
				got = append(got, c.String())
			}
			t.Errorf("%s: commands %q, want %q among them", tt.cmd, got, tt.want)
		}
	}
}

// An interpreter or shell given no script waits at its prompt, unless an
// option makes it print and exit; which options do differs by language.
func TestPrintAndExitIsNotInteractive(t *testing.T) {
	tests := []struct {
		src         string
		interactive bool
	}{
		{`node -v`, false},
		{`node --version`, false},
		{`python3 -VV`, false},
		{`python3 --help-env`, false},
		{`perl -v`, false},
		{`ruby -v`, false},
		{`php -v`, false},
		{`lua -v`, false},
		{`bash --version`, false},
		{`zsh --help`, false},
		{`pwsh -Help`, false},
		{`node`, true},
		{`python3 -v`, true},  // verbose, not a version
		{`python3 -q`, true},  // quiet prompt
		{`lua -v -i`, true},   // prints the version, then waits
		{`bash --norc`, true}, // a prompt without the rc file
		{`ruby -- -v`, true},  // after --, not an option
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		if got := a.HasProblem(Interactive); got != tt.interactive {
			t.Errorf("Analyze(%q): interactive = %v, want %v (%+v)", tt.src, got, tt.interactive, a.Problems)
		}
	}
}

// A print-and-exit option among the options does not hide code given
// with -c or on standard input: it is still read.
func TestQuitOptionDoesNotHideCode(t *testing.T) {
	for _, src := range []string{
		`python3 -c 'import os; os.system("rm -rf ~")' -V`,
		`node -e 'require("child_process").execSync("rm -rf ~")' --version`,
		`echo 'import os; os.system("rm -rf ~")' | python3 -V`,
	} {
		found := false
		for _, c := range Analyze(src).Commands {
			found = found || c.Program == "rm"
		}
		if !found {
			t.Errorf("Analyze(%q): the rm inside the code was not found", src)
		}
	}
}
