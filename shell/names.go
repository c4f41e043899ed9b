package shell

import "github.com/arbitergate/arbiter/internal/lazy"

// The names programs go by, in one place: which programs are shells,
// and which names are another build of a program arbiter's rules know
// (GNU tar as gtar, BSD tar as bsdtar). Everything that asks "is this a
// shell" or "is this tar" asks here.

// shells are the command shells that run a -c command line, a script
// file or standard input, each with whether it speaks the sh language,
// so that its scripts read as Bash reads them. fish and the C shells do
// not: their scripts are another language.
var shells = lazy.New(func() map[string]bool {
	return map[string]bool{
		"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true, "ash": true,
		"yash": true, "posh": true, "rbash": true,
		"fish": false, "csh": false, "tcsh": false,
	}
})

// IsShell reports whether a program name is a command shell.
func IsShell(program string) bool {
	_, ok := shells.Get()[program]
	return ok
}

// SpeaksSh reports whether a program is a shell whose scripts are in the
// sh language (sh, bash, dash, zsh, ksh and the like).
func SpeaksSh(program string) bool { return shells.Get()[program] }

// variants maps another name of a program to the name its rules use.
var variants = lazy.New(func() map[string]string {
	return map[string]string{
		"gtar": "tar", "bsdtar": "tar",
		"gsed": "sed",
		"gawk": "awk", "mawk": "awk", "nawk": "awk",
		"gmake":  "make",
		"nodejs": "node",
		"7zz":    "7z", "7za": "7z", "7zr": "7z",
	}
})

// Canonical returns the name arbiter's rules know a program by: tar for
// gtar and bsdtar, awk for gawk. Any other name is returned as it is.
func Canonical(program string) string {
	if name, ok := variants.Get()[program]; ok {
		return name
	}
	return program
}

// IsBuiltin reports whether name is one of Bash's builtins, which run
// before any PATH lookup.
func IsBuiltin(name string) bool { return shellBuiltins.Get()[name] }
