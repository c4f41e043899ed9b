package policy

import (
	"strings"

	"github.com/arbitergate/arbiter/shell"
	"github.com/arbitergate/arbiter/spec"
)

// The decider's socket answers the hooks (package internal/decider): a
// program the agent runs that connects to it (nc -U, socat
// UNIX-CONNECT:, curl --unix-socket) talks to the gate directly, feeding
// it calls whose answers write the session's record. Only arbiter's own
// front end has business there; reading the folder's files is fine.
func (j *judgement) deciderSocket(c *shell.Command, subj string) {
	if sp := spec.Lookup(c.Program); sp == nil || sp.Effect == spec.Reads || metadataOnly.Get()[c.Program] || c.Program == "test" || c.Program == "[" {
		return // reading the folder's files connects to nothing; an unknown program defers anyway
	}
	for _, a := range c.Args {
		for _, p := range socketCandidates(a.Text) {
			if abs := j.res.Resolve(p, c.Dir); strings.Contains(abs+"/", "/arbiter/decider/") && j.isGuardPath(abs) {
				j.guardTamper(subj, "talks to the gate's decider directly, whose answers write the session's record")
				return
			}
		}
	}
}

// socketCandidates are the paths a word may name a socket by: the word,
// and what follows its first "=" or last ":" (--unix-socket=PATH,
// UNIX-CONNECT:PATH).
func socketCandidates(w string) []string {
	out := []string{w}
	if _, v, ok := strings.Cut(w, "="); ok {
		out = append(out, v)
	}
	if k := strings.LastIndexByte(w, ':'); k >= 0 {
		out = append(out, w[k+1:])
	}
	return out
}
