package code

import "github.com/arbitergate/arbiter/internal/lazy"

// perlFuncs are the Perl builtins that only compute, print or read the
// standard input and the files perl was given.
var perlFuncs = lazy.New(func() map[string]bool {
	return toSet("print printf say chomp chop chr ord split join length substr index rindex lc uc lcfirst ucfirst sprintf reverse sort keys values each exists defined delete push pop shift unshift splice scalar abs int sqrt hex oct map grep die warn exit undef time localtime gmtime quotemeta pos sin cos atan2 exp log rand srand ref pack unpack wantarray eof close")
})

var perlKeywords = lazy.New(func() map[string]bool {
	return toSet("if unless else elsif while until for foreach do my our local last next redo and or not xor lt gt le ge eq ne cmp BEGIN END use")
})

// perlHandles are the file handles perl opens itself.
var perlHandles = lazy.New(func() map[string]bool {
	return toSet("STDIN STDOUT STDERR ARGV ARGVOUT")
})

// perlEffects names the effect of the builtins that have one the policy
// has a rule for; any other name off the lists above is impure too.
var perlEffects = lazy.New(func() map[string]string {
	return map[string]string{
		"system": "spawn", "exec": "spawn", "readpipe": "spawn",
		"unlink": "delete", "rmdir": "delete",
		"socket": "network", "connect": "network", "bind": "network",
		"eval": "dynamic", "require": "dynamic", "dump": "dynamic",
		"syscall": "native", "dlopen": "native",
	}
})

var perlAssignments = lazy.New(func() map[string]bool {
	return toSet("= .= += -= *= /= //= ||= &&= x= |= &= ^= **= %= <<= >>= ++ -- =~")
})

// analyzePerl judges a Perl one-liner: pure when every name is a builtin
// that only computes or prints, every regex and string interpolates plain
// variables only, and it neither changes @ARGV (the files perl opens),
// %ENV or $0 nor loads a module other than strict and warnings.
func analyzePerl(a *analysis, src string) {
	ts := lexPerl(a, src)
	if a.failed {
		return
	}
	for i, t := range ts {
		if t.kind != tName {
			continue
		}
		if t.text[0] == '$' || t.text[0] == '@' || t.text[0] == '%' {
			perlVariable(a, ts, i)
			continue
		}
		perlName(a, ts, i)
	}
}

// perlName judges a bare word.
func perlName(a *analysis, ts tokens, i int) {
	name := ts[i].text
	next := ts.at(i + 1)
	switch {
	case name == "<>":
	case name == "use":
		if m := ts.at(i + 1); m.kind != tName || m.text != "strict" && m.text != "warnings" || ts.at(i+2).kind != tEnd {
			a.not("use loads a module")
		}
	case name == "strict" || name == "warnings":
		if !ts.at(i-1).is(tName, "use") {
			a.not("calls %s", name)
		}
	case name == "do" || name == "BEGIN" || name == "END":
		if !next.is(tOp, "{") {
			a.not("%s not followed by a block (do FILE runs a file)", name)
		}
	case (name == "print" || name == "printf" || name == "say") && next.is(tOp, "{"):
		a.not("%s prints to a file handle an expression gives", name)
	case name == "sort" && next.kind == tName && next.text[0] == '$' && !ts.at(i+2).is(tOp, ",") && !ts.at(i+2).is(tOp, ")"):
		a.not("sort calls a routine named by %s", next.text)
	case perlFuncs.Get()[name] || perlKeywords.Get()[name] || perlHandles.Get()[name]:
	case a.effect(perlEffects.Get()[name], "perl "+name):
	default:
		a.not("calls %s, which is not a Perl builtin arbiter knows to only compute and print", name)
	}
}

// perlVariable judges a variable: @ARGV decides which files <> opens
// (and how: a name like ">f" or "cmd|" writes or runs), %SIG runs
// handlers, $0 and %ENV writes change what other programs see.
func perlVariable(a *analysis, ts tokens, i int) {
	v := ts[i].text
	name := v[1:]
	if v[0] == '$' && len(name) > 0 && name[0] == '#' {
		name = name[1:]
	}
	subscript := ts.at(i+1).is(tOp, "{") || ts.at(i+1).is(tOp, "[")
	switch {
	case name == "ARGV" && (v[0] != '$' || subscript || v[1] == '#'):
		a.not("uses @ARGV, which decides which files perl opens and how")
	case name == "SIG" || name == "INC":
		a.not("uses %%%s", name)
	case v == "$0" && perlAssignments.Get()[ts.at(i+1).text]:
		a.not("assigns $0")
	case name == "ENV" && v[0] == '$' && subscript:
		perlEnv(a, ts, i)
	case name == "ENV" && v[0] != '$':
		a.envDump("perl %ENV")
	}
}

// perlEnv judges $ENV{...}: a read of a literal name is reported; a write
// is not pure; any other subscript reads a variable by a computed name.
func perlEnv(a *analysis, ts tokens, i int) {
	key, shut := ts.at(i+2), ts.at(i+3)
	prev := ts.at(i - 1)
	if !ts.at(i+1).is(tOp, "{") || key.kind != tString || key.open || !shut.is(tOp, "}") {
		a.envDump("perl $ENV{…}")
		return
	}
	if perlAssignments.Get()[ts.at(i+4).text] || prev.is(tName, "local") || prev.is(tName, "delete") || prev.is(tName, "undef") || prev.is(tOp, "++") || prev.is(tOp, "--") || prev.is(tOp, "\\") {
		a.not("changes $ENV{%s}", key.text)
		return
	}
	a.env(key.text)
}
