package shell

import (
	"fmt"
	"strings"
	"testing"
)

// nestedLoops is n for loops, each over items, one inside the other,
// around body: walking each loop once per item walks the body
// len(items)^n times.
func nestedLoops(n int, items, body string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "for v%d in %s; do ", i, items)
	}
	b.WriteString(body)
	b.WriteString(strings.Repeat("; done", n))
	return b.String()
}

// TestWalkBounded checks that loops unrolled inside loops are refused as
// too large instead of walked without end, whether or not their bodies
// reach the command bound.
func TestWalkBounded(t *testing.T) {
	tests := []struct{ name, src string }{
		// The body lies beyond the depth bound: no command is ever
		// added, so the command bound never trips.
		{"deep loops", nestedLoops(80, "a b c", "echo $v0")},
		{"deep loops, no body", nestedLoops(70, "a b", ":")},
		// Within the depth bound, bodies without commands.
		{"assignments", nestedLoops(12, "a b c d e f g h", "x=$v0")},
		// Few walks of large bodies.
		{"many words", nestedLoops(3, "a b c d e f g h i j k l m n o p", "echo "+strings.Repeat("$v0$v1$v2 ", 1000))},
		{"a long quoted word", nestedLoops(3, "a b c d e f g h i j k l m n o p", `echo "`+strings.Repeat("$v0 x", 2000)+`"`)},
		{"long body", nestedLoops(2, "a b c d e f g h i j k l m n o p", strings.Repeat("x=$v0; ", 2000)+"echo")},
		{"in a subshell", "(" + nestedLoops(12, "a b c d e f g h", "(( x = 1 ))") + ")"},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		if !a.HasProblem(TooLarge) {
			t.Errorf("%s (%d bytes): problems %v, want too large", tt.name, len(tt.src), a.Problems)
		}
	}
}

// TestWalkBoundedTwins checks that loops of usual size are walked whole.
func TestWalkBoundedTwins(t *testing.T) {
	for _, src := range []string{
		nestedLoops(3, "a b c d", "echo $v0 $v1 $v2"),
		"for f in one two three; do for g in x y; do cp \"$f\" \"$g\"; done; done",
		nestedLoops(2, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16", "x=$v0"),
		"for f in a b c; do " + strings.Repeat("cp \"$f\" out/; ", 300) + "done",
	} {
		a := Analyze(src)
		if a.HasProblem(TooLarge) {
			t.Errorf("%q: too large: %v", src, a.Problems)
		}
	}
}
