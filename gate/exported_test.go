package gate

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"testing"

	"github.com/arbitergate/arbiter"
)

// TestGateKnowsExportedVariables: the gate tells the policy what the
// environment exports, so a variable the command line sets without
// export, but which the environment already exports, is judged as the
// environment variable it is.
func TestGateKnowsExportedVariables(t *testing.T) {
	for _, tt := range []struct {
		cmd      string
		exported bool
		want     arbiter.Verdict
	}{
		{"cfg=/tmp/x; ls", true, arbiter.Defer},
		{"for cfg in /tmp/x; do ls; done", true, arbiter.Defer},
		{"cfg=/tmp/x; ls", false, arbiter.Allow},
		{"for cfg in /tmp/x; do ls; done", false, arbiter.Allow},
	} {
		env := map[string]string{"ARBITER_CONFIG": os.DevNull, "ARBITER_MANAGED_CONFIG": os.DevNull, "HOME": t.TempDir()}
		if tt.exported {
			env["cfg"] = "/home/user/.config/tool"
		}
		g, _, _ := FromConfig(Options{Getenv: func(k string) string { return env[k] }, Log: io.Discard})
		b, _ := json.Marshal(map[string]string{"command": tt.cmd})
		d := g.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: b, ProjectDir: "/home/user/p", Cwd: "/home/user/p", Home: "/home/user"})
		if d.Decision != tt.want {
			t.Errorf("%s (exported %v): got %s %v (%s), want %s", tt.cmd, tt.exported, d.Decision, d.Rules, d.Reason, tt.want)
		}
	}
}
