package policy

import (
	"fmt"
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
// cannot be read, or is larger than project.MaxSource, defers naming it.
func (j *judgement) readBuildFile(abs, what, subj string) (string, bool) {
	f, err := j.readSource(abs)
	switch {
	case project.IsNotExist(err):
		return "", false
	case err != nil:
		j.fireWith(catalog.UUnreadableScript, subj, "arbiter cannot read "+what+" "+j.shownPath(abs)+" ("+err.Error()+")")
		return "", false
	case f.Kind != project.Text:
		j.fireWith(catalog.UUnreadableScript, subj, fmt.Sprintf("%s %s is %s (over %d KiB, or not text), so arbiter cannot read what it does", what, j.shownPath(abs), f.Kind, project.MaxSource>>10))
		return "", false
	}
	return f.Text, true
}

// buildRules are the rules code a build or test run executes fires.
var buildRules = codeRules{unknown: catalog.UBuildCode, unread: catalog.UUnreadableCode}

// readBuildCode reads and judges one file of build or test code in lang,
// once a decision, run in dir with the environment env; the program read,
// and false when the file was not read.
func (j *judgement) readBuildCode(abs, lang, what, dir, subj string, env map[string]string) (code.Program, bool) {
	if !j.firstRead(abs, subj) {
		return code.Program{}, false
	}
	text, ok := j.readBuildFile(abs, what, subj)
	if !ok {
		return code.Program{}, false
	}
	p := code.ReadProgram(lang, text)
	rules := buildRules
	rules.env = env
	j.judgeProgram(sourceFile{path: abs, prog: p}, dir, subj, rules)
	return p, true
}
