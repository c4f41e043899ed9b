package policy

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"testing"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// TestProgramRulesMatchTheSpec: every rule a block of programs.txt names
// exists (a Go rule, or a catalogue rule with a why line), and every Go
// rule is named by some block, so a program is defined once, in its
// block, and no rule is left unreachable.
func TestProgramRulesMatchTheSpec(t *testing.T) {
	table, err := spec.ParseTable(programsTable(t))
	if err != nil {
		t.Fatal(err)
	}
	progs, err := table.Programs()
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, sp := range progs {
		name := sp.Rule()
		where := sp.Name + " (programs.txt line " + strconv.Itoa(sp.Line()) + ")"
		if sp.Effect != spec.Ruled {
			continue
		}
		switch r, isCatalogue := catalog.Lookup(catalog.ID(name)); {
		case name == "":
			t.Errorf("%s: effect rule names no rule; write rule:NAME", where)
		case ruleNamed(name) != nil:
			named[name] = true
			if sp.Why != "" {
				t.Errorf("%s: a why line is only for a catalogue rule; %s gives its own reasons", where, name)
			}
		case isCatalogue:
			if sp.Why == "" {
				t.Errorf("%s: rule:%s fires a catalogue rule and needs a why line for its reason", where, name)
			}
			if sp.Words() && !ownEffectSubs(sp) {
				t.Errorf("%s: rule:%s decides by name alone, so opts and args lines would never be read", where, name)
			}
			if r.Verdict == arbiter.Allow {
				t.Errorf("%s: rule:%s allows by name alone; an allow must be earned by reading the words", where, name)
			}
		default:
			t.Errorf("%s: rule:%s is neither a rule in policy/rulenames.go nor a catalogue rule", where, name)
		}
		if name == "interpreter" {
			for _, n := range append([]string{sp.Name}, sp.Aliases...) {
				if shell.Interpreter(n) == "" {
					t.Errorf("%s: %s is ruled as an interpreter, but shell.Interpreter does not know its language", where, n)
				}
			}
		}
	}
	for _, name := range ruleNames(t) {
		if !named[name] {
			t.Errorf("rule %q in policy/rulenames.go is named by no block of programs.txt", name)
		}
	}
}

// ruleNames lists the names ruleNamed answers, read from its source.
func programsTable(t *testing.T) string {
	b, err := os.ReadFile("../spec/programs.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func ruleNames(t *testing.T) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "rulenames.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		if cc, ok := n.(*ast.CaseClause); ok {
			for _, e := range cc.List {
				if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					out = append(out, s)
				}
			}
		}
		return true
	})
	if len(out) < 30 {
		t.Fatalf("found %d rule names in rulenames.go: the scan is not reading the switch", len(out))
	}
	return out
}

// TestRuledProgramsDecide: programs whose spec leaves them to a rule are
// decided by it, never by "the spec names no rule" (gzip, unalias and
// stdbuf once were).
func TestRuledProgramsDecide(t *testing.T) {
	p := New(Options{})
	for _, tc := range []struct {
		cmd  string
		want arbiter.Verdict
		rule catalog.ID
	}{
		{"gzip -k notes.txt", arbiter.Allow, catalog.D2WriteProject},
		{"gunzip data/dump.sql.gz", arbiter.Allow, catalog.D2WriteProject},
		{"xz -d -k build/out.tar.xz", arbiter.Allow, catalog.D2WriteProject},
		{"zstd -19 -T0 dist/bundle.js", arbiter.Allow, catalog.D2WriteProject},
		{"gzip -c notes.txt", arbiter.Allow, catalog.D1ReadOnly},
		{"bzip2 -t backup.bz2", arbiter.Allow, catalog.D1ReadOnly},
		{"gzip -l /var/log/syslog.2.gz", arbiter.Allow, catalog.D1ReadOnly},
		{"gzip --rsyncable notes.txt", arbiter.Defer, catalog.UUnknownOption},
		{"gzip ~/.bashrc", arbiter.Ask, ""},
		{"gzip -c ~/.ssh/id_rsa", arbiter.Deny, ""},
		{"gzip /etc/passwd", arbiter.Ask, catalog.B5SystemConfig},
		{"unalias ll", arbiter.Allow, catalog.D1ReadOnly},
		{"stdbuf -oL ls", arbiter.Allow, ""},
		{"ionice -c3 ls -la", arbiter.Allow, ""},
	} {
		d := p.Decide(context.Background(), bash(tc.cmd))
		if d.Decision != tc.want || tc.rule != "" && !hasRule(d.Rules, string(tc.rule)) {
			t.Errorf("%s: got %s %v (%s), want %s %s", tc.cmd, d.Decision, d.Rules, d.Reason, tc.want, tc.rule)
		}
		if hasRule(d.Rules, string(catalog.UNoRule)) {
			t.Errorf("%s: decided by %s", tc.cmd, catalog.UNoRule)
		}
	}
}

// TestSameCallSameAnswer: a decision never depends on map order. Mutual
// recursion was answered naming whichever function a map gave first.
func TestSameCallSameAnswer(t *testing.T) {
	p := New(Options{})
	for _, cmd := range []string{
		"f() { g & }; g() { f & }; f",
		"a() { b | b; }; b() { c & }; c() { a & }; a",
		"x() { y & }; y() { z; }; z() { x & }; x",
	} {
		first := p.Decide(context.Background(), bash(cmd))
		for range 30 {
			if d := p.Decide(context.Background(), bash(cmd)); d.Reason != first.Reason || d.Decision != first.Decision {
				t.Fatalf("%s: answered %q, then %q", cmd, first.Reason, d.Reason)
			}
		}
	}
}

// ownEffectSubs reports a rule-by-name block whose words are only its
// subcommands, each with an effect of its own (twine check reads): those
// are read by their specs, the rest fire the rule.
func ownEffectSubs(sp *spec.Spec) bool {
	sp.Parse(nil) // loads the block's own opts and args
	if len(sp.Options) > 0 || len(sp.Operands) > 0 || len(sp.Subs) == 0 {
		return false
	}
	for _, sub := range sp.Subs {
		if sub.Effect == spec.Ruled {
			return false
		}
	}
	return true
}
