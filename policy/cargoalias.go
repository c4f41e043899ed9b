package policy

import (
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// cargoBuiltins are cargo's own subcommands. Cargo ignores a user alias
// of one of these names ("user-defined alias `build` is ignored, because
// it is shadowed by a built-in command", cargo's expand_aliases), but a
// user alias does replace its built-in aliases b, c, d, r, t and rm
// (aliased_command looks up alias.NAME before BUILTIN_ALIASES), and
// defines any other name.
var cargoBuiltins = lazy.New(func() map[string]bool {
	m := map[string]bool{}
	for _, s := range strings.Fields("add bench build check clean config doc fetch fix generate-lockfile git-checkout help info init install locate-project login logout metadata new owner package pkgid publish read-manifest remove report run rustc rustdoc search test tree uninstall update vendor verify-project version yank") {
		m[s] = true
	}
	return m
})

// cargoAlias judges a cargo subcommand that an [alias] of the project's
// cargo configuration defines as the command it expands to, with the
// command's other words kept in place. It reports whether an alias (or
// what arbiter cannot read of them) decided the command.
func (j *judgement) cargoAlias(c *shell.Command, sub, subj string) bool {
	if sub == "" || strings.HasPrefix(sub, "-") || cargoBuiltins.Get()[sub] {
		return false
	}
	if c.DirUnknown {
		j.fireWith(catalog.UUnresolved, subj, "cargo looks "+sub+" up in the aliases of a folder arbiter cannot tell")
		return true
	}
	if f := j.writesFirst(func(base string) bool { return base == "config" || base == "config.toml" }); f != "" {
		j.fireWith(catalog.UUnreadableScript, subj, "the command line writes "+j.shownPath(f)+", where cargo may find an alias "+sub+", so what runs is not what arbiter can read on disk")
		return true
	}
	dir := j.res.Resolve(".", c.Dir)
	if place := j.res.Classify(dir, false); place != paths.Project && place != paths.ProjectRoot {
		return false // the closed world judges cargo outside the project
	}
	root := j.res.Project
	if root == "" {
		root = dir
	}
	a, err := project.FindCargoAlias(dir, root, sub)
	switch {
	case project.IsNotExist(err):
		return false
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "cargo looks "+sub+" up in its aliases first, and arbiter cannot read them ("+err.Error()+")")
		return true
	}
	text := "cargo " + cargoExpansion(c, sub, a.Words)
	j.shellText(text, dir, subj+" ("+j.fileShown(a.File)+" alias "+sub+": "+clipText(strings.Join(a.Words, " "), 80)+")")
	j.fireWith(catalog.D4RunScript, subj, "cargo "+sub+" is the alias "+clipText(strings.Join(a.Words, " "), 80)+" of "+j.fileShown(a.File)+", judged as what it runs")
	return true
}

// cargoExpansion gives cargo's words with the alias in place of sub: the
// words before it (global options, +toolchain) and after it kept. A word
// known only at run time stays so, as a variable.
func cargoExpansion(c *shell.Command, sub string, words []string) string {
	out := make([]string, 0, len(c.Args)+len(words))
	done := false
	for k, a := range c.Args {
		switch {
		case !done && a.Text == sub && !a.Dynamic:
			out = append(out, project.QuoteWords(words))
			done = true
		case a.Dynamic:
			out = append(out, `"$arbiter_arg`+strconv.Itoa(k)+`"`)
		default:
			out = append(out, shellQuote(a.Text))
		}
	}
	return strings.Join(out, " ")
}
