package shell

import (
	"strings"
	"testing"
)

func TestBraceExpansion(t *testing.T) {
	tests := []struct{ src, want string }{
		{"rm -rf /{etc,usr}", "-rf /etc /usr"},
		{"echo {1..3}", "1 2 3"},
		{"echo {3..1}", "3 2 1"},
		{"touch f{01..03}", "f01 f02 f03"},
		{"echo {a..e..2}", "a c e"},
		{"echo {a,{b,c}}d", "ad bd cd"},
		{"echo {a,b}{1,2}", "a1 a2 b1 b2"},
		{"echo x{}y {a} {1..}", "x{}y {a} {1..}"},
		{"echo '{a,b}' \"{c,d}\"", "{a,b} {c,d}"},
		{"echo {-2..2..2}", "-2 0 2"},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		if len(a.Commands) != 1 {
			t.Errorf("%s: %d commands", tt.src, len(a.Commands))
			continue
		}
		var got []string
		for _, w := range a.Commands[0].Args {
			got = append(got, w.Text)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: args %q, want %q", tt.src, strings.Join(got, " "), tt.want)
		}
	}
}

func TestBraceExpansionIsBounded(t *testing.T) {
	a := Analyze("echo {1..100000000} {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}")
	found := false
	for _, p := range a.Problems {
		if p.Kind == TooLarge {
			found = true
		}
	}
	if !found {
		t.Error("a huge brace expansion was not reported as too large")
	}
}
