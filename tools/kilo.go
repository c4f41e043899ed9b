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
// search service that reads its code. Left out, so deferred by name: the
// experimental batch tool (several calls in one).
var kilo = lazy.New(func() *Table {
	t := *OpenCode()
	tools := append([]Tool(nil), t.tools...)
	tools = append(tools,
		Tool{Name: "codesearch", Effect: SearchesWeb, Query: []string{"query"}},
		Tool{Name: "codebase_search", Effect: Opaque, Rule: catalog.C5Upload,
			Why: "sends a question about the project to a remote search service, which reads the project's code"},
	)
	return &Table{ID: agents.Kilo, Runtime: agents.Name(agents.Kilo), File: "tools/kilo.go", Var: "kilo", tools: tools}
})
