package hook

import (
	"encoding/json"

	"github.com/arbitergate/arbiter"
)

// markEscalation carries what a Codex PermissionRequest asks for into the
// shell call: the sandbox permission requested (a PermissionRequest for a
// command is a request to leave the sandbox unless it says otherwise), the
// model's justification (Codex sends it as tool_input.description), and
// any reusable prefix it proposes. The gate judges the request by them.
func markEscalation(calls []arbiter.Call, in map[string]any) {
	for i := range calls {
		if calls[i].Tool != "Bash" {
			continue
		}
		m := map[string]any{}
		if json.Unmarshal(calls[i].Input, &m) != nil {
			continue
		}
		sp := str(in, "sandbox_permissions")
		if sp == "" {
			sp = "require_escalated"
		}
		m["sandbox_permissions"] = sp
		if j := str(in, "justification"); j != "" && str(m, "description") == "" {
			m["description"] = j
		}
		for _, k := range []string{"prefix_rule", "additional_permissions"} {
			if v, ok := in[k]; ok {
				m[k] = v
			}
		}
		if b, err := json.Marshal(m); err == nil {
			calls[i].Input = b
		}
	}
}
