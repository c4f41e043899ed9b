package policy

import (
	"github.com/arbitergate/arbiter/project"
)

// readCache keeps what one decision read of the configuration files that
// decide what a command runs, and of the files it looked up in the
// session's record of the agent's writes (see written.go), so that a
// command line naming git or compose, or a file, several times reads
// each file once.
type readCache struct {
	gitConfigs map[string]gitConfigRead
	compose    map[string]composeRead
	agent      map[string]agentRead
	// listings are the folders read to find Python modules: an import
	// asks about many names in few folders.
	listings project.Listings
	// store is where plain Python files' verdicts are kept between calls
	// (Options.Cache); tracking are the judgements of Python files whose
	// dependencies are being collected, innermost last, and ids the
	// identities of the paths they depend on (see pyverdicts.go).
	store    verdictStore
	tracking []*pyDeps
	ids      map[string]pathState
	// env is where the call's shell finds programs (see missing.go).
	env shellEnv
}

// shellEnv is the call's PATH and the start-up files of its shell;
// known is false when PATH was not given.
type shellEnv struct {
	path    string
	startup []string
	known   bool
}

type gitConfigRead struct {
	settings []project.GitSetting
	err      error
}

// cache returns the decision's read cache, made on first use.
func (j *judgement) cache() *readCache {
	if j.reads == nil {
		j.reads = &readCache{}
	}
	return j.reads
}

// pyModules finds Python modules as the interpreter would, with the
// files this command line writes and the decision's folder listings.
func (j *judgement) pyModules(dirs []string, name string) []project.PyModule {
	return project.PyFinder{Written: j.writtenLookup, Listings: &j.cache().listings}.Find(dirs, name)
}
