package shell

import "testing"

func TestCallArity(t *testing.T) {
	for _, tt := range []struct {
		rest string
		want int
	}{
		{"()", 0},
		{"('a')", 1},
		{"('a', 'b')", 2},
		{"('a, b', \"c)\")", 2},
		{"(f(x, y), [1, 2], {'k': 3})", 3},
		{"('it\\'s', 'x', 1)", 3},
		{"('a'", -1},
		{"('unclosed)", -1},
		{" (x)", 1},
	} {
		if got := callArity(tt.rest); got != tt.want {
			t.Errorf("callArity(%q) = %d, want %d", tt.rest, got, tt.want)
		}
	}
}
