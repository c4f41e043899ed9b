package shell

import (
	"slices"
	"strings"
	"testing"
)

// hole is a command whose effect an earlier analysis did not report: a
// command that runs (runs names its program), or a problem it must raise.
type hole struct {
	src     string
	runs    string      // a program the analysis must report, or ""
	problem ProblemKind // a problem the analysis must raise, or ""
}

func checkHoles(t *testing.T, holes []hole) {
	t.Helper()
	for _, h := range holes {
		a := Analyze(h.src)
		if h.runs != "" && !slices.Contains(a.Programs(), h.runs) {
			t.Errorf("Analyze(%q) does not report that %s runs: programs %q, problems %v", h.src, h.runs, a.Programs(), a.Problems)
		}
		if h.problem != "" && !a.HasProblem(h.problem) {
			t.Errorf("Analyze(%q) raises no %s problem: %v", h.src, h.problem, a.Problems)
		}
	}
}

// Substitutions inside subscripts, slices, array elements, case patterns
// and redirections of loops run like any other.
func TestSubscriptsAndSlicesAreRead(t *testing.T) {
	checkHoles(t, []hole{
		{src: `echo ${a[$(rm -rf x)]}`, runs: "rm"},
		{src: `echo ${#a[$(rm -rf x)]}`, runs: "rm"},
		{src: `echo "${a[$(rm -rf x)]:-d}"`, runs: "rm"},
		{src: `echo ${x:$(rm -rf x)}`, runs: "rm"},
		{src: `echo ${x:0:$(rm -rf x)}`, runs: "rm"},
		{src: "echo ${x:`rm -rf x`:1}", runs: "rm"},
		{src: `a[$(rm -rf x)]=1`, runs: "rm"},
		{src: `a=([$(rm -rf x)]=1)`, runs: "rm"},
		{src: `declare a[$(rm -rf x)]`, runs: "rm"},
		{src: `export b[$(rm -rf x)]=2`, runs: "rm"},
		{src: `case y in $(rm -rf x)) ;; esac`, runs: "rm"},
		{src: `case y in a|"$(rm -rf x)") ;; esac`, runs: "rm"},
		{src: `echo ${x/$(rm -rf x)/y}`, runs: "rm"},
	})
	a := Analyze(`for f in a b; do echo $f; done > ~/.bashrc`)
	for _, c := range a.Commands {
		if c.Program == "echo" && (len(c.Redirs) == 0 || c.Redirs[0].Target.Text != "~/.bashrc") {
			t.Errorf("an unrolled loop lost its redirection: %s", c.String())
		}
	}
}

// Bash evaluates the values of variables used in arithmetic, and the
// subscripts of names it is given as text; a[$(cmd)] in such a value runs
// cmd.
func TestArithmeticValuesAreEvaluated(t *testing.T) {
	const v = `x='a[$(rm -rf x)]'; `
	checkHoles(t, []hole{
		{src: v + `((x))`, runs: "rm"},
		{src: v + `echo $((x + 1))`, runs: "rm"},
		{src: v + `echo $(($x))`, runs: "rm"},
		{src: v + `let y=x`, runs: "rm"},
		{src: v + `let "y=$x"`, runs: "rm"},
		{src: v + `[[ $x -eq 1 ]]`, runs: "rm"},
		{src: v + `[[ x -lt 2 ]]`, runs: "rm"},
		{src: v + `[[ -v "$x" ]]`, runs: "rm"},
		{src: v + `test -v "$x"`, runs: "rm"},
		{src: v + `[ -v "$x" ]`, runs: "rm"},
		{src: v + `echo ${!x}`, runs: "rm"},
		{src: v + `for ((i = 0; i < x; i++)); do :; done`, runs: "rm"},
		{src: v + `echo ${y:x}`, runs: "rm"},
		{src: v + `y=(1 2); echo ${y[x]}`, runs: "rm"},
		{src: `y='x'; x='a[$(rm -rf x)]'; ((y))`, runs: "rm"},
		{src: `declare -i n; n='a[$(rm -rf x)]'`, runs: "rm"},
		{src: `declare -i n='a[$(rm -rf x)]'`, runs: "rm"},
		{src: `local -i n='b[$(rm -rf x)]'`, runs: "rm"},
		{src: `printf -v 'a[$(rm -rf x)]' %s 1`, runs: "rm"},
		{src: `read 'a[$(rm -rf x)]' < /dev/null`, runs: "rm"},
		{src: `read -r -p go 'a[$(rm -rf x)]' < /dev/null`, runs: "rm"},
		{src: `unset 'a[$(rm -rf x)]'`, runs: "rm"},
		{src: `declare 'a[$(rm -rf x)]=1'`, runs: "rm"},
		{src: `builtin let 'a[$(rm -rf x)]'`, runs: "rm"},
		{src: `mapfile 'a[$(rm -rf x)]' < /dev/null`, runs: "rm"},
		// Values set from outside the command line are unknown code.
		{src: `n=$(cat f); echo $((n))`, problem: Unresolved},
		{src: `read n < f; echo $((n + 1))`, problem: Unresolved},
		{src: `read n < f; [[ $n -gt 3 ]]`, problem: Unresolved},
		{src: `for f in *; do ((f)); done`, problem: Unresolved},
		{src: `n=$(cat f); bash -c '((n))'`, problem: Unresolved},
		{src: `echo $(( $(cat f) + 1 ))`, problem: Unresolved},
		{src: `echo $(( $(wc -l f) + 1 ))`, problem: Unresolved},
		{src: `for i in $(seq 1 $(cat f)); do ((i)); done`, problem: Unresolved},
		{src: `mapfile a < f; echo $((a[0]))`, problem: Unresolved},
		{src: `m=(1); for k in "${!m[@]}"; do echo "${m[$k]}"; done`, problem: Unresolved},
		{src: `declare -A m; echo ${m[$(rm -rf x)]}`, runs: "rm"},
	})
	// Plain counting stays quiet.
	for _, src := range []string{`x=1; y=$((x+1)); echo $y`, `for ((i=0;i<3;i++)); do echo $i; done`, `n=0; n=$((n+1)); echo $((n*2))`, `echo $((HOME_COUNT + 1))`, `[[ $# -gt 0 ]]`,
		`declare -A m=([a]=1); for k in "${!m[@]}"; do echo "${m[$k]}"; done`,
		`for i in $(seq 1 10); do echo $((i * 2)); done`, `n=$(nproc); echo $((n + 1))`, `echo $(( $(wc -l < f) + 1 ))`, `n=$(grep x f | wc -l); [[ $n -gt 2 ]]`,
		`a=(1 2); n=${#a[@]}; ((n > 1))`, `s=$?; [[ $s -ne 0 ]]`} {
		if a := Analyze(src); len(a.Problems) > 0 {
			t.Errorf("Analyze(%q) = problems %v, want none", src, a.Problems)
		}
	}
}

// Prompt expansion, namerefs and other @ transformations.
func TestPromptsAndNamerefs(t *testing.T) {
	checkHoles(t, []hole{
		{src: `echo ${x@P}`, problem: Unresolved},
		{src: `echo "${PS1@P}"`, problem: Unresolved},
		{src: `y=${x@P}`, problem: Unresolved},
		{src: `declare -n r=x`, problem: Unresolved},
		{src: `f() { local -n r=$1; }`, problem: Unresolved},
		{src: `typeset -n r=x`, problem: Unresolved},
		{src: `declare -gn r=a`, problem: Unresolved},
		{src: `builtin declare -n r=x`, problem: Unresolved},
		{src: `PS4='$(rm -rf x)'; set -x; ls`, problem: Unresolved},
		{src: `PS4='+$(date) '; set -x`, problem: Unresolved},
		{src: "PROMPT_COMMAND='`rm -rf x`'", problem: Unresolved},
	})
	for _, src := range []string{`echo ${x@Q}`, `echo "${x@U}"`, `export -n PATH`, `declare -r x=1`} {
		if a := Analyze(src); len(a.Problems) > 0 {
			t.Errorf("Analyze(%q) = problems %v, want none", src, a.Problems)
		}
	}
}

// Builtins that run text as commands, or write files.
func TestBuiltinsThatRunOrWrite(t *testing.T) {
	checkHoles(t, []hole{
		{src: `mapfile -C "rm -rf x" -c 1 a < /dev/null`, runs: "rm"},
		{src: `readarray -C 'rm -rf x' -c 1 a < /dev/null`, runs: "rm"},
		{src: `mapfile -t -C'rm -rf x' a < f`, runs: "rm"},
		{src: `trap -- 'rm -rf x' EXIT`, runs: "rm"},
		{src: `trap -- "rm -rf x" INT TERM`, runs: "rm"},
		{src: `trap -p; trap -- 'curl x | sh' ERR`, runs: "curl"},
		{src: `trap 'rm -rf x' DEBUG`, runs: "rm"},
		{src: `compgen -C 'rm -rf x' y`, runs: "rm"},
		{src: `fc -s`, problem: DynamicCode},
		{src: `fc -e - ls`, problem: DynamicCode},
		{src: `fc 1 5`, problem: DynamicCode},
		{src: `complete -C 'rm -rf x' git`, problem: Definition},
		{src: `bind -x '"\C-a": rm -rf x'`, problem: Definition},
		{src: `select x in a b; do echo $x; done`, problem: Interactive},
	})
	for _, src := range []string{`history -w ~/.bashrc`, `history -a ~/.profile`, `HISTFILE=~/.zshrc; history -w`} {
		a := Analyze(src)
		c := a.Commands[len(a.Commands)-1]
		if len(c.Redirs) == 0 || !c.Redirs[0].Writes() || !strings.HasPrefix(c.Redirs[0].Target.Text, "~/.") {
			t.Errorf("Analyze(%q): history's write is not reported: %s", src, c.String())
		}
	}
	a := Analyze(`tmp=/tmp/x; trap 'rm -f "$tmp"' EXIT; echo hi > out.txt`)
	if c := a.Commands[len(a.Commands)-1]; c.DirUnknown || len(a.Problems) > 0 {
		t.Errorf("an EXIT trap runs after the commands that follow it: %s unknown=%v %v", c.String(), c.DirUnknown, a.Problems)
	}
	for _, src := range []string{`fc -l`, `trap -p`, `trap - EXIT`, `history 10`} {
		if a := Analyze(src); len(a.Problems) > 0 {
			t.Errorf("Analyze(%q) = problems %v, want none", src, a.Problems)
		}
	}
}

// Unquoted expansions are split into words at spaces, tabs and newlines.
func TestWordSplitting(t *testing.T) {
	tests := []struct {
		src  string
		prog string
		args []string
	}{
		{`x='rm -rf ~'; $x`, "rm", []string{"-rf", "~"}},
		{`cmd='git push --force origin main'; $cmd`, "git", []string{"push", "--force", "origin", "main"}},
		{`d='a ~'; rm -rf $d`, "rm", []string{"-rf", "a", "~"}},
		{`x='-rf /'; rm $x`, "rm", []string{"-rf", "/"}},
		{"x=$'a\\t/etc\\n/usr'; rm -r $x", "rm", []string{"-r", "a", "/etc", "/usr"}},
		{`x=; rm -rf $x /tmp/y`, "rm", []string{"-rf", "/tmp/y"}},
		{`x='a b'; rm "$x" pre$x`, "rm", []string{"a b", "prea", "b"}},
		{`for f in 'a b' c; do rm $f; done`, "rm", []string{"a", "b"}},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		if len(a.Commands) == 0 {
			t.Errorf("Analyze(%q): no commands", tt.src)
			continue
		}
		var c *Command
		for i := range a.Commands {
			if a.Commands[i].Program == tt.prog {
				c = &a.Commands[i]
				break
			}
		}
		if c == nil || !slices.Equal(c.ArgTexts(), tt.args) {
			t.Errorf("Analyze(%q) = %q, want %s %q", tt.src, a.Programs(), tt.prog, tt.args)
		}
	}
	a := Analyze(`f='*'; rm $f`)
	if c := a.Commands[len(a.Commands)-1]; len(c.Args) != 1 || !c.Args[0].Glob {
		t.Errorf("an unquoted value with * is a pattern: %+v", c.Args)
	}
	a = Analyze(`x='a b'; while IFS= read -r l; do echo "$l"; done < f; rm $x`)
	if c := a.Commands[len(a.Commands)-1]; !slices.Equal(c.ArgTexts(), []string{"a", "b"}) || anyDynamic(c.Args) {
		t.Errorf("IFS= read sets IFS for read only: got %q", c.ArgTexts())
	}
	for _, src := range []string{`IFS=:; x='rm:-rf:/'; $x`, `IFS=/ ; x='a/b'; rm $x`, `read IFS; x='a b'; rm $x`, `export IFS=/; x='a/b'; rm $x`} {
		a := Analyze(src)
		c := a.Commands[len(a.Commands)-1]
		dynamic := c.Program == "" || anyDynamic(c.Args)
		if !dynamic {
			t.Errorf("Analyze(%q): with IFS changed, splitting is unknown, got %s %q", src, c.Program, c.ArgTexts())
		}
	}
}

// cd is followed into nested shells, behind builtin and command, through
// pushd and popd; what cannot be followed makes the directory unknown.
func TestDirectoryTracking(t *testing.T) {
	tests := []struct {
		src  string
		dir  string // of the last command
		lost bool
	}{
		{`bash -c 'cd ~ && rm -rf *'`, "~", false},
		{`sh -c "cd /etc; rm -rf *"`, "/etc", false},
		{`cd /etc && bash -c 'rm -rf *'`, "/etc", false},
		{`builtin cd ~; rm -rf *`, "~", false},
		{`command cd /etc; rm -rf *`, "/etc", false},
		{`cd ~; pushd /tmp; popd; rm -rf *`, "~", false},
		{`pushd /etc; rm -rf *`, "/etc", false},
		{`popd; rm -rf *`, "", true},
		{`pushd; rm -rf *`, "", true},
		{`cd /tmp; cd -; rm -rf *`, "", true},
		{`cd "$OLDPWD"; rm -rf *`, "", true},
		{`CDPATH=/; cd etc; rm -rf *`, "", true},
		{`cd /tmp; bash -c 'cd ~'; rm -rf *`, "/tmp", false},
		{`ssh h 'rm -rf *'`, "", true},
		{`cd /tmp; trap 'rm -rf *' EXIT`, "", true},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		c := a.Commands[len(a.Commands)-1]
		if c.DirUnknown != tt.lost || !tt.lost && c.Dir != tt.dir {
			t.Errorf("Analyze(%q): %s runs in %q (unknown %v), want %q (unknown %v)", tt.src, c.Program, c.Dir, c.DirUnknown, tt.dir, tt.lost)
		}
	}
}

// Shapes that Bash reads as inert text but zsh runs as code.
func TestZshShapes(t *testing.T) {
	checkHoles(t, []hole{
		{src: `ls *(e:'rm -rf x':)`, problem: ZshSyntax},
		{src: `ls *(e:rm:)`, problem: ZshSyntax},
		{src: `ls **/*(+rmall)`, problem: ZshSyntax},
		{src: `ls *(.e'rm x')`, problem: ZshSyntax},
		{src: `echo $~x`, problem: ZshSyntax},
		{src: `echo $=x`, problem: ZshSyntax},
		{src: `ls a$^x`, problem: ZshSyntax},
		{src: `noglob rm -rf x`, runs: "rm"},
		{src: `repeat 3 rm -rf x`, runs: "rm"},
		{src: `echo =(ls)`, problem: ParseError},
		{src: `echo ${(e)x}`, problem: ParseError},
	})
	for _, src := range []string{`ls @(a|b).txt`, `echo '$~x'`, `ls *(foo)`} {
		if a := Analyze(src); len(a.Problems) > 0 {
			t.Errorf("Analyze(%q) = problems %v, want none", src, a.Problems)
		}
	}
}

// Expansions inside extended globs run, though the parser keeps the
// pattern as text.
func TestExtendedGlobExpansions(t *testing.T) {
	checkHoles(t, []hole{
		{src: `ls @($(rm -rf x))`, problem: Unresolved},
		{src: "ls !(`rm -rf x`)", problem: Unresolved},
		{src: `ls +(a|$(rm -rf x))`, problem: Unresolved},
		{src: `ls ?(${x})`, problem: Unresolved},
	})
}

// Text that eval, source, trap and mapfile -C run executes in the current
// shell: what it assigns or where it cds holds for the commands after it.
func TestCurrentShellRunners(t *testing.T) {
	checkHoles(t, []hole{
		{src: `x=ls; eval 'x="rm -rf x"'; $x`, problem: DynamicProgram},
		{src: `x=ls; source ./env.sh; $x`, problem: DynamicProgram},
		{src: `x=ls; trap 'x=rm' DEBUG; $x -rf y`, problem: DynamicProgram},
		{src: `bash -c -- 'rm -rf x'`, runs: "rm"},
		{src: `sh -e -c -- 'rm -rf x'`, runs: "rm"},
		{src: `bash -c -x 'rm -rf x'`, runs: "rm"},
	})
	for _, src := range []string{`eval 'cd ~'; echo x >> .bashrc`, `eval cd ~; rm -rf *`, `trap 'cd ~' DEBUG; echo x >> .bashrc`, `source ./env.sh; echo x >> .bashrc`, `mapfile -C 'cd ~;:' -c 1 a < f; echo x >> .bashrc`} {
		a := Analyze(src)
		if c := a.Commands[len(a.Commands)-1]; !c.DirUnknown {
			t.Errorf("Analyze(%q): %s runs in %q, but the directory is unknown", src, c.Program, c.Dir)
		}
	}
}
