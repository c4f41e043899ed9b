package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// sessionFolders are the runtimes' session folders, relative to the home
// folder (agents.Agent.Sessions): the record arbiter reads a person's
// approvals from (H6.confirmed).
var sessionFolders = lazy.New(func() []string {
	var out []string
	for _, a := range agents.All() {
		out = append(out, a.Sessions...)
	}
	return out
})

// isSessionRecord reports whether abs lies in a runtime's session folder,
// at its default place or where the environment moved the runtime's home
// folder: a line written there can pass for a person's approval.
func (j *judgement) isSessionRecord(abs string) bool {
	if as := j.atHome(abs); as != "" {
		abs = as
	}
	rel := j.res.HomeRelative(abs)
	if rel == "" {
		return false
	}
	for _, d := range sessionFolders.Get() {
		if rel == d || strings.HasPrefix(rel, d+"/") {
			return true
		}
	}
	return false
}

// sessionTamper is what writing, moving or deleting a session file does.
const sessionTamper = "rewrites a runtime's record of its sessions, from which the gate reads what a person approved"
