package project

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// chain builds n variables, each referring to the one before it k times
// through wrap (a format with one %s), so that expanding the last one
// naively costs k^n.
func chain(n, k int, wrap string) string {
	var b strings.Builder
	b.WriteString("V0 = x\n")
	for i := 1; i <= n; i++ {
		ref := strings.TrimSpace(strings.Repeat(fmt.Sprintf("$(V%d) ", i-1), k))
		fmt.Fprintf(&b, "V%d = %s\n", i, fmt.Sprintf(wrap, ref))
	}
	return b.String()
}

// TestMakefileExpansionBounded checks that a Makefile whose references
// multiply is refused as not plain instead of expanded for seconds: the
// reader spends a fixed amount of work on one Makefile, whatever shape
// the multiplying takes.
func TestMakefileExpansionBounded(t *testing.T) {
	tests := []struct{ name, text string }{
		// Values stay empty, so the size bound never trips.
		{"through info", chain(15, 3, "$(info %s)") + "all:\n\techo $(V15)\n"},
		// Values stay one word.
		{"through firstword", chain(15, 3, "$(firstword %s)") + "all:\n\techo $(V15)\n"},
		{"through warning", chain(15, 3, "$(warning %s)") + "all:\n\techo $(V15)\n"},
		// Five references per level, fewer levels.
		{"five ways", chain(10, 5, "$(firstword %s)") + "all:\n\techo $(V10)\n"},
		// Each value is under the size bound, but many recipe lines
		// repeat it.
		{"many large lines", chain(19, 2, "%s") + "all:\n" + strings.Repeat("\techo $(V19)\n", 1500)},
		// A one-letter reference to a large simple value, many times.
		{"one-letter references", chain(19, 2, "%s") + "A := $(V19)\nall:\n" + strings.Repeat("\techo $A\n", 1500)},
		// $(shell …) commands are expanded too.
		{"shell commands", chain(15, 3, "$(info %s)") + "X := $(shell echo $(V15))\nall:\n\techo\n"},
	}
	for _, tt := range tests {
		m, err := ParseMakefile(tt.text)
		if err == nil {
			_, err = m.ShellCommands()
		}
		if err == nil {
			_, err = m.Plan(nil, nil)
		}
		if !errors.Is(err, ErrNotPlain) || !strings.Contains(err.Error(), "expansion work") {
			t.Errorf("%s: err = %v, want ErrNotPlain for too much work", tt.name, err)
		}
	}
}

// TestMakefileExpansionTwins checks that ordinary Makefiles of some size,
// with variables used many times, stay within the bound.
func TestMakefileExpansionTwins(t *testing.T) {
	var many strings.Builder
	many.WriteString("CFLAGS = -O2 -Wall $(EXTRA)\nEXTRA = -g\nOBJ = $(SRC:.c=.o)\nSRC = " + strings.Repeat("file.c ", 200) + "\nall:")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&many, " t%d", i)
	}
	many.WriteString("\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&many, "t%d:\n\t$(CC) $(CFLAGS) -c $(OBJ) -o $@\n", i)
	}
	tests := []struct{ name, text string }{
		{"doubling a few times", chain(8, 2, "%s") + "all:\n\techo $(V8)\n"},
		{"through info, short", chain(6, 2, "$(info %s)") + "all:\n\techo $(V6)\n"},
		{"two hundred targets", many.String()},
	}
	for _, tt := range tests {
		m, err := ParseMakefile(tt.text)
		if err != nil {
			t.Errorf("%s: parse: %v", tt.name, err)
			continue
		}
		if _, err := m.Plan(nil, nil); err != nil {
			t.Errorf("%s: plan: %v", tt.name, err)
		}
	}
}
