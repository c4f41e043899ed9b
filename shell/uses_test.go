package shell

import (
	"reflect"
	"testing"
)

// TestUses checks which variables a command's words carry and which a
// line compares.
func TestUses(t *testing.T) {
	for _, tt := range []struct {
		src      string
		uses     []string // the last command's first argument
		compared []string
	}{
		{`echo ${UNSET:-$S}`, []string{"S", "UNSET"}, nil},
		{`echo ${A:+$S}`, []string{"S"}, nil},
		{`echo ${#S} ${S:+x}`, nil, nil},
		{`echo $((S + 1))`, []string{"S"}, nil},
		{`echo "$(printf %s "$S")"`, nil, nil},
		{`x=$S; echo "$x"`, []string{"S", "x"}, nil},
		{`a=$S; b=$a; echo $b`, []string{"S", "a", "b"}, nil},
		{`read -r x <<< "$S"; echo $x`, []string{"S", "x"}, nil},
		{`for x in $S; do echo $x; done`, []string{"S", "x"}, nil},
		{`x=lit; echo $x`, nil, nil},
		{`[ "$S" = a ] && echo`, nil, []string{"S"}},
		{`[ -n "$S" ] && echo`, nil, nil},
		{`[[ -z $S || $T == b ]] && echo`, nil, []string{"T"}},
		{`case $S in $P) echo;; esac`, nil, []string{"P", "S"}},
		{`(( S > 1 )) && echo`, nil, []string{"S"}},
		// The positional parameters are one pool, fed by set, a nested
		// shell's words and the calls of the line's functions.
		{`set -- "$S"; echo $1`, []string{"1", "S"}, nil},
		{`set -- a "$S"; shift; echo "$@"`, []string{"@", "S"}, nil},
		{`set -- a "$S"; echo $1`, nil, nil},
		{`f() { [ "$1" = a ]; }; f "$S"`, []string{"S"}, []string{"1", "S"}},
		{`set -- "$S"; for x; do echo $x; done`, []string{"@", "S", "x"}, nil},
		{`getopts t: o -t "$S"; echo $OPTARG`, []string{"OPTARG", "S"}, nil},
		{`read <<< "$S"; echo $REPLY`, []string{"REPLY", "S"}, nil},
		{`read -ra a <<< "$S"; echo ${a[0]}`, []string{"S", "a"}, nil},
		{`mapfile -t <<< "$S"; echo ${MAPFILE[0]}`, []string{"MAPFILE", "S"}, nil},
		{`n=S; echo ${!n}`, []string{"S"}, nil},
		{`echo ${!S*} ${!a[@]}`, nil, nil},
	} {
		a := Analyze(tt.src)
		last := a.Commands[len(a.Commands)-1]
		var uses []string
		if len(last.Args) > 0 {
			uses = last.Args[0].Uses
		}
		if !reflect.DeepEqual(uses, tt.uses) || !reflect.DeepEqual(a.Compared, tt.compared) {
			t.Errorf("%s: uses %v compared %v, want %v and %v", tt.src, uses, a.Compared, tt.uses, tt.compared)
		}
	}
}

// TestPositionalValues checks what the analysis knows of $1 after set
// and shift, and that it knows nothing where they may not have run.
func TestPositionalValues(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`set -- a b c; cat $1`, "a"},
		{`set a b; cat $2`, "b"},
		{`set -e -- a b; cat $2`, "b"},
		{`set -- a b c; shift; cat $1`, "$1"},
		{`set -- a b; if x; then shift; fi; cat $1`, "$1"},
		{`set -- a; if x; then set -- b; fi; cat $1`, "$1"},
		{`set -- a; if x; then builtin set -- b; fi; cat $1`, "$1"},
		{`set -- a; f() { cat $1; }`, "$1"},
		{`set -- a; f() { :; }; cat $1`, "a"},
	} {
		a := Analyze(tt.src)
		last := a.Commands[len(a.Commands)-1]
		if got := last.Args[0].Text; got != tt.want {
			t.Errorf("%s: $1 is %q, want %q", tt.src, got, tt.want)
		}
	}
}
