package shell

import "testing"

// Bash passes a here-document's body and a here-string's word without
// brace expansion: {a,b} in them is text. Read as a brace expression, a
// body became other text than the one the program reads: a line of code
// after `// {` and a comma was read as part of a comment.
func TestHeredocBodiesAreNotBraceExpanded(t *testing.T) {
	tests := []struct{ src, body string }{
		{"node <<'EOF'\nf(1 // {\n, g()) // }\nEOF", "f(1 // {\n, g()) // }\n"},
		{"python3 <<EOF\nd = {'a': 1, 'b': 2}\nEOF", "d = {'a': 1, 'b': 2}\n"},
		{"cat <<-EOF\n\t{x,y}{1..3}\n\tEOF", "{x,y}{1..3}\n"},
		{"python3 <<< 'print({1,2})'", "print({1,2})"},
		{"cat <<< {a,b}", "{a,b}"},
		// A quoted delimiter leaves the body as it is, backslashes too;
		// otherwise a backslash quotes only $, `, \ and a newline.
		{"python3 <<'EOF'\nos.system('\\x72m x')\nEOF", "os.system('\\x72m x')\n"},
		{"python3 <<\"EOF\"\na\\nb\nEOF", "a\\nb\n"},
		{"cat <<EOF\na\\nb \\$x \\\\ \\\"q\\\"\nEOF", "a\\nb $x \\ \\\"q\\\"\n"},
		{"cat <<EOF\nab\\\ncd\nEOF", "abcd\n"},
		{"cat <<EOF\n~/x\nEOF", "~/x\n"},
	}
	for _, tt := range tests {
		a := Analyze(tt.src)
		if len(a.Commands) == 0 || len(a.Commands[0].Redirs) != 1 {
			t.Errorf("Analyze(%q): want one command with one redirection, got %v", tt.src, a.Commands)
			continue
		}
		if got := a.Commands[0].Redirs[0].Target.Text; got != tt.body {
			t.Errorf("Analyze(%q): body %q, want %q", tt.src, got, tt.body)
		}
	}
}
