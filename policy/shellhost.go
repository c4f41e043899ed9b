package policy

import (
	"github.com/arbitergate/arbiter/shell"
)

// shellHost answers the shell analysis's questions about the disk for one
// judgement: the work tree git finds, what a sourced file does.
type shellHost struct{ j *judgement }

// Toplevel is what git rev-parse --show-toplevel prints when run in dir:
// the work tree of the repository found there, within the project (see
// findRepository); false for a bare repository, one above the project or
// one arbiter cannot read.
func (h shellHost) Toplevel(dir string) (string, bool) {
	abs := h.j.res.Resolve(".", dir)
	repo, found, err := h.j.findRepository(abs)
	if !found || err != nil || repo.workTree == repo.gitDir {
		return "", false
	}
	return repo.workTree, true
}

// Sourced says what sourcing a file does, for the files arbiter knows
// (see venv.go).
func (h shellHost) Sourced(file, dir string) (shell.Sourced, bool) {
	return h.j.sourcedEffect(file, dir)
}
