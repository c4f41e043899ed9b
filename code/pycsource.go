package code

import (
	"fmt"
	"strings"

	"github.com/arbitergate/arbiter/internal/lazy"
)

// Compiled code can only hold the names and text its source spells: a
// name it looks up comes from an identifier, a string constant from a
// literal (or the compiler's own fold of literals). A pyc that holds one
// the source does not was not compiled from that source, whatever its
// header says. This is a light check, not a disassembly: bytecode that
// rearranges the source's own names is not caught.

// compilerNames are names the compiler itself puts in co_names, spelled
// nowhere in the source: a class body's bookkeeping, and 3.8's assert.
var compilerNames = lazy.New(func() map[string]bool {
	return toSet("__name__ __module__ __qualname__ __doc__ __annotations__ __class__ __classcell__ " +
		"__firstlineno__ __static_attributes__ __classdict__ __classdictcell__ __type_params__ __annotate__ " +
		"__conditional_annotations__ __annotate_func__ __dict__ __weakref__ AssertionError .type_params .generic_base")
})

// compilerParts are the parts of a qualified name (Outer.f.<locals>.g),
// which the compiler stores as a string constant, that are not
// identifiers.
var compilerParts = lazy.New(func() map[string]bool {
	return toSet("<locals> <lambda> <listcomp> <dictcomp> <setcomp> <genexpr> <module> <annotate>")
})

// sourceWords is what Python source spells: its identifiers, and the text
// of its string literals.
type sourceWords struct {
	src   string
	names map[string]bool
	// literals is the value of every string literal, joined within a
	// statement and NUL between statements: the compiler joins literals
	// side by side, folds 'a' + 'b', and splits f-strings into pieces
	// that may span two literals.
	literals string
}

func readSourceWords(src string) (sourceWords, error) {
	a := &analysis{comments: [][2]int{}}
	ts := lexPython(a, src, 0)
	if a.failed {
		return sourceWords{}, fmt.Errorf("source: %s", a.r.Why)
	}
	// The text is matched without its comments: a comment is no
	// constant's source, and a forged pyc's payload could be one.
	w := sourceWords{src: withoutComments(src, a.comments), names: map[string]bool{}}
	var lit strings.Builder
	for _, t := range ts {
		switch t.kind {
		case tName, tKeyword:
			w.names[t.text] = true
		case tString:
			lit.WriteString(t.text)
		case tEnd:
			lit.WriteByte(0)
		}
	}
	w.literals = lit.String()
	return w, nil
}

// withoutComments blanks the comment spans of src.
func withoutComments(src string, spans [][2]int) string {
	if len(spans) == 0 {
		return src
	}
	b := []byte(src)
	for _, sp := range spans {
		for i := sp[0]; i < sp[1] && i < len(b); i++ {
			b[i] = ' '
		}
	}
	return string(b)
}

// ErrPycDiffers is the error of a pyc that names or holds what its source
// does not spell.
const ErrPycDiffers = pycError("holds names or text the source does not")

// PycMatchesSource checks that every name and string constant of a pyc
// (ReadPyc's input) occurs in src; the error names the first that does
// not, or why the pyc could not be read.
func PycMatchesSource(pyc []byte, src string) error {
	b, err := ReadPyc(pyc)
	if err != nil {
		return err
	}
	w, err := readSourceWords(src)
	if err != nil {
		return err
	}
	for _, n := range b.Names {
		if !w.name(n) {
			return fmt.Errorf("%w: the name %q", ErrPycDiffers, n)
		}
	}
	for _, s := range b.Strings {
		if !w.text(s) {
			return fmt.Errorf("%w: the text %q", ErrPycDiffers, clip(s))
		}
	}
	return nil
}

// name reports a co_names entry the source spells: an identifier, or a
// dotted module path of them (import a.b).
func (w sourceWords) name(n string) bool {
	if compilerNames.Get()[n] || w.mangled(n) {
		return true
	}
	for _, part := range strings.Split(n, ".") {
		if !w.names[part] {
			return false
		}
	}
	return true
}

// mangled reports a private name as the compiler mangles it inside a
// class (self.__x in class C is _C__x), its parts spelled in the source.
func (w sourceWords) mangled(n string) bool {
	for i := 2; i+2 < len(n); i++ {
		if n[0] != '_' || n[i:i+2] != "__" || !w.names[n[i:]] {
			continue
		}
		c := n[1:i]
		if w.names[c] || w.names["_"+c] || w.names["__"+c] {
			return true
		}
	}
	return false
}

// text reports a string constant the source spells: within a literal's
// value (f-string pieces, literals side by side), in the source text
// itself (stringified annotations, format specs), as a qualified name, as
// a literal repeated ('=' * 70, which the compiler folds), or line by
// line (docstrings, which 3.13 dedents). A piece the compiler makes in
// other ways (an f-string's {x=}) is taken for text the source lacks:
// the pyc then defers, which is safe.
func (w sourceWords) text(s string) bool {
	switch {
	case s == "" || strings.Contains(w.literals, s) || strings.Contains(w.src, s):
		return true
	case w.qualified(s) || w.repeated(s):
		return true
	case strings.Contains(s, "%") && strings.Contains(w.literals, strings.ReplaceAll(s, "%", "%%")):
		return true // 'a%%b' % (x,), which the compiler folds into pieces
	}
	if !strings.Contains(s, "\n") {
		return false
	}
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line != "" && !strings.Contains(w.literals, line) {
			return false
		}
	}
	return true
}

// qualified reports a dotted name whose parts are identifiers or the
// compiler's own <locals>-style parts.
func (w sourceWords) qualified(s string) bool {
	for _, part := range strings.Split(s, ".") {
		if !w.names[part] && !compilerParts.Get()[part] {
			return false
		}
	}
	return true
}

// repeated reports s made of one literal's text said several times.
func (w sourceWords) repeated(s string) bool {
	if len(s) > 1<<12 {
		return false
	}
	for p := 1; p <= len(s)/2; p++ {
		if len(s)%p == 0 && strings.Repeat(s[:p], len(s)/p) == s {
			return strings.Contains(w.literals, s[:p])
		}
	}
	return false
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}
