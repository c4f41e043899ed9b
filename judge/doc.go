// Package judge asks a model about the tool calls the static policy could
// not settle. It puts eight questions (does the call serve what the user
// asked for; is it destructive, external, exfiltrating, about credentials,
// an escalation, outside the project, or steering its reviewer) to a
// backend that answers each with a probability, and turns the answers into
// allow, deny or defer with thresholds.
//
// The judge never weakens the static layer: it runs only where that layer
// deferred, may only deny a call the layer flagged, and never sees a call
// that carries a secret or touches a credential file. Any error, timeout or
// malformed answer leaves the static decision in place.
package judge
