package policy

import (
	"path/filepath"
	"strconv"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/code"
	"github.com/arbitergate/arbiter/project"
)

// maxBuildFiles bounds the files of build and test code read for one
// decision (build scripts, their modules, test files, setup files): a
// build that runs more is not followed, and not allowed.
const maxBuildFiles = 256

// buildFiles is the set of build and test code files a decision has read,
// shared with the judgements nested in it: each file is judged once.
type buildFiles map[string]bool

// firstRead reports whether abs is read for the first time in this
// decision; false, with a finding, once the bound is reached.
func (j *judgement) firstRead(abs, subj string) bool {
	if j.builds == nil {
		j.builds = buildFiles{}
	}
	if j.builds[abs] {
		return false
	}
	if len(j.builds) >= maxBuildFiles {
		j.fireWith(catalog.UBuildCode, subj, "the build or test run executes more than "+strconv.Itoa(maxBuildFiles)+" files of code, more than arbiter reads")
		return false
	}
	j.builds[abs] = true
	return true
}

// readBuildFile reads a file of code a build or test run executes. A file
// that does not exist runs nothing (ok false, no finding); one that
// cannot be read, or is larger than project.MaxCode, defers naming it.
func (j *judgement) readBuildFile(abs, what, subj string) (string, bool) {
	f, err := project.ReadLimit(abs, project.MaxCode)
	switch {
	case project.IsNotExist(err):
		return "", false
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read "+what+" "+j.shownPath(abs)+" ("+err.Error()+")")
		return "", false
	case f.Kind != project.Text:
		j.fireWith(catalog.UUnreadableScript, subj, what+" "+j.shownPath(abs)+" is "+f.Kind.String()+" (over 256 KiB, or not text), so arbiter cannot read what it does")
		return "", false
	}
	return f.Text, true
}

// buildEffects judges what a file of build or test code does, as package
// code read it: each effect as the shell command it amounts to, run in
// dir; what the reader could not follow defers, naming the file.
func (j *judgement) buildEffects(e code.Effects, abs, dir, subj string) {
	shown := j.shownPath(abs)
	switch {
	case e.Why != "":
		j.fireWith(catalog.UUnreadableCode, subj, "arbiter cannot read "+shown+" whole ("+e.Why+"), and the command runs it")
		return
	case e.Unknown != "":
		j.fireWith(catalog.UBuildCode, subj, shown+" "+e.Unknown)
	}
	if e.Network != "" {
		j.fireWith(catalog.C1NetworkRequest, subj, shown+" uses the network ("+e.Network+"), reaching an address arbiter cannot see")
	}
	for _, line := range e.Lines {
		j.shellText(line, dir, subj+" ("+filepath.Base(abs)+": "+clipText(line, 80)+")")
	}
}
