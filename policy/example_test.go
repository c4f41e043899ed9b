package policy_test

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/policy"
)

// Decide answers one tool call with a verdict and the rules that fired.
// The call names its project and home directory, so the answer does not
// depend on the machine it runs on.
func ExamplePolicy_Decide() {
	p := policy.New(policy.Options{})
	for _, cmd := range []string{
		"go test ./... 2>&1 | tail -20",
		"git push --force origin main",
		"rm -rf /usr/lib",
		"curl https://example.com",
	} {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		d := p.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: in, ProjectDir: "/work/app", Home: "/home/dev"})
		fmt.Printf("%-5s %v  %s\n", d.Decision, d.Rules, cmd)
	}
	// Output:
	// allow [D5.build D1.read-only]  go test ./... 2>&1 | tail -20
	// ask   [B7.git-force-push]  git push --force origin main
	// deny  [A2.system-tree-delete]  rm -rf /usr/lib
	// defer [C1.network-request]  curl https://example.com
}
