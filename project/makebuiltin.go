package project

import (
	"sort"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// BuiltinKind says how one of the variables make's built-in rules expand
// is used: as the program a rule runs, or as its options.
type BuiltinKind int

const (
	// BuiltinProgram is a program with options: CC, AR, LINK.c, ….
	BuiltinProgram BuiltinKind = iota + 1
	// BuiltinFlags is options given to such a program: CFLAGS, LDLIBS, ….
	BuiltinFlags
)

// builtinVars are the variables of GNU make's catalogue of built-in rules
// (and of POSIX make's): the programs and the options the rules run.
var builtinVars = lazy.New(func() map[string]BuiltinKind {
	return map[string]BuiltinKind{
		"AR": BuiltinProgram, "AS": BuiltinProgram, "CC": BuiltinProgram, "CXX": BuiltinProgram, "CPP": BuiltinProgram,
		"FC": BuiltinProgram, "F77": BuiltinProgram, "M2C": BuiltinProgram, "PC": BuiltinProgram, "CO": BuiltinProgram,
		"GET": BuiltinProgram, "LEX": BuiltinProgram, "YACC": BuiltinProgram, "LINT": BuiltinProgram, "MAKEINFO": BuiltinProgram,
		"TEX": BuiltinProgram, "TEXI2DVI": BuiltinProgram, "WEAVE": BuiltinProgram, "CWEAVE": BuiltinProgram,
		"TANGLE": BuiltinProgram, "CTANGLE": BuiltinProgram, "RM": BuiltinProgram, "LD": BuiltinProgram, "OBJC": BuiltinProgram,
		"ARFLAGS": BuiltinFlags, "ASFLAGS": BuiltinFlags, "CFLAGS": BuiltinFlags, "CXXFLAGS": BuiltinFlags, "COFLAGS": BuiltinFlags,
		"CPPFLAGS": BuiltinFlags, "FFLAGS": BuiltinFlags, "GFLAGS": BuiltinFlags, "LDFLAGS": BuiltinFlags, "LDLIBS": BuiltinFlags,
		"LOADLIBES": BuiltinFlags, "LFLAGS": BuiltinFlags, "YFLAGS": BuiltinFlags, "PFLAGS": BuiltinFlags, "RFLAGS": BuiltinFlags,
		"LINTFLAGS": BuiltinFlags, "TARGET_ARCH": BuiltinFlags, "TARGET_MACH": BuiltinFlags, "OBJCFLAGS": BuiltinFlags,
		"OUTPUT_OPTION": BuiltinFlags,
	}
})

// builtinCommandPrefixes name the variables that hold a built-in rule's
// whole command (COMPILE.c, LINK.o, PREPROCESS.S, LEX.l, CHECKOUT,v, …).
var builtinCommandPrefixes = lazy.New(func() []string {
	return []string{"COMPILE.", "LINK.", "PREPROCESS.", "LEX.", "YACC.", "LINT.", "CHECKOUT,", "MAKEINFO.", "TEX.", "WEAVE.", "TANGLE."}
})

// builtinKind reports how the built-in rules use the variable name.
func builtinKind(name string) BuiltinKind {
	if k, ok := builtinVars.Get()[name]; ok {
		return k
	}
	for _, p := range builtinCommandPrefixes.Get() {
		if strings.HasPrefix(name, p) {
			return BuiltinProgram
		}
	}
	return 0
}

// BuiltinValue is one value the Makefile or the command line gives a
// variable the built-in rules expand.
type BuiltinValue struct {
	Name  string
	Kind  BuiltinKind
	Value string // expanded; what is only known when make runs shows as ${NAME}
}

// BuiltinValues lists the values set for the variables make's built-in
// rules expand, every value a conditional might leave, in name order.
// Call it after Plan, which applies the command line's values.
func (m *Makefile) BuiltinValues() ([]BuiltinValue, error) {
	var out []BuiltinValue
	for name, v := range m.vars {
		kind := builtinKind(name)
		if kind == 0 {
			continue
		}
		cands := []string{v.value}
		if v.uncertain {
			cands = v.values
		}
		for _, c := range cands {
			x := c
			if !v.simple {
				var err error
				if x, err = m.expand(c, nil, 0); err != nil {
					return nil, err
				}
			}
			out = append(out, BuiltinValue{Name: name, Kind: kind, Value: strings.ReplaceAll(x, unknownMark, "")})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out, nil
}

// CommandLineBuiltins lists the command line's values (make NAME=value) for
// the variables the built-in rules expand, when there is no Makefile.
func CommandLineBuiltins(vars map[string]string) []BuiltinValue {
	var out []BuiltinValue
	for name, v := range vars {
		if k := builtinKind(name); k != 0 {
			out = append(out, BuiltinValue{Name: name, Kind: k, Value: v})
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Name < out[b].Name })
	return out
}
