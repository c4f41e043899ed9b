package policy

import (
	"os"
	"path"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/paths"
	"github.com/arbitergate/arbiter/secrets"
	"github.com/arbitergate/arbiter/shell"
)

// scratchDelete judges rm of one operand that the session's record says
// the agent wrote, whole, earlier in this session (with Write, or cat fed
// a here-document), and that still holds what that write left: deleting
// it removes the agent's own work, not the user's data. It fires
// D2.agent-scratch-delete and reports true only then; any other operand
// is judged as before. The rules of the places no scratch file makes
// routine (the system trees, the home folder itself, the gate's files)
// run before this one.
func (j *judgement) scratchDelete(c *shell.Command, w shell.Word, abs string, place paths.Place, recursive bool) bool {
	if recursive || w.Dynamic || w.Glob || c.Origin != "" || !j.scratchPlace(abs, place) || !j.onlyDeletes(c) {
		return false
	}
	// rm removes the last name, not what it points to: only a regular
	// file is the file the record names (a link the agent's write went
	// through is another file).
	if st, err := os.Lstat(abs); err != nil || !st.Mode().IsRegular() {
		return false
	}
	r := j.agentFile(abs)
	if r.state != agentsOwn || !wholeWrite[r.wf.Tool] {
		return false
	}
	j.fireWith(catalog.D2AgentScratchDelete, w.Text, "deletes "+w.Text+", which the agent wrote in this session ("+r.when()+") and which still holds what that write left")
	return true
}

// wholeWrite names the tools whose recorded write leaves the whole file:
// an Edit's file was there before the agent changed it, and may be the
// user's.
var wholeWrite = map[string]bool{"Write": true, "Bash": true}

// scratchPlace reports a place where the agent's own file may be deleted
// without a person: the project, not its .git. (A delete elsewhere outside
// the temp folders is a write outside the project, asked as any is.)
// Files that configure the agent, run at start-up or hold credentials are
// never scratch, whoever wrote them.
func (j *judgement) scratchPlace(abs string, place paths.Place) bool {
	return place == paths.Project && !inGitDir(abs) && path.Base(abs) != ".git" &&
		!j.isAgentConfig(abs) && !persistent(j.res, abs) && secrets.File(abs) == ""
}

// onlyDeletes reports whether the command line holding c does nothing but
// delete, change folder and print: a file the disk shows as the agent's
// could otherwise be replaced before rm runs (mv notes.txt x.py && rm
// x.py, or a program that writes files arbiter cannot list). A line
// arbiter cannot place c in is not known to be one.
func (j *judgement) onlyDeletes(c *shell.Command) bool {
	return j.lineRunsOnly(c, scratchCompanions)
}

// lineRunsOnly reports whether the command line holding c runs only the
// programs of companions, with no redirection that writes.
func (j *judgement) lineRunsOnly(c *shell.Command, companions map[string]bool) bool {
	if j.shell == nil {
		return false
	}
	found := false
	for i := range j.shell.Commands {
		o := &j.shell.Commands[i]
		found = found || o == c
		if !companions[o.Program] {
			return false
		}
		for _, r := range o.Redirs {
			if r.Writes() {
				return false
			}
		}
	}
	return found
}

// scratchCompanions are the programs a line that deletes scratch files may
// run: none of them writes a file.
var scratchCompanions = map[string]bool{"rm": true, "unlink": true, "cd": true, "pwd": true, "ls": true, "echo": true, "true": true}
