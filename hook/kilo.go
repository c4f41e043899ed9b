package hook

import (
	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/agents"
)

// kilo is Kilo Code CLI, a fork of OpenCode, through the plugin arbiter
// install writes (setup's kiloModule): OpenCode's payload and answers
// (openCode), with Kilo's tools (tools.Kilo).
type kilo struct{}

func (kilo) fallbackEvent() string { return "tool.execute.before" }

func (kilo) probe(cmd string) any { return openCode{}.probe(cmd) }

func (kilo) parse(raw []byte) (Event, error) {
	return parseModuleCall(raw, "tool.execute.before", agents.Kilo)
}

func (kilo) render(ev Event, d arbiter.Decision) []byte { return openCode{}.render(ev, d) }
