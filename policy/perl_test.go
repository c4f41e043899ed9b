package policy

import (
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestPerlOneLinersRoutine: the one-liners agents use instead of sed and
// awk were all deferred (U.no-tokenizer); pure code on plain operands in
// the project is routine now.
func TestPerlOneLinersRoutine(t *testing.T) {
	for _, cmd := range []string{
		// substitution
		`perl -pi -e 's/foo/bar/g' src/a.py`,
		`perl -0pi -e 's/\n\n+/\n/g' notes.md`,
		`perl -pe 'tr/a-z/A-Z/' input.txt`,
		`perl -i.bak -pe 's{/usr/local}{/opt}g' config/paths.txt`,
		`perl -pe 's/(\d+)/<$1>/g; s/\s+$//' data.txt`,
		// reading operands
		`perl -ne 'print if /pattern/' file`,
		`perl -lane 'print $F[1]' data.txt`,
		`perl -F, -lane 'print $F[0]' data.csv`,
		`perl -ne 'print' src/*.py`,
		`cat log.txt | perl -ne 'print if /ERROR/'`,
		`perl -ne 'print' -`,
		// code
		`perl -lne '$c++ if /TODO/; END { print $c }' main.go`,
		`perl -e 'print join(",", map { $_ * 2 } 1..5), "\n"'`,
		`perl -Mstrict -Mwarnings -E 'say scalar(@F) ? 1 : 0'`,
		`perl -lne '$s += $_ }{ print $s' nums.txt`,
		`perl -wnl -e 'print length' README.md`,
		"perl <<'EOF'\nprint \"hello\\n\";\nEOF",
	} {
		d := Decide(t.Context(), bash(cmd))
		if d.Decision != arbiter.Allow {
			t.Errorf("%q: %s %v: %s", cmd, d.Decision, d.Rules, d.Reason)
		}
	}
}

// TestPerlOneLinersHarmful: the neighbours of those allows that run code
// or programs, open files otherwise than to read them, or write outside
// the project, are never allowed.
func TestPerlOneLinersHarmful(t *testing.T) {
	for _, cmd := range []string{
		// substitution
		`perl -pi -e 's/x/system("id")/e' src/a.py`,
		`perl -pe 's/(?{system q(id)})//' f`,
		`perl -pe 's/x/@{[ system "id" ]}/' f`,
		`perl -pe 's/x/y/ee' f`,
		// operands
		`perl -ne 'print' '>~/.bashrc'`,
		`perl -ne 'print' 'id|'`,
		`perl -ne 'print' ' >x'`,
		`perl -ne 'print' '-|'`,
		`perl -ne 'print' *`,
		`perl -pi -e 's/a/b/' ~/.bashrc`,
		`perl -pi -e 's/a/b/' /etc/hosts`,
		`perl -i'/tmp/*' -pe 's/a/b/' f`,
		`perl -ne 'print' ~/.ssh/id_rsa`,
		`perl -ne 'print' "$F"`,
		`perl -pie 's/a/b/' f`,
		// code
		`perl -ne 'print; system "rm -rf ~"'`,
		"perl -ne 'print `id`' f",
		`perl -ne 'open(F, ">x"); print F $_' f`,
		`perl -e 'print qx(id)'`,
		`perl -ne 'BEGIN { @ARGV = (">x") } print'`,
		`perl -e 'unlink "x"'`,
		`perl -MPOSIX -e 'print 1'`,
		`perl -x -e 'print 1'`,
		`perl -s -e 'print $x' -- -x=1`,
		`perl -F'/(?{system q(id)})/' -lane 'print' f`,
		`perl -e 'print $ENV{GITHUB_TOKEN}'`,
		`perl -e 'print %ENV'`,
		"perl -x <<'EOF'\nprint 1;\nEOF",
		"perl - '>x' <<'EOF'\nprint while <>;\nEOF",
	} {
		d := Decide(t.Context(), bash(cmd))
		if d.Decision == arbiter.Allow {
			t.Errorf("%q: allowed (%v: %s)", cmd, d.Rules, d.Reason)
		}
	}
}
