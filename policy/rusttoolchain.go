package policy

import (
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
	"github.com/arbitergate/arbiter/project"
	"github.com/arbitergate/arbiter/shell"
)

// rustupProxies are the programs rustup installs as proxies: each runs the
// program of its name from the toolchain the folder's toolchain file names.
var rustupProxies = lazy.New(func() map[string]bool {
	return map[string]bool{
		"cargo": true, "rustc": true, "rustdoc": true, "rustfmt": true, "cargo-fmt": true, "cargo-clippy": true, "clippy-driver": true,
		"rust-analyzer": true, "rust-gdb": true, "rust-gdbgui": true, "rust-lldb": true, "cargo-miri": true, "rls": true,
	}
})

// rustToolchain judges the toolchain a rustup proxy runs: a toolchain file
// (rust-toolchain.toml, rust-toolchain) that names a folder makes cargo
// run that folder's bin/cargo, a program arbiter did not check; one that
// names a channel runs the toolchain the user installed.
func (j *judgement) rustToolchain(c *shell.Command, subj string) {
	if !rustupProxies.Get()[c.Program] || j.res.Project == "" {
		return
	}
	if c.DirUnknown {
		j.fireWith(catalog.UUnknownDirectory, subj, c.Program+" runs the toolchain a rust-toolchain.toml names in the folders above one the analysis cannot tell")
		return
	}
	dir := j.res.Resolve(".", c.Dir)
	if !under(dir, j.res.Project) {
		return // outside the project: the run-outside rules judge it
	}
	tc, found, err := project.FindRustToolchain(dir, j.res.Project)
	switch {
	case err != nil:
		j.fireWith(catalog.UUnreadableConfig, subj, c.Program+" is a rustup proxy, which runs the toolchain its toolchain file names, and arbiter cannot read it: "+err.Error())
	case found && tc.Path != "":
		j.fireWith(catalog.URunsAProgram, subj, j.shownPath(tc.File)+" names the toolchain folder "+j.shownPath(tc.Path)+": "+c.Program+" runs "+j.shownPath(tc.Path+"/bin/"+c.Program)+" instead, a program arbiter did not check")
	}
}
