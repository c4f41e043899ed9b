package policy

import (
	"os"
	"path"
	"strings"

	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/shell"
)

// scratchMove judges mv of files the session's record says the agent
// wrote, whole, earlier in this session, and that still hold what that
// write left, onto names inside the project where nothing is: the move
// overwrites nothing and takes nothing out of the project, and what it
// renames is the agent's own work (a reproduction script turned into a
// test). It fires D2.agent-scratch-move and reports true only then; any
// other move is left to C3. dest is the destination word, destAbs where
// it resolves to.
func (j *judgement) scratchMove(c *shell.Command, sources []shell.Word, dest shell.Word, destAbs string) bool {
	if c.Origin != "" || c.DirUnknown || len(c.Via) > 0 || len(sources) == 0 || dest.Dynamic || dest.Glob ||
		!plainMove(c) || !j.lineRunsOnly(c, wordSet(moveCompanions)) {
		return false
	}
	into := false
	switch st, err := os.Lstat(destAbs); {
	case err == nil && st.IsDir():
		into = true // mv a b/ puts a in b: b/a must be free
	case err == nil, !os.IsNotExist(err), len(sources) > 1, strings.HasSuffix(dest.Text, "/"):
		// A name that holds a file or a link, or that cannot be looked at.
		return false
	}
	var whens []string
	for _, s := range sources {
		if s.Dynamic || s.Glob {
			return false
		}
		abs := j.res.ResolveLink(s.Text, c.Dir)
		r, ok := j.ownScratch(abs)
		if !ok {
			return false
		}
		final := destAbs
		if into {
			final = path.Join(destAbs, path.Base(abs))
		}
		if _, err := os.Lstat(final); !os.IsNotExist(err) || !j.scratchPlace(final, j.res.Classify(final, false)) {
			return false
		}
		whens = append(whens, s.Text+" ("+r.when()+")")
	}
	j.fireWith(catalog.D2AgentScratchMove, c.String(), "moves "+strings.Join(whens, ", ")+", which the agent wrote in this session and which still holds what that write left, to "+dest.Text+", where nothing is")
	return true
}

// ownScratch reports whether abs is a regular file in a place where the
// agent's own file may be changed without a person (scratchPlace) that
// the record says the agent wrote whole and that holds what it left.
func (j *judgement) ownScratch(abs string) (agentRead, bool) {
	if st, err := os.Lstat(abs); err != nil || !st.Mode().IsRegular() || !j.scratchPlace(abs, j.res.Classify(abs, false)) {
		return agentRead{}, false
	}
	r := j.agentFile(abs)
	return r, r.state == agentsOwn && wholeWrite[r.wf.Tool]
}

// plainMove reports an mv whose options only print (-v), say not to ask
// (-f) or not to overwrite (-n): no backup suffix, target folder or
// update rule that changes what is written where.
func plainMove(c *shell.Command) bool {
	for _, a := range c.Args {
		t := a.Text
		switch {
		case t == "--":
			return true
		case t == "--verbose" || t == "--force" || t == "--no-clobber":
		case strings.HasPrefix(t, "--"):
			return false
		case strings.HasPrefix(t, "-") && len(t) > 1 && strings.Trim(t[1:], "vfn") != "":
			return false
		}
	}
	return true
}

// moveCompanions are the programs a line that moves scratch files may run
// beside mv: none of them writes a file (each mv is judged on its own).
const moveCompanions = "mv cd pwd ls echo true"
