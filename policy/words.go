package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/shell"
)

// operands returns the non-option words of a command; "--" ends options.
func operands(c *shell.Command, valued ...string) []shell.Word {
	var out []shell.Word
	done := false
	for k := 0; k < len(c.Args); k++ {
		a := c.Args[k]
		if !done && a.Text == "--" {
			done = true
			continue
		}
		if !done && strings.HasPrefix(a.Text, "-") && len(a.Text) > 1 {
			if contains(valued, a.Text) {
				k++
			}
			continue
		}
		out = append(out, a)
	}
	return out
}

func hasFlag(c *shell.Command, short byte, long ...string) bool {
	for _, a := range c.Args {
		if a.Text == "--" {
			return false
		}
		if short != 0 && shortFlag(a.Text, short) {
			return true
		}
		for _, l := range long {
			if gitOpt(a.Text, l) {
				return true
			}
		}
	}
	return false
}

func containsWord(c *shell.Command, words ...string) bool {
	for _, a := range c.Args {
		if contains(words, a.Text) {
			return true
		}
	}
	return false
}

// abbreviates reports whether flag is one of the long options or a prefix
// of one that the program would accept (wget takes --post-f for --post-file).
func abbreviates(flag string, names ...string) bool {
	if !strings.HasPrefix(flag, "--") || len(flag) < 4 {
		return false
	}
	for _, n := range names {
		if strings.HasPrefix(n, flag) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// optionValue returns the value of the last of the named options in any
// of its forms: --dir=v, --dir v, -Cv and -C v.
func optionValue(args []shell.Word, names ...string) (string, bool) {
	val, found := "", false
	for k, a := range args {
		for _, n := range names {
			switch {
			case a.Text == n && k+1 < len(args):
				val, found = args[k+1].Text, true
			case strings.HasPrefix(n, "--") && strings.HasPrefix(a.Text, n+"="):
				val, found = a.Text[len(n)+1:], true
			case len(n) == 2 && n[0] == '-' && n[1] != '-' && len(a.Text) > 2 && strings.HasPrefix(a.Text, n):
				val, found = a.Text[2:], true
			}
		}
	}
	return val, found
}
