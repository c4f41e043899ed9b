// Package agents is the registry of the runtimes arbiter gates: Claude
// Code, Codex CLI, Gemini CLI, Cursor and Copilot CLI. Each is described
// once, as data: the ID it goes by on arbiter's command line, its
// product's name, where it keeps its settings, skills, credentials and
// sessions, the hook events arbiter registers for and the unit of a hook
// entry's timeout.
//
// What a runtime does differently (how its payload is read and its answer
// written, what its settings entries look like, which tools it has) stays
// in the package that owns that behaviour, registered there under the
// runtime's ID. A test in cmd/arbiter names whatever a runtime of this
// registry lacks in those packages, and whatever they register that the
// registry lacks.
//
// The package depends on nothing of arbiter's, so that every package may
// read it, and its table is a plain composite literal: nothing is built
// when a program starts.
package agents
