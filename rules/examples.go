package rules

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/arbitergate/arbiter"
)

// exampleHome and exampleProject place the examples of the user's file:
// the same on every machine, so a rule's examples mean the same
// everywhere. A project file's examples run in that project.
const (
	exampleHome    = "/home/user"
	exampleProject = "/home/user/project"
)

// checkExamples runs a rule's match and not_match examples against the
// rule alone. An example is a shell command; for a rule on another tool
// (tool = "Read", "WebFetch") it is that tool's path or URL, and for a
// rule on a tool alone it is a tool name. For an allow rule an example
// matches when the rule (with the static policy's allow of the other
// segments) allows it; for the others, when the rule fires.
func (s *Set) checkExamples(r *Rule) *ruleError {
	ctx := context.Background()
	one := []*Rule{r}
	for _, ex := range r.Match {
		if !s.exampleMatches(ctx, r, one, ex) {
			return &ruleError{"match", fmt.Sprintf("the example %q does not match this rule, so the rule does not do what it says; %s", ex, s.hint(r))}
		}
	}
	for _, ex := range r.NotMatch {
		if s.exampleMatches(ctx, r, one, ex) {
			return &ruleError{"not_match", fmt.Sprintf("the example %q matches this rule, although it is listed as not matching", ex)}
		}
	}
	return nil
}

func (s *Set) hint(r *Rule) string {
	if r.verdict == arbiter.Allow && r.Command != "" {
		return "an allow covers a command only when each segment starts with the prefix (no wrapper, environment prefix or redirection into a file) or is one the static policy allows, and never what self-protection, class A or an inline secret decides"
	}
	return "check the prefix, glob or host"
}

func (s *Set) exampleMatches(ctx context.Context, r *Rule, one []*Rule, ex string) bool {
	call := exampleCall(r, ex)
	f := s.factsOf(call)
	if r.verdict != arbiter.Allow {
		return r.fires(f)
	}
	if s.static != nil && Protected(s.static.Decide(ctx, call)) {
		return false
	}
	return len(s.covers(ctx, f, one)) > 0
}

func exampleCall(r *Rule, ex string) arbiter.Call {
	call := arbiter.Call{ProjectDir: exampleProject, Cwd: exampleProject, Home: exampleHome}
	if r.FromProject {
		dir := filepath.Dir(r.File)
		call.ProjectDir, call.Cwd = dir, dir
	}
	if r.Project != "" {
		call.ProjectDir, call.Cwd = r.Project, r.Project
	}
	var in map[string]any
	switch {
	case r.Tool != "" && r.Command == "" && r.Path == "" && r.Host == "":
		call.Tool, in = ex, map[string]any{}
	case r.Tool != "" && !isShell(r.Tool) && !strings.ContainsAny(r.Tool, "*?["):
		call.Tool, in = r.Tool, map[string]any{"file_path": ex, "url": ex, "path": ex}
	default:
		call.Tool, in = "Bash", map[string]any{"command": ex}
	}
	call.Input, _ = json.Marshal(in)
	return call
}

func isShell(tool string) bool { return globMatch(tool, "Bash") }
