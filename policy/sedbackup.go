package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/shell"
)

// sedBackup is the path GNU sed -iSUFFIX renames a file operand to before
// writing the edited copy, as GNU sed 4.9 builds it: a suffix with no *
// is appended to the operand; otherwise each * is replaced by the operand
// as given, directories and all. The result is a path relative to the
// working folder (or absolute), so a suffix with a / puts the original's
// content in another folder. No suffix, or a bare *, makes no backup: "".
func sedBackup(suffix, operand string) string {
	if suffix == "" || suffix == "*" {
		return ""
	}
	if !strings.Contains(suffix, "*") {
		return operand + suffix
	}
	return strings.ReplaceAll(suffix, "*", operand)
}

// sedBackups are the backup paths of the files sed -iSUFFIX edits, each as
// dynamic as its suffix or its operand.
func sedBackups(suffix shell.Word, files []shell.Word) []shell.Word {
	var out []shell.Word
	for _, f := range files {
		if b := sedBackup(suffix.Text, f.Text); b != "" {
			out = append(out, shell.Word{Text: b, Dynamic: suffix.Dynamic || f.Dynamic})
		}
	}
	return out
}
