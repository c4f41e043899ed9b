package tools

import (
	"github.com/arbitergate/arbiter/agents"
	"github.com/arbitergate/arbiter/catalog"
	"github.com/arbitergate/arbiter/internal/lazy"
)

// Kilo is Kilo Code CLI's table.
func Kilo() *Table { return kilo.Get() }

// Sources: ToolRegistry in Kilo-Org/kilocode (packages/opencode/src/tool,
// a fork of OpenCode's) and each tool's parameters there. Its tools are
// OpenCode's, plus codesearch (Exa's code search on the web) and
// codebase_search, which sends a query about the project to a remote
// search service that reads its code. The 7.7.7 binary also offers the
// model a shared board for a task's agents and wakeups it schedules for
// itself (its requests to the model, in e2e). Left out, so deferred by
// name: the experimental batch tool (several calls in one),
// background_process (one tool that starts, restarts and stops commands
// by an action field, which a table entry cannot tell apart) and
// kilo_local_recall (reads past sessions' transcripts).
var kilo = lazy.New(func() *Table {
	t := *OpenCode()
	tools := append([]Tool(nil), t.tools...)
	tools = append(tools,
		Tool{Name: "codesearch", Effect: SearchesWeb, Query: []string{"query"}},
		Tool{Name: "codebase_search", Effect: Opaque, Rule: catalog.C5Upload,
			Why: "sends a question about the project to a remote search service, which reads the project's code"},
		Tool{Name: "board_read", Effect: Session},
		Tool{Name: "board_post", Effect: Opaque, Rule: catalog.CAgentMessage, Why: "a note on the task's board can steer what the other agents do"},
		Tool{Name: "schedule_wakeup", Effect: Opaque, Rule: catalog.CScheduledPrompt, Why: "a scheduled prompt later runs as if the person had typed it"},
		Tool{Name: "cancel_wakeup", Effect: Session},
	)
	return &Table{ID: agents.Kilo, Runtime: agents.Name(agents.Kilo), File: "tools/kilo.go", Var: "kilo", tools: tools}
})
