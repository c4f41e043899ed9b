package hook

import (
	"bytes"
	"slices"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
)

// adapter is one runtime's payload and answer formats.
type adapter interface {
	// parse reads a payload. An error means the payload cannot be
	// decided.
	parse(raw []byte) (Event, error)
	// render writes the answer for a decision on a gate event; nil means
	// print nothing, which every runtime reads as "no decision".
	render(ev Event, d arbiter.Decision) []byte
	// fallbackEvent names the event to answer when the payload could not
	// be read (used only to shape a fail-closed deny).
	fallbackEvent() string
	// probe is the payload, as the runtime sends it, of a shell tool
	// call running cmd (see Probe).
	probe(cmd string) any
}

// exitBlocker is a runtime that blocks a call on the hook's exit status
// rather than on its output: blockReason reads an answer render wrote and
// says whether it blocks, with the reason for stderr.
type exitBlocker interface {
	blockReason(answer []byte) (reason string, block bool)
}

// denier is a runtime whose blocking answer does not say "deny" (Cline's
// cancel): denies reads an answer render wrote.
type denier interface {
	denies(answer []byte) bool
}

// Denies reports whether an answer of a runtime's hook blocks the call:
// it holds "deny" as a JSON string, or the runtime's own blocking answer.
func Denies(runtime string, answer []byte) bool {
	if a, ok := adapterFor(runtime); ok {
		if d, ok := a.(denier); ok {
			return d.denies(answer)
		}
	}
	return bytes.Contains(answer, []byte(`"deny"`))
}

// BlockStatus is the exit status with which a runtime that reads its
// hook's exit status (Kiro CLI) is told to block a call.
const BlockStatus = 2

// BlocksByExit reports whether a runtime blocks a call on the hook's exit
// status (BlockStatus) rather than on its output.
func BlocksByExit(runtime string) bool {
	a, ok := adapterFor(runtime)
	if !ok {
		return false
	}
	_, ok = a.(exitBlocker)
	return ok
}

// adapters are the runtimes Run accepts, by their IDs in the registry
// (package agents).
var adapters = [...]struct {
	id string
	adapter
}{
	{agents.Claude, claude{}},
	{agents.Codex, codex{}},
	{agents.Gemini, gemini{}},
	{agents.Cursor, cursor{}},
	{agents.Copilot, copilot{}},
	{agents.Qwen, qwen{}},
	{agents.Droid, droid{}},
	{agents.OpenCode, openCode{}},
	{agents.Pi, pi{}},
	{agents.Kiro, kiro{}},
	{agents.Cline, cline{}},
	{agents.Kilo, kilo{}},
	{agents.Amp, amp{}},
	{agents.Antigravity, antigravity{}},
	{agents.Devin, devin{}},
	{agents.OpenClaw, openClaw{}},
	{agents.Hermes, hermes{}},
}

// Runtimes lists the runtimes Run accepts, sorted.
func Runtimes() []string {
	out := make([]string, len(adapters))
	for i, a := range adapters {
		out[i] = a.id
	}
	slices.Sort(out)
	return out
}

// adapterFor returns a runtime's adapter.
func adapterFor(runtime string) (adapter, bool) {
	for _, a := range adapters {
		if a.id == runtime {
			return a.adapter, true
		}
	}
	return nil, false
}

// Known reports whether runtime names a runtime Run accepts.
func Known(runtime string) bool { _, ok := adapterFor(runtime); return ok }
