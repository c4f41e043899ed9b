package policy

import (
	"path"
	"slices"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/shell"
)

// The subcommands of package managers that only read: what they print, and
// which of them ask a registry (network, class C) or open a browser rather
// than read what is on the machine. packages consults these before its own
// switch, so a subcommand here is decided by what it does, not by the list
// it happens to share a case with there.

// pkgRead is what one read-only subcommand does.
type pkgRead struct {
	id     catalog.ID
	reason string
}

var (
	registryLookup = pkgRead{catalog.C1NetworkRequest, "asks the package registry about a package: a network request, which the registry hears"}
	opensBrowser   = pkgRead{catalog.COpenApplication, "opens the package's web page in a browser"}
	readsManifest  = pkgRead{catalog.D1ReadOnly, "reads the package's manifest and dependency graph"}
	readsInstalled = pkgRead{catalog.D1ReadOnly, "reads package information"}
)

// pkgReadsOf returns what the read-only subcommands of a package manager
// (by its canonical name) do, by subcommand or "sub sub2" for a nested
// one; nil for any other program. Each manager's table is built on its
// first use: the typical call names no package manager, and a miss costs
// a switch rather than building every table.
func pkgReadsOf(prog string) map[string]pkgRead {
	switch prog {
	case "npm", "pnpm", "yarn", "bun":
		return npmReads.Get()
	case "cargo":
		return cargoReads.Get()
	case "gem":
		return gemReads.Get()
	case "conda", "mamba":
		return condaReads.Get()
	case "asdf":
		return asdfReads.Get()
	case "pip", "pip3":
		return pipReads.Get()
	case "uv":
		return uvReads.Get()
	case "rustup":
		return rustupReads.Get()
	}
	return nil
}

var (
	npmReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{
			"view": registryLookup, "v": registryLookup, "info": registryLookup, "show": registryLookup,
			"search": registryLookup, "s": registryLookup, "se": registryLookup, "find": registryLookup,
			"docs": opensBrowser, "home": opensBrowser, "bugs": opensBrowser, "issues": opensBrowser, "repo": opensBrowser,
			"query": readsInstalled, "help": readsInstalled, "hlep": readsInstalled,
		}
	})
	cargoReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{
			"search": registryLookup, "info": registryLookup,
			"tree": readsManifest, "metadata": readsManifest, "locate-project": readsManifest, "pkgid": readsManifest,
			"read-manifest": readsManifest, "verify-project": readsManifest,
		}
	})
	gemReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{"search": registryLookup, "list": readsInstalled, "env": readsInstalled, "environment": readsInstalled, "which": readsInstalled, "contents": readsInstalled, "info": readsInstalled}
	})
	// rustup toolchain list names the toolchains installed; it installs
	// none, not even the one a rust-toolchain.toml asks for.
	rustupReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{"toolchain list": readsInstalled}
	})
	condaReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{"search": registryLookup, "list": readsInstalled, "env list": readsInstalled}
	})
	asdfReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{"list all": registryLookup, "current": readsInstalled, "list": readsInstalled, "which": readsInstalled}
	})
	pipReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{"index": registryLookup, "search": registryLookup}
	})
	uvReads = lazy.New(func() map[string]pkgRead {
		return map[string]pkgRead{
			"pip list": readsInstalled, "pip show": readsInstalled, "pip freeze": readsInstalled, "pip tree": readsInstalled,
			"python list": readsInstalled, "python ls": readsInstalled, "python find": readsInstalled, "python dir": readsInstalled, "python pin": readsInstalled, // with no version or --rm: prints the pin
		}
	})
)

// packageRead decides a read-only subcommand of a package manager from
// pkgReadsOf, and the reads that change the project
// under a read-only name (uv version VALUE, poetry version patch, uv
// python pin 3.12). It reports whether it
// decided; a credential printed (npm config get …:_authToken) is
// credentials.go's.
func (j *judgement) packageRead(c *shell.Command, ops []shell.Word, subj string) bool {
	if len(ops) == 0 {
		return false
	}
	prog := shell.Canonical(c.Program)
	table := pkgReadsOf(prog)
	sub := ops[0].Text
	if prog == "npm" && sub == "fund" && len(ops) > 1 {
		j.fireWith(catalog.COpenApplication, subj, "opens the funding page of "+clipText(ops[1].Text, 60)+" in a browser")
		return true
	}
	if prog == "uv" && sub == "version" && (len(ops) > 1 || hasFlag(c, 0, "--bump")) && !hasFlag(c, 0, "--dry-run") {
		j.uvSetVersion(c, subj)
		return true
	}
	if prog == "poetry" && sub == "version" && len(ops) > 1 && !hasFlag(c, 0, "--dry-run") {
		j.projectFileWrite(c, "pyproject.toml", "-C", "--directory", "-P", "--project") // poetry version patch
		return true
	}
	if prog == "uv" && sub == "python" && len(ops) > 1 && ops[1].Text == "pin" && (len(ops) > 2 || hasFlag(c, 0, "--rm")) {
		j.uvPythonPin(c, subj)
		return true
	}
	// The nested subcommand first: asdf list all asks the registry,
	// asdf list reads what is installed.
	r, ok := pkgRead{}, false
	if len(ops) > 1 {
		r, ok = table[sub+" "+ops[1].Text]
	}
	if !ok {
		r, ok = table[sub]
	}
	if !ok || r == registryLookup && slices.ContainsFunc(ops[1:], func(w shell.Word) bool { return packageAtAddress(w.Text) }) {
		return false // a package at an address: packages names the address
	}
	j.fireWith(r.id, subj, r.reason)
	return true
}

// uvSetVersion judges uv version VALUE (or --bump): it rewrites the
// version in pyproject.toml and then, unless told not to, locks and syncs
// the environment, which installs the project's dependencies. Frozen, it
// is a write to the pyproject.toml of the folder it runs in; run in a
// folder an option names, that is not the file the command line shows.
func (j *judgement) uvSetVersion(c *shell.Command, subj string) {
	if hasFlag(c, 0, "--frozen", "--no-sync") && !hasFlag(c, 0, "--directory", "--project") {
		j.writeArgs(c, []shell.Word{{Text: "pyproject.toml"}})
		return
	}
	j.fireWith(catalog.B4Install, subj, "sets the project's version, then locks and syncs its environment, which installs its dependencies")
}

// uvPythonPin judges uv python pin VERSION (or --rm): it writes (or
// removes) .python-version in the folder it runs in, a project write;
// --global writes the user's own, for every project.
func (j *judgement) uvPythonPin(c *shell.Command, subj string) {
	if hasFlag(c, 0, "--global") {
		j.fireWith(catalog.B4Install, subj, "pins the Python version for every project of the user, in uv's own configuration")
		return
	}
	j.projectFileWrite(c, ".python-version", "--directory", "--project")
}

// projectFileWrite judges a command that rewrites one file of the project
// in the folder it runs in, or in the folder one of dirOpts names,
// as the write to that file it is.
func (j *judgement) projectFileWrite(c *shell.Command, file string, dirOpts ...string) {
	w := shell.Word{Text: file}
	if dir, ok := optionValue(c.Args, dirOpts...); ok {
		w.Text = path.Join(dir, file)
	}
	w.Dynamic = slices.ContainsFunc(c.Args, func(a shell.Word) bool { return a.Dynamic })
	j.writeArgs(c, []shell.Word{w})
}
