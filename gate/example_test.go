package gate_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/arbitergate/arbiter"
	"github.com/arbitergate/arbiter/config"
	"github.com/arbitergate/arbiter/gate"
)

// FromConfig builds the gate the hooks use: the static policy, then the
// user's and the project's rules and the judge as the configuration says.
// Here the environment names no configuration (/dev/null) and no project
// files are read, so the answer is the static policy's on any machine.
func ExampleFromConfig() {
	env := map[string]string{"ARBITER_CONFIG": "/dev/null", "ARBITER_MANAGED_CONFIG": os.DevNull, "HOME": "/home/dev"}
	g, _, err := gate.FromConfig(gate.Options{
		Getenv:     func(k string) string { return env[k] },
		Log:        io.Discard,
		Report:     func(config.Problem) {},
		NoProjects: true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("judge configured:", g.Judge != nil)
	for _, cmd := range []string{"git status && git diff --stat", "rm -rf ~"} {
		in, _ := json.Marshal(map[string]string{"command": cmd})
		d := g.Decide(context.Background(), arbiter.Call{Tool: "Bash", Input: in, ProjectDir: "/work/app", Home: "/home/dev"})
		fmt.Println(d.Decision, d.Rules, d.Source)
	}
	// Output:
	// judge configured: false
	// allow [D6.git-read] static
	// deny [A2.home-delete] static
}
