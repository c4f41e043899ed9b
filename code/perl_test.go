package code

import (
	"strings"
	"testing"
)

// TestPerlPure: the one-liners agents write instead of sed and awk are
// read whole and pure.
func TestPerlPure(t *testing.T) {
	for _, src := range []string{
		`s/foo/bar/g`,
		`print if /pattern/`,
		`print $F[1]`,
		`s/\n\n+/\n/g`,
		`tr/a-z/A-Z/`,
		`y/a-z/A-Z/`,
		`s{/usr/local}{/opt}gx; s#a#b#; s|x|y|i`,
		`print "$F[0]\t$F[2]\n" if $F[1] =~ /^\d+$/`,
		"{ $c++ }{ print $c\n;}",
		`BEGIN { $/ = undef } print length`,
		`chomp; my @p = split /,/; print join("\t", reverse @p)`,
		`$h{$_}++ for split; END { print "$_ $h{$_}\n" for sort { $h{$b} <=> $h{$a} } keys %h }`,
		`use strict; use warnings; my $x = lc $_; print ucfirst($x)`,
		`print scalar(@F), " ", substr($_, 0, 10), " ", sprintf("%05.2f", $.)`,
		`next unless /\S/; print $ARGV, ": ", $_`,
		`my $s = s/a/b/r; printf STDERR "%s\n", $s`,
		`print "${name}s: $h{key} $a[-1] $1"`,
		`$_ = uc; print qq(<$_>), q('x'), qw(a b)`,
		`print $x x 3, "-" x20`,
		`while (<STDIN>) { last if /^$/; print }`,
	} {
		if r := Analyze("perl", src); !r.Pure {
			t.Errorf("%q: not pure: %s", src, r.Why)
		}
	}
}

// TestPerlImpure: code that runs programs or code, opens or changes
// files, changes the files perl opens, or that the reader cannot tell
// apart from such code, is not pure.
func TestPerlImpure(t *testing.T) {
	for _, tt := range []struct{ src, why string }{
		{`s/x/system("id")/e`, "s///e"},
		{`s/x/system("id")/ee`, "s///e"},
		{`s/(?{system q(id)})//`, "(?{"},
		{`m/(??{ system "id" })/`, "(?{"},
		{`print; system "rm -rf ~"`, "system"},
		{"print `id`", "command"},
		{`print qx(id)`, "qx"},
		{`open(F, ">x"); print F 1`, "open"},
		{`open my $f, "<", "x"`, "open"},
		{`unlink "x"`, "deletes"},
		{`rename "a", "b"`, "rename"},
		{`eval "print 1"`, "runs code"},
		{`do "x.pl"`, "do FILE"},
		{`require Foo`, "runs code"},
		{`use POSIX; print 1`, "use"},
		{`use strict "refs"`, "use"},
		{`print "@{[ system 'id' ]}"`, "expression"},
		{`print "${\ system 'id'}"`, "expression"},
		{`print "$a[system 'id']"`, "subscript"},
		{`s/x/@{[ ` + "`id`" + ` ]}/`, ""},
		{`print /$x{system("id")}/`, "subscript"},
		{`BEGIN { @ARGV = (">x") } print`, "@ARGV"},
		{`unshift @ARGV, "rm -rf ~|"`, "@ARGV"},
		{`$ARGV[0] = "|id"`, "@ARGV"},
		{`$ENV{PATH} = "/tmp"`, "changes $ENV"},
		{`print %ENV`, "environment"},
		{`$0 = "x"`, "$0"},
		{`print glob("*.txt")`, "glob"},
		{`print <*.txt>`, "glob"},
		{`print <$fh>`, "handle"},
		{`print -e "x"`, "file test"},
		{`kill 9, 1`, "kill"},
		{`fork`, "fork"},
		{`chdir "/"; mkdir "x"; chmod 0777, "x"`, "chdir"},
		{`print <<EOF` + "\nx\nEOF", "heredoc"},
		{`$x->foo`, "method"},
		{`@$x = (1)`, "dereferences"},
		{`&{"sys"."tem"}("id")`, "&"},
		{`*STDOUT = *STDERR`, "typeglob"},
		{`CORE::system("id")`, "package"},
		{`$SIG{__WARN__} = 1`, "SIG"},
		{`print {$fh} 1`, "file handle"},
		{`time /1;system("id");#/`, ""},
		{`print length /#/; system("id")`, ""},
		{`s {a}{b}`, "delimiter"},
		{`print "unterminated`, "unterminated"},
		{"print 1\n=pod\nsystem 'id'\n=cut\n", "POD"},
		{`print 1; __END__ system`, "__END__"},
		{`sys'tem("id")`, "separator"},
		{`sub f { 1 } f()`, "sub"},
		{`print "$^W[system 'id']"`, "$^"},
		{`print "$#{[system 'id']}"`, "$#"},
		{`print "$#x[system 'id']"`, "subscript"},
		{`print "$-[system 'id']"`, "subscript"},
		{`print "$+{system 'id'}"`, "subscript"},
		{`$f = "CORE::unlink"; print sort $f @x`, "sort"},
		{`binmode STDOUT, ":encoding(UTF-8)"`, "binmode"},
		{`print STDERR /'/; system("id"); #'/`, ""},
		{`print $x /'/; system("id"); #'/`, ""},
		{`next /'/; system("id"); #'/`, ""},
	} {
		r := Analyze("perl", tt.src)
		if r.Pure || r.Contained {
			t.Errorf("%q: pure", tt.src)
			continue
		}
		if !strings.Contains(r.Why, tt.why) {
			t.Errorf("%q: why %q, want it to name %q", tt.src, r.Why, tt.why)
		}
	}
}

// TestPerlEffects: the effects the policy has rules for are reported.
func TestPerlEffects(t *testing.T) {
	if r := Analyze("perl", `system "id"`); !r.Spawns {
		t.Errorf("system: %+v", r)
	}
	if r := Analyze("perl", `print $ENV{HOME}, $ENV{'GITHUB_TOKEN'}`); !r.Pure || strings.Join(r.Env, ",") != "HOME,GITHUB_TOKEN" {
		t.Errorf("$ENV{…}: %+v", r)
	}
	if r := Analyze("perl", `print "$ENV{AWS_SECRET_ACCESS_KEY}"`); strings.Join(r.Env, ",") != "AWS_SECRET_ACCESS_KEY" {
		t.Errorf(`"$ENV{…}": %+v`, r)
	}
	if r := Analyze("perl", `print keys %ENV`); !r.EnvDump {
		t.Errorf("%%ENV: %+v", r)
	}
}
