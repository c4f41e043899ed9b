package policy

import (
	"regexp"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
)

// makeTools are the programs a built-in rule of make may be told to run
// (CC = clang, AR = ar, RM = rm -f) that only compile, archive, link or
// remove what the rule names. Any other program is not one arbiter
// checked.
var makeTools = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(`cc c++ gcc g++ clang clang++ cpp tcc icc icx icpx pcc cl
		f77 f95 gfortran flang ifort ifx as gas nasm yasm ld ld.gold ld.lld ld.bfd lld gold ar llvm-ar gcc-ar ranlib
		lex flex yacc bison byacc lint splint m2c pc gpc fpc co get makeinfo texi2any tex texi2dvi weave cweave tangle ctangle
		rm gobjc objc`) {
		out[w] = true
	}
	return out
})

// makeToolWrappers run the compiler that follows them (CC = ccache gcc).
var makeToolWrappers = lazy.New(func() map[string]bool {
	return map[string]bool{"ccache": true, "sccache": true, "distcc": true}
})

// makeToolName matches a tool's name with a target prefix or a version
// suffix: aarch64-linux-gnu-gcc, gcc-12, clang-17, llvm-ar-15.
var makeToolName = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[a-z0-9_]+(?:-[a-z0-9_.]+){1,3}-)?([a-z0-9+._]+?)(?:-[0-9]+(?:\.[0-9]+)*)?$`)
})

// makeCompilerVars are the variables whose options a compiler or its
// linker takes; they are judged as cc's options.
var makeCompilerVars = lazy.New(func() map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(`CC CXX CPP FC F77 OBJC CFLAGS CXXFLAGS CPPFLAGS FFLAGS OBJCFLAGS LDFLAGS LDLIBS LOADLIBES TARGET_ARCH TARGET_MACH`) {
		out[w] = true
	}
	return out
})

// makeInertToolFlags are the options of the other tools' variables that
// arbiter knows: rm's -f and ar's modifiers. Another tool's option (tex
// --shell-escape, bison --output) is not checked, and defers.
var makeInertToolFlags = lazy.New(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:-f|-?[rcsuvqtDUS]{1,6})$`)
})

// compilerVar reports a variable holding a compiler or its options.
func compilerVar(name string) bool {
	for _, p := range []string{"COMPILE.", "LINK.", "PREPROCESS."} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return makeCompilerVars.Get()[name]
}

// makeShellSyntax are the characters that make a value more than a
// program and its options once the shell reads a recipe.
const makeShellSyntax = ";&|<>()`$\n\"'\\*?[]{}~#!"

// knownMakeTool reports a bare name of one of makeTools.
func knownMakeTool(word string) bool {
	if makeTools.Get()[word] {
		return true
	}
	m := makeToolName.Get().FindStringSubmatch(word)
	return m != nil && makeTools.Get()[m[1]]
}

// makeBuiltins judges the values the Makefile or the command line gives
// the variables make's built-in rules expand: a built-in rule runs
// $(CC) $(CFLAGS) … for a target the Makefile has no recipe for. A tool
// must be one of makeTools by its bare name, its options plain words;
// options are judged as a compiler's. Anything else defers.
func (j *judgement) makeBuiltins(vals []project.BuiltinValue, dir, subj string) bool {
	for _, v := range vals {
		where := "make's built-in rules run " + v.Name + " = " + clipText(v.Value, 60)
		if strings.ContainsAny(v.Value, makeShellSyntax) {
			j.fireWith(catalog.URunsAProgram, subj, where+", which holds shell syntax or a value only known when make runs")
			return false
		}
		words := strings.Fields(v.Value)
		if v.Kind == project.BuiltinProgram && len(words) > 0 {
			if makeToolWrappers.Get()[words[0]] && len(words) > 1 {
				words = words[1:]
			}
			if !knownMakeTool(words[0]) {
				j.fireWith(catalog.URunsAProgram, subj, where+": "+words[0]+" is not a compiler or build tool arbiter knows by its bare name")
				return false
			}
			words = words[1:]
		}
		var flags []string
		for _, w := range words {
			switch {
			case !compilerVar(v.Name):
				if !makeInertToolFlags.Get().MatchString(w) {
					j.fireWith(catalog.URunsAProgram, subj, where+": "+w+" is not an option of the tool arbiter knows to be inert")
					return false
				}
			case strings.HasPrefix(w, "-"):
				flags = append(flags, w)
			case v.Kind == project.BuiltinProgram:
				j.fireWith(catalog.URunsAProgram, subj, where+": "+w+" is more than an option of the tool")
				return false
			}
		}
		if len(flags) > 0 {
			// The options as a compiler's: a plugin or a specs file loads code.
			j.shellText(quoteWords(append(append([]string{"cc"}, flags...), "-c", "/dev/null")), dir, subj+" ("+v.Name+")")
		}
	}
	return true
}
