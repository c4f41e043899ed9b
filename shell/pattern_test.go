package shell

import "testing"

func TestMatchPattern(t *testing.T) {
	for _, tt := range []struct {
		in, out string
		ok      bool
	}{
		{"*.c", "*.c", true},
		{"[!z]*.c", "[^z]*.c", true},
		{"a[bc]", "a[bc]", true},
		{"[", "[", true},     // the test command: no bracket expression
		{"x[1", "x[1", true}, // an unclosed bracket is itself
		{"[[:alpha:]]", "[[:alpha:]]", false},
		{"[]a]", "[]a]", false}, // Go rejects it; Bash reads ] as a member
	} {
		if got, ok := matchPattern(tt.in); got != tt.out || ok != tt.ok {
			t.Errorf("matchPattern(%q) = %q, %v; want %q, %v", tt.in, got, ok, tt.out, tt.ok)
		}
	}
}
