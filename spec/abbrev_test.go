package spec

import (
	"strings"
	"testing"
)

// TestAbbreviations: a block with an "abbrev" line takes a unique prefix
// of one of its long options as getopt_long does. An exact name wins over
// a longer one it is a prefix of; a prefix that two options share is
// ambiguous (the program refuses it and runs nothing, arbiter does not
// read it); a block without the line takes no abbreviation at all.
func TestAbbreviations(t *testing.T) {
	tbl, err := ParseTable("demo read\n\tabbrev --files-from\n\topts --out,-o=write --outline --quiet,--silent --verbose --version --color[=text] --fix\n\targs read...\n" +
		"plain read\n\topts --output=write\n\targs read...\n")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		program, args string
		problem       string
		values        string
	}{
		{"demo", "--out=x f", "", "write=x read=f"},          // exact beats --outline
		{"demo", "--outl f", "", "read=f"},                   // unique prefix of --outline
		{"demo", "--ou=x f", "ambiguous option", ""},         // --out or --outline
		{"demo", "--ver f", "ambiguous option", ""},          // --verbose or --version
		{"demo", "--verb f", "", "read=f"},                   // --verbose
		{"demo", "--q f", "", "read=f"},                      // --quiet
		{"demo", "--s f", "", "read=f"},                      // --silent: the same option as --quiet
		{"demo", "--col=always f", "", "text=always read=f"}, // optional value, attached
		{"demo", "--col always", "", "text= read=always"},    // an optional value is only attached
		{"demo", "--nope f", "unknown option", ""},           // no option has the prefix
		{"demo", "--files-from=x f", "unknown option", ""},   // the program's, not accepted
		{"demo", "--fil=x f", "unknown option", ""},          // stands for it
		{"demo", "--fi f", "ambiguous option", ""},           // --fix or the unaccepted --files-from
		{"demo", "--fix f", "", "read=f"},
		{"demo", "--o=x f", "ambiguous option", ""},     // --out, --outline or --outputs
		{"demo", "--outputs=x f", "unknown option", ""}, // longer than any name
		{"demo", "--verbose=1 f", "unexpected value for", ""},
		{"demo", "-- --q", "", "read=--q"},
		{"plain", "--out=x f", "unknown option", ""}, // no abbrev line
	}
	for _, tt := range tests {
		res := tbl.Lookup(tt.program).Parse(strings.Fields(tt.args))
		got := ""
		if res.Problem != nil {
			got = res.Problem.What
		}
		if got != tt.problem {
			t.Errorf("%s %s: problem %q, want %q", tt.program, tt.args, got, tt.problem)
			continue
		}
		var vs []string
		for _, v := range res.Values {
			vs = append(vs, v.Kind.String()+"="+v.Text)
		}
		if tt.problem == "" && strings.Join(vs, " ") != tt.values {
			t.Errorf("%s %s: values %q, want %q", tt.program, tt.args, strings.Join(vs, " "), tt.values)
		}
	}
}

// TestAbbrevTableErrors: abbrev belongs to a program's own block, read by
// getopt_long, and only once.
func TestAbbrevTableErrors(t *testing.T) {
	for text, want := range map[string]string{
		"x read go\n\tabbrev\n":              "getopt_long",
		"x read\n\tsub y read\n\t\tabbrev\n": "program's own block",
		"x read\n\tabbrev\n\tsub y read\n":   "subcommands",
		"x read\n\tabbrev extra\n":           "want the long options",
	} {
		_, err := ParseTable(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want one saying %q", text, err, want)
		}
	}
}
