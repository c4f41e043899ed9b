package shell

import "strings"

// fdValued are fd's options that take a value in the next word (fd 10).
// An option not here is taken for a flag, which can only make a word a
// root that is none, so more is judged, never less.
var fdValued = []string{
	"-d", "--max-depth", "--min-depth", "--exact-depth", "-t", "--type", "-e", "--extension", "-S", "--size",
	"--changed-within", "--change-newer-than", "--newer", "--changed-before", "--change-older-than", "--older",
	"-o", "--owner", "--format", "--batch-size", "-E", "--exclude", "--ignore-file", "-c", "--color", "-j", "--threads",
	"--max-results", "--base-directory", "--path-separator", "--search-path", "--and", "--max-buffer-time",
}

// fdPlaceholders are the words fd replaces with each file found (the
// path, its basename, its folder, without extension).
var fdPlaceholders = []string{"{}", "{/}", "{//}", "{.}", "{/.}"}

// fd runs a command per file found with -x/--exec, or once with all of
// them with -X/--exec-batch: the command is the words after it up to ";"
// or the end. A placeholder, or the end of the command when there is
// none, stands for the files below the search paths.
func (w *walker) fd(cmd *Command) {
	var roots []string
	operand := 0
	args := cmd.Args
	for k := 0; k < len(args); k++ {
		t := args[k].Text
		name, _, attached := strings.Cut(t, "=")
		switch {
		case t == "-x" || t == "--exec" || t == "-X" || t == "--exec-batch":
			end := k + 1
			for end < len(args) && args[end].Text != ";" {
				end++
			}
			w.fdExec(cmd, args[k+1:end], roots, args[end:])
			k = end
		case name == "--search-path" && attached:
			roots = append(roots, t[len("--search-path="):])
		case t == "--search-path" && k+1 < len(args):
			roots = append(roots, args[k+1].Text)
			k++
		case strings.HasPrefix(t, "-") && len(t) > 1:
			if contains(fdValued, t) {
				k++
			}
		default:
			if operand > 0 {
				roots = append(roots, t) // the first operand is the pattern
			}
			operand++
		}
	}
}

// fdExec analyses the command of fd -x or -X; later is the rest of fd's
// words, whose search paths count as well.
func (w *walker) fdExec(cmd *Command, words []Word, roots []string, later []Word) {
	for k := 0; k < len(later); k++ {
		if t := later[k].Text; !strings.HasPrefix(t, "-") && t != ";" {
			roots = append(roots, t)
		} else if contains(fdValued, t) {
			k++
		}
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	for _, root := range roots {
		w.runWords(*cmd, fdCommand(words, strings.TrimSuffix(root, "/")+"/*"), "fd")
	}
}

// fdCommand is the command fd runs for the files found (below one root).
func fdCommand(words []Word, found string) []Word {
	words = append([]Word(nil), words...)
	placed := false
	for n := range words {
		for _, p := range fdPlaceholders {
			if strings.Contains(words[n].Text, p) {
				words[n].Text = strings.ReplaceAll(words[n].Text, p, found)
				words[n].Glob = true
				placed = true
			}
		}
	}
	if !placed && len(words) > 0 {
		words = append(words, Word{Text: found, Glob: true})
	}
	return words
}
