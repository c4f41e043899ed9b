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
