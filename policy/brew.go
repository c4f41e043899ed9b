package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// brewSub is what a Homebrew subcommand does when it does not install.
type brewSub struct {
	id     catalog.ID
	reason string
	names  bool // its operands are formula or cask names, which brew loads
	bare   bool // it reads only when given no operands (brew tap lists, brew tap x taps)
}

// brewSubs are the subcommands (and the options that act as one, brew
// --prefix jq) that only print what Homebrew knows; the spec's brew block
// lists the options each accepts. Any other subcommand installs, upgrades,
// removes or taps software and is judged as an install. brew info also
// fetches the formula's public download counts; like npm view, that is
// reading package information.
var brewSubs = lazy.New(func() map[string]brewSub {
	reads := brewSub{id: catalog.D1ReadOnly, reason: "reads what Homebrew has installed or knows about a package", names: true}
	paths := brewSub{id: catalog.D1ReadOnly, reason: "prints where Homebrew keeps its files", names: true}
	return map[string]brewSub{
		"":     {id: catalog.D1ReadOnly, reason: "prints brew's usage"},
		"list": reads, "ls": reads, "info": reads, "abv": reads, "deps": reads, "uses": reads,
		"leaves":   reads,
		"outdated": reads,
		"desc":     {id: catalog.D1ReadOnly, reason: "searches the descriptions of the packages Homebrew knows"},
		"config":   {id: catalog.D1ReadOnly, reason: "prints Homebrew's configuration"},
		"--config": {id: catalog.D1ReadOnly, reason: "prints Homebrew's configuration"},
		"doctor":   {id: catalog.D1ReadOnly, reason: "checks the Homebrew installation for problems"},
		"dr":       {id: catalog.D1ReadOnly, reason: "checks the Homebrew installation for problems"},
		"commands": {id: catalog.D1ReadOnly, reason: "lists brew's commands"},
		"formulae": {id: catalog.D1ReadOnly, reason: "lists the packages Homebrew knows"},
		"casks":    {id: catalog.D1ReadOnly, reason: "lists the packages Homebrew knows"},
		"missing":  {id: catalog.D1ReadOnly, reason: "lists dependencies that are not installed", names: true},
		"tap":      {id: catalog.D1ReadOnly, reason: "lists the taps Homebrew has", bare: true},
		"tap-info": {id: catalog.D1ReadOnly, reason: "reads what Homebrew knows about a tap"},
		"shellenv": {id: catalog.D1ReadOnly, reason: "prints the shell settings that put Homebrew on the path"},
		"--prefix": paths, "--cellar": paths, "--caskroom": paths, "--repository": paths, "--repo": paths, "--cache": paths,
		"--env":  {id: catalog.D1ReadOnly, reason: "prints the environment Homebrew builds with"},
		"search": {id: catalog.C1NetworkRequest, reason: "brew search also searches Homebrew's online index"},
	}
})

// brew judges a brew command that does not install: it reports false
// for one the caller judges as an install. A package named by a path, an
// address or a tap is Ruby code brew loads from there, which arbiter does
// not read.
func (j *judgement) brew(c *shell.Command, subj string) bool {
	sub, names := brewWords(c)
	if sub == "services" {
		j.brewServices(c, subj, names)
		return true
	}
	what, ok := brewSubs.Get()[sub]
	if !ok || what.bare && len(names) > 0 {
		return false
	}
	if what.names {
		for _, n := range names {
			if !n.Dynamic && !brewName(n.Text) {
				j.fireWith(catalog.UUnreadableScript, subj, "brew loads "+n.Text+" as a formula or cask from a file, an address or a tap: Ruby code arbiter does not read")
				return true
			}
		}
	}
	j.fireWith(what.id, subj, what.reason)
	return true
}

// brewServices judges brew services: listing is reading; starting,
// stopping or registering a service changes what runs at login.
func (j *judgement) brewServices(c *shell.Command, subj string, names []shell.Word) {
	if len(names) == 0 || names[0].Text == "list" || names[0].Text == "info" {
		j.fireWith(catalog.D1ReadOnly, subj, "lists Homebrew's background services")
		return
	}
	j.fireWith(catalog.B5SystemConfig, subj, "starts, stops or registers a background service, which can run at every login")
}

// brewWords splits a brew command into its subcommand (or the option
// that acts as one) and the operands after it. brew's read subcommands
// take values only attached (--json=v2), so every other word that does
// not start with - is an operand.
func brewWords(c *shell.Command) (string, []shell.Word) {
	sub, seen := "", false
	var names []shell.Word
	for _, a := range c.Args {
		_, acts := brewSubs.Get()[a.Text]
		switch {
		case !seen && strings.HasPrefix(a.Text, "--") && acts:
			sub, seen = a.Text, true
		case strings.HasPrefix(a.Text, "-") && !a.Dynamic:
		case !seen:
			sub, seen = a.Text, true
		default:
			names = append(names, a)
		}
	}
	return sub, names
}

// brewName reports whether a word names a package the plain way: no
// path, address or tap (user/tap/name), and not a formula, cask or bottle
// file (jq.rb, x.json, x.bottle.tar.gz), which brew loads from disk.
func brewName(s string) bool {
	if s == "" || strings.ContainsAny(s, "/:\\") || strings.HasPrefix(s, ".") {
		return false
	}
	for _, ext := range []string{".rb", ".json", ".tar.gz", ".tgz"} {
		if strings.HasSuffix(strings.ToLower(s), ext) {
			return false
		}
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("@+._-", r)) {
			return false
		}
	}
	return true
}
