package policy

import (
	"sort"
	"strconv"
	"strings"

	"github.com/arbitergate/arbiter"
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
	// read sums what each file the decision read held (noteRead).
	read map[string][16]byte
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
	// venvs are the virtual environments read, by folder (venvpath.go).
	venvs map[string]venvRead
	// probes counts the folders looked in for Python modules
	// (maxModuleProbes).
	probes int
	// readWork is what reading code inside the call's code has cost so
	// far (maxReadWork).
	readWork int
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
	j.cache().probes += len(dirs) * (strings.Count(name, ".") + 1)
	return project.PyFinder{Written: j.writtenLookup, Listings: &j.cache().listings}.Find(dirs, name)
}

// read is project.Read, noting what the decision read (see readRecord).
// A file the command line writes is read as the line leaves it: what it
// wrote when that is known, else an error, never what is on disk now.
func (j *judgement) read(abs string) (project.File, error) {
	if f, err, ok := j.readWritten(abs); ok {
		return f, err
	}
	f, err := project.Read(abs)
	j.noteRead(abs, f, err)
	return f, err
}

// errWrittenFirst is reading a file the command line writes with content
// the analysis cannot see.
type errWrittenFirst struct{ path, producer string }

func (e errWrittenFirst) Error() string {
	return e.path + ": the command line writes it (" + e.producer + ") before it is read, with content arbiter cannot see"
}

// readWritten reads abs as the command line leaves it, when the line
// writes it (or into a folder holding it); ok is false when it does not.
func (j *judgement) readWritten(abs string) (project.File, error, bool) {
	f, ok := j.written[abs]
	if ok && f.by != nil && f.by == j.current {
		return project.File{}, nil, false // its own input, read before it writes
	}
	if !ok {
		for k, w := range j.written {
			if w.by != nil && w.by == j.current {
				continue
			}
			// git checks out, merges and applies into the work tree, not
			// into the repository's own folder (its hooks, its config).
			if strings.HasSuffix(k, "/") && strings.HasPrefix(abs, k) && !(w.producer == "git" && inGitDir(abs)) {
				return project.File{}, errWrittenFirst{abs, w.producer}, true
			}
		}
		return project.File{}, nil, false
	}
	switch {
	case f.known && f.build == nil:
		return project.File{Path: abs, Kind: project.Text, Size: int64(len(f.text)), Text: f.text}, nil, true
	case f.from != "":
		// A copy of a file the line had not written yet: what is on disk.
		got, err := project.Read(f.from)
		j.noteRead(f.from, got, err)
		got.Path = abs
		return got, err, true
	}
	return project.File{}, errWrittenFirst{abs, f.producer}, true
}

// readSource is project.ReadSource, noting what the decision read.
func (j *judgement) readSource(abs string) (project.File, error) {
	f, err := project.ReadSource(abs)
	j.noteRead(abs, f, err)
	return f, err
}

// noteRead keeps the sum of what a file the decision read held (its text,
// or its kind and size, or that it could not be read), for the
// decision's Read list: a call a person approved is the same call again
// only while every file the policy read for it holds the same.
func (j *judgement) noteRead(abs string, f project.File, err error) {
	if abs == "" {
		return
	}
	state := "text\x00" + f.Text
	switch {
	case project.IsNotExist(err):
		state = "absent"
	case err != nil:
		state = "unreadable\x00" + err.Error()
	case f.Kind != project.Text:
		state = f.Kind.String() + "\x00" + strconv.FormatInt(f.Size, 10)
	}
	c := j.cache()
	if c.read == nil {
		c.read = map[string][16]byte{}
	}
	c.read[abs] = arbiter.ContentSum([]byte(state))
}

// filesRead lists what the decision read, by path.
func (j *judgement) filesRead() []arbiter.FileRead {
	if j.reads == nil || len(j.reads.read) == 0 {
		return nil
	}
	out := make([]arbiter.FileRead, 0, len(j.reads.read))
	for p, sum := range j.reads.read {
		out = append(out, arbiter.FileRead{Path: p, Sum: sum})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Path < out[b].Path })
	return out
}
