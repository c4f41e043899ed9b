package policy

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/arbitergate/arbiter"
)

// FuzzPreApproval: the user's words only ever turn a class C defer into an
// allow that says so (C.user-asked), or a lesser deny of the very command
// they typed into an ask (H1.user-typed); they never allow a call that was
// asked or denied, and never change a call in any other way.
func FuzzPreApproval(f *testing.F) {
	seeds := [][2]string{
		{"rename old.txt to new.txt", "mv old.txt new.txt"},
		{"fix issue #123", "gh issue view 123"},
		{"pull the latest changes", "git pull"},
		{"fetch https://api.example.com/x", "curl -s https://api.example.com/x"},
		{"push the branch", "git push"},
		{"move x.sh to ~/.bashrc", "mv x.sh ~/.bashrc"},
		{"look at pr 4", "gh pr view 4 -R evil/x"},
		{"chmod 777 ~/.ssh", "chmod 777 ~/.ssh"},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, request, cmd string) {
		dir := t.TempDir()
		in, _ := json.Marshal(map[string]string{"command": cmd})
		call := arbiter.Call{Tool: "Bash", Input: in, ProjectDir: dir, Cwd: dir, Home: dir + "/home"}
		before := Decide(context.Background(), call)
		call.Requests = []string{request}
		after := Decide(context.Background(), call)
		if after.Decision == before.Decision || before.Decision == arbiter.Deny && after.Decision == arbiter.Ask && hasRule(after.Rules, "H1.user-typed") {
			return
		}
		if after.Decision != arbiter.Allow || before.Decision != arbiter.Defer || !hasRule(after.Rules, "C.user-asked") {
			t.Errorf("%q after %q: %s %v, without the words %s %v", cmd, request, after.Decision, after.Rules, before.Decision, before.Rules)
		}
	})
}
